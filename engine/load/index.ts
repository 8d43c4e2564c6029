// The loader: YAML text → variants merged (`extends`) → schema check → semantic compile → Game.
// Every problem, of every kind, comes back as a Diagnostic with file, line and column, all at once.
// It needs no file system: the caller passes a reader, so the browser can use it with in-memory files.

import type { Game, TableCell } from '../model.js';
import type { Path } from '../effects/index.js';
import { newGame } from '../flow.js';
import { DRY_RUN_WORK, withWorkAllowance } from '../budget.js';
import { sortAndDedupe, type Diagnostic } from './diagnostics.js';
import { compileRuleset } from './compile/index.js';
import schema from '../../schemas/ruleset.schema.json' with { type: 'json' };
import { createSchemaValidator, type SchemaValidator } from './schema/schema-check.js';
import { posOf, resolveExtends, scalarPosOf, sourceMapOf, type FileReader } from './variants/merge.js';
import { loadImages, type ImageReader } from './files/load-images.js';

export interface LoadResult {
  game?: Game;
  diagnostics: Diagnostic[];
  /** the merged ruleset value (when it could be read) */
  value?: unknown;
  /** every file read: the ruleset first, then its bases */
  files: string[];
}

/** Reads a file of an `extends` chain: its text, undefined when it does not exist, or why it was not read (see `FileReader`). */
export type ReadFile = FileReader;

let validator: SchemaValidator | null = null;
/** The schema check compiled ahead of time (yes/no only); the full validator explains a failure. */
let precompiled: ((value: unknown) => boolean) | null = null;

/**
 * Use a schema check compiled at build time from schemas/ruleset.schema.json (ajv's standalone code): a valid
 * ruleset then costs no schema compilation; an invalid one is still explained by the full validator, so the
 * messages are the same.
 */
export function usePrecompiledSchemaCheck(check: (value: unknown) => boolean): void {
  precompiled = check;
}

/** The JSON Schema of the ruleset format (for editors). */
export const rulesetSchema: object = schema;

/** Resolve `ref` (an `extends` value) relative to the file `from`, with '/' separators. */
export function resolveRelative(from: string, ref: string): string {
  if (ref.startsWith('/') || /^[A-Za-z]:[\\/]/.test(ref)) return normalise(ref);
  const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : '.';
  return normalise(`${dir}/${ref}`);
}

function normalise(p: string): string {
  const abs = p.startsWith('/');
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length && out[out.length - 1] !== '..') out.pop();
    else out.push(part);
  }
  return (abs ? '/' : '') + out.join('/');
}

export interface LoadOptions {
  /** reads the image files the card layouts draw; without it they are not read (nor drawn) */
  readImage?: ImageReader;
}

export function loadRulesetText(file: string, text: string, read: ReadFile = () => undefined, options: LoadOptions = {}): LoadResult {
  const r = resolveExtends(file, text, read, resolveRelative);
  const diagnostics: Diagnostic[] = [...r.diagnostics];
  const loc = r.located;
  // a file that is not valid YAML (or a broken extends chain) is reported alone: checking a half-read
  // document would only add confusing follow-on errors
  if (!loc || diagnostics.some((d) => d.severity === 'error')) return { diagnostics: sortAndDedupe(diagnostics), files: r.files };
  if (!precompiled?.(loc.value)) {
    validator ??= createSchemaValidator(schema as object);
    diagnostics.push(...validator(loc.value, sourceMapOf(loc)));
  }
  const at = (path: Path, off?: number) => (off === undefined ? posOf(loc, path) : scalarPosOf(loc, path, off));
  const game = compileRuleset(loc.value, {
    error(path, message, off) {
      diagnostics.push({ ...at(path, off), message, severity: 'error' });
    },
    warning(path, message, off) {
      diagnostics.push({ ...at(path, off), message, severity: 'warning' });
    },
  });
  const errors = diagnostics.some((d) => d.severity === 'error');
  if (game && !errors) {
    for (const site of game.sites) {
      const p = at(site.path, site.at);
      site.where = `${p.file}:${p.line}:${p.col}`;
    }
    diagnostics.push(...dryRun(game, at, loc.value));
    if (options.readImage) diagnostics.push(...loadImages(game, loc.value, (p) => at(p), resolveRelative, options.readImage));
  }
  const failed = diagnostics.some((d) => d.severity === 'error');
  return { game: failed ? undefined : game ?? undefined, diagnostics: sortAndDedupe(diagnostics), value: loc.value, files: r.files };
}

/**
 * "ok" means the ruleset runs: every player count it allows is set up and played to its first decision
 * (deterministic set-up steps such as taking cards from the box do not depend on the seed), all of them
 * within DRY_RUN_WORK units of work (steps, list items, cards moved, payments searched), so that the check
 * itself stays quick. A set-up that stops on a broken rule is an error; a rule warning (a take asking for more
 * cards than there are) is reported at its place, with the player counts where it happens.
 */
function dryRun(g: Game, at: (path: Path, off?: number) => Omit<Diagnostic, 'message' | 'severity'>, root: unknown): Diagnostic[] {
  const out: Diagnostic[] = [];
  const warned = new Map<number, { message: string; counts: number[]; cell?: TableCell | null }>();
  // the check's work is bounded whatever the ruleset: its allowance is shared among the player counts
  const share = Math.floor(DRY_RUN_WORK / (g.maxPlayers - g.minPlayers + 1));
  for (let n = g.minPlayers; n <= g.maxPlayers; n++) {
    const s = withWorkAllowance(share, () => newGame(g, { players: n, seed: 'validate', warnings: true })).value;
    if (s.ended?.truncated) {
      const msg = s.ended.message ?? 'unknown';
      out.push({ ...at(stepPathOf(root, msg)), severity: 'error', message: `at ${n} players the game stops before its first decision: ${msg}` });
    }
    for (const [site, w] of s.warns ?? []) {
      const prev = warned.get(site);
      if (prev) prev.counts.push(n);
      else warned.set(site, { message: w.message, counts: [n], cell: w.cell });
    }
  }
  for (const [site, w] of warned) {
    const s = g.sites[site]!;
    const when = w.counts.length === g.maxPlayers - g.minPlayers + 1 ? 'at every player count' : `at ${w.counts.join(', ')} players`;
    // a count that came from a table is reported at the table's value (a variant's row, usually), naming the rule
    const cellPath = w.cell ? cellPathOf(root, w.cell) : null;
    if (cellPath && w.cell) out.push({ ...at(cellPath), severity: 'warning', message: `${w.cell.col} = ${JSON.stringify(w.cell.value)} ${when}: ${w.message}, at ${s.where ?? 'its rule'}` });
    else out.push({ ...at(s.path, s.at), severity: 'warning', message: `${w.message} (${when})` });
  }
  return out;
}

/** The step a stop message names ("phase/step: why", as the flow writes it), or the set-up. */
function stepPathOf(root: unknown, message: string): Path {
  const [phase, step] = message.split(':', 1)[0]!.split('/');
  const phases = (root as { phases?: unknown }).phases;
  if (!Array.isArray(phases)) return ['setup'];
  const pi = phases.findIndex((x) => x && typeof x === 'object' && (x as { id?: unknown }).id === phase);
  if (pi < 0) return ['setup'];
  const steps = (phases[pi] as { steps?: unknown }).steps;
  const si = Array.isArray(steps) ? steps.findIndex((x) => x && typeof x === 'object' && (x as { id?: unknown }).id === step) : -1;
  return si < 0 ? ['phases', pi] : ['phases', pi, 'steps', si];
}

/** Where a table cell is in the ruleset (after `extends`): tables[i].rows[j].col, or null. */
function cellPathOf(root: unknown, cell: TableCell): Path | null {
  const tables = (root as { tables?: unknown }).tables;
  if (!Array.isArray(tables)) return null;
  const ti = tables.findIndex((t) => t && typeof t === 'object' && (t as { id?: unknown }).id === cell.table);
  if (ti < 0) return null;
  const t = tables[ti] as { key?: unknown; rows?: unknown };
  const key = typeof t.key === 'string' ? t.key : 'id';
  if (!Array.isArray(t.rows)) return null;
  const ri = t.rows.findIndex((r) => r && typeof r === 'object' && Object.prototype.hasOwnProperty.call(r, key) && String((r as Record<string, unknown>)[key]) === cell.row);
  return ri < 0 ? null : ['tables', ti, 'rows', ri, cell.col];
}
