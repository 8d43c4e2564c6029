// `babelkit ladder FILE --players N`: the bots played against each other (engine/sim/ladder.ts), as a matchup
// matrix with intervals, the first seat's advantage, and the pairs where a stronger bot fails to beat a weaker.

import { botProblem, ladder, parseBot, parseOptionAssignments, type BotKind, type Game, type LadderReport } from '../engine/index-node.js';
import { loadOrReport } from './load-file.js';
import { parseArgs, UsageError } from './args.js';
import { gameCount, requireArgs, seedOf } from './batch-args.js';
import { usage } from './simulate.js';
import { progressBar } from './progress.js';

export const DEFAULT_LADDER = 'random,greedy,deduce';

export const LADDER_USAGE = `  babelkit ladder FILE --players N --games G --seed S [--bots B1,B2,…] [--json] [--option NAME=VALUE]…
      Play the bots against each other: for each pair, one seat of the row's bot among seats of the column's,
      the seat rotated game by game, G games a pair; its win rate (95% interval) and how much more often that
      seat wins than with the column's bot in it too (the same games). Then the first seat's advantage with
      every seat the same bot. --bots, weaker first (default ${DEFAULT_LADDER}); one core.
`;

const SPEC = { players: 'int', games: 'int', seed: 'string', bots: 'string', option: 'multi', json: 'flag' } as const;

export function ladderCmd(args: string[]): number {
  const { positional, values } = parseArgs(args, SPEC);
  if (positional.length !== 1) throw new UsageError('give exactly one ruleset file');
  requireArgs(values, ['players', 'games', 'seed']);
  const games = gameCount(values.games);
  const seed = seedOf(values.seed);
  const names = String(values.bots ?? DEFAULT_LADDER).split(',').map((x) => x.trim()).filter((x) => x !== '');
  if (names.length < 2) throw new UsageError('--bots needs at least two bots, weaker first (random,greedy)');
  const bots: BotKind[] = names.map((b) => {
    const k = parseBot(b);
    if (!k) throw new UsageError(`--bots: ${botProblem(b)}`);
    return k;
  });
  if (new Set(bots).size !== bots.length) throw new UsageError('--bots names a bot twice');
  const g = loadOrReport(positional[0]!);
  if (!g) return 1;
  const options = usage(() => parseOptionAssignments(g, (values.option as string[] | undefined) ?? []));
  const players = values.players as number;
  const progress = process.stderr.isTTY && !process.env.CI ? progressBar(bots.length * bots.length * games) : null;
  const t0 = performance.now();
  const r = usage(() => ladder(g, { players, seed, bots, games, options, onGame: (d) => progress?.(d) }));
  progress?.(bots.length * bots.length * games, true);
  const seconds = Math.round(performance.now() - t0) / 1000;
  if (values.json) process.stdout.write(JSON.stringify({ ruleset: g.id, hash: g.hash, ...r, seconds }, null, 2) + '\n');
  else process.stdout.write(text(r, g, seconds));
  return 0;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const pts = (x: number) => `${x < 0 ? '−' : '+'}${Math.abs(100 * x).toFixed(1)}`;

export function text(r: LadderReport, g: Game, seconds: number): string {
  const w = Math.max(10, ...r.bots.map((b) => b.length + 2));
  const col = 30;
  const cell = (c: LadderReport['cells'][number][number], diag: boolean) =>
    (`${pct(c.rate)} (${pct(c.low)}–${pct(c.high)})` + (diag ? '' : ` ${pts(c.edge.value)}${c.verdict === 'stronger' ? ' ▲' : c.verdict === 'weaker' ? ' ▼' : ''}`)).padEnd(col);
  const lines = [
    `${g.name} — ladder, ${r.players} players, ${r.games} games a pair, seed ${r.seed}`,
    '',
    'One seat of the row\'s bot among the column\'s, the seat rotated: its win rate (95% interval), and the points by',
    'which it beats that seat played by the column\'s bot in the same games (▲ clearly more, ▼ clearly less)',
    `${''.padEnd(w)}${r.bots.map((b) => `among ${b}`.padEnd(col)).join('')}`,
    ...r.cells.map((row, a) => `${r.bots[a]!.padEnd(w)}${row.map((c, b) => cell(c, a === b)).join('')}`),
    '',
    'First seat\'s advantage (every seat the same bot): seat 1\'s win rate against an average seat\'s',
    ...r.firstSeat.map((f) => `  ${f.bot.padEnd(w)}seat 1 wins ${pct(f.rate)} (${pct(f.low)}–${pct(f.high)}); an average seat ${pct(f.share)}: ${pts(f.advantage.value)} points (${pts(f.advantage.low)} to ${pts(f.advantage.high)})`),
  ];
  if (r.inversions.length) {
    lines.push('', 'Warnings');
    for (const x of r.inversions) {
      const c = r.cells[r.bots.indexOf(x.strong)]![r.bots.indexOf(x.weak)]!;
      lines.push(`  ! ${x.strong} does not clearly beat ${x.weak}: one ${x.strong} seat among ${x.weak} wins ${pts(c.edge.value)} points (${pts(c.edge.low)} to ${pts(c.edge.high)}) against that seat played by ${x.weak}`);
    }
  }
  lines.push('', `${seconds.toFixed(1)} s`, '');
  return lines.join('\n');
}
