// The `babelkit` command line: validate, simulate, replay, print, serve. Thin: every command is the engine's API plus
// argument parsing and printing.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, isAbsolute, resolve } from 'node:path';
import { loadOrReport, WriteError } from './load-file.js';
import { loadBotModules } from './bot-modules.js';
import { ALL_SEEING, Match, nodeReadFile, outcomeOf, replayShapeProblem, simulate, type Replay } from '../engine/index-node.js';
import { HelpRequested, parseArgs, UsageError } from './args.js';
import { PRINT_USAGE } from './print-usage.js';
import { SERVE_USAGE } from './serve-usage.js';
import { simulateCmd, SIMULATE_USAGE, table } from './simulate.js';
import { compareCmd, COMPARE_USAGE } from './compare.js';
import { mergeCmd, MERGE_USAGE } from './merge.js';
import { ladderCmd, LADDER_USAGE } from './ladder.js';
import { tuneCmd, TUNE_USAGE } from './tune.js';
import { validateCmd } from './validate.js';
import { CARDS_USAGE } from './cards-usage.js';
import { EXPORT_USAGE } from './export-usage.js';
import { guardTerminal } from './terminal-text.js';
import { applyCompileFlag } from './compile-flag.js';

/** Each command's usage, as listed by `babelkit --help` and shown alone by `babelkit COMMAND --help`. */
const COMMAND_USAGE = new Map<string, string>([
  ['validate', `  babelkit validate FILE… [--no-compile]
      Check rulesets; prints FILE:LINE:COL: error: MESSAGE per problem, exit 1 if any.
      FILE '-' reads standard input (named <stdin> in messages).
`],
  ['simulate', SIMULATE_USAGE],
  ['compare', COMPARE_USAGE],
  ['ladder', LADDER_USAGE],
  ['tune', TUNE_USAGE],
  ['merge', MERGE_USAGE],
  ['replay', `  babelkit replay LOG.json [--ruleset FILE] [--log [--as N|all]] [--no-compile]
      Replay a saved game and check that it reproduces. --log prints the game's log as seat N saw it (Player 1
      is 1; default 1), the same lines as the playtest's log; --as all prints everything, marked as such.
`],
  ['print', PRINT_USAGE],
  ['cards', CARDS_USAGE],
  ['export', EXPORT_USAGE],
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
  --no-compile  (validate, simulate, compare, replay, serve) expressions run as the interpreter's closures only,
                never as code emitted from them (the reference, slower; see docs/engine.md)
`;

/** `babelkit COMMAND --help`: that command's usage alone. */
function commandUsage(cmd: string): string {
  return `Usage:\n${COMMAND_USAGE.get(cmd) ?? ''}\nOptions:\n  -h, --help    this text\n`;
}

export async function main(argv: string[]): Promise<number> {
  // ruleset text reaches the terminal as text, never as escape sequences
  guardTerminal();
  const [cmd, ...rest] = argv;
  try {
    await loadBotModules();
    switch (cmd) {
      case 'validate': return validateCmd(rest);
      // awaited here so that their usage errors reach the catch below
      case 'simulate': return await simulateCmd(rest);
      case 'compare': return await compareCmd(rest);
      case 'ladder': return ladderCmd(rest);
      case 'tune': return await tuneCmd(rest);
      case 'merge': return mergeCmd(rest);
      case 'replay': return replayCmd(rest);
      // pdfkit and the fonts are loaded only to print
      case 'print': return await (await import('./print.js')).printCmd(rest);
      case 'cards': return await (await import('./cards.js')).cardsCmd(rest);
      // the rasteriser is loaded only to export
      case 'export': return await (await import('./export-tts.js')).exportCmd(rest);
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
    if (e instanceof WriteError) {
      process.stderr.write(`babelkit ${cmd}: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

/** Largest replay file read (a long game's replay is well under 1 MiB). */
const MAX_REPLAY_BYTES = 64 * 1024 * 1024;

function replayCmd(args: string[]): number {
  const { positional, values } = parseArgs(args, { ruleset: 'string', log: 'flag', as: 'string', 'no-compile': 'flag' });
  applyCompileFlag(values);
  const asText = values.as as string | undefined;
  if (asText !== undefined && !values.log) throw new UsageError('--as goes with --log');
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
  const { problems, replay, match } = Match.fromReplay(g, r, { log: !!values.log });
  if (problems.length) {
    for (const p of problems) process.stderr.write(`${logFile}: error: ${p}\n`);
    return 1;
  }
  if (values.log) {
    const all = asText?.trim().toLowerCase() === 'all';
    const seat = all ? ALL_SEEING : Number(asText ?? '1') - 1;
    if (!all && !(Number.isInteger(seat) && seat >= 0 && seat < replay!.players)) {
      throw new UsageError(`--as takes a seat from 1 to ${replay!.players} (Player 1 is 1) or all, got '${asText}'`);
    }
    if (all) process.stdout.write(`(everything, every seat's hidden information included)\n`);
    for (const line of match!.view(seat).log) process.stdout.write(`${line}\n`);
    return 0;
  }
  const res = replay!.result;
  // who won, as simulate counts it: the team, or the winning players of a game decided by scores (its stored
  // `winner` is null: no team won)
  const ended = match!.state.ended;
  const who = ended && !ended.truncated ? outcomeOf(ended) ?? res.winner : res.winner;
  const winner = who && who.includes(' + ') ? `winners ${who}` : `winner ${who ?? 'none'}`;
  process.stdout.write(`${logFile}: reproduces — ${replay!.actions.length} actions, ${res.truncated ? 'truncated' : `ending ${res.ending}, ${winner}`}\n`);
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

