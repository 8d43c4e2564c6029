// `babelkit tune` and `compare --restrict` as a designer runs them, on the coin-flip fixture (Heads wins
// 0.5 × bias/100 + 0.25 of random games; a seat that never takes the fair coin wins bias/100):
//  - tune writes the winner as a variant that extends the ruleset and loads; the JSON report gives the best
//    settings with intervals and the settings ruled out with reasons; the same with one worker or two;
//  - bad --tune, --target and --restrict get a clear usage error (exit 2), naming what is wrong;
//  - compare with the same file on both sides and --restrict on the variant's side shows the restriction's effect.

import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { babelkit } from './run.js';

const COIN = 'test/fixtures/tune/coin-flip.yaml';

describe('babelkit tune', () => {
  it('finds the bias, reports intervals and what it ruled out, writes a variant that loads; workers do not change it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bk-tune-'));
    const run = (workers: string, out: string) => babelkit('tune', COIN, '--players', '2', '--target', 'heads=0.6', '--budget', '1200', '--seed', '4', '--workers', workers, '--out', join(dir, out), '--json');
    const r1 = run('1', 'one.yaml');
    expect(r1.code, r1.stderr).toBe(0);
    const j = JSON.parse(r1.stdout);
    expect(j.method).toBe('successive halving');
    expect(j.played).toBeLessThanOrEqual(1200);
    expect(j.tunables[0].id).toBe('bias');
    expect(j.best[0].status).toBe('best');
    expect(Math.abs(j.best[0].values[0] - 70)).toBeLessThanOrEqual(10);
    expect(j.best[0].measures[0].low).toBeLessThanOrEqual(j.best[0].measures[0].value);
    expect(j.ruledOut.length).toBeGreaterThan(10);
    expect(j.ruledOut[0].why).toMatch(/^round \d of \d, after \d+ games: the win rate of the Heads/);
    const text = readFileSync(join(dir, 'one.yaml'), 'utf8');
    expect(text).toMatch(/^extends: ".*test\/fixtures\/tune\/coin-flip\.yaml"$/m);
    expect(text).toContain(`- { id: bias, default: ${j.best[0].values[0]} }`);
    expect(text).toMatch(/^# Measured over \d+ games: heads /m);
    const v = babelkit('validate', join(dir, 'one.yaml'));
    expect(v.code, v.stderr).toBe(0);
    const r2 = run('2', 'one.yaml');
    expect(r2.code, r2.stderr).toBe(0);
    const strip = (x: Record<string, unknown>) => ({ ...x, seconds: 0 });
    expect(strip(JSON.parse(r2.stdout))).toEqual(strip(j));
    // the text report names the best value, the ruled out ones and the file written
    const t = babelkit('tune', COIN, '--players', '2', '--target', 'heads=0.6', '--budget', '300', '--workers', '1', '--out', join(dir, 'two.yaml'));
    expect(t.code, t.stderr).toBe(0);
    expect(t.stdout).toMatch(/Best settings[\s\S]*bias = \d+ +heads \d+\.\d% \(\d+\.\d% to \d+\.\d%\)[\s\S]*← best/);
    expect(t.stdout).toMatch(/Ruled out \(\d+\)/);
    expect(t.stdout).toContain(`Wrote ${join(dir, 'two.yaml')}`);
  });

  it('bad arguments: a clear usage error', () => {
    const bad = (args: string[], message: RegExp) => {
      const r = babelkit('tune', COIN, '--players', '2', '--budget', '100', ...args);
      expect(r.code, r.stdout).toBe(2);
      expect(r.stderr).toMatch(message);
    };
    bad(['--target', 'heads=0.5', '--tune', 'nothing'], /declares no tunable 'nothing'/);
    bad(['--target', 'heads=0.5', '--tune', 'bias=9..1'], /has no values/);
    bad(['--target', 'nobody=0.5'], /'nobody' is not a measure/);
    bad(['--target', 'heads=0.5', '--restrict', "1:never=it.act == 'tile'"], /fits none of the game's decisions/);
    bad(['--target', 'heads=0.5', '--tune', 'bias=0..100:50', '--budget', '2'], /too small/);
    const r = babelkit('tune', COIN, '--players', '2', '--budget', '100');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--target is required/);
  });
});

describe('babelkit compare --restrict (restricted play)', () => {
  it('the same file on both sides, seat 1 never taking the fair coin: it wins about 15 points more (80% against 65%)', () => {
    const r = babelkit('compare', COIN, COIN, '--players', '2', '--games', '1500', '--seed', '1', '--option', 'bias=80', '--restrict', "1:never=it == 'fair'", '--workers', '1', '--json');
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.restrict.variant).toEqual(["1:never=it == 'fair'"]);
    expect(j.restrict.variantGames).toBe(1500);
    expect(j.restrict.baseGames).toBe(0);
    const heads = j.outcomes.find((o: { id: string }) => o.id === 'heads');
    expect(heads.difference.low).toBeGreaterThan(0.05);
    expect(heads.difference.high).toBeGreaterThan(0.15);
    expect(heads.difference.low).toBeLessThan(0.15);
    const t = babelkit('compare', COIN, COIN, '--players', '2', '--games', '50', '--seed', '1', '--restrict', "1:never=it == 'fair'", '--workers', '1');
    expect(t.stdout).toContain("Restricted in the variant's games: 1:never=it == 'fair' — options taken away at 50 decisions, in 50 of 50 games");
  });
});
