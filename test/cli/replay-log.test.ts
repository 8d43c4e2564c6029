// `babelkit replay LOG.json --log --as N`: a saved game's log as seat N saw it, the same renderer as the playtest's
// log: no step path, no zone id (zones read by their names: "Player 2's hand", "the draw deck"). A Babel Builders
// round, word for word; Babel Builders, Babel On! and Bable games saved by greedy bots, line by line.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { babelkit, ROOT } from './run.js';
import { loadGame, rulesetPath } from '../helpers/game.js';

function savedGame(ruleset: string, players: number, seed: number): string {
  const dir = mkdtempSync(join(ROOT, 'tmp', 'replay-log-'));
  const r = babelkit('simulate', `rulesets/${ruleset}`, '--players', String(players), '--games', '1', '--seed', String(seed), '--bot', 'greedy', '--save-replay', relative(ROOT, dir));
  expect(r.code).toBe(0);
  return relative(ROOT, join(dir, readdirSync(dir)[0]!));
}

describe('replay --log', () => {
  it("prints a Babel Builders round as Player 1 saw it, word for word", () => {
    const log = babelkit('replay', savedGame('babel-builders.yaml', 5, 4), '--log', '--as', '1');
    expect(log.code).toBe(0);
    const lines = log.stdout.trimEnd().split('\n');
    const from = lines.indexOf('Player 5 is the first Master.');
    const to = lines.indexOf('Player 4 is the new Master.');
    expect(lines.slice(from, to + 1)).toEqual([
      'Player 5 is the first Master.',
      'Player 5 chose Player 1, Player 2, Player 3 (appoint)',
      'Player 5 appoints Player 1, Player 2, Player 3.',
      'Player 1 chose 2 blocks: B1/C1 (play)',
      "2 blocks: B1/C1: Player 1's hand → Player 1's card handed in",
      'Player 1 chose Storm (discard)',
      "Storm: Player 1's hand → Player 1's face-down discards",
      'Player 2 has chosen (play)',
      "a card: Player 2's hand → Player 2's card handed in",
      'Player 2 has chosen (discard)',
      "a card: Player 2's hand → Player 2's face-down discards",
      'Player 3 has chosen (play)',
      "a card: Player 3's hand → Player 3's card handed in",
      'Player 3 has chosen (discard)',
      "a card: Player 3's hand → Player 3's face-down discards",
      "2 blocks: B1/C1, 2 × a card: Player 1's card handed in, Player 2's card handed in, Player 3's card handed in → the Master's received cards",
      'Player 5 receives 3 cards.',
      "Storm: the Master's received cards → the removed cards",
      'Storm! Instruction cards have no effect this round.',
      'Player 5 chose a card (swap take)',
      'Player 5 chose a card (swap give)',
      "a card: the Master's received cards → Player 5's hand",
      "a card: Player 5's hand → the face-down removed cards",
      'Player 5 chose a card (next)',
      "2 blocks: B1/C1: the Master's received cards → the removed cards",
      'Player 5 reveals 2 blocks: B1/C1.',
      "3 blocks: A2, 3 blocks: B3: the draw deck → Player 1's hand",
      "2 × a card: the draw deck → Player 2's hand",
      "2 × a card: the draw deck → Player 3's hand",
      'Player 5 chose Player 4 (new master)',
      'Player 4 is the new Master.',
    ]);
  });

  for (const [ruleset, players] of [['babel-builders.yaml', 6], ['babel-on.yaml', 3], ['bable.yaml', 3]] as const) {
    it(`${ruleset}: a greedy game's log as Player 1 saw it has no step path and no zone id`, () => {
      const file = savedGame(ruleset, players, 8);
      const r = babelkit('replay', file, '--log', '--as', '1');
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const lines = r.stdout.trimEnd().split('\n');
      expect(lines.length).toBeGreaterThan(30);
      // a step path: "(round/select/play)"
      expect(lines.filter((l) => /\([\w-]+\/[\w-]/.test(l))).toEqual([]);
      // a zone id written in code style (roleDeck, wordDiscard …) where a person reads its name
      const ids = loadGame(rulesetPath(ruleset)).zones.map((z) => z.id).filter((id) => /[A-Z]/.test(id));
      // (Babel On!'s zone ids are plain words: box, bag, bonus, held, tower)
      expect(ids.length > 0).toBe(ruleset !== 'babel-on.yaml');
      expect(lines.filter((l) => ids.some((id) => new RegExp(`\\b${id}\\b`).test(l)))).toEqual([]);
      // everything, marked as such
      const all = babelkit('replay', file, '--log', '--as', 'all');
      expect(all.stdout.split('\n')[0]).toBe("(everything, every seat's hidden information included)");
      expect(all.stdout.split('\n').length).toBeGreaterThanOrEqual(lines.length);
    });
  }

  it('refuses a seat that is not in the game, and --as without --log', () => {
    const file = savedGame('bable.yaml', 3, 2);
    const bad = babelkit('replay', file, '--log', '--as', '7');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe("babelkit replay: --as takes a seat from 1 to 3 (Player 1 is 1) or all, got '7'\n");
    expect(babelkit('replay', file, '--as', '1').stderr).toBe('babelkit replay: --as goes with --log\n');
  });
});
