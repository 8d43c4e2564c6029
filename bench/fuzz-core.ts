// Ruleset fuzzing: mutate a bundled ruleset's text (delete, duplicate or swap lines; numbers changed to 0, −1,
// 1e9, NaN or text; names renamed, some to inherited property names; expressions broken; indentation shifted),
// load the mutant, and play the ones that load with both bots under a small step budget. A mutant passes when
// no exception escapes, every error has a line and column, every game stops (an ending, or a truncation with its
// message), every card is in exactly one zone at the end, and a saved replay replays to the same state.
// Every tenth mutant starts from a file built to be costly (the loader, the check before the first decision, the
// payment solver: bench/hostile-rulesets.ts). Each load's CPU time is measured.
// The suite runs a few hundred mutants with a fixed seed (test/fuzz.test.ts); `npm run fuzz` runs a campaign.

import fc from 'fast-check';
import {
  checkReplay, formatDiagnostic, loadRulesetText, makeReplay, playout, stateHash,
  type BotKind, type Game, type ReadFile, type State,
} from '../engine/index.js';
import { HOSTILE } from './hostile-rulesets.js';

export type Mutation =
  | { op: 'delete' | 'duplicate' | 'indent' | 'dedent'; line: number }
  | { op: 'swap'; line: number; other: number }
  | { op: 'number'; line: number; pick: number; to: string }
  | { op: 'rename'; line: number; pick: number; to: string }
  | { op: 'break'; line: number; pick: number; insert: string };

/** Values a number may become: edge numbers, YAML's NaN and infinity, text. */
const NUMBERS = ['0', '-1', '1', '1e9', '.nan', '.inf', '-.inf', '1e308', '0.5', '-0.5', '"7"', 'text', 'null', 'true', '[]', '{}'];
/** Names a name may become: names of inherited properties, a misspelling's worth of garbage, empties. */
const NAMES = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'prototype', 'zzz', 'x', '$p', 'it', 'players', 'none', 'true', ''];
/** What may be pushed into a text (an expression, a log line): unbalanced brackets, operators, template holes. */
const BREAKS = ['(', ')', '[', ']', '{', '}', ' + ', ' * ', ' == ', ' and ', ' not ', '?', ':', ',', '.', '$', '"', "'", '\\', '{$', '1/0', ' in '];

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constantFrom('delete', 'duplicate', 'indent', 'dedent'), line: fc.nat() }) as fc.Arbitrary<Mutation>,
  fc.record({ op: fc.constant('swap' as const), line: fc.nat(), other: fc.nat() }),
  fc.record({ op: fc.constant('number' as const), line: fc.nat(), pick: fc.nat(), to: fc.constantFrom(...NUMBERS) }),
  fc.record({ op: fc.constant('rename' as const), line: fc.nat(), pick: fc.nat(), to: fc.constantFrom(...NAMES) }),
  fc.record({ op: fc.constant('break' as const), line: fc.nat(), pick: fc.nat(), insert: fc.constantFrom(...BREAKS) }),
);
export const mutationsArb = fc.array(mutationArb, { minLength: 1, maxLength: 3 });

/** Applies mutations to a text, line by line (positions wrap around, so any number picks something). */
export function mutate(text: string, ms: Mutation[]): string {
  const lines = text.split('\n');
  for (const m of ms) {
    if (!lines.length) break;
    const i = m.line % lines.length;
    const l = lines[i]!;
    switch (m.op) {
      case 'delete': lines.splice(i, 1); break;
      case 'duplicate': lines.splice(i, 0, l); break;
      case 'indent': lines[i] = '  ' + l; break;
      case 'dedent': lines[i] = l.replace(/^ {1,2}/, ''); break;
      case 'swap': { const j = m.other % lines.length; lines[i] = lines[j]!; lines[j] = l; break; }
      case 'number': lines[i] = replaceNth(l, /-?\d+(\.\d+)?/g, m.pick, m.to); break;
      case 'rename': lines[i] = replaceNth(l, /[A-Za-z_][A-Za-z0-9_]*/g, m.pick, m.to); break;
      case 'break': { const k = m.pick % (l.length + 1); lines[i] = l.slice(0, k) + m.insert + l.slice(k); break; }
    }
  }
  return lines.join('\n');
}

function replaceNth(line: string, re: RegExp, pick: number, to: string): string {
  const hits = [...line.matchAll(re)];
  if (!hits.length) return line;
  const h = hits[pick % hits.length]!;
  return line.slice(0, h.index) + to + line.slice(h.index! + h[0].length);
}

/** Every tenth mutant starts from a file built to cost the loader, the check before the first decision or the
 *  payment solver as much as a small file can (bench/hostile-rulesets.ts), at one of these sizes. */
const HOSTILE_SIZES = [1, 5, 20, 60, 200, 400];

/** The text mutant `i` starts from: bundled file i mod F, or (every tenth) a hostile case at some size. */
export function sourceOf(files: readonly string[], i: number, readText: (f: string) => string): { file: string; text: string } {
  if (i % 10 !== 9) { const file = files[i % files.length]!; return { file, text: readText(file) }; }
  const names = Object.keys(HOSTILE);
  const k = Math.floor(i / 10);
  const name = names[k % names.length]!;
  const size = HOSTILE_SIZES[Math.floor(k / names.length) % HOSTILE_SIZES.length]!;
  return { file: `hostile/${name.replace(/[^a-z0-9]+/gi, '-')}-${size}.yaml`, text: HOSTILE[name]!(size) };
}

export interface MutantOutcome {
  loaded: boolean;
  /** CPU time of loading it (what `babelkit validate` does), in ms: the process's, so measure one at a time */
  validateCpuMs: number;
  errors: number;
  warnings: number;
  games: number;
  truncated: number;
  /** what went wrong: an escaped exception, an error without a place, a card lost, a replay that differs */
  problems: string[];
}

export interface FuzzBudget {
  /** flow steps per game (the ruleset's own limit when lower) */
  steps: number;
  /** flow steps for the greedy bot's game (its lookahead makes each step dearer) */
  greedySteps: number;
}
export const SUITE_BUDGET: FuzzBudget = { steps: 3000, greedySteps: 300 };

/** Loads a mutant and plays it; never throws (an exception is a problem in the outcome). */
export function tryMutant(file: string, text: string, read: ReadFile, players: (g: Game) => number, budget: FuzzBudget = SUITE_BUDGET, validateOnly = false): MutantOutcome {
  const out: MutantOutcome = { loaded: false, validateCpuMs: 0, errors: 0, warnings: 0, games: 0, truncated: 0, problems: [] };
  let g: Game | undefined;
  try {
    const cpu0 = process.cpuUsage();
    const r = loadRulesetText(file, text, read);
    const cpu = process.cpuUsage(cpu0);
    out.validateCpuMs = (cpu.user + cpu.system) / 1000;
    for (const d of r.diagnostics) {
      if (d.severity === 'error') out.errors++;
      else out.warnings++;
      if (!d.file || !(d.line >= 1) || !(d.col >= 1)) out.problems.push(`unlocated ${d.severity}: ${formatDiagnostic(d)}`);
    }
    if (r.game && out.errors) out.problems.push('a game came back with errors');
    g = r.game;
  } catch (e) {
    out.problems.push(`load threw: ${(e as Error)?.stack ?? String(e)}`);
    return out;
  }
  if (!g) return out;
  out.loaded = true;
  if (validateOnly) return out;
  const ownSteps = g.maxSteps;
  for (const bot of ['random', 'greedy'] as BotKind[]) {
    g.maxSteps = Math.min(ownSteps, bot === 'greedy' ? budget.greedySteps : budget.steps);
    const n = players(g);
    const seed = `fuzz-${bot}`;
    try {
      const r = playout(g, { players: n, seed, bot, record: true });
      out.games++;
      if (!r.state.ended) out.problems.push(`${bot}, ${n} players: the game stopped without an ending or a truncation`);
      else if (r.state.ended.truncated) {
        out.truncated++;
        if (!r.state.ended.message) out.problems.push(`${bot}, ${n} players: truncated without a message`);
      }
      const lost = conservationProblem(r.state, g);
      if (lost) out.problems.push(`${bot}, ${n} players: ${lost}`);
      const replay = JSON.parse(JSON.stringify(makeReplay(g, r.state, { seed, players: n, actions: r.recorded! })));
      const back = checkReplay(g, replay);
      if (!back.ok) out.problems.push(`${bot}, ${n} players: its replay does not replay: ${back.problems.join('; ')}`);
      else if (back.state && stateHash(back.state) !== stateHash(r.state)) out.problems.push(`${bot}, ${n} players: its replay ends in another state`);
    } catch (e) {
      out.problems.push(`${bot}, ${n} players threw: ${(e as Error)?.stack ?? String(e)}`);
    }
  }
  g.maxSteps = ownSteps;
  return out;
}

/** Every entity lies in exactly one zone instance, and `loc` agrees. */
export function conservationProblem(s: State, g: Game): string | null {
  const seen = new Uint8Array(g.entityDef.length);
  for (let z = 0; z < s.zones.length; z++) {
    for (const e of s.zones[z]!) {
      if (seen[e]) return `entity ${e} is in two zones`;
      seen[e] = 1;
      if (s.loc[e] !== z) return `entity ${e} lies in zone instance ${z} but loc says ${s.loc[e]}`;
    }
  }
  const missing = seen.indexOf(0);
  return missing >= 0 ? `entity ${missing} is in no zone` : null;
}

/** The player count a mutant is played at: spread over its range by the mutant's number. */
export function playersFor(i: number): (g: Game) => number {
  return (g) => {
    const lo = Math.max(1, Math.min(g.minPlayers, 12)), hi = Math.max(lo, Math.min(g.maxPlayers, 12));
    return lo + (i % (hi - lo + 1));
  };
}
