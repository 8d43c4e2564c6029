// The Simulate tab's score categories in real headless Chromium, for 7 Wonders with the Tower of Babel: a run
// lists each category's points per seat with its interval, as `babelkit simulate` counts them; "Compare with
// base" gives each category of either ruleset with the difference `babelkit compare` gives (the tower: all gain,
// the base has none).

import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { editorAndBrowser, newSession } from '../helpers/browser.js';
import { babelkit } from '../cli/run.js';

const env = editorAndBrowser();
const TOWER = 'rulesets/variants/7-wonders-babel-tower.yaml';
const state = (page: Page) => page.locator('bk-simulate .sim').getAttribute('data-sim-state');

describe('the Simulate tab: score categories', () => {
  it('a run shows every category per seat; the comparison with the base its difference, as the command line counts them', async () => {
    const s = await newSession(env.browser);
    const { page } = s;
    await page.goto(env.server.url);
    const file = page.locator(`.bk-files button[data-path="${TOWER}"]`);
    await expect.poll(() => file.count(), { timeout: 30_000 }).toBe(1);
    await file.click();
    await expect.poll(() => page.locator('.bk-status').textContent(), { timeout: 30_000 }).toContain('Valid ruleset');
    await page.getByRole('tab', { name: 'Simulate' }).click();
    const sim = page.locator('bk-simulate');
    await expect.poll(() => sim.locator('[data-sim-compare]').count(), { timeout: 30_000 }).toBe(1);
    await sim.locator('[data-sim-players]').selectOption('3');
    await sim.locator('[data-sim-games]').fill('20');
    await sim.locator('[data-sim-games]').dispatchEvent('change');
    await sim.locator('[data-sim-seed]').fill('6');
    await sim.locator('[data-sim-seed]').dispatchEvent('change');
    for (let i = 0; i < 3; i++) await sim.locator(`[data-sim-seat="${i}"]`).selectOption('random');

    // a run: one row per category, its mean per seat as the command line's report
    await sim.locator('[data-sim-run]').click();
    await expect.poll(() => state(page), { timeout: 120_000 }).toBe('done');
    await page.screenshot({ path: '/tmp/bk-simulate-categories-run.png', fullPage: true });
    const cli = JSON.parse(babelkit('simulate', TOWER, '--players', '3', '--games', '20', '--seed', '6', '--bot', 'random', '--workers', '1', '--json').stdout);
    const means = cli.scores.categories as Record<string, number>;
    expect(await sim.locator('[data-report] [data-categories] tbody tr').count()).toBe(Object.keys(means).length);
    const names: Record<string, string> = { military: 'Military conflicts', civilian: 'Civilian structures', tower: 'Tower of Babel' };
    for (const [id, mean] of Object.entries(means)) {
      const row = sim.locator(`[data-report] [data-figure="category:${id}"]`);
      expect(Number(await row.getAttribute('data-mean')), id).toBeCloseTo(mean, 1);
      if (names[id]) expect(await row.locator('td').first().textContent()).toBe(names[id]);
    }

    // compared with the base: each category's difference, the tower's not declared in the base
    await sim.locator('[data-sim-compare]').click();
    await expect.poll(() => state(page), { timeout: 120_000 }).toBe('compared');
    await page.screenshot({ path: '/tmp/bk-simulate-categories.png', fullPage: true });
    const cmp = JSON.parse(babelkit('compare', 'rulesets/7-wonders.yaml', TOWER, '--players', '3', '--games', '20', '--seed', '6', '--bot', 'random', '--workers', '1', '--json').stdout);
    expect(cmp.categories.map((c: { id: string }) => c.id)).toEqual([...Object.keys(means)]);
    for (const c of cmp.categories as { id: string; name: string; difference: { value: number } }[]) {
      const row = sim.locator(`[data-comparison] [data-figure="category:${c.id}"]`);
      expect(Number(await row.getAttribute('data-difference')), c.id).toBeCloseTo(c.difference.value, 12);
      expect(await row.locator('td').first().textContent()).toBe(c.name);
    }
    expect(await sim.locator('[data-comparison] [data-figure="category:tower"] td').nth(1).textContent()).toBe('— (not declared)');
    expect(s.errors).toEqual([]);
    await s.close();
  }, 300_000);
});
