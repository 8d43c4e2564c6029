// `babelkit simulate`: G games per player count, on every core (worker threads), or one shard of the seeds;
// a table (rates with 95% intervals), the JSON report (an array for a range of player counts), CSV rows.

import { existsSync, mkdirSync, statSync } from 'node:fs';
import { batchSetup, categoryMeans, MatchError, parseOptionAssignments, shardRange, Tally, wilson, type Game, type SimulateReport } from '../engine/index-node.js';
import { checkOutput, loadOrReport, writeAtomic } from './load-file.js';
import { parseArgs, UsageError } from './args.js';
import { BATCH_SPEC, gameCount, playerCounts, requireArgs, seatBots, seedOf, shardOf, workerCount } from './batch-args.js';
import { playBatch } from './sim-pool.js';
import { reportRows, toCsv } from '../engine/index-node.js';
import { progressBar } from './progress.js';
import { applyCompileFlag } from './compile-flag.js';

export const SIMULATE_USAGE = `  babelkit simulate FILE --players N|A-B --games G --seed S [--bot B | --seats B1,B2,…] [--json]
                    [--csv OUT.csv] [--workers N] [--shard K/N] [--option NAME=VALUE]… [--save-replay DIR]
                    [--no-compile]
      Play G complete games with bots (random, greedy; deduce, greedy planning on what it infers of hidden roles
      from play; ismcts or ismcts:N iterations; guided or guided:N, ISMCTS led by the ruleset's heuristics; ahead or ahead:N copies, each choice played a step
      further with every other decision as greedy's) and report wins, endings, game length and speed, with 95% intervals; one
      table per player count. --workers: worker threads (default: $BABELKIT_WORKERS, else every core; the results do not depend on it);
      --shard K/N: only the K-th of N slices of the games, for \`babelkit merge\`.
`;

const SPEC = { ...BATCH_SPEC, csv: 'string', shard: 'string', 'save-replay': 'string', 'no-compile': 'flag' } as const;

/** The engine's checks (player count, options, bots) as usage errors of the command line. */
export function usage<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof MatchError) throw new UsageError(e.message);
    throw e;
  }
}

export async function simulateCmd(args: string[]): Promise<number> {
  const { positional, values } = parseArgs(args, SPEC);
  applyCompileFlag(values);
  if (positional.length !== 1) throw new UsageError('give exactly one ruleset file');
  const file = positional[0]!;
  requireArgs(values, ['players', 'games', 'seed']);
  const counts = playerCounts(values.players);
  const games = gameCount(values.games);
  const seed = seedOf(values.seed);
  const workers = workerCount(values.workers);
  const shard = shardOf(values.shard);
  // a CSV file that cannot be written is said before the games are played, as the write would say it
  if (values.csv !== undefined && values.csv !== '-') checkOutput(String(values.csv));
  const g = loadOrReport(file);
  if (!g) return 1;
  const replayDir = values['save-replay'] as string | undefined;
  if (replayDir) {
    if (existsSync(replayDir) && !statSync(replayDir).isDirectory()) throw new UsageError(`--save-replay needs a folder, and '${replayDir}' is a file`);
    if (counts.length > 1) throw new UsageError('--save-replay takes one player count (the replays of a range would share names)');
  }
  const options = usage(() => parseOptionAssignments(g, (values.option as string[] | undefined) ?? []));
  const setups = counts.map((players) => usage(() => batchSetup(g, { players, seed, seats: seatBots(values, players), options })));
  if (replayDir) {
    try {
      mkdirSync(replayDir, { recursive: true });
    } catch (e) {
      throw new UsageError(`cannot create the folder '${replayDir}': ${(e as Error).message}`);
    }
  }
  const { from, to } = shard ? shardRange(games, shard.k, shard.n) : { from: 0, to: games };
  const reports: SimulateReport[] = [];
  for (const setup of setups) {
    const progress = process.stderr.isTTY && !process.env.CI ? progressBar(to - from, counts.length > 1 ? `${setup.players} players ` : '') : null;
    const tally = new Tally(g, setup, from);
    const t0 = performance.now();
    await playBatch({ file, game: g, setup, from, to, workers, games, replayDir }, (_, s) => {
      tally.add(s);
      progress?.(tally.games);
    });
    progress?.(to - from, true);
    reports.push(tally.report((performance.now() - t0) / 1000));
  }
  if (values.csv !== undefined) {
    const csv = toCsv(reports.flatMap(reportRows));
    if (values.csv === '-') process.stdout.write(csv);
    else writeAtomic(String(values.csv), csv);
  }
  if (values.json) process.stdout.write(JSON.stringify(reports.length === 1 && counts.length === 1 ? reports[0] : reports, null, 2) + '\n');
  else if (values.csv !== '-') process.stdout.write(reports.map((r) => table(r, g)).join('\n'));
  return 0;
}

/** A report as a readable table: counts, rates and their 95% intervals. */
export function table(r: SimulateReport, g: Game): string {
  const rate = (n: number) => {
    const i = wilson(n, r.games);
    const p = (x: number) => (100 * x).toFixed(1);
    return `${p(r.games ? n / r.games : 0).padStart(5)}%  (${p(i.low)}–${p(i.high)})`;
  };
  const same = r.seats.every((b) => b === r.seats[0]);
  const slice = r.range[0] === 0 ? '' : `, games ${r.range[0]}–${r.range[1] - 1}`;
  const lines = [
    `${g.name} — ${r.games} games, ${r.players} players, seed ${r.seed}${slice}, ${same ? `${r.bot} bots` : `seats ${r.seats.join(', ')}`}`,
    '',
    'Wins                                   rate   (95% interval)',
    ...Object.entries(r.wins).map(([k, v]) => `  ${k.padEnd(28)} ${String(v).padStart(8)} ${rate(v)}`),
    '',
    'Endings',
    ...Object.entries(r.endings).map(([k, v]) => {
      const d = g.endingIds.get(k)?.description;
      return `  ${k.padEnd(28)} ${String(v).padStart(8)} ${rate(v)}${d ? `  ${d}` : ''}`;
    }),
    '',
    'Wins by seat',
    ...r.winsBySeat.map((v, p) => `  ${`seat ${p + 1} (${r.seats[p]})`.padEnd(28)} ${String(v).padStart(8)} ${rate(v)}`),
    '',
    `Truncated (step limit)     ${r.truncated}`,
    ...Object.entries(r.truncations).map(([k, v]) => `  ${v} × ${k}`),
    ...(r.warnings.length ? ['', 'Warnings (legal, but likely slips: see the place in the ruleset)', ...r.warnings.map((w) => `  ${w.where}: ${w.message} — in ${w.games} game${w.games > 1 ? 's' : ''}, ${w.times} time${w.times > 1 ? 's' : ''}`), ''] : []),
    `Actions per game           mean ${r.actionsPerGame.mean}, max ${r.actionsPerGame.max}`,
    ...(r.scores ? [`Mean score                 ${r.scores.mean} (by seat: ${r.scores.bySeat.join(', ')})`] : []),
    ...categoryLines(r, g),
    `Speed                      ${r.gamesPerSecond} games/s (${r.seconds} s)`,
    '',
  ];
  return lines.join('\n');
}

/** The score categories: mean points per seat, with the 95% interval over games. */
function categoryLines(r: SimulateReport, g: Game): string[] {
  const cats = categoryMeans(r, g);
  if (!cats.length) return [];
  const f = (x: number) => (x < 0 ? '−' : '') + Math.abs(x).toFixed(2);
  return [
    'Score by category                per seat  (95% interval)',
    ...cats.map((c) => `  ${c.name.padEnd(28)} ${f(c.mean).padStart(9)}  (${f(c.low)}${c.low < 0 ? ' to ' : '–'}${f(c.high)})`),
  ];
}
