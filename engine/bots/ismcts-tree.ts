// The trees of the ISMCTS bot (ismcts.ts): one per seat, each node standing for what that seat has seen
// happen so far (multiple-observer ISMCTS, Cowling, Powley & Whitehouse 2012). A decision is a branch in
// the mover's tree under the action as the mover knows it, and in every other seat's tree under what that
// seat sees of it: nothing of a choice made inside a simultaneous step, a card it cannot see only by where
// it lay. So a seat deciding after another in the same simultaneous step never learns that seat's choice,
// and nothing a seat cannot see splits its statistics.

import type { Game, OpenPrompt, State } from '../model.js';
import { cardVisibleTo } from '../visibility.js';

export interface Node {
  children: Map<string, Node>;
  /** times this node was reached */
  visits: number;
  /** times it could have been chosen (its action was legal) when its parent's mover chose */
  avail: number;
  /** sum of the rewards, for the tree's own seat */
  total: number;
  /** the prompt's own heuristic for this action, scaled to 0–1 among its siblings (-1: not judged yet) */
  bias: number;
}

export function newNode(): Node {
  return { children: new Map(), visits: 0, avail: 0, total: 0, bias: -1 };
}

/** The child under `key`, created when missing. */
export function child(n: Node, key: string): Node {
  let c = n.children.get(key);
  if (!c) n.children.set(key, (c = newNode()));
  return c;
}

/**
 * UCB1 over the legal children (availability counts instead of the parent's visits: an action legal only
 * in some determinizations is not penalised for the others), with a progressive bias towards what the
 * prompt's heuristic prefers, fading as the action is tried (`w` × bias / (visits + 1)). Ties fall to the
 * first listed.
 */
export function selectUcb(children: Node[], c: number, w = 0): number {
  let best = 0, bestV = -Infinity;
  for (let i = 0; i < children.length; i++) {
    const n = children[i]!;
    const v = n.total / n.visits + c * Math.sqrt(Math.log(n.avail) / n.visits) + (n.bias > 0 ? (w * n.bias) / (n.visits + 1) : 0);
    if (v > bestV) { bestV = v; best = i; }
  }
  return best;
}

/** How `viewer` knows one chosen value: a card it sees by its definition and place, one it does not by its
 *  place only; any other value by its text. */
function valueKey(s: State, g: Game, cards: boolean, v: unknown, viewer: number): string {
  if (cards && typeof v === 'number') {
    const e = v;
    const z = s.loc[e]!;
    if (cardVisibleTo(s, g, e, viewer)) return `${g.entityDef[e]}@${z}`;
    return `?${z}.${s.zones[z]!.indexOf(e)}`;
  }
  return typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
}

/** A choice as `viewer` knows it (the mover itself included): its values' keys, in a fixed order. */
export function choiceKey(s: State, g: Game, p: OpenPrompt, choice: readonly unknown[], viewer: number): string {
  const cards = g.promptSteps[p.key]!.prompt.kind.cards;
  if (choice.length === 1) return `${p.key}:${valueKey(s, g, cards, choice[0], viewer)}`;
  const ks = choice.map((v) => valueKey(s, g, cards, v, viewer)).sort();
  return `${p.key}:${ks.join(',')}`;
}

/** What `observer` sees of `p.player`'s choice: nothing inside a simultaneous step (it is committed
 *  privately), else the choice as the observer knows it. Keys are prefixed by the mover's seat. */
export function observedKey(s: State, g: Game, p: OpenPrompt, choice: readonly unknown[], observer: number): string {
  if (s.simultaneous) return `${p.player}|`;
  return `${p.player}|${choiceKey(s, g, p, choice, observer)}`;
}
