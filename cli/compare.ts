// `babelkit compare BASE.yaml VARIANT.yaml`: both rulesets on the same seeds and bots, paired game by game;
// every outcome's and ending's rate with its interval, the differences with theirs, and a verdict each.
// `--until W` plays on, 500 games at a time, until every interval's half-width is at most W (a rate: 0.01
// is one point) or --games is reached.

import {
  batchSetup, botProblem, compareRuns, parseBot, parseOptionAssignments, parseRestriction, RestrictionError, Tally, verdictChanges, type SeatRestriction,
  type BatchSetup, type BotKind, type Comparison, type Game, type GameSummary, type RateComparison, type SimulateReport, type VerdictChange,
} from '../engine/index-node.js';
import { loadOrReport } from './load-file.js';
import { parseArgs, UsageError } from './args.js';
import { BATCH_SPEC, gameCount, playerCounts, requireArgs, seatBots, seedOf, workerCount } from './batch-args.js';
import { playBatch } from './sim-pool.js';
import { usage } from './simulate.js';
import { applyCompileFlag } from './compile-flag.js';
import { progressBar } from './progress.js';

export const COMPARE_USAGE = `  babelkit compare BASE VARIANT --players N --games G --seed S [--bot B | --seats …] [--json]
                   [--until W] [--check-bot B] [--workers N] [--option NAME=VALUE]…
                   [--restrict SEAT:never=CONDITION]… [--restrict-base SEAT:never=CONDITION]… [--no-compile]
      Play both rulesets on the same seeds; each outcome's and ending's rate with its 95% interval, the
      difference (variant − base) with its interval and a verdict, corrected for the number of lines compared
      (Holm); game length, score and each seat's score likewise. Warns when a team's rate sits at 0% or 100%.
      --until W: play on (500 games at a time, at most G) until every interval is within ±W (0.01 = 1 point).
      --check-bot B: compare again with bot B in every seat (same seeds, same games) and warn where its verdict
      differs: a difference that one kind of bot sees and another does not is a fact about the bots.
      --restrict (restricted play): in the variant's games, that seat's bot never takes the options the
      condition holds for (it: one option, e.g. 1:never="it.act == 'tile'"); give the same file twice to
      measure how much that play matters. --restrict-base does the same in the base's games.
`;

const ROUND = 500;

export interface CompareReport {
  base: { file: string; ruleset: string; hash: string };
  variant: { file: string; ruleset: string; hash: string };
  players: number;
  seed: number | string;
  seats: string[];
  games: number;
  /** restricted play: each side's restrictions as given, and in how many of its games they took options away */
  restrict?: { base: string[]; variant: string[]; baseGames: number; variantGames: number; baseDecisions: number; variantDecisions: number };
  until?: { width: number; reached: boolean };
  outcomes: RateComparison[];
  endings: RateComparison[];
  winsBySeat: RateComparison[];
  actionsPerGame: Comparison['actionsPerGame'];
  score?: Comparison['score'];
  categories?: Comparison['categories'];
  reports: { base: SimulateReport; variant: SimulateReport };
  /** how many lines the verdicts were corrected for (Holm) */
  lines: number;
  seatScores?: Comparison['seatScores'];
  warnings: string[];
  /** --check-bot: the same comparison with another bot, and where its verdicts differ */
  checkBot?: { bot: string; agree: boolean; changes: VerdictChange[]; outcomes: RateComparison[]; endings: RateComparison[] };
  seconds: number;
}

export async function compareCmd(args: string[]): Promise<number> {
  const { positional, values } = parseArgs(args, { ...BATCH_SPEC, until: 'string', 'check-bot': 'string', restrict: 'multi', 'restrict-base': 'multi', 'no-compile': 'flag' });
  applyCompileFlag(values);
  if (positional.length !== 2) throw new UsageError('give two ruleset files: the base, then the variant');
  requireArgs(values, ['players', 'games', 'seed']);
  const counts = playerCounts(values.players);
  if (counts.length !== 1) throw new UsageError('compare takes one player count');
  const cap = gameCount(values.games);
  const seed = seedOf(values.seed);
  const workers = workerCount(values.workers);
  let until: number | null = null;
  if (values.until !== undefined) {
    until = Number(values.until);
    if (!/^\d*\.?\d+$/.test(String(values.until)) || !(until > 0 && until < 1)) throw new UsageError(`--until is a half-width between 0 and 1 (0.01 = one point), not '${String(values.until)}'`);
  }
  let checkBot: BotKind | null = null;
  if (values['check-bot'] !== undefined) {
    checkBot = parseBot(values['check-bot']);
    if (!checkBot) throw new UsageError(`--check-bot: ${botProblem(values['check-bot'])}`);
  }
  const [fa, fb] = positional as [string, string];
  const ga = loadOrReport(fa);
  const gb = loadOrReport(fb);
  if (!ga || !gb) return 1;
  const players = counts[0]!;
  const opts = (values.option as string[] | undefined) ?? [];
  const seats = seatBots(values, players);
  const restrictions = (name: string): SeatRestriction[] => ((values[name] as string[] | undefined) ?? []).map((r) => {
    try {
      return parseRestriction(r, players);
    } catch (e) {
      if (e instanceof RestrictionError) throw new UsageError(`--${name}: ${e.message}`);
      throw e;
    }
  });
  const ra = restrictions('restrict-base'), rb = restrictions('restrict');
  const sa = usage(() => batchSetup(ga, { players, seed, seats, options: parseOptionAssignments(ga, opts), restrict: ra }));
  const sb = usage(() => batchSetup(gb, { players, seed, seats, options: parseOptionAssignments(gb, opts), restrict: rb }));

  const a: GameSummary[] = [], b: GameSummary[] = [];
  const ta = new Tally(ga, sa), tb = new Tally(gb, sb);
  const t0 = performance.now();
  const progress = process.stderr.isTTY && !process.env.CI ? progressBar(2 * cap) : null;
  let cmp: Comparison;
  let played = 0;
  for (;;) {
    const to = until === null ? cap : Math.min(cap, played + ROUND);
    await run(fa, ga, sa, played, to, workers, cap, (s) => { a.push(s); ta.add(s); progress?.(a.length + b.length); });
    await run(fb, gb, sb, played, to, workers, cap, (s) => { b.push(s); tb.add(s); progress?.(a.length + b.length); });
    played = to;
    cmp = compareRuns(ga, gb, a, b, players);
    if (until === null || played >= cap || cmp.widest <= until) break;
  }
  let check: CompareReport['checkBot'];
  if (checkBot) {
    const seatsB = Array.from({ length: players }, () => checkBot!);
    const ca = usage(() => batchSetup(ga, { players, seed, seats: seatsB, options: parseOptionAssignments(ga, opts), restrict: ra }));
    const cb = usage(() => batchSetup(gb, { players, seed, seats: seatsB, options: parseOptionAssignments(gb, opts), restrict: rb }));
    const xa: GameSummary[] = [], xb: GameSummary[] = [];
    await run(fa, ga, ca, 0, played, workers, played, (s) => { xa.push(s); });
    await run(fb, gb, cb, 0, played, workers, played, (s) => { xb.push(s); });
    const other = compareRuns(ga, gb, xa, xb, players);
    const changes = verdictChanges(cmp!, other);
    check = { bot: checkBot, agree: changes.length === 0, changes, outcomes: other.outcomes, endings: other.endings };
  }
  progress?.(2 * cap, true);
  const seconds = (performance.now() - t0) / 1000;
  const report: CompareReport = {
    base: { file: fa, ruleset: ga.id, hash: ga.hash },
    variant: { file: fb, ruleset: gb.id, hash: gb.hash },
    players, seed, seats, games: played,
    ...(ra.length || rb.length ? { restrict: restrictUse(values, a, b) } : {}),
    ...(until !== null ? { until: { width: until, reached: cmp.widest <= until } } : {}),
    outcomes: cmp.outcomes, endings: cmp.endings, winsBySeat: cmp.winsBySeat, actionsPerGame: cmp.actionsPerGame,
    ...(cmp.score ? { score: cmp.score } : {}),
    ...(cmp.categories ? { categories: cmp.categories } : {}),
    reports: { base: ta.report(seconds / 2), variant: tb.report(seconds / 2) },
    lines: cmp.lines,
    ...(cmp.seatScores ? { seatScores: cmp.seatScores } : {}),
    warnings: cmp.warnings,
    ...(check ? { checkBot: check } : {}),
    seconds: Math.round(seconds * 1000) / 1000,
  };
  if (values.json) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
  else process.stdout.write(compareText(report, ga, gb));
  return 0;
}

/** How often the restrictions took options away: games and decisions, per side. */
function restrictUse(values: Record<string, unknown>, a: readonly GameSummary[], b: readonly GameSummary[]): NonNullable<CompareReport['restrict']> {
  const games = (xs: readonly GameSummary[]) => xs.filter((x) => (x.restricted ?? 0) > 0).length;
  const decisions = (xs: readonly GameSummary[]) => xs.reduce((s, x) => s + (x.restricted ?? 0), 0);
  return {
    base: (values['restrict-base'] as string[] | undefined) ?? [], variant: (values.restrict as string[] | undefined) ?? [],
    baseGames: games(a), variantGames: games(b), baseDecisions: decisions(a), variantDecisions: decisions(b),
  };
}

function run(file: string, game: Game, setup: BatchSetup, from: number, to: number, workers: number, games: number, add: (s: GameSummary) => void): Promise<void> {
  return playBatch({ file, game, setup, from, to, workers, games }, (_, s) => add(s));
}

const p1 = (x: number) => (100 * x).toFixed(1);

/** The report as the terminal shows it (exported for the tests: the text of a JSON report the command printed). */
export function compareText(r: CompareReport, ga: Game, gb: Game): string {
  const row = (c: RateComparison) => {
    const d = c.difference;
    const rate = (x: RateComparison['base']) => `${p1(x.rate).padStart(5)}% (${p1(x.low)}–${p1(x.high)})`.padEnd(20);
    return `  ${c.id.padEnd(24)} ${rate(c.base)} ${rate(c.variant)} ${(d.value >= 0 ? '+' : '') + p1(d.value)} (${p1(d.low)} to ${p1(d.high)})`;
  };
  const head = `  ${''.padEnd(24)} ${'base'.padEnd(20)} ${'variant'.padEnd(20)} difference, points (95% CI)`;
  const verdicts = [...r.outcomes, ...r.endings].filter((c) => c.base.count + c.variant.count > 0).map((c) => `  • ${c.verdict}`);
  return [
    `${ga.name} (${r.base.file}) against ${gb.name} (${r.variant.file})`,
    `${r.games} games each, ${r.players} players, seed ${r.seed}, seats ${r.seats.join(', ')}, the same seeds for both${r.until ? `; --until ${r.until.width}: ${r.until.reached ? 'reached' : 'not reached within --games'}` : ''}`,
    ...restrictRows(r),
    '',
    'Wins', head, ...r.outcomes.map(row),
    '',
    'Endings', head, ...r.endings.map(row),
    '',
    'Wins by seat', head, ...r.winsBySeat.map(row),
    '',
    `Game length (decisions)   base ${r.actionsPerGame.base.mean.toFixed(1)}, variant ${r.actionsPerGame.variant.mean.toFixed(1)}: ${r.actionsPerGame.verdict}`,
    ...(r.score ? [`Mean score                base ${r.score.base.mean.toFixed(1)}, variant ${r.score.variant.mean.toFixed(1)}: ${r.score.verdict}`] : []),
    ...seatScoreRows(r),
    ...categoryRows(r),
    '',
    `In words (each verdict corrected for the ${r.lines} lines compared: a difference is called clear only if it would`,
    'still be with that many questions asked at once)',
    ...verdicts,
    ...(r.warnings.length ? ['', 'Warnings', ...r.warnings.map((w) => `  ! ${w}`)] : []),
    ...checkRows(r),
    '',
  ].join('\n');
}

/** Restricted play: what each side's bots were kept from, and how often it mattered. */
function restrictRows(r: CompareReport): string[] {
  const x = r.restrict;
  if (!x) return [];
  const side = (name: string, rs: string[], games: number, decisions: number) =>
    rs.length ? [`Restricted in the ${name}'s games: ${rs.join(', ')} — options taken away at ${decisions} decisions, in ${games} of ${r.games} games`] : [];
  return [...side('base', x.base, x.baseGames, x.baseDecisions), ...side('variant', x.variant, x.variantGames, x.variantDecisions)];
}

/** Each seat's total score: base, variant, the paired difference (variant − base) with its 95% interval. */
function seatScoreRows(r: CompareReport): string[] {
  if (!r.seatScores?.length) return [];
  const f = (x: number) => (x < 0 ? '−' : '') + Math.abs(x).toFixed(2);
  const sgn = (x: number) => (x >= 0 ? '+' : '') + f(x);
  return [
    '',
    'Score by seat',
    `  ${''.padEnd(24)} ${'base'.padEnd(12)} ${'variant'.padEnd(12)} difference (95% CI)`,
    ...r.seatScores.map((m) => `  ${`seat ${m.seat + 1} (${r.seats[m.seat]})`.padEnd(24)} ${f(m.base.mean).padEnd(12)} ${f(m.variant.mean).padEnd(12)} ${sgn(m.difference.value)} (${sgn(m.difference.low)} to ${sgn(m.difference.high)})${m.holds ? '  clear' : ''}`),
  ];
}

/** --check-bot: whether the other bot's verdicts agree, and where they do not. */
function checkRows(r: CompareReport): string[] {
  const c = r.checkBot;
  if (!c) return [];
  if (c.agree) return ['', `Checked with ${c.bot} in every seat (the same ${r.games} games): the verdicts agree.`];
  return [
    '',
    `Warning: with ${c.bot} in every seat (the same ${r.games} games) the verdict differs on ${c.changes.length} line${c.changes.length > 1 ? 's' : ''}:`,
    ...c.changes.map((x) => `  ! ${x.line}: ${x.first} with ${r.seats.every((b) => b === r.seats[0]) ? r.seats[0] : 'these seats'}, ${x.second} with ${c.bot}`),
    '  A difference that one kind of bot shows and another does not says more about the bots than about the rules.',
  ];
}

/** Score by category: each run's points per seat and the difference (variant − base) with its 95% interval. */
function categoryRows(r: CompareReport): string[] {
  if (!r.categories?.length) return [];
  const f = (x: number) => (x < 0 ? '−' : '') + Math.abs(x).toFixed(2);
  const sgn = (x: number) => (x >= 0 ? '+' : '') + f(x);
  // a category the ruleset does not declare: 0 points there
  const mean = (m: { mean: number; low: number; high: number } | null) => (m ? `${f(m.mean)} (${f(m.low)}${m.low < 0 ? ' to ' : '–'}${f(m.high)})` : '— (not declared)').padEnd(22);
  return [
    '',
    'Score by category, points per seat',
    `  ${''.padEnd(24)} ${'base'.padEnd(22)} ${'variant'.padEnd(22)} difference (95% CI)`,
    ...r.categories.map((c) => `  ${c.name.padEnd(24)} ${mean(c.base)} ${mean(c.variant)} ${sgn(c.difference.value)} (${sgn(c.difference.low)} to ${sgn(c.difference.high)})`),
  ];
}
