// `babelkit tune FILE --players N --target T… --budget G`: finds the values of some tunables (options, table
// cells, numeric card fields) that bring the measured figures nearest their targets (engine/sim/tune), playing
// each setting as a variant of FILE on the simulation workers, and writes the winner as a variant that
// `extends` FILE.

import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import {
  batchSetup, formatDiagnostic, MatchError, parseOptionAssignments, parseRestriction, parseTarget, resolveTunables, RestrictionError, showInterval, showMeasure, showTarget,
  showValue, TargetError, tune, TuneBudgetError, TuneError, tuneWarnings, variantText,
  type BatchSetup, type Game, type GameSummary, type Target, type Tunable, type TuneResult, type TuneValue, type SettingResult,
} from '../engine/index-node.js';
import { checkOutput, loadRulesetFile, loadRulesetSource, writeAtomic } from './load-file.js';
import { parseArgs, UsageError } from './args.js';
import { gameCount, playerCounts, requireArgs, seatBots, seedOf, workerCount } from './batch-args.js';
import { SimPool } from './sim-pool.js';
import { usage } from './simulate.js';
import { progressBar } from './progress.js';

export const TUNE_USAGE = `  babelkit tune FILE --players N --target NAME=VALUE… --budget G [--tune NAME[=LOW..HIGH[:STEP]]]…
                 [--bot B | --seats …] [--seed S] [--restrict SEAT:never=CONDITION]… [--out VARIANT.yaml]
                 [--json] [--workers N] [--option NAME=VALUE]…
      Find the values that bring the game to the balance wanted, in at most G games. --tune names what to
      change: a tunable the ruleset declares, an option (handSize=2..5), a table cell (seals@p7=1..9, or
      TABLE.COLUMN@ROW) or a card's number field (babel-01.tax=0..3); values as a range LOW..HIGH[:STEP] or a
      list a,b,c (default: every declared tunable). --target: a team's win rate (architects=0.5 or 50%),
      seatN-advantage (seat1-advantage=0, as the ladder measures it), length (decisions per game), ending:ID,
      score or score:CATEGORY; a value or a range (length=40..60). One tunable: successive halving over its
      values; several: an N-tuple bandit (NTBEA). Every setting plays the same seeds (game i: SEED:i). Reports
      the best settings with their measures and 95% intervals and the settings ruled out and why, and writes
      the winner as a variant that extends FILE (default FILE-tuned.yaml in the current folder).
      --restrict: a seat's bot never takes the options the condition holds for (it: one option).
`;

const SPEC = {
  players: 'string', target: 'multi', tune: 'multi', budget: 'int', bot: 'string', seats: 'string', seed: 'string', restrict: 'multi',
  out: 'string', json: 'flag', workers: 'int', option: 'multi',
} as const;

export interface TuneReport extends TuneResult {
  ruleset: string;
  file: string;
  hash: string;
  players: number;
  seed: number | string;
  seats: string[];
  restrict: string[];
  tunables: { id: string; name: string; values: TuneValue[]; current: TuneValue }[];
  targets: { text: string; label: string; low: number; high: number }[];
  /** the variant written, and whether it loads */
  out: string;
  warnings: string[];
  seconds: number;
}

export async function tuneCmd(args: string[]): Promise<number> {
  const { positional, values } = parseArgs(args, SPEC);
  if (positional.length !== 1) throw new UsageError('give exactly one ruleset file');
  requireArgs(values, ['players', 'target', 'budget']);
  const counts = playerCounts(values.players);
  if (counts.length !== 1) throw new UsageError('tune takes one player count');
  const players = counts[0]!;
  const budget = gameCount(values.budget);
  const seed = seedOf(values.seed ?? '1');
  const workers = workerCount(values.workers);
  const file = positional[0]!;
  if (file === '-') throw new UsageError('tune reads a ruleset file (its settings are variants that extend it), not standard input');
  const loaded = loadRulesetFile(file);
  for (const d of loaded.diagnostics) if (d.severity === 'error') process.stderr.write(formatDiagnostic(d) + '\n');
  const g = loaded.game;
  if (!g) return 1;
  const tunables = guard(() => resolveTunables(loaded.value, (values.tune as string[] | undefined) ?? []));
  const targets: Target[] = ((values.target as string[] | undefined) ?? []).map((t) => guard(() => parseTarget(t, g, players)));
  const restrictText = (values.restrict as string[] | undefined) ?? [];
  const restrict = restrictText.map((r) => guard(() => parseRestriction(r, players)));
  const opts = (values.option as string[] | undefined) ?? [];
  const seats = seatBots(values, players);
  // the ruleset as it is: checks players, bots, options and restrictions once, with the command line's words
  usage(() => batchSetup(g, { players, seed, seats, options: parseOptionAssignments(g, opts), restrict }));
  const out = (values.out as string | undefined) ?? `${basename(file, extname(file))}-tuned${extname(file) || '.yaml'}`;
  checkOutput(out); // before the search (minutes of games), as the write would say it

  // each setting: a variant beside FILE, given as text, loaded here (to check it) and by each worker
  const virtual = join(dirname(file), `.${basename(file, extname(file))}.tuning.yaml`);
  const settings = new Map<string, { text: string; game: Game | null; problem: string | null; setup?: BatchSetup }>();
  const settingOf = (vals: readonly TuneValue[]) => {
    const key = JSON.stringify(vals);
    let s = settings.get(key);
    if (!s) {
      const text = variantText({ extendsPath: basename(file), id: `${g.id}-tuning`, name: `${g.name} (tuning)`, tunables, values: vals });
      const r = loadRulesetSource(virtual, text);
      const err = r.diagnostics.find((d) => d.severity === 'error');
      let problem = err ? formatDiagnostic(err).replace(`${virtual}:`, '(the setting):') : null;
      let setup: BatchSetup | undefined;
      if (r.game) {
        try {
          setup = batchSetup(r.game, { players, seed, seats, options: parseOptionAssignments(r.game, opts), restrict });
        } catch (e) {
          if (!(e instanceof MatchError)) throw e;
          problem = e.message;
        }
      }
      s = { text, game: problem ? null : r.game ?? null, problem, ...(setup ? { setup } : {}) };
      settings.set(key, s);
    }
    return s;
  };
  const pool = new SimPool(workers);
  const progress = process.stderr.isTTY && !process.env.CI ? progressBar(budget) : null;
  const t0 = performance.now();
  let result: TuneResult;
  try {
    result = await tune({ tunables, targets, players, seed, budget, onProgress: (n) => progress?.(n) }, {
      check: async (vals) => settingOf(vals).problem,
      play: async (vals, from, to) => {
        const s = settingOf(vals);
        const got: GameSummary[] = [];
        await pool.play({ file: virtual, text: s.text, game: s.game!, setup: s.setup!, from, to, workers, games: budget }, (_, x) => got.push(x));
        return got;
      },
    });
  } catch (e) {
    if (e instanceof TuneBudgetError) throw new UsageError(e.message);
    throw e;
  } finally {
    await pool.close();
  }
  progress?.(result.played, true);
  const seconds = (performance.now() - t0) / 1000;

  const best = result.best[0]!;
  const extendsPath = relative(dirname(resolve(out)), resolve(file)).split('\\').join('/');
  const text = variantText({
    extendsPath, id: `${g.id}-tuned`, name: `${g.name} — tuned`, tunables, values: best.values,
    comment: [
      `Written by babelkit tune: ${tunables.map((t, i) => `${t.id} = ${showValue(best.values[i]!)}`).join(', ')}.`,
      `Targets: ${targets.map((t) => t.text).join(', ')}; ${players} players, seats ${seats.join(', ')}${restrictText.length ? `, restricted ${restrictText.join(', ')}` : ''}, seed ${seed}.`,
      `Measured over ${best.games} games: ${best.measures.map((m, i) => `${targets[i]!.name} ${showMeasure(targets[i]!, m.value)} (95% CI ${showMeasure(targets[i]!, m.low)} to ${showMeasure(targets[i]!, m.high)})`).join('; ')}.`,
      `${result.method}, ${result.played} of ${budget} games. These are the bots' figures: check them at the table.`,
      '',
    ],
  });
  writeAtomic(out, text);
  const back = loadRulesetFile(out);
  const warnings = tuneWarnings(result, targets);
  if (!back.game) {
    for (const d of back.diagnostics) process.stderr.write(formatDiagnostic(d) + '\n');
    warnings.push(`the variant written to ${out} does not load (see the messages above)`);
  }
  const report: TuneReport = {
    ruleset: g.id, file, hash: g.hash, players, seed, seats, restrict: restrictText,
    tunables: tunables.map((t) => ({ id: t.id, name: t.name, values: t.values, current: t.current })),
    targets: targets.map((t) => ({ text: t.text, label: t.label, low: t.low, high: t.high })),
    ...result, out, warnings, seconds: Math.round(seconds * 1000) / 1000,
  };
  if (values.json) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
  else process.stdout.write(textOf(report, g, tunables, targets));
  return back.game ? 0 : 1;
}

/** The tuner's own errors (a bad --tune, --target or --restrict) as usage errors. */
function guard<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof TuneError || e instanceof TargetError || e instanceof RestrictionError) throw new UsageError(e.message);
    throw e;
  }
}

function textOf(r: TuneReport, g: Game, tunables: readonly Tunable[], targets: readonly Target[]): string {
  const vals = (v: readonly TuneValue[]) => v.map((x, i) => `${tunables[i]!.id} = ${showValue(x)}`).join(', ');
  const ms = (s: SettingResult) => s.measures.map((m, i) => `${targets[i]!.name} ${showMeasure(targets[i]!, m.value)} (${showInterval(targets[i]!, m.low, m.high)})`).join('; ');
  const w = Math.max(12, ...[...r.best, ...r.ruledOut].map((s) => vals(s.values).length + 2));
  const lines = [
    `${g.name} (${r.file}) — tuning ${tunables.map((t) => `${t.id} (${t.name}: ${rangeText(t)})`).join(', ')}`,
    `${r.players} players, seats ${r.seats.join(', ')}${r.restrict.length ? `, restricted: ${r.restrict.join(', ')}` : ''}, seed ${r.seed}; ${r.method}, ${r.played} of ${r.budget} games`,
    `Targets: ${targets.map((t) => `${t.label} = ${showTarget(t)}`).join('; ')}`,
    '',
    'Best settings (measures with 95% intervals, over the same games)',
    ...r.best.map((s) => `  ${vals(s.values).padEnd(w)} ${ms(s)}  — ${s.games} game${s.games === 1 ? '' : 's'}${s.status === 'best' ? '  ← best' : ''}`),
    '',
    `Ruled out (${r.ruledOut.length})`,
    ...r.ruledOut.map((s) => `  ${vals(s.values).padEnd(w)} ${s.why ?? ''}`),
    '',
    'Across the range (every game played with each value)',
    ...tunables.flatMap((t, d) => [
      `  ${t.id}`,
      ...r.profile[d]!.filter((p) => p.games > 0).map((p) => `    ${showValue(p.value).padStart(8)}  ${p.measures.map((m, i) => `${targets[i]!.name} ${showMeasure(targets[i]!, m.value)} (${showInterval(targets[i]!, m.low, m.high)})`).join('; ')}  — ${p.games} game${p.games === 1 ? '' : 's'}`),
    ]),
    ...(r.warnings.length ? ['', 'Warnings', ...r.warnings.map((x) => `  ! ${x}`)] : []),
    '',
    `Wrote ${r.out}: a variant of ${r.file} with ${vals(r.best[0]!.values)}.`,
    `${r.seconds.toFixed(1)} s`,
    '',
  ];
  return lines.join('\n');
}

function rangeText(t: Tunable): string {
  const v = t.values;
  return t.step !== null ? `${showValue(v[0]!)}..${showValue(v[v.length - 1]!)}${t.step !== 1 ? ` in steps of ${t.step}` : ''}, now ${showValue(t.current)}` : `${v.map(showValue).join(', ')}, now ${showValue(t.current)}`;
}

