// A runaway ruleset in the editor, in real headless Chromium: the engine works in Web Workers, so the page stays
// usable while a step runs away; the work budget stops the game with its message on the playtest, and a runaway
// before the first decision is a located problem of the ruleset (validation's dry run), not a frozen tab.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openEditor, startEditorServer, type EditorServer } from '../helpers/browser.js';
import { smallRuleset } from '../helpers/small-ruleset.js';

let server: EditorServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startEditorServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A ruleset whose step `s` moves a trillion cards, refilling its source from its destination. Before the
 *  log had its own bound per step, the playtest's log filled memory and the tab crashed. The one behind a
 *  decision declares a tenth of the default work a step may take (`limits.work`): the game stops the same way,
 *  sooner, and its log still passes its own bound first. */
const runaway = (decisionFirst: boolean) => smallRuleset({
  steps: (decisionFirst ? `      - id: go
        prompt: { player: "player(1)", choose: options, from: "['go', 'wait']" }
` : '') + '      - { id: s, do: [ { move: { from: box, to: pile, count: 1000000000000, refill: pile } } ] }',
  ...(decisionFirst ? { extra: 'limits: { work: 5000000 }' } : {}),
});

async function open(page: Page, name: string, text: string): Promise<void> {
  const file = join(mkdtempSync(join(tmpdir(), 'bk-runaway-')), name);
  writeFileSync(file, text);
  await page.evaluate(() => { delete (window as unknown as Record<string, unknown>).showOpenFilePicker; });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Open…' }).click();
  await (await chooser).setFiles(file);
  await page.waitForFunction((n) => window.bk.ws.current.endsWith(n), name);
  await page.waitForFunction(() => !window.bk.app.pending);
  await page.evaluate(() => window.bk.settled());
}

describe('a runaway ruleset in the editor', () => {
  it('a runaway before the first decision is a problem at its step; one behind a decision stops the game with its message while the page stays usable', async () => {
    const s = await openEditor(browser, server.url);
    const { page } = s;
    await open(page, 'early.yaml', runaway(false));
    await expect.poll(() => page.locator('bk-problems li').allTextContents(), { timeout: 120_000 })
      .toEqual(expect.arrayContaining([expect.stringMatching(/stops before its first decision: main\/s: more than \d+ units of work/)]));

    await open(page, 'late.yaml', runaway(true));
    await expect.poll(() => page.locator('.bk-status').textContent(), { timeout: 60_000 }).toContain('Valid ruleset');
    await page.getByRole('tab', { name: 'Playtest' }).click();
    const pt = page.locator('bk-playtest');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('bk-playtest')?.dataset.state === 'idle', null, { timeout: 60_000 });
    await pt.locator('[data-seat="0"]').selectOption('random');
    await pt.locator('[data-seat="1"]').selectOption('random');
    await pt.locator('[data-delay]').selectOption('0');
    await pt.locator('[data-start]').click();
    // while the worker runs the step away, the page answers: the Edit tab opens and the Playtest comes back
    await page.getByRole('tab', { name: 'Edit' }).click();
    await expect.poll(() => page.locator('.bk-pane-main .bk-pane-title').textContent()).toContain('late.yaml');
    await page.getByRole('tab', { name: 'Playtest' }).click();
    await expect.poll(() => pt.locator('[data-ended]').textContent(), { timeout: 120_000 }).toMatch(/The game stopped.*main\/s: more than \d+ (units of work|log lines) in one step/s);
    expect(s.errors).toEqual([]);
    await s.close();
  }, 300_000);
});
