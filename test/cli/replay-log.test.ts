// `babelkit replay LOG.json --log --as N`: a saved game's log as seat N saw it, the same renderer as the playtest's
// log: no step path, no zone id (zones read by their names: "Player 2's hand", "the draw deck"). A Babel Builders
// round, word for word; Babel Builders, Babel On! and Bable games saved by greedy bots, line by line.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { babelkit, ROOT } from './run.js';
import { loadGame, rulesetPath } from '../helpers/game.js';

const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

function savedGame(ruleset: string, players: number, seed: number): string {
  mkdirSync(join(ROOT, 'tmp'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, 'tmp', 'replay-log-'));
  made.push(dir);
  const r = babelkit('simulate', `rulesets/${ruleset}`, '--players', String(players), '--games', '1', '--seed', String(seed), '--bot', 'greedy', '--save-replay', relative(ROOT, dir));
  expect(r.code).toBe(0);
  return relative(ROOT, join(dir, readdirSync(dir)[0]!));
}

describe('replay --log', () => {
  it('prints the setup and three Babel Builders rounds as Player 1 saw them, word for word', () => {
    const log = babelkit('replay', savedGame('babel-builders.yaml', 5, 4), '--log', '--as', '1');
    expect(log.code).toBe(0);
    const lines = log.stdout.trimEnd().split('\n');
    const to = lines.indexOf('Player 1 is the new Master.');
    expect(lines.slice(0, to + 1)).toEqual([
      // the setup in a few lines: the ruleset's own words, the moves quiet
      'Roles are dealt face down: the Messenger of God and 4 Architects.',
      'You are now: Architect',
      'The blueprint in play: Blueprint 3.',
      'Each player is dealt 3 cards; one Divine Punishment card is among them.',
      "Player 1's hand: 2 blocks: A3/B3, Storm, 2 blocks: B1/C1.",
      'Player 5 is the first Master.',
      // a round separator (a heading), then one line per event
      '── Round 1 ──',
      'Player 5 appoints Player 1, Player 2, Player 3.',
      'Player 1 hands 2 blocks: B1/C1 to the Master face down.',
      'Player 1 discards Storm face down.',
      'Player 2 hands a card to the Master face down.',
      'Player 2 discards a card face down.',
      'Player 3 hands a card to the Master face down.',
      'Player 3 discards a card face down.',
      'Player 5 receives 3 cards, shuffled.',
      'Storm is revealed! Instruction cards have no effect this round.',
      'Player 5 takes a card into their hand and gives up a card.',
      'Player 5 reveals 2 blocks: B1/C1.',
      'Player 1 draws 3 blocks: A2, 3 blocks: B3.',
      'Player 2 draws 2 cards.',
      'Player 3 draws 2 cards.',
      'Player 4 is the new Master.',
      '── Round 2 ──',
      'Player 4 appoints Player 1, Player 2, Player 5.',
      'Player 1 hands 3 blocks: B3 to the Master face down.',
      'Player 1 discards 3 blocks: A2 face down.',
      'Player 2 hands a card to the Master face down.',
      'Player 2 discards a card face down.',
      'Player 5 hands a card to the Master face down.',
      'Player 5 discards a card face down.',
      'Player 4 receives 3 cards, shuffled.',
      'Storm is revealed! Instruction cards have no effect this round.',
      'Player 4 takes a card into their hand and gives up a card.',
      'Player 4 reveals 1 block: A1/A2/A3.',
      'Player 1 draws 3 blocks: B1, Lightning.',
      'Player 2 draws 2 cards.',
      'Player 5 draws 2 cards.',
      'Player 5 is the new Master.',
      '── Round 3 ──',
      'Player 5 appoints Player 1, Player 2, Player 4.',
      'Player 1 hands 3 blocks: B1 to the Master face down.',
      'Player 1 discards Lightning face down.',
      'Player 2 hands a card to the Master face down.',
      'Player 2 discards a card face down.',
      'Player 4 hands a card to the Master face down.',
      'Player 4 discards a card face down.',
      'Player 5 receives 3 cards, shuffled.',
      'Player 5 takes a card into their hand and gives up a card.',
      'Player 5 reveals Seal.',
      // one line per reveal: the cell the Master then chose continues it
      'Player 5 reveals 3 blocks: B1. 3 blocks on B1.',
      'Player 1 draws Seal, Lightning.',
      'Player 2 draws 2 cards.',
      'Player 4 draws 2 cards.',
      'Player 1 is the new Master.',
    ]);
    // the Master of round 1 reads the same round with the cards of the swap named
    const master = babelkit('replay', savedGame('babel-builders.yaml', 5, 4), '--log', '--as', '5').stdout.split('\n');
    expect(master).toContain('Player 5 takes 2 blocks: A1/B1 into their hand and gives up 3 blocks: C2.');
    expect(master).toContain("Player 5's hand: Divine Punishment, 1 block: A1/A2/A3, 3 blocks: C2.");
    expect(master).not.toContain("Player 1's hand: 2 blocks: A3/B3, Storm, 2 blocks: B1/C1.");
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

describe('replay: the result of a game decided by scores', () => {
  it('names the winning player of a 7 Wonders game (not "winner null"), as simulate counts it', () => {
    const file = savedGame('7-wonders.yaml', 3, 5);
    const r = babelkit('replay', file);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/: reproduces — \d+ actions, ending final, (winner Player [1-3]|winners Player [1-3]( \+ Player [1-3])+)\n$/);
    const sim = JSON.parse(babelkit('simulate', 'rulesets/7-wonders.yaml', '--players', '3', '--games', '1', '--seed', '5', '--bot', 'greedy', '--json').stdout);
    const outcome = Object.keys(sim.wins).find((k) => sim.wins[k] === 1)!;
    expect(r.stdout).toContain(`, winner${outcome.includes('+') ? 's' : ''} ${outcome}\n`);
  });
});
