// The variant pane keeps what one types in sight (Chromium, 1400×900, the reported setting): typing at the end of
// a variant opened beside its base used to leave Monaco's viewport scrolled sideways by the browser itself (a
// native scroll offset Monaco never undoes), so the new text was out of sight.
import { describe, expect, it } from 'vitest';
import { editorAndBrowser, newSession, waitForMonaco } from '../helpers/browser.js';

const env = editorAndBrowser();

describe('the variant pane', () => {
  it('keeps the text in sight while typing beside the base', async () => {
    const s = await newSession(env.browser, { width: 1400, height: 900 });
    const { page } = s;
    await page.goto(env.server.url);
    await waitForMonaco(page);
    await page.locator('.bk-files button[data-path="rulesets/variants/steep-tower.yaml"]').click();
    await expect.poll(() => page.locator('.bk-pane-base').isVisible(), { timeout: 30_000 }).toBe(true);
    await page.locator('.bk-pane-main .monaco-editor .view-lines').click();
    await page.keyboard.press('Control+End');
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Enter');
      await page.keyboard.type(`# note ${i}`);
    }
    await page.waitForTimeout(300);
    // no native scroll offset in any of Monaco's viewports
    const offsets = await page.evaluate(() => Array.from(document.querySelectorAll<HTMLElement>('.monaco-scrollable-element'))
      .map((el) => el.scrollLeft + el.scrollTop));
    expect(offsets.every((x) => x === 0)).toBe(true);
    // the last typed line is drawn inside the pane
    const pane = (await page.locator('.bk-pane-main').boundingBox())!;
    const line = page.locator('.bk-pane-main .view-line', { hasText: '# note 4' });
    await expect.poll(() => line.count()).toBe(1);
    const box = (await line.locator('span').first().boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(pane.x);
    expect(box.x + box.width).toBeLessThanOrEqual(pane.x + pane.width);
    await page.screenshot({ path: '/tmp/bk-scroll.png' });
    expect(s.errors).toEqual([]);
    await s.close();
  }, 120_000);
});
