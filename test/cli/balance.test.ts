// The balance lab on the command line, through the real binary: simulate on several workers gives the very
// report of one; shards merged give the whole run's report; a range of player counts gives one report each;
// CSV rows; bots per seat; compare with its intervals and verdicts; and clear errors for bad arguments.

import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { babelkit, ROOT } from './run.js';
import { compareText } from '../../cli/compare.js';
import { loadGame } from '../helpers/game.js';

const BB = 'rulesets/babel-builders.yaml';
const STEEP = 'rulesets/variants/steep-tower.yaml';
const BABLE = 'rulesets/bable.yaml';

function json(...args: string[]) {
  const r = babelkit(...args);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

const withoutTiming = (j: Record<string, unknown>) => {
  const { seconds, gamesPerSecond, ...rest } = j;
  void seconds; void gamesPerSecond;
  return rest;
};

describe('babelkit simulate on every core, in shards', () => {
  it('--workers 1 and --workers 2 print the same report (timing aside)', () => {
    const args = ['simulate', BB, '--players', '6', '--games', '24', '--seed', '8', '--bot', 'greedy', '--json'];
    const one = json(...args, '--workers', '1');
    const two = json(...args, '--workers', '2');
    expect(withoutTiming(two)).toEqual(withoutTiming(one));
    expect(JSON.stringify(withoutTiming(two))).toBe(JSON.stringify(withoutTiming(one)));
    expect(one.range).toEqual([0, 24]);
    expect(one.seats).toEqual(Array(6).fill('greedy'));
  });

  it('two shards merged are the whole run, in either order; a missing or repeated shard is refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'babelkit-shards-'));
    const args = ['simulate', BABLE, '--players', '3', '--games', '31', '--seed', '4', '--json'];
    const whole = json(...args);
    const parts = [1, 2, 3].map((k) => {
      const f = join(dir, `shard-${k}.json`);
      const r = json(...args, '--shard', `${k}/3`);
      writeFileSync(f, JSON.stringify(r));
      return { f, r };
    });
    expect(parts.map((p) => p.r.range)).toEqual([[0, 10], [10, 20], [20, 31]]);
    expect(parts.reduce((n, p) => n + p.r.games, 0)).toBe(31);
    const merged = json('merge', parts[2]!.f, parts[0]!.f, parts[1]!.f);
    expect(JSON.stringify(withoutTiming(merged))).toBe(JSON.stringify(withoutTiming(whole)));

    const gap = babelkit('merge', parts[0]!.f, parts[2]!.f);
    expect(gap.code).toBe(1);
    expect(gap.stderr).toMatch(/games 10–19 are in no report \(a shard is missing\)/);
    const twice = babelkit('merge', parts[0]!.f, parts[0]!.f, parts[1]!.f, parts[2]!.f);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(/games 0–9 are in two reports/);
    const other = join(dir, 'other.json');
    writeFileSync(other, JSON.stringify(json('simulate', BABLE, '--players', '3', '--games', '10', '--seed', '5', '--shard', '2/2', '--json')));
    expect(babelkit('merge', parts[0]!.f, other).stderr).toMatch(/not of one batch: seed is 4 in one and 5 in another/);
    const junk = join(dir, 'junk.json');
    writeFileSync(junk, '{"games": 3}');
    expect(babelkit('merge', junk).stderr).toMatch(/junk\.json:1:1: error: not a simulate report: 'ruleset' is missing/);
  });

  it('--players 5-7 gives one report per count; --csv writes rows with intervals', () => {
    const dir = mkdtempSync(join(tmpdir(), 'babelkit-csv-'));
    const csv = join(dir, 'out.csv');
    const reps = json('simulate', BB, '--players', '5-7', '--games', '30', '--seed', '2', '--json', '--csv', csv);
    expect(reps.map((r: { players: number }) => r.players)).toEqual([5, 6, 7]);
    const lines = readFileSync(csv, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('ruleset,players,games,seed,seats,figure,key,count,value,low,high');
    const row = lines.find((l) => l.startsWith('babel-builders,6,30,2,') && l.includes(',outcome,messenger,'))!;
    const cells = row.split(',');
    expect(Number(cells[7])).toBe(reps[1].wins.messenger);
    expect(Number(cells[9])).toBeLessThanOrEqual(Number(cells[8]));
    expect(Number(cells[10])).toBeGreaterThanOrEqual(Number(cells[8]));
    expect(lines.filter((l) => l.includes(',seat wins,')).length).toBe(5 + 6 + 7);
    const table = babelkit('simulate', BB, '--players', '5-6', '--games', '10', '--seed', '2');
    expect(table.stdout.match(/^Babel Builders — 10 games, \d+ players/gm)).toHaveLength(2);
    expect(table.stdout).toMatch(/messenger\s+\d+\s+[\d.]+%\s+\([\d.]+–[\d.]+\)/);
  });

  it('--seats gives each seat its bot; winsBySeat counts each seat', () => {
    const r = json('simulate', BABLE, '--players', '3', '--games', '4', '--seed', '1', '--seats', 'ismcts:20,greedy,random', '--json');
    expect(r.seats).toEqual(['ismcts:20', 'greedy', 'random']);
    expect(r.winsBySeat).toHaveLength(3);
    expect(r.wins.builders + r.wins.none).toBe(4);
  });

  it('rejects bad arguments with a clear message', () => {
    const e = (...a: string[]) => babelkit('simulate', BB, '--games', '1', '--seed', '1', ...a).stderr;
    expect(e('--players', '5', '--bot', 'ismcts:0')).toMatch(/ismcts:N takes a whole number of iterations from 1 to 1000000/);
    expect(e('--players', '5', '--bot', 'clever')).toMatch(/'clever' is not a bot \(random, greedy, deduce, ismcts, guided, ahead, ismcts:N, guided:N or ahead:N\)/);
    expect(e('--players', '5', '--seats', 'greedy,random')).toMatch(/give one bot per seat \(5\), not 2/);
    expect(e('--players', '5', '--seats', 'greedy,random,x,random,random')).toMatch(/seat 3: 'x' is not a bot/);
    expect(e('--players', '5', '--bot', 'greedy', '--seats', 'greedy,greedy,greedy,greedy,greedy')).toMatch(/not both/);
    expect(e('--players', '7-5')).toMatch(/from the smaller count to the larger/);
    expect(e('--players', '4-6')).toMatch(/5–10 players, not 4/);
    expect(e('--players', '5', '--shard', '3/2')).toMatch(/--shard 3\/2: K goes from 1 to N/);
    expect(e('--players', '5', '--shard', 'half')).toMatch(/--shard is K\/N/);
    expect(e('--players', '5', '--workers', '0')).toMatch(/--workers must be between 1 and 256/);
    // the default number of workers may come from the environment; a bad one is named, not ignored
    const before = process.env.BABELKIT_WORKERS;
    process.env.BABELKIT_WORKERS = 'all';
    try {
      expect(e('--players', '5')).toMatch(/BABELKIT_WORKERS must be a whole number between 1 and 256, not 'all'/);
    } finally {
      if (before === undefined) delete process.env.BABELKIT_WORKERS; else process.env.BABELKIT_WORKERS = before;
    }
  });
});

describe('babelkit compare', () => {
  it('reports each rate with its interval, the paired difference with its interval, and a verdict', () => {
    const j = json('compare', BB, STEEP, '--players', '6', '--games', '50', '--seed', '1', '--bot', 'greedy', '--json');
    expect(j).toMatchObject({ players: 6, seed: 1, games: 50, base: { ruleset: 'babel-builders' }, variant: { ruleset: 'babel-builders-steep-tower' } });
    const arch = j.outcomes.find((o: { id: string }) => o.id === 'architects');
    for (const side of [arch.base, arch.variant]) {
      expect(side.rate).toBeCloseTo(side.count / 50, 12);
      expect(side.low).toBeLessThanOrEqual(side.rate);
      expect(side.high).toBeGreaterThanOrEqual(side.rate);
    }
    expect(arch.difference.value).toBeCloseTo(arch.variant.rate - arch.base.rate, 12);
    expect(arch.difference.low).toBeLessThanOrEqual(arch.difference.value);
    expect(arch.verdict).toMatch(/the Architect team wins [\d.]+ points (more|less) often in the variant, 95% CI -?[\d.]+ to -?[\d.]+/);
    // the two runs are the simulate reports of each ruleset on the same seeds
    const base = json('simulate', BB, '--players', '6', '--games', '50', '--seed', '1', '--bot', 'greedy', '--json');
    expect(withoutTiming(j.reports.base)).toEqual(withoutTiming(base));
    expect(j.endings.map((e: { id: string }) => e.id)).toEqual(expect.arrayContaining(['seal-success', 'deck-exhausted']));
    expect(j.actionsPerGame.base.mean).toBeCloseTo(base.actionsPerGame.mean, 1);
    // every verdict is corrected for the lines compared; a team that (almost) never wins is flagged
    expect(j.lines).toBeGreaterThanOrEqual(6);
    for (const o of [...j.outcomes, ...j.endings]) expect(typeof o.p).toBe('number');
    const text = babelkit('compare', BB, STEEP, '--players', '6', '--games', '50', '--seed', '1');
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/50 games each, 6 players, seed 1/);
    expect(text.stdout).toMatch(/In words \(each verdict corrected for the \d+ lines compared/);
    expect(text.stdout).toMatch(/Warnings\n {2}! the Architect team wins never or almost never \(\d+ of 50 games of the base, \d+ of the variant\): at the floor, a change of the rules cannot show in this rate; read the endings instead/);
  });

  it('--check-bot compares again with another bot and says where the verdicts differ; scores by seat', () => {
    // 7 Wonders with random seats against its Grand Projects variant: a 'projects' score only the variant has
    const SW = 'rulesets/7-wonders.yaml', PROJ = 'rulesets/variants/7-wonders-babel-projects.yaml';
    const j = json('compare', SW, PROJ, '--players', '3', '--games', '12', '--seed', '2', '--check-bot', 'greedy', '--workers', '1', '--json');
    expect(j.seatScores.map((x: { seat: number }) => x.seat)).toEqual([0, 1, 2]);
    for (const x of j.seatScores) expect(x.difference.value).toBeCloseTo(x.variant.mean - x.base.mean, 9);
    expect(j.checkBot.bot).toBe('greedy');
    expect(j.checkBot.agree).toBe(j.checkBot.changes.length === 0);
    // the terminal's text of that very report (the command's text path is run by the test above)
    const text = { stdout: compareText(j, loadGame(join(ROOT, SW)), loadGame(join(ROOT, PROJ))) };
    expect(text.stdout).toMatch(/Score by seat\n.*\n {2}seat 1 \(random\)/);
    // with 12 games at seed 2, greedy and random read the Grand Projects variant differently (game length, mean
    // score): the warning lists those lines
    expect(j.checkBot.agree).toBe(false);
    expect(j.checkBot.changes).toContainEqual({ line: 'game length', first: 'no clear difference', second: 'higher in the variant' });
    expect(text.stdout).toMatch(j.checkBot.agree ? /Checked with greedy in every seat \(the same 12 games\): the verdicts agree\./ : /Warning: with greedy in every seat \(the same 12 games\) the verdict differs on \d+ lines?:\n {2}! /);
    expect(babelkit('compare', SW, PROJ, '--players', '3', '--games', '4', '--seed', '2', '--check-bot', 'smart').stderr).toMatch(/--check-bot: 'smart' is not a bot/);
  }, 300_000);

  it('--until plays on in rounds of 500 until the intervals are that narrow, or --games', () => {
    const j = json('compare', BABLE, 'rulesets/variants/bable-advanced.yaml', '--players', '2', '--games', '1500', '--seed', '3', '--until', '0.5', '--json');
    expect(j.games).toBe(500);
    expect(j.until).toEqual({ width: 0.5, reached: true });
    const capped = json('compare', BABLE, 'rulesets/variants/bable-advanced.yaml', '--players', '2', '--games', '700', '--seed', '3', '--until', '0.001', '--json');
    expect(capped.games).toBe(700);
    expect(capped.until).toEqual({ width: 0.001, reached: false });
    expect(babelkit('compare', BB, STEEP, '--players', '6', '--games', '9', '--seed', '1', '--until', '2').stderr).toMatch(/--until is a half-width between 0 and 1/);
    expect(babelkit('compare', BB, '--players', '6', '--games', '9', '--seed', '1').stderr).toMatch(/give two ruleset files/);
  });
});
