// The bots, in one place: their names, how a bot is written (`random`, `greedy`, `ismcts`, `ismcts:400`),
// how one decides, and how each seat's random stream is seeded. A bot decides from its own seat's view only
// (see determinize.ts); the options it may take exclude those the ruleset marks `botsNever` (options.ts).

import type { Game, OpenPrompt, State } from '../model.js';
import { seedRng } from '../rng.js';
import { botPrompt } from './options.js';
import { greedyChoice } from './greedy.js';
import { randomChoice } from './random.js';
import { ISMCTS_DEFAULT_ITERATIONS, ismctsChoice } from './ismcts.js';

/** A bot as written on a command line or in a seat list: `ismcts:N` searches N iterations per decision. */
export type BotKind = 'random' | 'greedy' | 'ismcts' | `ismcts:${number}`;
/** The bots by name (`ismcts` also takes a budget: `ismcts:N`). */
export const BOTS: readonly ('random' | 'greedy' | 'ismcts')[] = ['random', 'greedy', 'ismcts'];
export { ISMCTS_DEFAULT_ITERATIONS } from './ismcts.js';

/** The most iterations one ISMCTS decision may be given. */
export const ISMCTS_MAX_ITERATIONS = 1_000_000;

export interface BotSpec {
  name: 'random' | 'greedy' | 'ismcts';
  /** ISMCTS: iterations per decision */
  iterations?: number;
}

/** Reads a bot's name (the one parser for the CLI, seat lists, matches and the editor); null when it is
 *  none. Whitespace and case are forgiven: ` ISMCTS:200 ` is `ismcts:200`. */
export function parseBot(text: unknown): BotKind | null {
  if (typeof text !== 'string') return null;
  const t = text.trim().toLowerCase();
  if (t === 'random' || t === 'greedy' || t === 'ismcts') return t;
  const m = /^ismcts:(\d{1,7})$/.exec(t);
  if (!m) return null;
  const n = Number(m[1]);
  if (n < 1 || n > ISMCTS_MAX_ITERATIONS) return null;
  return `ismcts:${n}`;
}

/** What went wrong with a bot's name, in words (for usage errors). */
export function botProblem(text: unknown): string {
  const t = typeof text === 'string' ? text.trim().toLowerCase() : '';
  if (/^ismcts:/.test(t)) return `'${String(text)}': ismcts:N takes a whole number of iterations from 1 to ${ISMCTS_MAX_ITERATIONS}`;
  return `'${String(text)}' is not a bot (random, greedy, ismcts or ismcts:N)`;
}

/** A parsed bot's name and budget. */
export function botSpec(kind: BotKind): BotSpec {
  if (kind === 'random' || kind === 'greedy') return { name: kind };
  if (kind === 'ismcts') return { name: 'ismcts', iterations: ISMCTS_DEFAULT_ITERATIONS };
  return { name: 'ismcts', iterations: Number(kind.slice('ismcts:'.length)) };
}

/**
 * A seat list such as `ismcts,greedy,random` (one bot per seat, in seat order), or one bot for every seat.
 * Throws an Error naming the entry at fault.
 */
export function parseSeats(text: string, players: number): BotKind[] {
  const parts = text.split(',').map((x) => x.trim());
  if (parts.length !== players) throw new Error(`give one bot per seat (${players}), not ${parts.length}: '${text}'`);
  return parts.map((x, i) => {
    const b = parseBot(x);
    if (!b) throw new Error(`seat ${i + 1}: ${botProblem(x)}`);
    return b;
  });
}

/** A bot's choice for an open decision, drawn with the bot's own stream. */
export function botChoice(kind: BotKind, s: State, g: Game, p: OpenPrompt, rng: Uint32Array): any[] {
  const q = botPrompt(s, g, p); // without the options a bot never takes
  if (kind === 'random') return randomChoice(q, rng);
  if (kind === 'greedy') return greedyChoice(s, g, q, rng);
  return ismctsChoice(s, g, q, rng, botSpec(kind).iterations!);
}

const STREAM_NAMES = Array.from({ length: 32 }, (_, p) => `bot:${p}`);

/** Each seat's own random stream for its bot, seeded from the game's seed (`bot:<seat>`): a bot's draws
 *  never shift the game's, and batch simulation, the playtest and a server seed bots alike. */
export function botStreams(seed: number | string, players: number): Uint32Array[] {
  return Array.from({ length: players }, (_, p) => seedRng(seed, STREAM_NAMES[p] ?? `bot:${p}`));
}
