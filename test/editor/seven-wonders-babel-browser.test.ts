// 7 Wonders Babel (both modules) in the editor, in real headless Chromium: the variant validates, and its
// Playtest plays a whole three-player game, one human seat against two greedy bots: the human drafts tiles,
// builds Babel tiles with the fourth action and takes part in Grand Projects when offered; the table shows the
// Babel board's visible tiles and the Age's project with its markers; the game ends with the final scoring.

import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { editorAndBrowser, newSession } from '../helpers/browser.js';
import { answer, waitState } from '../helpers/playtest.js';

const env = editorAndBrowser();

/** Click the first option whose text matches `re`; false when there is none. */
async function pick(pt: Locator, re: RegExp): Promise<boolean> {
  const opt = pt.locator('bk-pt-prompt [data-option]').filter({ hasText: re });
  if ((await opt.count()) === 0) return false;
  await opt.first().click();
  return true;
}

describe('7 Wonders Babel in the editor', () => {
  it('plays the combined variant against greedy bots to the end, showing the tower and the project', async () => {
    const s = await newSession(env.browser);
    const { page } = s;
    await page.goto(env.server.url);
    const path = 'rulesets/variants/7-wonders-babel.yaml';
    const file = page.locator(`.bk-files button[data-path="${path}"]`);
    await expect.poll(() => file.count()).toBe(1);
    await file.click();
    await expect.poll(() => page.locator('.bk-pane-main .bk-pane-title').textContent()).toContain(path);
    await expect.poll(() => page.locator('.bk-status').textContent(), { timeout: 30_000 }).toContain('Valid ruleset');
    await page.getByRole('tab', { name: 'Playtest' }).click();
    const pt = page.locator('bk-playtest');
    await waitState(page, ['idle']);
    // the board side is chosen among its named values; a game without roles shows no role badge
    const side = pt.locator('[data-option-id="side"]');
    expect(await side.evaluate((el) => el.tagName)).toBe('SELECT');
    expect(await side.locator('option').allTextContents()).toEqual(['A', 'B', 'random']);
    await pt.locator('[data-players]').selectOption('3');
    await pt.locator('[data-seed]').fill('5');
    await pt.locator('[data-seat="0"]').selectOption('human');
    for (const i of [1, 2]) await pt.locator(`[data-seat="${i}"]`).selectOption('greedy');
    await pt.locator('[data-delay]').selectOption('0');
    await pt.locator('[data-start]').click();

    const asked = new Set<string>();
    let decisions = 0, tiles = 0, sawProject = false, sawTower = false;
    for (;;) {
      const st = await waitState(page, ['turn', 'ended']);
      if (st === 'ended') break;
      const before = await pt.getAttribute('data-seq');
      const text = (await pt.locator('bk-pt-prompt .ptext').textContent()) ?? '';
      asked.add(text);
      // the Age's project, face up, with its markers
      const project = pt.locator('bk-pt-table [data-zone="project"]');
      if (!sawProject && (await project.count()) > 0) {
        sawProject = true;
        expect(await pt.locator('bk-pt-table .vars').textContent()).toMatch(/markers left/i);
      }
      if (!sawTower && (await pt.locator('bk-pt-table [data-zone="tower"]').count()) > 0) {
        sawTower = true;
        await page.screenshot({ path: '/tmp/bk-babel-tower.png', fullPage: true });
      }
      // build a tile with the first card of each of the first three turns; take part whenever offered
      if (/Choose a card/.test(text) && tiles < 3 && (await pick(pt, /to build a Babel tile/))) tiles++;
      else if (!(/Take part in the Grand Project/.test(text) && (await pick(pt, /^\s*Take part/)))) await answer(pt);
      await page.waitForFunction((b) => document.querySelector<HTMLElement>('bk-playtest')?.dataset.seq !== b, before, { timeout: 60_000 });
      decisions++;
      expect(decisions).toBeLessThan(300);
    }
    await page.screenshot({ path: '/tmp/bk-babel-end.png', fullPage: true });
    // the draft (two picks), then three Ages of six turns
    expect([...asked].some((t) => /Keep one Babel tile/.test(t))).toBe(true);
    expect([...asked].some((t) => /Which Babel tile do you build/.test(t))).toBe(true);
    expect(tiles).toBe(3);
    expect(decisions).toBeGreaterThanOrEqual(2 + 18 + 3);
    expect(sawProject).toBe(true);
    expect(sawTower).toBe(true);
    expect(await pt.locator('bk-pt-table').textContent()).not.toContain('role hidden');
    await expect.poll(() => pt.locator('[data-ended]').textContent()).toMatch(/— Player \d( and Player \d)* (wins|win \(a tie\))/);
    expect(s.errors).toEqual([]);
    await s.close();
  }, 400_000);
});
