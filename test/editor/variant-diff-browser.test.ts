// A variant in the editor, in real headless Chromium: beside its base, the list of what it changes, item by
// item — the steep-tower variant's replaced blueprint (its target cells) and its table rows (seals per count).

import { describe, expect, it } from 'vitest';
import { editorAndBrowser, newSession } from '../helpers/browser.js';

const env = editorAndBrowser();

describe('a variant’s changes', () => {
  it('lists the changed blueprint and the changed table rows of steep-tower, and nothing for a base ruleset', async () => {
    const s = await newSession(env.browser);
    const { page } = s;
    await page.goto(env.server.url);
    await expect.poll(() => page.locator('.bk-status').textContent(), { timeout: 30_000 }).toContain('Valid ruleset');
    // Babel Builders extends nothing: no list
    expect(await page.locator('[data-changes]').count()).toBe(0);
    await page.locator('.bk-files button[data-path="rulesets/variants/steep-tower.yaml"]').click();
    await expect.poll(() => page.locator('[data-changes] summary').textContent(), { timeout: 30_000 }).toMatch(/What this variant changes in rulesets\/babel-builders\.yaml \(\d+\)/);
    const items = await page.locator('[data-changes] li').allTextContents();
    const text = items.map((t) => t.replace(/\s+/g, ' ').trim());
    expect(text).toContain("cards › bp-02 name: 'Blueprint 2' → 'Blueprint 2 (steep)'");
    expect(text).toContain('cards › bp-02 › targets B2: 8 → 10');
    expect(text).toContain('tables › byPlayers › rows › p5 seals: 3 → 4');
    expect(text.filter((t) => t.startsWith('tables › byPlayers › rows'))).toHaveLength(5);
    await page.screenshot({ path: '/tmp/bk-variant-diff.png' });
    expect(s.errors).toEqual([]);
    await s.close();
  }, 120_000);
});
