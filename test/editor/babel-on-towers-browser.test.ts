// Babel On! in the editor's playtest, in real headless Chromium: every nation's tower is drawn floor by floor,
// each block in its own colour, and the drawing follows the game as blocks are added and taken off: at every
// decision of the person's seat the drawn cells are checked against the engine's view of the towers, and the page
// reads as a person reads it (personProblems; this is Babel On!'s whole game for read-as-a-person-browser too).

import { describe, expect, it } from 'vitest';
import { editorAndBrowser, newSession } from '../helpers/browser.js';
import { loadGame, rulesetPath } from '../helpers/game.js';
import { answer, personProblems, waitState } from '../helpers/playtest.js';

const env = editorAndBrowser();

/** Per seat, cell → the colour drawn there ('' for an empty cell), from the page. */
async function drawn(page: import('playwright-core').Page): Promise<Record<string, string>[]> {
  return page.evaluate(() => {
    const table = document.querySelector('bk-playtest')!.shadowRoot?.querySelector('bk-pt-table') ?? document.querySelector('bk-pt-table');
    const root = (table as HTMLElement & { shadowRoot: ShadowRoot | null }).shadowRoot ?? table!;
    return Array.from(root.querySelectorAll<HTMLElement>('.floors[data-floors="tower"]'))
      .sort((a, b) => Number(a.dataset.seat) - Number(b.dataset.seat))
      .map((t) => Object.fromEntries(Array.from(t.querySelectorAll<HTMLElement>('i[data-cell]')).map((i) => [i.dataset.cell!, i.dataset.color ?? ''])));
  });
}

/** The same from the engine's view on screen: the top card's id of every cell of every seat's tower. */
async function inView(page: import('playwright-core').Page): Promise<Record<string, string>[]> {
  return page.evaluate(() => {
    const pt = document.querySelector('bk-playtest') as unknown as { engine: { view: { zones: Record<string, unknown> } } };
    const towers = pt.engine.view.zones.tower as Record<string, { count: number; cards?: { id: string }[] }>[];
    return towers.map((t) => Object.fromEntries(Object.entries(t).map(([cell, z]) => [cell, z.cards?.[z.cards.length - 1]?.id ?? ''])));
  });
}

describe('Babel On! towers on the playtest table', () => {
  it('draws each nation’s tower floor by floor in the blocks’ colours, following additions and removals', async () => {
    const s = await newSession(env.browser);
    const { page } = s;
    await page.goto(env.server.url);
    const file = page.locator('.bk-files button[data-path="rulesets/babel-on.yaml"]');
    await file.click();
    await expect.poll(() => page.locator('.bk-status').textContent(), { timeout: 30_000 }).toContain('Valid ruleset');
    await page.getByRole('tab', { name: 'Playtest' }).click();
    const pt = page.locator('bk-playtest');
    await waitState(page, ['idle']);
    await pt.locator('[data-players]').selectOption('2');
    await pt.locator('[data-seed]').fill('3');
    await pt.locator('[data-seat="0"]').selectOption('person');
    await pt.locator('[data-seat="1"]').selectOption('greedy');
    await pt.locator('[data-delay]').selectOption('0');
    await pt.locator('[data-start]').click();

    const g = loadGame(rulesetPath('babel-on.yaml'));
    const ids = [...g.zones.map((z) => z.id), ...g.cardTypes.flatMap((t) => Object.keys(t.fields)), ...g.vars.map((v) => v.id)];
    const problems: string[] = [];
    const seen = { seen: 0 };
    const totals: number[][] = [];
    let checked = 0;
    for (let k = 0; k < 400; k++) {
      const st = await waitState(page, ['turn', 'ended']);
      const d = await drawn(page);
      const want = await inView(page);
      expect(d).toHaveLength(2);
      for (let p = 0; p < 2; p++) {
        // 24 cells drawn (4 per floor, 6 floors), each showing the block the view has there
        expect(Object.keys(d[p]!).sort()).toEqual(Object.keys(want[p]!).sort());
        expect(d[p]).toEqual(want[p]);
      }
      totals.push(d.map((t) => Object.values(t).filter(Boolean).length));
      problems.push(...(await personProblems(pt, ids, seen)).map((p) => `${st === 'ended' ? 'the end' : `decision ${checked + 1}`}: ${p}`));
      checked++;
      if (checked === 6) await page.screenshot({ path: '/tmp/bk-babel-on-towers.png' });
      if (st === 'ended') break;
      const before = await pt.getAttribute('data-seq');
      await answer(pt);
      await page.waitForFunction((b) => document.querySelector<HTMLElement>('bk-playtest')?.dataset.seq !== b, before, { timeout: 60_000 });
    }
    // the towers grew, and at some point a tower lost blocks (odd rolls move blocks between towers)
    const sum = totals.map((t) => t[0]! + t[1]!);
    expect(Math.max(...sum)).toBeGreaterThan(sum[0]!);
    expect(totals.some((t, i) => i > 0 && (t[0]! < totals[i - 1]![0]! || t[1]! < totals[i - 1]![1]!))).toBe(true);
    // blocks in several colours were drawn, each in its colour
    const colours = await page.evaluate(() => {
      const table = document.querySelector('bk-playtest')!.shadowRoot?.querySelector('bk-pt-table') ?? document.querySelector('bk-pt-table')!;
      const root = table.shadowRoot ?? table;
      return [...new Set(Array.from(root.querySelectorAll<HTMLElement>('.floors i.b')).map((i) => `${i.dataset.color}=${i.style.background}`))];
    });
    expect(colours.length).toBeGreaterThan(1);
    for (const c of colours) expect(c).toMatch(/^(\w+)=(\1|rgb)/);
    expect(checked).toBeGreaterThan(5);
    // at every decision and at the end, nothing a person should never read
    expect(problems).toEqual([]);
    // the rules' bookkeeping (internal variables) is not listed on the table; what a player needs is
    const tableText = await page.evaluate(() => {
      const table = document.querySelector('bk-playtest')!.shadowRoot?.querySelector('bk-pt-table') ?? document.querySelector('bk-pt-table')!;
      return (table.shadowRoot ?? table).textContent ?? '';
    });
    expect(tableText).not.toMatch(/contenders|bonus done|turn no|champion/);
    // variables by their display names (`name: Die`, `name: Round`), not their ids
    expect(tableText).toMatch(/Die: /);
    expect(tableText).toMatch(/Round: \d/);
    expect(tableText).not.toMatch(/\bactive: /);
    // the log in the game's words: a heading for each turn, drawn as a separator; no engine line
    const log = await page.evaluate(() => {
      const root = document.querySelector('bk-playtest')!.shadowRoot ?? document.querySelector('bk-playtest')!;
      return {
        headings: Array.from(root.querySelectorAll<HTMLElement>('.log li.heading')).map((li) => li.textContent!.trim()),
        lines: Array.from(root.querySelectorAll<HTMLElement>('.log li:not(.heading)')).map((li) => li.textContent!.trim()),
      };
    });
    expect(log.headings[0]).toMatch(/^Round 1: Player [12]'s turn$/);
    expect(log.headings.length).toBeGreaterThan(4);
    expect(log.lines.some((l) => /^Player [12] calls (even|odd) and rolls \d\.$/.test(l))).toBe(true);
    expect(log.lines.filter((l) => /→|\(\w[\w ]*\)$|has chosen/.test(l))).toEqual([]);
    await page.locator('bk-playtest .log').screenshot({ path: '/tmp/bk-babel-on-log.png' });
    expect(s.errors).toEqual([]);
    await s.close();
  }, 400_000);
});
