// The editor under a Content Security Policy without 'unsafe-eval' (script-src 'self' on every answer, the engine's
// workers included): the safe emitter (engine/expr/emit.ts) finds `new Function` refused and the rules run as
// closures; a whole game of the ruleset it opens with is played by bots in the Playtest tab with no page error. The editor's
// "Compiled rules" setting is there and remembered.

import { describe, expect, it } from 'vitest';
import { editorAndBrowser, newSession, waitForMonaco } from '../helpers/browser.js';
import { waitState } from '../helpers/playtest.js';

const CSP = "script-src 'self'";
const env = editorAndBrowser({ 'Content-Security-Policy': CSP });

/** What Chromium says when the policy refuses generated code: the emitter's detection, expected here. */
const REFUSED_EVAL = /unsafe-eval|Refused to evaluate/;

describe("the editor under script-src 'self'", () => {
  it('plays a whole game with the rules as closures, and no page error', async () => {
    const s = await newSession(env.browser);
    try {
      const { page } = s;
      const answer = await page.goto(env.server.url);
      expect(answer?.headers()['content-security-policy']).toBe(CSP);
      await waitForMonaco(page);
      // the policy holds on the page: code made from a string is refused (a timer's, since the test's own
      // evaluation is exempt from the page's policy)
      await page.evaluate(() => setTimeout('document.body.dataset.ran = "yes"', 0));
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => document.body.dataset.ran)).toBeUndefined();

      await page.getByRole('tab', { name: 'Playtest' }).click();
      const pt = page.locator('bk-playtest');
      await waitState(page, ['idle']);
      await expect.poll(() => pt.locator('[data-compiled-rules]').isChecked()).toBe(true);
      // the ruleset the editor opens with, every seat a bot
      await expect.poll(() => pt.locator('[data-seat]').count(), { timeout: 60_000, message: s.errors.join('\n') }).toBeGreaterThan(1);
      const seats = await pt.locator('[data-seat]').count();
      for (let i = 0; i < seats; i++) await pt.locator(`[data-seat="${i}"]`).selectOption('random');
      await pt.locator('[data-delay]').selectOption('0');
      await pt.locator('[data-start]').click();
      expect(await waitState(page, ['ended'])).toBe('ended');
      await expect.poll(() => pt.locator('.ended').count()).toBeGreaterThan(0);
      if (process.env.BK_SHOTS) await page.screenshot({ path: `${process.env.BK_SHOTS}/csp-ended.png` });

      // the setting: off, remembered by the browser, and a new game plays the same way
      await pt.locator('[data-compiled-rules]').uncheck();
      expect(await page.evaluate(() => localStorage.getItem('babelkit.compiledRules'))).toBe('off');

      expect(s.errors.filter((e) => !REFUSED_EVAL.test(e))).toEqual([]);
    } finally {
      await s.close();
    }
  }, 240_000);
});
