// The `babelkit` command line: validate, simulate, replay, print, serve. Thin: every command is the engine's API plus
// argument parsing and printing.

import { existsSync, mkdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { loadOrReport, STDIN_NAME, writeAtomic } from './load-file.js';
import {
  BOTS, Match, MatchError, checkPlayers, makeReplay, nodeReadFile, parseOptionAssignments, replayShapeProblem, simulate,
  type BotKind, type Game, type Replay, type SimulateReport,
} from '../engine/index-node.js';
import { HelpRequested, parseArgs, UsageError, type ArgSpec } from './args.js';
import { printCmd, PRINT_USAGE } from './print.js';
import { SERVE_USAGE } from './serve-usage.js';

/** Each command's usage, as listed by `babelkit --help` and shown alone by `babelkit COMMAND --help`. */
const COMMAND_USAGE = new Map<string, string>([
  ['validate', `  babelkit validate FILE…
      Check rulesets; prints FILE:LINE:COL: error: MESSAGE per problem, exit 1 if any.
      FILE '-' reads standard input (named <stdin> in messages).
`],
  ['simulate', `  babelkit simulate FILE --players N --games G --seed S [--bot random|greedy] [--json]
                    [--option NAME=VALUE]… [--save-replay DIR]
      Play G complete games with bots and report wins, endings, game length and speed.
`],
  ['replay', `  babelkit replay LOG.json [--ruleset FILE]
      Replay a saved game and check that it reproduces.
`],
  ['print', PRINT_USAGE],
  ['serve', SERVE_USAGE],
  ['demo', `  babelkit demo
      A short tour: validates Babel Builders and simulates 200 five-player games.
`],
]);

const USAGE = `babelkit — a toolkit for Babel-family tower-building games

Usage:
${[...COMMAND_USAGE.values()].join('')}
Options:
  -h, --help    this text
`;

/** `babelkit COMMAND --help`: that command's usage alone. */
function commandUsage(cmd: string): string {
  return `Usage:\n${COMMAND_USAGE.get(cmd) ?? ''}\nOptions:\n  -h, --help    this text\n`;
}

export async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  try {
    switch (cmd) {
      case 'validate': return validate(rest);
      case 'simulate': return simulateCmd(rest);
      case 'replay': return replayCmd(rest);
      // awaited here so that its usage errors reach the catch below
      case 'print': return await printCmd(rest);
      // the server's code is loaded only when it runs
      case 'serve': return await (await import('./serve.js')).serveCmd(rest);
      case 'demo': return demo(rest);
      case undefined: case '-h': case '--help': case 'help':
        process.stdout.write(USAGE);
        return cmd === undefined ? 1 : 0;
      default:
        process.stderr.write(`babelkit: unknown command '${cmd}'\n\n${USAGE}`);
        return 2;
    }
  } catch (e) {
    if (e instanceof HelpRequested && cmd !== undefined) {
      process.stdout.write(commandUsage(cmd));
      return 0;
    }
    if (e instanceof UsageError) {
      process.stderr.write(`babelkit ${cmd}: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}

function validate(args: string[]): number {
  const { positional } = parseArgs(args, {});
  if (positional.length === 0) throw new UsageError('give at least one ruleset file');
  let bad = 0;
  for (const f of positional) {
    const counts = { warnings: 0 };
    const g = loadOrReport(f, counts);
    const warned = counts.warnings ? `, ${counts.warnings} warning${counts.warnings > 1 ? 's' : ''}` : '';
    if (!g) bad++;
    else process.stdout.write(`${f === '-' ? STDIN_NAME : f}: ok (${g.name}: ${g.entityDef.length} components, ${g.phases.length} phases, ${g.promptSteps.length} decisions${warned})\n`);
  }
  return bad ? 1 : 0;
}

const SIM_SPEC: ArgSpec = {
  players: 'int', games: 'int', seed: 'string', bot: 'string', json: 'flag', 'save-replay': 'string', option: 'multi',
};

/** The engine's checks (player count, options) as usage errors of the command line. */
function usage<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof MatchError) throw new UsageError(e.message);
    throw e;
  }
}

function simulateCmd(args: string[]): number {
  const { positional, values } = parseArgs(args, SIM_SPEC);
  if (positional.length !== 1) throw new UsageError('give exactly one ruleset file');
  const file = positional[0]!;
  for (const k of ['players', 'games', 'seed']) if (values[k] === undefined) throw new UsageError(`--${k} is required`);
  const bot = (values.bot ?? 'random') as BotKind;
  if (!BOTS.includes(bot)) throw new UsageError(`--bot is ${BOTS.join(' or ')}, not '${String(values.bot)}'`);
  const games = values.games as number;
  if (games < 1 || games > 10_000_000) throw new UsageError('--games must be between 1 and 10000000');
  const g = loadOrReport(file);
  if (!g) return 1;
  const players = usage(() => checkPlayers(g, values.players));
  const options = usage(() => parseOptionAssignments(g, (values.option as string[] | undefined) ?? []));
  const seed = seedOf(values.seed as string);
  const replayDir = values['save-replay'] as string | undefined;
  if (replayDir) {
    if (existsSync(replayDir) && !statSync(replayDir).isDirectory()) throw new UsageError(`--save-replay needs a folder, and '${replayDir}' is a file`);
    try {
      mkdirSync(replayDir, { recursive: true });
    } catch (e) {
      throw new UsageError(`cannot create the folder '${replayDir}': ${(e as Error).message}`);
    }
  }
  const progress = process.stderr.isTTY && !process.env.CI ? progressBar(games) : null;
  const report = simulate(g, {
    players, games, seed, bot, options, record: !!replayDir,
    onGame: (i, r, gs) => {
      progress?.(i + 1);
      if (replayDir) {
        const rp = makeReplay(g, r.state, { seed: gs, players, options, actions: r.recorded!, file: relative(resolve(replayDir), resolve(file)) });
        writeAtomic(join(replayDir, `game-${String(i + 1).padStart(String(games).length, '0')}.json`), JSON.stringify(rp));
      }
    },
  });
  progress?.(games, true);
  if (values.json) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
  else process.stdout.write(table(report, g));
  return 0;
}

/**
 * A seed as typed: digits that fit a safe whole number stay a number (as seeded results have always been),
 * anything else is the text exactly as given (26 digits are not rounded to 1e+26); an empty seed is refused.
 */
function seedOf(arg: string): number | string {
  if (arg === '') throw new UsageError('--seed needs a value, not an empty text');
  return /^\d+$/.test(arg) && Number.isSafeInteger(Number(arg)) ? Number(arg) : arg;
}

function table(r: SimulateReport, g: Game): string {
  const pct = (n: number) => `${((100 * n) / r.games).toFixed(1)}%`.padStart(7);
  const lines = [
    `${g.name} — ${r.games} games, ${r.players} players, seed ${r.seed}, ${r.bot} bots`,
    '',
    'Wins',
    ...Object.entries(r.wins).map(([k, v]) => `  ${k.padEnd(28)} ${String(v).padStart(8)} ${pct(v)}`),
    '',
    'Endings',
    ...Object.entries(r.endings).map(([k, v]) => {
      const d = g.endingIds.get(k)?.description;
      return `  ${k.padEnd(28)} ${String(v).padStart(8)} ${pct(v)}${d ? `  ${d}` : ''}`;
    }),
    '',
    `Truncated (step limit)     ${r.truncated}`,
    ...Object.entries(r.truncations).map(([k, v]) => `  ${v} × ${k}`),
    `Actions per game           mean ${r.actionsPerGame.mean}, max ${r.actionsPerGame.max}`,
    `Speed                      ${r.gamesPerSecond} games/s (${r.seconds} s)`,
    '',
  ];
  return lines.join('\n');
}

function progressBar(total: number): (done: number, final?: boolean) => void {
  let last = 0;
  return (done, final) => {
    const now = Date.now();
    if (!final && now - last < 100) return;
    last = now;
    const w = 30;
    const k = Math.round((w * done) / total);
    process.stderr.write(`\r[${'#'.repeat(k)}${' '.repeat(w - k)}] ${done}/${total}${final ? '\n' : ''}`);
  };
}

/** Largest replay file read (a long game's replay is well under 1 MiB). */
const MAX_REPLAY_BYTES = 64 * 1024 * 1024;

function replayCmd(args: string[]): number {
  const { positional, values } = parseArgs(args, { ruleset: 'string' });
  if (positional.length !== 1) throw new UsageError('give one replay file (LOG.json)');
  const logFile = positional[0]!;
  let r: unknown;
  try {
    // bounded: a replay is a few hundred KiB; /dev/zero or an endless pipe must not fill the memory
    const text = nodeReadFile(logFile, MAX_REPLAY_BYTES);
    if (typeof text !== 'string') throw new Error(text === undefined ? 'no such file' : text.message);
    r = JSON.parse(text);
  } catch (e) {
    process.stderr.write(`${logFile}:1:1: error: cannot read the replay: ${(e as Error).message}\n`);
    return 1;
  }
  const shape = replayShapeProblem(r);
  if (shape) {
    process.stderr.write(`${logFile}:1:1: error: not a babelkit replay: ${shape}\n`);
    return 1;
  }
  const named = (r as Replay).ruleset.file;
  const rulesetFile = (values.ruleset as string | undefined) ?? (typeof named === 'string' && named ? findRuleset(dirname(logFile), named) : undefined);
  if (!rulesetFile) throw new UsageError('the replay names no ruleset file; give one with --ruleset FILE');
  const g = loadOrReport(rulesetFile);
  if (!g) return 1;
  const { problems, replay } = Match.fromReplay(g, r);
  if (problems.length) {
    for (const p of problems) process.stderr.write(`${logFile}: error: ${p}\n`);
    return 1;
  }
  const res = replay!.result;
  process.stdout.write(`${logFile}: reproduces — ${replay!.actions.length} actions, ${res.truncated ? 'truncated' : `ending ${res.ending}, winner ${res.winner}`}\n`);
  return 0;
}

/**
 * The ruleset a replay names: beside the replay (as `simulate --save-replay` writes it), else — for a
 * replay exported by the web editor from a bundled ruleset, which names it by its path in the package
 * (`rulesets/…`) — in the current folder or the package itself. The hash check tells a changed file.
 */
function findRuleset(dir: string, file: string): string {
  const beside = resolve(dir, file);
  if (existsSync(beside) || isAbsolute(file)) return beside;
  const roots = [process.cwd(), ...['../..', '..'].map((p) => fileURLToPath(new URL(p, import.meta.url)))];
  for (const root of roots) {
    const p = resolve(root, file);
    if (existsSync(p)) return p;
  }
  return beside;
}

function demo(args: string[]): number {
  if (parseArgs(args, {}).positional.length) throw new UsageError('takes no arguments');
  // dist/cli/main.js or cli/main.ts: the rulesets folder is at the package root
  const candidates = ['../../rulesets/babel-builders.yaml', '../rulesets/babel-builders.yaml'].map((p) => fileURLToPath(new URL(p, import.meta.url)));
  const path = candidates.find((p) => existsSync(p)) ?? candidates[0]!;
  process.stdout.write(`$ babelkit validate rulesets/babel-builders.yaml\n`);
  const g = loadOrReport(path);
  if (!g) return 1;
  process.stdout.write(`ok: ${g.name}, ${g.entityDef.length} components\n\n$ babelkit simulate rulesets/babel-builders.yaml --players 5 --games 200 --seed 1 --bot greedy\n`);
  const report = simulate(g, { players: 5, games: 200, seed: 1, bot: 'greedy' });
  process.stdout.write(table(report, g));
  process.stdout.write(`\nWhy the Architects rarely win here: these bots build one card at a time with no shared plan, so the deck\nruns out (deck-exhausted) before they finish the blueprint. That is a limit of naive bots, not of the game or\nthe tool; the figures are a baseline to compare rule changes against.\n`);
  process.stdout.write(`\nTry: npx babelkit simulate rulesets/babel-builders.yaml --players 7 --games 1000 --seed 1 --json\n`);
  return 0;
}

