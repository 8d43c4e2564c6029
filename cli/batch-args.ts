// The arguments `simulate` and `compare` share: players (one count or a range), games, seed, the bots (one
// for every seat, or one per seat), options, workers, a shard of the seeds. Each is checked here, with a
// usage error that says what was expected.

import { botProblem, parseBot, parseSeats, type BotKind } from '../engine/index-node.js';
import { UsageError, type ArgSpec } from './args.js';
import { defaultWorkers } from './sim-pool.js';

export const BATCH_SPEC: ArgSpec = {
  players: 'string', games: 'int', seed: 'string', bot: 'string', seats: 'string', option: 'multi', workers: 'int', json: 'flag',
};

export function requireArgs(values: Record<string, unknown>, names: string[]): void {
  for (const k of names) if (values[k] === undefined) throw new UsageError(`--${k} is required`);
}

/** `--players 5` or `--players 5-10`: the player counts, in order. */
export function playerCounts(v: unknown): number[] {
  const t = String(v);
  const one = /^(\d{1,3})$/.exec(t);
  if (one) return [Number(one[1])];
  const range = /^(\d{1,3})-(\d{1,3})$/.exec(t);
  if (!range) throw new UsageError(`--players is a count (5) or a range (5-10), not '${t}'`);
  const a = Number(range[1]), b = Number(range[2]);
  if (b < a) throw new UsageError(`--players ${t}: the range goes from the smaller count to the larger`);
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

export function gameCount(v: unknown): number {
  const games = v as number;
  if (games < 1 || games > 10_000_000) throw new UsageError('--games must be between 1 and 10000000');
  return games;
}

/**
 * A seed as typed: digits that fit a safe whole number stay a number (as seeded results have always been),
 * anything else is the text exactly as given (26 digits are not rounded to 1e+26); an empty seed is refused.
 */
export function seedOf(v: unknown): number | string {
  const s = String(v);
  if (s === '') throw new UsageError('--seed needs a value, not an empty text');
  return /^\d+$/.test(s) && Number.isSafeInteger(Number(s)) ? Number(s) : s;
}

/** The bot of each seat: `--seats a,b,c` (one per seat), else `--bot B` for every seat (default random). */
export function seatBots(values: Record<string, unknown>, players: number): BotKind[] {
  if (values.seats !== undefined && values.bot !== undefined) throw new UsageError('give --bot (every seat) or --seats (one per seat), not both');
  if (values.seats !== undefined) {
    try {
      return parseSeats(String(values.seats), players);
    } catch (e) {
      throw new UsageError(`--seats: ${(e as Error).message}`);
    }
  }
  const raw = values.bot ?? 'random';
  const bot = parseBot(raw);
  if (!bot) throw new UsageError(`--bot: ${botProblem(raw)}`);
  return Array.from({ length: players }, () => bot);
}

/** `--workers N`; without it BABELKIT_WORKERS (a machine's or a test run's default), else every core. */
export function workerCount(v: unknown, env: string | undefined = process.env.BABELKIT_WORKERS): number {
  if (v === undefined) {
    if (env === undefined || env === '') return defaultWorkers();
    const n = /^\d{1,3}$/.test(env) ? Number(env) : NaN;
    if (!(n >= 1 && n <= 256)) throw new UsageError(`BABELKIT_WORKERS must be a whole number between 1 and 256, not '${env}'`);
    return n;
  }
  const n = v as number;
  if (n < 1 || n > 256) throw new UsageError('--workers must be between 1 and 256');
  return n;
}

/** `--shard K/N`: the K-th of N slices of the seeds (1 ≤ K ≤ N). */
export function shardOf(v: unknown): { k: number; n: number } | null {
  if (v === undefined) return null;
  const m = /^(\d{1,6})\/(\d{1,6})$/.exec(String(v));
  if (!m) throw new UsageError(`--shard is K/N (the K-th of N slices, e.g. 2/8), not '${String(v)}'`);
  const k = Number(m[1]), n = Number(m[2]);
  if (n < 1 || k < 1 || k > n) throw new UsageError(`--shard ${String(v)}: K goes from 1 to N`);
  return { k, n };
}
