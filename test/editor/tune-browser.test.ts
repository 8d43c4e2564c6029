// The Simulate tab's Tune panel in real headless Chromium, on the coin-flip fixture (Heads wins 0.5 × bias/100 +
// 0.25 of the games with random bots, so 60% needs a bias of 70): the declared tunable is listed by its name with
// its range, a target is chosen, a small budget run to the end; the best settings and the ruled-out ones are
// shown with their intervals, the chart is drawn, and "Open as variant" adds a variant that extends the ruleset
// with the winning value, and that loads.

import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { editorAndBrowser, newSession } from '../helpers/browser.js';
import { ROOT } from '../helpers/game.js';

const env = editorAndBrowser();
const COIN = resolve(ROOT, 'test/fixtures/tune/coin-flip.yaml');

describe('the Simulate tab: Tune', () => {
  it('tunes the coin\'s bias to a target, shows the results and the chart, opens the winner as a variant', async () => {
    const s = await newSession(env.browser);
    const { page } = s;
    await page.goto(env.server.url);
    await page.waitForFunction(() => window.bk?.ready === true, null, { timeout: 60_000 });
    await page.evaluate(() => { delete (window as unknown as Record<string, unknown>).showOpenFilePicker; });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Open…' }).click();
    await (await chooser).setFiles(COIN);
    await page.waitForFunction(() => window.bk.ws.current === 'rulesets/coin-flip.yaml');
    await expect.poll(() => page.locator('.bk-status').textContent(), { timeout: 30_000 }).toContain('Valid ruleset');
    await page.getByRole('tab', { name: 'Simulate' }).click();
    const sim = page.locator('bk-simulate');
    await expect.poll(() => sim.locator('[data-sim-seat]').count(), { timeout: 30_000 }).toBe(2);
    for (let i = 0; i < 2; i++) await sim.locator(`[data-sim-seat="${i}"]`).selectOption('random');
    await sim.locator('[data-sim-seed]').fill('2');
    await sim.locator('[data-sim-seed]').dispatchEvent('change');

    // the declared tunable, by its name, with its range; the first measure offered is Heads' win rate
    const tunePanel = sim.locator('bk-tune');
    const row = tunePanel.locator('[data-tunable="bias"]');
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    expect(await row.locator('td').nth(1).textContent()).toBe('Weighted coin: chance of heads (%)');
    expect(await row.locator('[data-tune-low]').inputValue()).toBe('0');
    expect(await row.locator('[data-tune-high]').inputValue()).toBe('100');
    expect(await row.locator('[data-tune-step]').inputValue()).toBe('5');
    expect(await tunePanel.locator('[data-tune-measure] option:checked').textContent()).toBe('the win rate of the Heads');
    await tunePanel.locator('[data-tune-value]').fill('60%');
    await tunePanel.locator('[data-tune-value]').dispatchEvent('change');
    await tunePanel.locator('[data-tune-budget]').fill('1500');
    await tunePanel.locator('[data-tune-budget]').dispatchEvent('change');
    await tunePanel.locator('[data-tune-run]').click();
    await expect.poll(() => tunePanel.locator('.tune').getAttribute('data-tune-state'), { timeout: 120_000 }).toBe('done');

    // the results: the best setting near 70 with its measure and interval, the others ruled out with a reason
    const best = tunePanel.locator('[data-tune-best] tr[data-best="best"]');
    const values = JSON.parse((await best.getAttribute('data-values'))!) as number[];
    expect(Math.abs(values[0]! - 70)).toBeLessThanOrEqual(10);
    expect(await best.locator('td').nth(1).textContent()).toMatch(/\d+\.\d%\s+\(\d+\.\d% to \d+\.\d%\)/);
    expect(Number(await tunePanel.locator('[data-tune-result]').getAttribute('data-played'))).toBeLessThanOrEqual(1500);
    await tunePanel.locator('[data-tune-ruled-out] summary').click();
    expect(await tunePanel.locator('[data-tune-ruled-out] tr').count()).toBeGreaterThan(10);
    expect(await tunePanel.locator('[data-tune-ruled-out]').textContent()).toMatch(/round 1 of 5, after \d+ games: the win rate of the Heads/);
    // the chart of the measure across the range
    await expect.poll(() => tunePanel.locator('.tune-chart').getAttribute('data-charts'), { timeout: 30_000 }).toBe('1');
    await tunePanel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/bk-tune.png', fullPage: true });
    // no raw engine ids in what a person reads: the tunable by its name, the measure in words
    const shown = (await tunePanel.locator('[data-tune-best]').textContent())!;
    expect(shown).toContain('Weighted coin: chance of heads (%)');
    expect(shown).toContain('the win rate of the Heads');

    // Open as variant: a new file extending the ruleset, holding the winning value, that loads
    await tunePanel.locator('[data-tune-open]').click();
    await page.waitForFunction(() => window.bk.ws.current.startsWith('rulesets/variants/coin-flip-tuned'));
    const text = await page.evaluate(() => (window.bk.ws as unknown as { entry: { text: string } }).entry.text);
    expect(text).toMatch(/^extends: "\.\.\/coin-flip\.yaml"$/m);
    expect(text).toContain(`- { id: bias, default: ${values[0]} }`);
    await expect.poll(() => page.locator('.bk-status').textContent(), { timeout: 30_000 }).toContain('Valid ruleset');
    await page.screenshot({ path: '/tmp/bk-tune-variant.png', fullPage: true });
    expect(s.errors).toEqual([]);
    await s.close();
  }, 400_000);
});
