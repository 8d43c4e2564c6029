// 7 Wonders Babel (both modules) in the editor, in real headless Chromium, played by a person: a whole
// three-player game, one person's seat against two greedy bots, answered by clicking the cards drawn in the
// decision and the act buttons on them (never a list of raw options). The person drafts Babel tiles, builds a
// tile with the fourth action and takes part in a Grand Project. At every decision the page is read as a
// person reads it: no card, seat box or log line shows a row of numbers, an empty field, a zone or field id or
// the engine's words. The seat boxes summarise every seat (the person's own too), the end names the winner
// with the scores by category.

import { describe, expect, it } from 'vitest';
import { editorAndBrowser, newSession } from '../helpers/browser.js';
import { loadGame, rulesetPath } from '../helpers/game.js';
import { answer, personProblems, waitState } from '../helpers/playtest.js';

const env = editorAndBrowser();
const PATH = 'rulesets/variants/7-wonders-babel.yaml';

describe('7 Wonders Babel in the editor, played by a person', () => {
  it('plays a whole game by clicking cards and act buttons, and every decision reads in the game\'s words', async () => {
    const g = loadGame(rulesetPath('variants/7-wonders-babel.yaml'));
    const ids = [...g.zones.map((z) => z.id), ...g.cardTypes.flatMap((t) => Object.keys(t.fields)), ...g.vars.map((v) => v.id)];
    const s = await newSession(env.browser, { width: 1440, height: 1000 });
    const { page } = s;
    await page.goto(env.server.url);
    const file = page.locator(`.bk-files button[data-path="${PATH}"]`);
    await expect.poll(() => file.count()).toBe(1);
    await file.click();
    await expect.poll(() => page.locator('.bk-status').textContent(), { timeout: 30_000 }).toContain('Valid ruleset');
    await page.getByRole('tab', { name: 'Playtest' }).click();
    const pt = page.locator('bk-playtest');
    await waitState(page, ['idle']);
    await pt.locator('[data-players]').selectOption('3');
    await pt.locator('[data-seed]').fill('1');
    await pt.locator('[data-seat="0"]').selectOption('person');
    for (const i of [1, 2]) await pt.locator(`[data-seat="${i}"]`).selectOption('greedy');
    await pt.locator('[data-delay]').selectOption('0');
    await pt.locator('[data-start]').click();

    const prompt = pt.locator('bk-pt-prompt');
    const problems: string[] = [];
    let decisions = 0, drafted = 0, tiles = 0, joined = 0, byCard = 0, blocked = 0, shotTurn = false, shotCity = false;
    for (;;) {
      const st = await waitState(page, ['turn', 'ended']);
      if (st === 'ended') break;
      const before = await pt.getAttribute('data-seq');
      problems.push(...(await personProblems(pt, ids)).map((p) => `decision ${decisions + 1}: ${p}`));
      const text = (await prompt.locator('.ptext').textContent()) ?? '';
      // every seat's box summarises it, the person's own included
      expect(await pt.locator('bk-pt-table .seat [data-summary]').count()).toBe(3);
      if (/Keep one/.test(text)) drafted++;
      if (/Choose a card/.test(text)) {
        // the hand is drawn as cards, each with its acts as buttons (what each costs and would pay under it)
        const groups = prompt.locator('.hand .group');
        expect(await groups.count()).toBeGreaterThan(0);
        expect(await prompt.locator('.hand .group .card').count()).toBe(await groups.count());
        expect(await prompt.locator('button.act[data-option] [data-detail]').count()).toBeGreaterThan(0);
        byCard++;
        blocked += await prompt.locator('button.act[data-unavailable]').count();
        if (!shotTurn && (await prompt.locator('button.act[data-unavailable]').count()) > 0) {
          shotTurn = true;
          await pt.locator('[data-turn]').screenshot({ path: '/tmp/bk-7wb-turn.png' });
        }
        const act = (re: RegExp) => prompt.locator('button.act[data-option]').filter({ hasText: re }).first();
        // a Babel tile on the first turns; then a build when one is offered, else the first act
        if (tiles < 2 && (await act(/Babel tile/).count())) { await act(/Babel tile/).click(); tiles++; }
        else if (await act(/^Build (?!a wonder)/).count()) await act(/^Build (?!a wonder)/).click();
        else await prompt.locator('button.act[data-option]').first().click();
      } else if (/Take part in the Grand Project/.test(text)) {
        await prompt.locator('[data-option]').filter({ hasText: /^\s*Take part/ }).first().click();
        joined++;
      } else await answer(pt);
      await page.waitForFunction((b) => document.querySelector<HTMLElement>('bk-playtest')?.dataset.seq !== b, before, { timeout: 60_000 });
      decisions++;
      if (!shotCity && decisions >= 16) {
        shotCity = true;
        await pt.locator('bk-pt-table').screenshot({ path: '/tmp/bk-7wb-city.png' });
      }
      expect(decisions).toBeLessThan(120);
    }
    problems.push(...(await personProblems(pt, ids)).map((p) => `the end: ${p}`));
    await page.screenshot({ path: '/tmp/bk-7wb-end.png', fullPage: true });
    expect(problems).toEqual([]);
    expect(drafted).toBe(2);
    expect(tiles).toBeGreaterThanOrEqual(1);
    expect(joined).toBeGreaterThanOrEqual(1);
    expect(byCard).toBeGreaterThanOrEqual(18);
    expect(blocked).toBeGreaterThan(0);
    // the log says what was decided, in the game's words: builds with what was paid, the military results
    // of each Age, the final scores per category
    const log = await pt.locator('[data-log] li').allInnerTexts();
    expect(log.some((l) => /builds .*, paying \d+ coins? to (Player \d|the bank)/.test(l))).toBe(true);
    expect(log.filter((l) => /^Military conflicts of Age \d$/i.test(l.trim()))).toHaveLength(3);
    expect(log.some((l) => /(beats|tie with)/.test(l))).toBe(true);
    expect(log.filter((l) => /^Player \d: -?\d+ points \(Military conflicts -?\d+, Treasury \d+/.test(l))).toHaveLength(3);
    // the end names the winner and shows the scores by category
    await expect.poll(() => pt.locator('[data-ended] h2').textContent()).toMatch(/— Player \d( and Player \d)* (wins|win \(a tie\))/);
    expect(await pt.locator('[data-ended] [data-scores] tbody tr').count()).toBe(3);
    expect(await pt.locator('[data-ended] [data-scores] thead').textContent()).toMatch(/Tower of Babel.*Grand Projects.*Total/);
    expect(s.errors).toEqual([]);
    await s.close();
  }, 90_000);
});
