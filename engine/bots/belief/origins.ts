// Cards a world's seats chose in secret, remembered with the decision, so that when the real game shows another
// card there the world's weight is corrected by how likely the seat was to choose that one (an importance weight).

import type { Game, OpenPrompt, State } from '../../model.js';
import type { Value } from '../../expr/types.js';
import { cloneState } from '../../state.js';
import { choiceLikelihood } from '../policy.js';
import { swapCards } from './cards.js';

/** The weight left to a world per card that came into view other than the world had it, or value seen
 *  otherwise. */
export const CARD_MISS = 0.05;

/** A card a world's seat chose in secret: the world just before, the decision and the whole choice (what the
 *  world would have judged likely had the seat chosen another card, once the real card comes into view). */
interface Origin {
  pre: State;
  prompt: OpenPrompt;
  choice: Value[];
}

const originsOf = new WeakMap<State, Map<number, Origin>>();

export function noteOrigins(d: State, pre: State, prompt: OpenPrompt, choice: readonly Value[]): void {
  let m = originsOf.get(d);
  if (!m) originsOf.set(d, (m = new Map()));
  const o: Origin = { pre, prompt, choice: choice.slice() };
  for (const x of choice) if (typeof x === 'number' && x >= 0) m.set(x, o);
}

/**
 * The world had card `f` where the real game shows card `e`, and `f` was chosen in secret by one of the world's
 * seats: how much more (or less) likely that seat was to choose `e` had it held it instead of `f`, under the model
 * of its play (an importance weight: the world is corrected to have seen `e` chosen). A loyal seat of the world
 * handing in a sabotage card, where the real game shows a useful one, is judged unlikely; a saboteur likewise for
 * the reverse. 1 when `f` was not chosen in secret there, or by default.
 */
function originRatio(g: Game, d: State, f: number, e: number, rng: Uint32Array): number {
  const o = originsOf.get(d)?.get(f);
  if (!o) return Number.NaN;
  originsOf.get(d)!.delete(f);
  const zf = o.pre.loc[f]!;
  const at = o.pre.zones[zf]!.indexOf(f);
  if (at < 0) return 1;
  const other = cloneState(o.pre);
  swapCards(other, e, zf, at);
  const swap = (x: Value) => (x === f ? e : x === e ? f : x);
  const p2: OpenPrompt = { ...o.prompt, options: o.prompt.options.map(swap) };
  const before = choiceLikelihood(o.pre, g, o.prompt, o.choice, rng);
  const after = choiceLikelihood(other, g, p2, o.choice.map(swap), rng);
  return before > 0 ? after / before : 1;
}

/** How likely the world made the card `f` it had where the real game shows `e` (see originRatio), else the plain
 *  rule: a card from a place nobody saw is fresh randomness; one of the same card type costs nothing; another
 *  kind costs CARD_MISS. */
export function cardFactor(g: Game, d: State, f: number, e: number, fresh: boolean, rng: Uint32Array): number {
  if (f === e || g.entityDef[f] === g.entityDef[e]) return 1;
  const r = originRatio(g, d, f, e, rng);
  if (!Number.isNaN(r)) return r;
  if (fresh || g.cards[g.entityDef[f]!]!.type === g.cards[g.entityDef[e]!]!.type) return 1;
  return CARD_MISS;
}

/** A world copied with the secret choices it remembers (a world drawn twice in resampling goes its own way). */
export function copyWorld(d: State): State {
  const c = cloneState(d);
  c.log = null;
  const m = originsOf.get(d);
  if (m) originsOf.set(c, new Map(m));
  return c;
}
