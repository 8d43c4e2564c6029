// Helpers for the tests of single words of the language (test/words/): load a ruleset text through the real
// loader, read its diagnostics as `file:line:col: severity: message` lines, read variables by name.

import { loadRulesetText } from '../../engine/load/index.js';
import { formatDiagnostic } from '../../engine/load/diagnostics.js';
import type { Game, State } from '../../engine/model.js';

export interface Loaded { game: Game | undefined; errors: string[]; warnings: string[] }

export function loadText(text: string, file = 'words.yaml'): Loaded {
  const r = loadRulesetText(file, text);
  return {
    game: r.game,
    errors: r.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic),
    warnings: r.diagnostics.filter((d) => d.severity === 'warning').map(formatDiagnostic),
  };
}

/** Loads a ruleset that must load without any error or warning. */
export function loadClean(text: string): Game {
  const r = loadText(text);
  if (!r.game || r.errors.length || r.warnings.length) throw new Error(`ruleset did not load cleanly:\n${[...r.errors, ...r.warnings].join('\n')}`);
  return r.game;
}

/** A variable's value by its id (a per-player variable: the list of every seat's value). */
export function varOf(s: State, g: Game, id: string): any {
  const i = g.vars.findIndex((v) => v.id === id);
  if (i < 0) throw new Error(`no variable '${id}'`);
  return s.vars[i];
}

/** The 1-based line of the first line of `text` containing `needle` (for located-error checks). */
export function lineOf(text: string, needle: string): number {
  const i = text.split('\n').findIndex((l) => l.includes(needle));
  if (i < 0) throw new Error(`'${needle}' is not in the text`);
  return i + 1;
}
