// The card-game fixtures (test/fixtures/games/): games written in the ruleset format from their published rules,
// loaded through the real loader (no error, no warning), then arranged and played step by step.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadRulesetText } from '../../engine/load/index.js';
import { formatDiagnostic } from '../../engine/load/diagnostics.js';
import type { Game } from '../../engine/model.js';
import { ROOT } from '../helpers/game.js';

export const fixturePath = (name: string) => resolve(ROOT, 'test/fixtures/games', `${name}.yaml`);

/** Every diagnostic the loader gives a fixture, errors and warnings alike, as `file:line:col: …` lines. */
export function diagnosticsOf(name: string): string[] {
  const r = loadRulesetText(fixturePath(name), readFileSync(fixturePath(name), 'utf8'));
  return r.diagnostics.map(formatDiagnostic);
}

const cache = new Map<string, Game>();
/** A fixture's game; it must load with no diagnostic at all. */
export function fixture(name: string): Game {
  let g = cache.get(name);
  if (!g) {
    const r = loadRulesetText(fixturePath(name), readFileSync(fixturePath(name), 'utf8'));
    if (!r.game || r.diagnostics.length) throw new Error(`${name} did not load cleanly:\n${r.diagnostics.map(formatDiagnostic).join('\n')}`);
    g = r.game;
    cache.set(name, g);
  }
  return g;
}
