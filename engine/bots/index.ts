// The bots, in one place: their names, how one decides, and how each seat's random stream is seeded.
// A bot decides from its own seat's view only (see determinize.ts); the options it may take exclude
// those the ruleset marks `botsNever` (options.ts).

import type { Game, OpenPrompt, State } from '../model.js';
import { seedRng } from '../rng.js';
import { botPrompt } from './options.js';
import { greedyChoice } from './greedy.js';
import { randomChoice } from './random.js';

export type BotKind = 'random' | 'greedy';
export const BOTS: BotKind[] = ['random', 'greedy'];

/** A bot's choice for an open decision, drawn with the bot's own stream. */
export function botChoice(kind: BotKind, s: State, g: Game, p: OpenPrompt, rng: Uint32Array): any[] {
  const q = botPrompt(s, g, p); // without the options a bot never takes
  return kind === 'greedy' ? greedyChoice(s, g, q, rng) : randomChoice(q, rng);
}

const STREAM_NAMES = Array.from({ length: 32 }, (_, p) => `bot:${p}`);

/** Each seat's own random stream for its bot, seeded from the game's seed (`bot:<seat>`): a bot's draws
 *  never shift the game's, and batch simulation, the playtest and a server seed bots alike. */
export function botStreams(seed: number | string, players: number): Uint32Array[] {
  return Array.from({ length: players }, (_, p) => seedRng(seed, STREAM_NAMES[p] ?? `bot:${p}`));
}
