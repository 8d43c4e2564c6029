// Designer mode in the playtest, in real headless Chromium: a clearly marked switch shows another seat's hand
// (names of cards the person's seat cannot see) and every role; rewinding goes back to an earlier decision past
// shuffles and reveals (where a player's undo may not go), and play goes on from there.

import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { editorAndBrowser, newSession } from '../helpers/browser.js';
import { answer, waitState } from '../helpers/playtest.js';

const env = editorAndBrowser();

const decisions = async (pt: Locator) => Number(/(\d+) decisions taken/.exec((await pt.locator('.facts').textContent()) ?? '')?.[1]);
/** The named cards shown in another seat's box on the table. */
const namedIn = (pt: Locator, seat: number) => pt.locator(`bk-pt-table .seat[data-seat="${seat}"] .chip:not(.down)`);

describe('designer mode', () => {
  it('shows another seat’s hand and every role, and rewinds to an earlier decision', async () => {
    const s = await newSession(env.browser);
    const { page } = s;
    await page.goto(env.server.url);
    await expect.poll(() => page.locator('.bk-status').textContent(), { timeout: 30_000 }).toContain('Valid ruleset');
    await page.getByRole('tab', { name: 'Playtest' }).click();
    const pt = page.locator('bk-playtest');
    await waitState(page, ['idle']);
    await pt.locator('[data-players]').selectOption('5');
    await pt.locator('[data-seed]').fill('11');
    await pt.locator('[data-seat="0"]').selectOption('person');
    for (const i of [1, 2, 3, 4]) await pt.locator(`[data-seat="${i}"]`).selectOption('greedy');
    await pt.locator('[data-delay]').selectOption('0');
    await pt.locator('[data-start]').click();
    // play a few decisions of the person's seat
    for (let k = 0; k < 3; k++) {
      await waitState(page, ['turn']);
      const before = await pt.getAttribute('data-seq');
      await answer(pt);
      await page.waitForFunction((b) => document.querySelector<HTMLElement>('bk-playtest')?.dataset.seq !== b, before, { timeout: 60_000 });
    }
    await waitState(page, ['turn']);
    // as the person's seat: another seat's hand is counted, not named; roles of others are hidden
    expect(await namedIn(pt, 1).count()).toBe(0);
    expect(await pt.locator('[data-designer-banner]').count()).toBe(0);
    const hiddenRoles = await pt.locator('bk-pt-table .role.unknown').count();
    expect(hiddenRoles).toBeGreaterThan(0);

    await pt.locator('[data-designer]').check();
    await expect.poll(() => pt.locator('[data-designer-banner]').count()).toBe(1);
    await expect.poll(() => namedIn(pt, 1).count()).toBeGreaterThan(0);
    expect(await pt.locator('bk-pt-table .role.unknown').count()).toBe(0);
    await page.screenshot({ path: '/tmp/bk-designer.png' });

    // rewind to the first decision, past the deal's shuffles
    const taken = await decisions(pt);
    expect(taken).toBeGreaterThan(3);
    await pt.locator('[data-rewind-to]').fill('1');
    const before = await pt.getAttribute('data-seq');
    await pt.locator('[data-rewind]').click();
    await page.waitForFunction((b) => document.querySelector<HTMLElement>('bk-playtest')?.dataset.seq !== b, before, { timeout: 60_000 });
    await waitState(page, ['turn']);
    const after = await decisions(pt);
    expect(after).toBeLessThan(taken);
    // and play goes on from there
    const seq = await pt.getAttribute('data-seq');
    await answer(pt);
    await page.waitForFunction((b) => document.querySelector<HTMLElement>('bk-playtest')?.dataset.seq !== b, seq, { timeout: 60_000 });
    expect(await decisions(pt)).toBeGreaterThan(after);

    // off again: the person's seat's own view
    await pt.locator('[data-designer]').uncheck();
    await expect.poll(() => namedIn(pt, 1).count()).toBe(0);
    expect(s.errors).toEqual([]);
    await s.close();
  }, 300_000);
});
