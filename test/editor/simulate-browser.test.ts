// The Simulate tab in real headless Chromium: 1,000 games of the open ruleset in web workers, with the same
// counts as `babelkit simulate` for the same seed; charts drawn; results kept when switching tabs; Cancel stops
// a long run; a variant compared with its base on the same seeds gives the same differences as `babelkit compare`;
// the ladder shows the matchup matrix and the first seat's advantage with `babelkit ladder`'s numbers.

import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { editorAndBrowser, newSession } from '../helpers/browser.js';
import { babelkit } from '../cli/run.js';

const env = editorAndBrowser();

const state = (page: Page) => page.locator('bk-simulate .sim').getAttribute('data-sim-state');

async function openSimulate(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Simulate' }).click();
  await expect.poll(() => page.locator('bk-simulate [data-sim-run]').count(), { timeout: 30_000 }).toBe(1);
}

/** The editor opened (on `path`, else the file it opens with), the ruleset valid, the Simulate tab shown. */
async function simulateTab(page: Page, path?: string): Promise<Locator> {
  await page.goto(env.server.url);
  if (path) {
    const file = page.locator(`.bk-files button[data-path="${path}"]`);
    await expect.poll(() => file.count()).toBe(1);
    await file.click();
  }
  await expect.poll(() => page.locator('.bk-status').textContent(), { timeout: 30_000 }).toContain('Valid ruleset');
  await openSimulate(page);
  return page.locator('bk-simulate');
}

describe('the Simulate tab', () => {
  it('runs 1,000 games of Babel Builders with the CLI’s numbers, draws charts, keeps them across tabs, and cancels', async () => {
    const s = await newSession(env.browser);
    const { page } = s;
    const sim = await simulateTab(page);
    await sim.locator('[data-sim-players]').selectOption('5');
    await sim.locator('[data-sim-all-seats]').selectOption('random'); // every seat greedy by default
    await sim.locator('[data-sim-games]').fill('1000');
    await sim.locator('[data-sim-games]').dispatchEvent('change');
    await sim.locator('[data-sim-seed]').fill('7');
    await sim.locator('[data-sim-seed]').dispatchEvent('change');
    await sim.locator('[data-sim-run]').click();
    await expect.poll(() => state(page), { timeout: 180_000 }).toBe('done');
    await expect.poll(() => sim.locator('.sim-charts').getAttribute('data-charts'), { timeout: 30_000 }).toBe('4');
    await page.screenshot({ path: '/tmp/bk-simulate.png', fullPage: true });

    const cli = JSON.parse(babelkit('simulate', 'rulesets/babel-builders.yaml', '--players', '5', '--games', '1000', '--seed', '7', '--bot', 'random', '--json').stdout);
    expect(await sim.locator('[data-report]').getAttribute('data-games')).toBe('1000');
    for (const [id, k] of Object.entries(cli.wins as Record<string, number>)) {
      expect(await sim.locator(`[data-figure="outcome:${id}"]`).getAttribute('data-count'), id).toBe(String(k));
    }
    for (const [id, k] of Object.entries(cli.endings as Record<string, number>)) {
      expect(await sim.locator(`[data-figure="ending:${id}"]`).getAttribute('data-count'), id).toBe(String(k));
    }
    const bySeat = cli.winsBySeat as number[];
    for (let p = 0; p < bySeat.length; p++) expect(await sim.locator(`[data-figure="seat:${p + 1}"]`).getAttribute('data-count')).toBe(String(bySeat[p]));

    // the results survive a trip to another tab
    await page.getByRole('tab', { name: 'Edit' }).click();
    await openSimulate(page);
    expect(await state(page)).toBe('done');
    expect(await sim.locator('[data-report]').getAttribute('data-games')).toBe('1000');

    // a long run stops at Cancel
    await sim.locator('[data-sim-games]').fill('100000');
    await sim.locator('[data-sim-games]').dispatchEvent('change');
    await sim.locator('[data-sim-run]').click();
    await expect.poll(() => state(page)).toBe('run');
    await expect.poll(async () => Number(await sim.locator('[data-sim-progress]').evaluate((el) => (el as HTMLProgressElement).value)), { timeout: 30_000 }).toBeGreaterThan(0);
    await sim.locator('[data-sim-cancel]').click();
    await expect.poll(() => sim.locator('.sim-error').textContent()).toBe('Cancelled.');
    expect(s.errors).toEqual([]);
    await s.close();
  }, 400_000);

  it('compares a variant with its base on the same seeds, with the differences `babelkit compare` gives', async () => {
    const s = await newSession(env.browser);
    const { page } = s;
    const sim = await simulateTab(page, 'rulesets/variants/steep-tower.yaml');
    await expect.poll(() => sim.locator('[data-sim-compare]').count()).toBe(1);
    await sim.locator('[data-sim-players]').selectOption('6');
    await sim.locator('[data-sim-all-seats]').selectOption('random');
    await sim.locator('[data-sim-games]').fill('400');
    await sim.locator('[data-sim-games]').dispatchEvent('change');
    await sim.locator('[data-sim-compare]').click();
    await expect.poll(() => state(page), { timeout: 180_000 }).toBe('compared');
    await expect.poll(() => sim.locator('.sim-charts').getAttribute('data-charts'), { timeout: 30_000 }).toBe('3');
    await page.screenshot({ path: '/tmp/bk-simulate-compare.png', fullPage: true });

    const cli = JSON.parse(babelkit('compare', 'rulesets/babel-builders.yaml', 'rulesets/variants/steep-tower.yaml', '--players', '6', '--games', '400', '--seed', '1', '--bot', 'random', '--json').stdout);
    const outcomes = cli.comparison?.outcomes ?? cli.outcomes;
    expect(outcomes.length).toBeGreaterThan(0);
    for (const o of outcomes as { id: string; difference: { value: number } }[]) {
      expect(Number(await sim.locator(`[data-comparison] [data-figure="outcome:${o.id}"]`).getAttribute('data-difference')), o.id).toBeCloseTo(o.difference.value, 12);
    }
    expect(s.errors).toEqual([]);
    await s.close();
  }, 400_000);

  it('plays the bots against each other and shows the matchup matrix `babelkit ladder` prints', async () => {
    const s = await newSession(env.browser);
    const { page } = s;
    const sim = await simulateTab(page);
    await sim.locator('[data-sim-players]').selectOption('5');
    await sim.locator('[data-sim-games]').fill('10');
    await sim.locator('[data-sim-games]').dispatchEvent('change');
    await sim.locator('[data-sim-ladder-bots]').fill('random,greedy');
    await sim.locator('[data-sim-ladder-bots]').dispatchEvent('change');
    await sim.locator('[data-sim-ladder]').click();
    await expect.poll(() => state(page), { timeout: 180_000 }).toBe('laddered');
    await page.screenshot({ path: '/tmp/bk-simulate-ladder.png', fullPage: true });

    const cli = JSON.parse(babelkit('ladder', 'rulesets/babel-builders.yaml', '--players', '5', '--games', '10', '--seed', '1', '--bots', 'random,greedy', '--json').stdout);
    const ladder = sim.locator('[data-ladder]');
    expect(await ladder.getAttribute('data-games')).toBe('10');
    for (const row of cli.cells as { strong: string; weak: string; wins: number; edge: { value: number } }[][]) {
      for (const c of row) {
        const cell = ladder.locator(`[data-cell="${c.strong}:${c.weak}"]`);
        expect(await cell.getAttribute('data-wins'), `${c.strong} among ${c.weak}`).toBe(String(c.wins));
        expect(Number(await cell.getAttribute('data-edge'))).toBeCloseTo(c.edge.value, 12);
      }
    }
    for (const f of cli.firstSeat as { bot: string; wins: number }[]) {
      expect(await ladder.locator(`[data-first-seat="${f.bot}"]`).getAttribute('data-wins')).toBe(String(f.wins));
    }
    await expect.poll(() => ladder.textContent()).toMatch(/among random.*among greedy/s);
    // a name that is not a bot is refused before anything is played
    await sim.locator('[data-sim-ladder-bots]').fill('random,clever');
    await sim.locator('[data-sim-ladder-bots]').dispatchEvent('change');
    await sim.locator('[data-sim-ladder]').click();
    await expect.poll(() => sim.locator('.sim-error').textContent()).toMatch(/'clever' is not a bot/);
    expect(s.errors).toEqual([]);
    await s.close();
  }, 400_000);
});
