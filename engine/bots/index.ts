// The bots, in one place: their names, how a bot is written (`random`, `greedy`, `ismcts`, `ismcts:400`),
// how one decides, and how each seat's random stream is seeded. A bot decides from its own seat's view only
// (see determinize.ts); the options it may take exclude those the ruleset marks `botsNever` (options.ts).

import type { Game, OpenPrompt, State } from '../model.js';
import { seedRng } from '../rng.js';
import { botPrompt } from './options.js';
import { greedyChoice } from './greedy.js';
import { randomChoice } from './random.js';
import { GUIDED_DEFAULT_ITERATIONS, ISMCTS_DEFAULT_ITERATIONS, ismctsChoice } from './ismcts.js';

/** A bot as written on a command line or in a seat list: `ismcts:N` searches N iterations per decision;
 *  `guided` is ISMCTS led by the ruleset's heuristics (`guided:N` likewise). */
export type BotKind = 'random' | 'greedy' | 'deduce' | 'ismcts' | `ismcts:${number}` | 'guided' | `guided:${number}`;
/** The bots by name (`ismcts` and `guided` also take a budget: `ismcts:N`, `guided:N`). */
export const BOTS: readonly ('random' | 'greedy' | 'deduce' | 'ismcts' | 'guided')[] = ['random', 'greedy', 'deduce', 'ismcts', 'guided'];
export { GUIDED_DEFAULT_ITERATIONS, ISMCTS_DEFAULT_ITERATIONS } from './ismcts.js';

/** The most iterations one ISMCTS decision may be given. */
export const ISMCTS_MAX_ITERATIONS = 1_000_000;

export interface BotSpec {
  name: 'random' | 'greedy' | 'deduce' | 'ismcts';
  /** ISMCTS: iterations per decision */
  iterations?: number;
  /** ISMCTS led by the prompts' heuristic `score`s (the `guided` bot): see ismcts.ts */
  guided?: boolean;
}

/** Reads a bot's name (the one parser for the CLI, seat lists, matches and the editor); null when it is
 *  none. Whitespace and case are forgiven: ` ISMCTS:200 ` is `ismcts:200`. */
export function parseBot(text: unknown): BotKind | null {
  if (typeof text !== 'string') return null;
  const t = text.trim().toLowerCase();
  if (t === 'random' || t === 'greedy' || t === 'deduce' || t === 'ismcts' || t === 'guided') return t;
  const m = /^(ismcts|guided):(\d{1,7})$/.exec(t);
  if (!m) return null;
  const n = Number(m[2]);
  if (n < 1 || n > ISMCTS_MAX_ITERATIONS) return null;
  return m[1] === 'guided' ? `guided:${n}` : `ismcts:${n}`;
}

/** What went wrong with a bot's name, in words (for usage errors). */
export function botProblem(text: unknown): string {
  const t = typeof text === 'string' ? text.trim().toLowerCase() : '';
  const m = /^(ismcts|guided):/.exec(t);
  if (m) return `'${String(text)}': ${m[1]}:N takes a whole number of iterations from 1 to ${ISMCTS_MAX_ITERATIONS}`;
  return `'${String(text)}' is not a bot (random, greedy, deduce, ismcts, guided, ismcts:N or guided:N)`;
}

/** A parsed bot's name and budget. */
export function botSpec(kind: BotKind): BotSpec {
  if (kind === 'random' || kind === 'greedy' || kind === 'deduce') return { name: kind };
  if (kind === 'ismcts') return { name: 'ismcts', iterations: ISMCTS_DEFAULT_ITERATIONS };
  if (kind === 'guided') return { name: 'ismcts', iterations: GUIDED_DEFAULT_ITERATIONS, guided: true };
  const [name, n] = kind.split(':');
  return { name: 'ismcts', iterations: Number(n), ...(name === 'guided' ? { guided: true } : {}) };
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
  if (kind === 'greedy' || kind === 'deduce') return greedyChoice(s, g, q, rng);
  const spec = botSpec(kind);
  return ismctsChoice(s, g, q, rng, spec.iterations!, spec.guided === true);
}

/** Whether a bot plans from a belief of what its seat cannot see, inferred from play (bots/belief.ts): `deduce`
 *  (greedy with a belief). `greedy` plans on copies dealt from what it sees and reads the roles as dealt: the
 *  cheap baseline. The searching bots keep fresh copies too: a belief for every seat of an ISMCTS table is
 *  played along every real decision (a dozen worlds a seat), which made their games several times dearer
 *  for a search that does not read it yet. */
export function usesBelief(kind: BotKind): boolean {
  return kind === 'deduce';
}

/** Whether a game keeps beliefs for its bots: when some seat's role is hidden from another at its start and the
 *  roles dealt belong to more than one team (who is on which side is what there is to infer). */
export function beliefWorthKeeping(g: Game, s: State): boolean {
  if (s.ended) return false;
  const teams = new Set<number>();
  let hidden = false;
  for (let p = 0; p < s.n; p++) {
    const r = s.dealtRoles[p]!;
    if (r >= 0) teams.add(g.roles[r]!.team);
    if (s.roleShown[p] === 0) hidden = true;
  }
  return hidden && teams.size > 1;
}

const STREAM_NAMES = Array.from({ length: 32 }, (_, p) => `bot:${p}`);

/** Each seat's own random stream for its bot, seeded from the game's seed (`bot:<seat>`): a bot's draws
 *  never shift the game's, and batch simulation, the playtest and a server seed bots alike. */
export function botStreams(seed: number | string, players: number): Uint32Array[] {
  return Array.from({ length: players }, (_, p) => seedRng(seed, STREAM_NAMES[p] ?? `bot:${p}`));
}
