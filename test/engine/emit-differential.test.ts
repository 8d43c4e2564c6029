// The closures are the reference of the safe emitter (engine/expr/emit.ts): every bundled ruleset, the test
// rulesets, the costly files of bench/hostile-rulesets.ts and a slice of random mutants (bench/fuzz-core.ts) are
// loaded twice, with the emitter on and off, and played with the same seeds by the random and the greedy bot
// (warnings kept, so the sites they cite must agree too): same actions, same ending, same state hash.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadRulesetText } from '../../engine/load/index.js';
import type { Game } from '../../engine/model.js';
import { playout, type BotKind } from '../../engine/sim/playout.js';
import { stateHash } from '../../engine/replay.js';
import { emitSettings, emitStats } from '../../engine/expr/emit.js';
import { mutate, mutationsArb, playersFor } from '../../bench/fuzz-core.js';
import { HOSTILE } from '../../bench/hostile-rulesets.js';
import { ROOT } from '../helpers/game.js';

const read = (p: string) => { try { return readFileSync(p, 'utf8'); } catch { return undefined; } };
const yamls = (dir: string) => readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.yaml')).map((f) => join(ROOT, dir, f));
const BUNDLED = [...yamls('rulesets'), ...yamls('rulesets/variants')];
const TEST_RULESETS = [...yamls('test/fixtures'), ...yamls('test/fixtures/games')];

function load(file: string, text: string, emit: boolean): Game | undefined {
  const before = emitSettings.on;
  emitSettings.on = emit;
  try {
    return loadRulesetText(file, text, read).game;
  } finally {
    emitSettings.on = before;
  }
}

/** What a game played to its end shows: its actions, how it ended, its final state. */
function play(g: Game, players: number, seed: string, bot: BotKind, steps: number): string {
  const own = g.maxSteps;
  g.maxSteps = Math.min(own, steps);
  try {
    const r = playout(g, { players, seed, bot, record: true, warnings: true });
    return JSON.stringify({ actions: r.recorded, outcome: r.outcome, ending: r.ending, truncated: r.truncated, message: r.message, hash: stateHash(r.state), warns: r.state.warns });
  } catch (e) {
    return `threw: ${(e as Error).message}`;
  } finally {
    g.maxSteps = own;
  }
}

/** Plays the text both ways at the given player counts; the games must agree. Whether it loaded. */
function same(file: string, text: string, counts: (g: Game) => number[], games: { bot: BotKind; seeds: number; steps: number }[]): boolean {
  const on = load(file, text, true), off = load(file, text, false);
  expect(!!on).toBe(!!off);
  if (!on || !off) return false;
  for (const n of counts(off)) {
    for (const { bot, seeds, steps } of games) {
      for (let i = 0; i < seeds; i++) {
        const seed = `emit-${bot}-${i}`;
        expect(play(on, n, seed, bot, steps), `${file}, ${n} players, ${bot}, ${seed}`).toBe(play(off, n, seed, bot, steps));
      }
    }
  }
  return true;
}

const ends = (g: Game) => [...new Set([g.minPlayers, g.maxPlayers])];
// the random bot's games (up to 20,000 steps: Babel On!'s random play seldom ends sooner) run the flow both ways, the
// greedy bot's first decisions the bots' side (lookahead, definition cache)
const GAMES = [{ bot: 'random' as BotKind, seeds: 1, steps: 20_000 }, { bot: 'greedy' as BotKind, seeds: 1, steps: 12 }];

describe('emitted expressions play exactly as the closures do', () => {
  const built0 = emitStats.built;
  afterAll(() => {
    // the emitter really ran (a test of two closure runs would pass as well)
    expect(emitStats.built - built0).toBeGreaterThan(100);
  });

  it.each(BUNDLED.map((f) => [f.slice(ROOT.length + 1), f]))('%s', (_, file) => {
    // a variant's bots run much as its base's: the random bot's whole games suffice there
    expect(same(file, readFileSync(file, 'utf8'), ends, file.includes('/variants/') ? GAMES.slice(0, 1) : GAMES)).toBe(true);
  }, 120_000);

  it('the test rulesets and the costly files of the fuzz campaign', () => {
    for (const file of TEST_RULESETS) same(file, readFileSync(file, 'utf8'), ends, GAMES);
    for (const name of Object.keys(HOSTILE)) same(`${name}.yaml`, HOSTILE[name]!(20), (g) => [g.minPlayers], [{ bot: 'random', seeds: 1, steps: 3000 }]);
  }, 120_000);

  it('random mutants of the bundled rulesets', () => {
    const bases = BUNDLED.filter((f) => !f.includes('/variants/'));
    let i = 0, loaded = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: bases.length - 1 }), mutationsArb, (b, ms) => {
        const file = bases[b]!;
        const n = playersFor(i++);
        if (same(file, mutate(readFileSync(file, 'utf8'), ms), (g) => [n(g)], [{ bot: 'random', seeds: 1, steps: 1000 }])) loaded++;
      }),
      { seed: 20261129, numRuns: 20 },
    );
    expect(loaded).toBeGreaterThan(1);
  }, 120_000);
});
