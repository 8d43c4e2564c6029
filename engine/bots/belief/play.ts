// Playing the real game's decisions in a belief's world: a choice the seat saw as it was taken (mapped to the
// world's cards), a secret one drawn from the model of the chooser's play, with how likely the world made it; and
// a simultaneous step played again from its start when a world failed to show what it revealed.

import type { Choice, Game, OpenPrompt, State } from '../../model.js';
import type { Value } from '../../expr/types.js';
import { promptOf, resolve } from '../../flow.js';
import { cloneState } from '../../state.js';
import { cardSeenIn, zoneVisibleTo } from '../../visibility.js';
import { sameValue } from '../../expr/value.js';
import { choiceLikelihood, modelChoice } from '../policy.js';
import { freshCopy, reopenPending } from '../determinize.js';
import { botPrompt } from '../options.js';
import { hiddenAnywhere, hiddenTwin, swapCards } from './cards.js';
import { cardFactor, noteOrigins } from './origins.js';
import { sameShape } from './shape.js';

/** A decision of the real game: the game just before it, the open decision, the choice. */
export interface Decision {
  pre: State;
  p: OpenPrompt;
  choice: readonly Value[];
}

/** Tries at playing a simultaneous step again in a world that failed to show what it revealed. */
const REPLAYS = 4;

/**
 * Plays the real game's decision `dec` in world `d` (of the shape the real game had before it): a choice the
 * viewer saw (or its own) as it was taken, mapped to the world's cards; a secret one drawn from the model of the
 * chooser's play. Returns how likely the world made that choice (0: it could not be made there). `post`, the
 * real game after the decision, says which cards the decision brought into view.
 */
export function playDecision(g: Game, d: State, dec: Decision, post: State, v: number, rng: Uint32Array): number {
  const { pre, p, choice } = dec;
  let open = promptOf(d, p.player);
  if (!open || open.key !== p.key || d.ended) { if (stats.why) { const k = `nop ${g.promptSteps[p.key]!.path} open=${open ? g.promptSteps[open.key]!.path : 'none'} ended=${d.ended?.ending}`; stats.why[k] = (stats.why[k] ?? 0) + 1; } return 0; }
  let like = 1;
  let mine: Value[];
  if (p.player === v) mine = choice.slice();
  else if (pre.simultaneous === null && !unseenCards(g, pre, post, p, choice, v)) {
    const m = mapped(pre, post, d, g, p, choice, v, rng);
    mine = m.choice;
    like = m.like;
    if (m.moved) {
      // the world's cards moved: the decision's options are worked out again from them
      reopenPending(d, g, v);
      open = promptOf(d, p.player)!;
    }
    like *= choiceLikelihood(d, g, botPrompt(d, g, open), mine, rng);
  } else {
    const q = botPrompt(d, g, open);
    const before = g.promptSteps[p.key]!.prompt.kind.cards ? cloneState(d) : null;
    mine = modelChoice(d, g, q, rng);
    if (before) noteOrigins(d, before, q, mine);
  }
  if (!mine.every((x) => open!.options.some((o) => sameValue(o, x)))) { if (stats.why) { const k = `illegal ${g.promptSteps[p.key]!.path} ${JSON.stringify(mine)} in ${JSON.stringify(open.options)} real ${JSON.stringify(choice)}`; stats.why[k] = (stats.why[k] ?? 0) + 1; } return 0; }
  mine = mine.map((x) => open!.options.find((o) => sameValue(o, x)) ?? x);
  resolve(d, g, open, mine);
  return like;
}

/** Whether a choice of cards is of cards `viewer` sees neither before nor after it (a card taken from a pile it
 *  cannot see into a hand it cannot see): it saw a choice made, not which; the world makes its own. */
function unseenCards(g: Game, pre: State, post: State, p: OpenPrompt, choice: readonly Value[], viewer: number): boolean {
  if (!g.promptSteps[p.key]!.prompt.kind.cards || choice.length === 0) return false;
  for (const x of choice) {
    if (typeof x !== 'number' || x < 0) return false;
    if (cardSeenIn(pre, x, zoneVisibleTo(pre, g, pre.loc[x]!, viewer), viewer)) return false;
    if (cardSeenIn(post, x, zoneVisibleTo(post, g, post.loc[x]!, viewer), viewer)) return false;
  }
  return true;
}

/**
 * The simultaneous step under way played again, up to REPLAYS times, from a world dealt afresh at its start
 * with the roles a world had then: the first that ends in the real game's shape, and how likely the step's
 * outcome was (the share of tries that gave it, times the likelihood of the choices seen). Null when none does.
 */
export function replayed(g: Game, segment: readonly Decision[], post: State, v: number, rng: Uint32Array, roles: { roles: Int16Array; dealt: Int16Array }): { world: State; like: number } | null {
  const start = segment[0]!.pre;
  let found: State | null = null;
  let hits = 0, like = 0;
  for (let t = 0; t < REPLAYS; t++) {
    const d = freshCopy(start, g, v, rng, roles, 2);
    let l = 1;
    for (let i = 0; i < segment.length && l > 0; i++) l *= playDecision(g, d, segment[i]!, i === segment.length - 1 ? post : segment[i + 1]!.pre, v, rng);
    if (l > 0 && sameShape(d, post)) {
      hits++;
      like += l;
      found ??= d;
    }
  }
  stats.replays++;
  if (!found) return null;
  stats.replayHits++;
  return { world: found, like: like / REPLAYS };
}

/** How often worlds were played along and dealt again (measurements). */
export const stats: { played: number; redealt: number; replays: number; replayHits: number; why?: Record<string, number> } = { played: 0, redealt: 0, replays: 0, replayHits: 0 };

/**
 * The chooser's choice as the world knows it, and how likely the world held it: a card `viewer` sees is itself;
 * one it does not see is known by its place, so in the world it is the card lying there, unless the viewer sees
 * the card once the decision is taken (a card revealed from a pile it could not see): then the world is made to
 * hold that very card in that zone, in place of one of its kind there (a card of the same type: no cost), or of
 * the card at that place (at the cost of a card seen otherwise). Any other value as it is.
 */
function mapped(pre: State, post: State, d: State, g: Game, p: OpenPrompt, choice: readonly Value[], viewer: number, rng: Uint32Array): { choice: Value[]; like: number; moved: boolean } {
  if (!g.promptSteps[p.key]!.prompt.kind.cards) return { choice: choice.slice(), like: 1, moved: false };
  const used: number[] = [];
  let like = 1;
  let moved = false;
  const out = choice.map((x) => {
    if (typeof x !== 'number' || x < 0) return x;
    const z = pre.loc[x]!;
    if (cardSeenIn(pre, x, zoneVisibleTo(pre, g, z, viewer), viewer)) return x;
    const i = pre.zones[z]!.indexOf(x);
    if (cardSeenIn(post, x, zoneVisibleTo(post, g, post.loc[x]!, viewer), viewer)) {
      let at = hiddenTwin(g, pre, d, z, x, viewer, used, false);
      if (at < 0) {
        let y = hiddenTwin(g, pre, d, z, x, viewer, used, true);
        if (y < 0) y = d.zones[z]![i]!;
        like *= cardFactor(g, d, y, x, false, rng);
        const t = hiddenAnywhere(g, pre, d, x, viewer, y);
        if (t >= 0) { swapCards(d, t, d.loc[y]!, d.zones[d.loc[y]!]!.indexOf(y)); at = t; moved = true; } else at = y;
      }
      used.push(at);
      return at;
    }
    const at = d.zones[z]![i] ?? x;
    used.push(at);
    return at;
  });
  return { choice: out, like, moved };
}
