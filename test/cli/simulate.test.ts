// `babelkit simulate` and `babelkit replay` through the real binary.

import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { babelkit } from './run.js';

const BB = 'rulesets/babel-builders.yaml';

function sim(...extra: string[]) {
  const r = babelkit('simulate', BB, ...extra, '--json');
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

const withoutTiming = (j: Record<string, unknown>) => {
  const { seconds, gamesPerSecond, ...rest } = j;
  void seconds; void gamesPerSecond;
  return rest;
};

describe('babelkit simulate', () => {
  for (const bot of ['random', 'greedy']) {
    it(`reports wins and endings that each sum to the games played (${bot}, 5 and 10 players)`, () => {
      for (const players of ['5', '10']) {
        const j = sim('--players', players, '--games', '30', '--seed', '1', '--bot', bot);
        const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
        expect(j).toMatchObject({ games: 30, players: Number(players), seed: 1, truncated: 0 });
        expect(sum(j.wins)).toBe(30);
        expect(sum(j.endings)).toBe(30);
        expect(Object.keys(j.endings)).toEqual(['seal-success', 'punishment-executed', 'deck-exhausted', 'punishment-confirmed']);
        expect(j.actionsPerGame.mean).toBeGreaterThan(10);
        expect(j.actionsPerGame.max).toBeGreaterThanOrEqual(j.actionsPerGame.mean);
        expect(j.gamesPerSecond).toBeGreaterThan(0);
      }
    });
  }

  it('gives identical results (timing aside) for the same arguments, different ones for another seed', () => {
    const a = sim('--players', '7', '--games', '15', '--seed', '42', '--bot', 'greedy');
    const b = sim('--players', '7', '--games', '15', '--seed', '42', '--bot', 'greedy');
    expect(withoutTiming(b)).toEqual(withoutTiming(a));
    const c = sim('--players', '7', '--games', '15', '--seed', '43', '--bot', 'greedy');
    expect(c.actionsPerGame).not.toEqual(a.actionsPerGame);
  });

  it('prints a readable table without --json', () => {
    const r = babelkit('simulate', BB, '--players', '6', '--games', '20', '--seed', '3');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Babel Builders — 20 games, 6 players, seed 3, random bots/);
    expect(r.stdout).toMatch(/deck-exhausted\s+\d+\s+[\d.]+%/);
    expect(r.stdout).toMatch(/Truncated \(step limit\)\s+0/);
  });

  it('rejects bad arguments with a clear message', () => {
    expect(babelkit('simulate', BB, '--players', '4', '--games', '1', '--seed', '1').stderr).toMatch(/5–10 players, not 4/);
    expect(babelkit('simulate', BB, '--players', '5', '--games', '1', '--seed', '1', '--bot', 'clever').stderr).toMatch(/--bot: 'clever' is not a bot \(random, greedy, deduce, ismcts, guided, ahead, ismcts:N, guided:N or ahead:N\)/);
    expect(babelkit('simulate', BB, '--players', '5', '--games', 'ten', '--seed', '1').stderr).toMatch(/--games needs a whole number/);
    expect(babelkit('simulate', BB, '--players', '5', '--seed', '1').stderr).toMatch(/--games is required/);
    expect(babelkit('simulate', BB, '--players', '5', '--games', '1', '--seed', '1', '--fast').stderr).toMatch(/unknown option --fast/);
    const opt = babelkit('simulate', BB, '--players', '5', '--games', '1', '--seed', '1', '--option', 'handSize=three');
    expect(opt.code).toBe(2);
    expect(opt.stderr).toMatch(/option handSize is a number/);
  });

  it('applies ruleset options', () => {
    const a = sim('--players', '5', '--games', '30', '--seed', '9');
    const b = sim('--players', '5', '--games', '30', '--seed', '9', '--option', 'handSize=4');
    expect(b.actionsPerGame).not.toEqual(a.actionsPerGame);
  });

  it('saves replays that `babelkit replay` reproduces, and rejects a tampered one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'babelkit-replays-'));
    const r = babelkit('simulate', BB, '--players', '5', '--games', '3', '--seed', '5', '--bot', 'greedy', '--save-replay', dir, '--json');
    expect(r.code).toBe(0);
    const files = readdirSync(dir).sort();
    expect(files).toEqual(['game-1.json', 'game-2.json', 'game-3.json']);
    for (const f of files) {
      const ok = babelkit('replay', join(dir, f));
      expect(ok.stderr).toBe('');
      expect(ok.code).toBe(0);
      expect(ok.stdout).toMatch(/reproduces — \d+ actions, ending deck-exhausted|reproduces — \d+ actions, ending/);
    }
    const rp = JSON.parse(readFileSync(join(dir, files[0]!), 'utf8'));
    rp.actions[3].choice = [rp.actions[3].choice[0] === 0 ? 1 : 0];
    const bad = join(dir, 'tampered.json');
    writeFileSync(bad, JSON.stringify(rp));
    const t = babelkit('replay', bad);
    expect(t.code).toBe(1);
    expect(t.stderr).toMatch(/action \d+|differs/);
  });

  it('rejects a replay file of the wrong shape, and a --save-replay path that is a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'babelkit-bad-replays-'));
    const noActions = join(dir, 'no-actions.json');
    writeFileSync(noActions, JSON.stringify({ format: 'babelkit-replay/1', ruleset: { id: 'x', hash: 'y', file: '../x.yaml' }, seed: 1, players: 5 }));
    const r = babelkit('replay', noActions);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no-actions\.json:1:1: error: not a babelkit replay: 'actions' must be a list/);
    const notJson = join(dir, 'broken.json');
    writeFileSync(notJson, '{ "format": ');
    expect(babelkit('replay', notJson).stderr).toMatch(/broken\.json:1:1: error: cannot read the replay/);
    const asFile = join(dir, 'a-file');
    writeFileSync(asFile, 'x');
    const s = babelkit('simulate', BB, '--players', '5', '--games', '1', '--seed', '1', '--save-replay', asFile);
    expect(s.code).toBe(2);
    expect(s.stderr).toMatch(/--save-replay needs a folder/);
  });
});

describe('simulate reports rule warnings', () => {
  it('a deal asking for more cards than exist is counted, with its place, in games and times, alike on one or two workers', () => {
    const f = 'test/fixtures/short-deal.yaml';
    const run = (workers: string) => {
      const r = babelkit('simulate', f, '--players', '3', '--games', '50', '--seed', '1', '--workers', workers, '--json');
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout);
    };
    const one = run('1');
    // a seat asks for 1 or 3 cards each: 3 each for 3 players is 9 of the 6 chips
    expect(one.warnings).toHaveLength(1);
    expect(one.warnings[0].where).toBe(`${f}:32:19`);
    expect(one.warnings[0].message).toMatch(/a deal of 3 each to 3 players ran out after 6 cards/);
    expect(one.warnings[0].games).toBe(one.warnings[0].times);
    expect(one.warnings[0].games).toBeGreaterThan(10);
    expect(one.warnings[0].games).toBeLessThan(50);
    expect(run('2').warnings).toEqual(one.warnings);
    const text = babelkit('simulate', f, '--players', '3', '--games', '50', '--seed', '1');
    expect(text.stdout).toContain(`${f}:32:19: a deal of 3 each`);
  });
});
