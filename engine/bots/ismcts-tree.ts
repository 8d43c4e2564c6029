// The trees of the ISMCTS bot (ismcts.ts): one per seat, each node standing for what that seat has seen
// happen so far (multiple-observer ISMCTS, Cowling, Powley & Whitehouse 2012). A decision is a branch in
// the mover's tree under the action as the mover knows it, and in every other seat's tree under what that
// seat sees of it: nothing of a choice made inside a simultaneous step, a card it cannot see only by where
// it lay. So a seat deciding after another in the same simultaneous step never learns that seat's choice,
// and nothing a seat cannot see splits its statistics.

import type { Game, OpenPrompt, State } from '../model.js';
import { cardVisibleTo } from '../visibility.js';

export interface Node {
  /** under the key of each action (TreeKeys); null until the first (most nodes stay leaves) */
  children: Map<number, Node> | null;
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
  return { children: null, visits: 0, avail: 0, total: 0, bias: -1 };
}

/** The child under `key`, created when missing. */
export function child(n: Node, key: number): Node {
  const m = (n.children ??= new Map());
  let c = m.get(key);
  if (!c) m.set(key, (c = newNode()));
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

/** A step of the key trie: the key of the sequence ending here (-1 until asked), and the steps after it. */
interface Trie {
  id: number;
  next: Map<number, Trie> | null;
}

/**
 * The trees' keys, as small integers: what a seat knows of an action is a short sequence of integers (the
 * mover's seat and the decision's step, then two numbers per chosen value: a card it sees by its definition and
 * place, one it does not by its place and position there, any other value by its text, numbered the first time
 * it is met), and each sequence is numbered through a trie of integer maps. Equal sequences get the same key,
 * so two actions share a branch exactly when the seat cannot tell them apart; building and hashing a string for
 * every key of every decision cost the search a quarter of its own time. One per search: its numbers mean
 * nothing outside it.
 */
export class TreeKeys {
  private readonly root: Trie = { id: -1, next: null };
  private nextId = 0;
  private readonly texts = new Map<string, number>();
  private at: Trie = this.root;
  /** a choice's values as pairs, sorted (a choice of several values is known as the set of them) */
  private readonly pairs: number[] = [];
  private readonly order: number[] = [];

  constructor(private readonly players: number) {}

  /** The key of the root's `i`th candidate (the searching seat's own decision, known by its index). */
  rootKey(i: number): number {
    this.at = this.root;
    this.step(-1 - this.players - i);
    return this.id();
  }

  /** What `observer` sees of `p.player`'s choice: nothing but the mover inside a simultaneous step (it is
   *  committed privately), else the choice as the observer knows it (the mover itself included). */
  observed(s: State, g: Game, p: OpenPrompt, choice: readonly unknown[], observer: number): number {
    if (s.simultaneous) {
      this.at = this.root;
      this.step(-1 - p.player);
      return this.id();
    }
    return this.choice(s, g, p, choice, observer);
  }

  /** `p.player`'s choice as `viewer` knows it. */
  choice(s: State, g: Game, p: OpenPrompt, choice: readonly unknown[], viewer: number): number {
    const cards = g.promptSteps[p.key]!.prompt.kind.cards;
    this.at = this.root;
    this.step(p.key * this.players + p.player);
    if (choice.length === 1) {
      this.value(s, g, cards, choice[0], viewer, 0);
      this.step(this.pairs[0]!);
      this.step(this.pairs[1]!);
      return this.id();
    }
    const n = choice.length;
    for (let i = 0; i < n; i++) this.value(s, g, cards, choice[i], viewer, 2 * i);
    const pr = this.pairs, order = this.order;
    order.length = n;
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((a, b) => pr[2 * a]! - pr[2 * b]! || pr[2 * a + 1]! - pr[2 * b + 1]!);
    for (let i = 0; i < n; i++) { const k = order[i]!; this.step(pr[2 * k]!); this.step(pr[2 * k + 1]!); }
    return this.id();
  }

  /** How `viewer` knows one chosen value, as two numbers at `pairs[at]` (three kinds, told apart by the first
   *  number's remainder by 3). */
  private value(s: State, g: Game, cards: boolean, v: unknown, viewer: number, at: number): void {
    if (cards && typeof v === 'number') {
      const z = s.loc[v]!;
      if (cardVisibleTo(s, g, v, viewer)) { this.pairs[at] = 3 * g.entityDef[v]!; this.pairs[at + 1] = z; }
      else { this.pairs[at] = 3 * z + 1; this.pairs[at + 1] = s.zones[z]!.indexOf(v); }
      return;
    }
    const text = typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
    let t = this.texts.get(text);
    if (t === undefined) this.texts.set(text, (t = this.texts.size));
    this.pairs[at] = 3 * t + 2;
    this.pairs[at + 1] = 0;
  }

  private step(n: number): void {
    const next = (this.at.next ??= new Map());
    let t = next.get(n);
    if (!t) next.set(n, (t = { id: -1, next: null }));
    this.at = t;
  }

  private id(): number {
    const t = this.at;
    if (t.id < 0) t.id = this.nextId++;
    return t.id;
  }
}
