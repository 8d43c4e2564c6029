// Score categories on the command line, through the real binary: a designer's first Babel question ("how many
// points does the tower add; does military matter less?") answered outside --json. `simulate` prints each
// category's mean per seat with its interval and writes it as CSV rows; shards merge into the whole run's
// figures; `compare` gives each category of either ruleset, the paired difference and its interval.

import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { babelkit } from './run.js';

const BASE = 'rulesets/7-wonders.yaml';
const BABEL = 'rulesets/variants/7-wonders-babel.yaml';
const NAMES: Record<string, string> = {
  military: 'Military conflicts', treasury: 'Treasury', wonder: 'Wonder', civilian: 'Civilian structures', science: 'Scientific structures',
  commercial: 'Commercial structures', guilds: 'Guilds', tower: 'Tower of Babel', projects: 'Grand Projects',
};
const BASE_IDS = ['military', 'treasury', 'wonder', 'civilian', 'science', 'commercial', 'guilds'];

function json(...args: string[]) {
  const r = babelkit(...args);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

describe('score categories in simulate and compare', () => {
  it('simulate: the text and the CSV give every category, as the JSON counts it; shards merge to the same figures', () => {
    const dir = mkdtempSync(join(tmpdir(), 'babelkit-categories-'));
    const run = ['simulate', BABEL, '--players', '3', '--games', '20', '--seed', '4', '--workers', '1'];
    const csvFile = join(dir, 'out.csv');
    const text = babelkit(...run, '--csv', csvFile);
    expect(text.code).toBe(0);
    const whole = json(...run, '--json');
    const means = whole.scores.categories as Record<string, number>;
    expect(Object.keys(means)).toEqual(Object.keys(NAMES));

    // the text: one line per category, by its name, with the mean per seat and its interval
    const lines = text.stdout.split('\n');
    const head = lines.indexOf('Score by category                per seat  (95% interval)');
    expect(head).toBeGreaterThan(0);
    Object.entries(means).forEach(([id, mean], k) => {
      const line = lines[head + 1 + k]!;
      expect(line.startsWith(`  ${NAMES[id]}`), line).toBe(true);
      const m = /(−?[\d.]+)  \((−?[\d.]+)(?:–| to )(−?[\d.]+)\)$/.exec(line)!;
      const [v, lo, hi] = m.slice(1).map((x) => Number(x.replace('−', '-')));
      expect(v).toBeCloseTo(mean, 1);
      expect(lo).toBeLessThanOrEqual(v!);
      expect(hi).toBeGreaterThanOrEqual(v!);
    });

    // the CSV: a 'score category' row each, the mean per seat over the games scored, with its interval
    const rows = readFileSync(csvFile, 'utf8').trimEnd().split('\r\n').map((l) => l.split(','));
    const cat = rows.filter((r) => r[5] === 'score category');
    expect(cat.map((r) => r[6])).toEqual(Object.keys(NAMES));
    for (const r of cat) {
      expect(r[7]).toBe('20');
      expect(Number(r[8])).toBeCloseTo(means[r[6]!]!, 1);
      expect(Number(r[9])).toBeLessThanOrEqual(Number(r[8]));
      expect(Number(r[10])).toBeGreaterThanOrEqual(Number(r[8]));
    }
    // the tower gives 2, 5 or 10 points: a mean per seat never above 10
    expect(Number(cat.find((r) => r[6] === 'tower')![8])).toBeLessThanOrEqual(10);

    // shards: the category sums merge exactly into the whole run's
    const parts = [1, 2].map((k) => {
      const f = join(dir, `shard-${k}.json`);
      writeFileSync(f, JSON.stringify(json(...run, '--json', '--shard', `${k}/2`)));
      return f;
    });
    const merged = json('merge', parts[1]!, parts[0]!);
    expect(merged.totals.scoreSquaredByCategory).toEqual(whole.totals.scoreSquaredByCategory);
    expect(merged.scores.categories).toEqual(means);
    // a report without the sums of squares (an older babelkit's) is refused, not merged into wrong intervals
    const old = JSON.parse(readFileSync(parts[0]!, 'utf8'));
    delete old.totals.scoreSquaredByCategory;
    writeFileSync(parts[0]!, JSON.stringify(old));
    const refused = babelkit('merge', parts[0]!, parts[1]!);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/has no scoreSquaredByCategory \(a report of an older babelkit/);
  });

  it('compare: every category of either ruleset, each run\'s points per seat, the difference and its interval', () => {
    const args = ['compare', BASE, BABEL, '--players', '3', '--games', '20', '--seed', '4', '--workers', '1'];
    const j = json(...args, '--json');
    expect(j.categories.map((c: { id: string }) => c.id)).toEqual(Object.keys(NAMES));
    for (const c of j.categories) {
      expect(c.name).toBe(NAMES[c.id]);
      const inBase = BASE_IDS.includes(c.id);
      // the runs' means are the simulate reports' categories; one the base lacks is 0 there
      if (inBase) expect(c.base.mean).toBeCloseTo(j.reports.base.scores.categories[c.id], 1);
      else expect(c.base).toBeNull();
      expect(c.variant.mean).toBeCloseTo(j.reports.variant.scores.categories[c.id], 1);
      expect(c.difference.value).toBeCloseTo(c.variant.mean - (inBase ? c.base.mean : 0), 9);
      expect(c.difference.low).toBeLessThanOrEqual(c.difference.value);
      expect(c.difference.high).toBeGreaterThanOrEqual(c.difference.value);
      // the verdict names the category; a difference is clear only after correcting for every line compared
      expect(c.verdict).toMatch(new RegExp(`^(no clear difference[^:]*: )?${NAMES[c.id]} is [0-9.]+ points per seat (higher|lower) in the variant, 95% CI `));
    }
    const text = babelkit(...args);
    expect(text.code).toBe(0);
    const lines = text.stdout.split('\n');
    const head = lines.indexOf('Score by category, points per seat');
    expect(head).toBeGreaterThan(0);
    for (const [k, c] of (j.categories as { id: string; difference: { value: number } }[]).entries()) {
      const line = lines[head + 2 + k]!;
      expect(line.startsWith(`  ${NAMES[c.id]}`), line).toBe(true);
      const d = c.difference.value;
      expect(line).toContain(`${d >= 0 ? '+' : '−'}${Math.abs(d).toFixed(2)} (`);
      if (!BASE_IDS.includes(c.id)) expect(line).toContain('— (not declared)');
    }
  });
});
