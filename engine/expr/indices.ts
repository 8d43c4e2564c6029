// Indices checked while playing (a card, a player), the list of all seats, and the hints of messages.

import type { Ctx } from '../model.js';
import { RuleError } from './env.js';
import { didYouMean } from '../suggest.js';

/** A card given as an index (a per-card zone or variable): a real card, or a rule error. */
export function cardIndex(e: number, c: Ctx): number {
  if (!Number.isInteger(e) || e < 0 || e >= c.s.loc.length) throw new RuleError(`no such card (${e < 0 ? 'none' : `#${e}`}): a per-card zone or variable needs a card`);
  return e;
}

export function playerIndex(p: number, c: Ctx): number {
  if (!Number.isInteger(p) || p < 0 || p >= c.s.players) throw new RuleError(`no such player (${p < 0 ? 'none' : `seat ${p + 1}`})`);
  return p;
}

const playerLists: number[][] = [];
/** The seats 0..n-1. Shared and frozen: list values are never mutated in place by the engine. */
export function allPlayers(n: number): number[] {
  return (playerLists[n] ??= Object.freeze(Array.from({ length: n }, (_, i) => i)) as number[]);
}

/** An example index of each kind, for messages: hand[$p], board['A1'], under[$c]. */
export function indexExample(kind: 'player' | 'cell' | 'card'): string {
  return kind === 'player' ? '$p' : kind === 'card' ? '$c' : "'A1'";
}

/** " (did you mean 'x'?)" when a name is close to one of the options, else nothing. */
export function suggest(name: string, options: Iterable<string>): string {
  const h = didYouMean(name, options);
  return h ? ` (did you mean '${h}'?)` : '';
}
