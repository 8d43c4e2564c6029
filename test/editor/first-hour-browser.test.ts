// A designer's first hour in the editor, in real headless Chromium: the count of the first card after a comment
// (bp-01) set in the card table changes that card's line only; after Revert, an edit refused and New variant the
// count boxes show what the text says; selecting a card shows its line in the code; the file list and the host
// page name the games; the Simulate tab seats greedy bots and sets every seat at once; Print PDF's options make
// the PDF `babelkit print` makes with the same choices; and a tour of every tab raises no page or console error.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loadRulesetText } from '../../engine/index.js';
import { editorAndBrowser, newSession, openEditor, type Session } from '../helpers/browser.js';
import { startTestServer } from '../helpers/serve.js';
import { babelkit } from '../cli/run.js';
import { ROOT } from '../helpers/game.js';

const env = editorAndBrowser();

const BB = readFileSync(join(ROOT, 'rulesets/babel-builders.yaml'), 'utf8');
const BB_LINES = BB.split('\n');
const lineOf = (needle: string) => BB_LINES.findIndex((l) => l.includes(needle)) + 1;

const text = (page: Page) => page.evaluate(() => window.bk.editors!.main.getValue());
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !window.bk.app.pending);
  await page.evaluate(() => window.bk.settled());
}
const countBox = (page: Page, id: string) => page.locator(`bk-card-table input[aria-label="count of ${id}"]`);
const status = (page: Page) => page.locator('.bk-status-msg').textContent();
const visibleLines = (page: Page) => page.evaluate(() => window.bk.editors!.main.getVisibleRanges().map((r) => [r.startLineNumber, r.endLineNumber] as [number, number]));
const shows = async (page: Page, line: number) => (await visibleLines(page)).some(([a, b]) => a <= line && line <= b);

describe('form edits and what the forms show', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openEditor(env.browser, env.server.url);
    s.page.on('dialog', (d) => void d.accept()); // Revert asks first
    await settled(s.page);
  });
  afterAll(() => s.close());

  it('the count of bp-01 set in the card table changes its own line only; the comment above stays; the file validates', async () => {
    const { page } = s;
    const line = lineOf('{ id: bp-01,');
    expect(BB_LINES[line - 2]).toBe('  # ---- blueprints (12: 9 prepared, 3 blank) ----');
    await countBox(page, 'bp-01').fill('2');
    await countBox(page, 'bp-01').press('Enter');
    await settled(page);
    const now = (await text(page)).split('\n');
    expect(now).toHaveLength(BB_LINES.length);
    expect(now.flatMap((l, i) => (l === BB_LINES[i] ? [] : [[i + 1, l]]))).toEqual([
      [line, '  - { id: bp-01, type: blueprint, name: Blueprint 1, source: published, targets: { C1: 3, B2: 8, A3: 3 }, count: 2 }'],
    ]);
    expect(await page.locator('.bk-status').textContent()).toContain('Valid ruleset');
    expect(loadRulesetText('rulesets/babel-builders.yaml', now.join('\n')).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // a second edit on the same card builds on the first
    await countBox(page, 'bp-01').fill('3');
    await countBox(page, 'bp-01').press('Enter');
    await settled(page);
    expect((await text(page)).split('\n')[line - 1]).toContain('targets: { C1: 3, B2: 8, A3: 3 }, count: 3 }');
  });

  it('after Revert the count box shows the count the text holds', async () => {
    const { page } = s;
    await page.getByRole('button', { name: 'Revert' }).click();
    await settled(page);
    expect(await text(page)).toBe(BB);
    await expect.poll(() => countBox(page, 'bp-01').inputValue()).toBe('1');
  });

  it('an edit the text refuses (its YAML is broken) leaves the box showing the text, and says why', async () => {
    const { page } = s;
    const at = lineOf('players: { min: 5, max: 10 }') + 1;
    await page.evaluate((l) => window.bk.editors!.reveal(l, 1), at);
    await page.keyboard.type('broken: a: b'); // (Monaco would close a bracket or a quote as it is typed)
    await settled(page);
    await page.evaluate(() => window.bk.ws.persist()); // the autosave's own message comes now, not over the next one
    await countBox(page, 'seal').fill('4');
    await countBox(page, 'seal').press('Enter');
    await expect.poll(() => status(page)).toMatch(/Not changed: the YAML has an error at line \d+/);
    await expect.poll(() => countBox(page, 'seal').inputValue()).toBe('9');
    expect((await text(page)).split('\n').find((l) => l.includes('id: seal,'))).toContain('count: 9');
    await page.getByRole('button', { name: 'Revert' }).click();
    await settled(page);
    expect(await text(page)).toBe(BB);
  });

  it('New variant shows the counts its text holds (the base card’s, until the variant changes them)', async () => {
    const { page } = s;
    await countBox(page, 'bp-01').fill('6');
    await countBox(page, 'bp-01').press('Enter');
    await settled(page);
    await page.getByRole('button', { name: 'Revert' }).click();
    await settled(page);
    await page.getByRole('button', { name: 'New variant' }).click();
    await settled(page);
    expect(await text(page)).toContain('extends: ../babel-builders.yaml');
    await expect.poll(() => countBox(page, 'bp-01').inputValue()).toBe('1');
    // a count set in the variant is one new item; the box shows it
    await countBox(page, 'bp-01').fill('2');
    await countBox(page, 'bp-01').press('Enter');
    await settled(page);
    expect(await text(page)).toMatch(/\ncards:\n {2}- \{ id: bp-01, count: 2 \}\n$/);
    await expect.poll(() => countBox(page, 'bp-01').inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Close' }).click();
    await settled(page);
  });

  it('selecting bp-09 in the card table shows its line in the code', async () => {
    const { page } = s;
    const line = lineOf('{ id: bp-09,');
    await page.evaluate(() => window.bk.editors!.main.setScrollTop(0));
    expect(await shows(page, line)).toBe(false);
    await page.locator('bk-card-table tr[data-card="bp-09"] td.id').click();
    await expect.poll(() => shows(page, line)).toBe(true);
    // the focus stays in the table
    expect(await page.evaluate(() => document.activeElement?.tagName.toLowerCase())).not.toBe('textarea');
    expect(s.errors).toEqual([]);
  });
});

describe('names, seats and print options', () => {
  it('the file list names the games, with the file as a tooltip; nothing is cut off', async () => {
    const s = await openEditor(env.browser, env.server.url);
    const b = s.page.locator('.bk-files button[data-path="rulesets/variants/7-wonders-babel-projects.yaml"]');
    expect((await b.textContent())!.trim()).toBe('7 Wonders — Babel (Grand Projects)');
    expect(await b.getAttribute('title')).toBe('rulesets/variants/7-wonders-babel-projects.yaml');
    const clipped = await s.page.locator('.bk-files .bk-file-name').evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
    expect(clipped).toEqual([]);
    expect(s.errors).toEqual([]);
    await s.close();
  });

  it('the host page of `babelkit serve` lists its rulesets by their games’ names', async () => {
    const server = await startTestServer();
    const s = await newSession(env.browser);
    try {
      await s.page.goto(`${server.url}host.html`);
      const select = s.page.locator('bk-host [data-ruleset]');
      await expect.poll(() => select.locator('option').count()).toBe(10);
      const options = await select.locator('option').evaluateAll((os) => os.map((o) => [o.textContent, (o as HTMLOptionElement).value, o.getAttribute('title')]));
      expect(options).toContainEqual(['Babel Builders', 'rulesets/babel-builders.yaml', 'rulesets/babel-builders.yaml']);
      expect(options).toContainEqual(['7 Wonders — Babel (Grand Projects)', 'rulesets/variants/7-wonders-babel-projects.yaml', 'rulesets/variants/7-wonders-babel-projects.yaml']);
      expect(options.every(([name, path]) => name !== path)).toBe(true);
      expect(s.errors).toEqual([]);
    } finally {
      await s.close();
      await server.dispose();
    }
  });

  it('the Simulate tab seats a greedy bot everywhere; "All seats" sets every seat; a run matches `simulate --bot greedy`', async () => {
    const s = await openEditor(env.browser, env.server.url);
    const { page } = s;
    await page.getByRole('tab', { name: 'Simulate' }).click();
    const sim = page.locator('bk-simulate');
    await expect.poll(() => sim.locator('[data-sim-run]').count(), { timeout: 30_000 }).toBe(1);
    const seats = () => sim.locator('[data-sim-seat]').evaluateAll((xs) => xs.map((x) => (x as HTMLSelectElement).value));
    await expect.poll(seats).toEqual(['greedy', 'greedy', 'greedy', 'greedy', 'greedy']);
    expect(await sim.locator('[data-sim-all-seats]').inputValue()).toBe('greedy');
    await sim.locator('[data-sim-all-seats]').selectOption('random');
    await expect.poll(seats).toEqual(['random', 'random', 'random', 'random', 'random']);
    await sim.locator('[data-sim-seat="2"]').selectOption('ismcts');
    await expect.poll(() => sim.locator('[data-sim-all-seats]').inputValue()).toBe('');
    await sim.locator('[data-sim-all-seats]').selectOption('greedy');
    await sim.locator('[data-sim-players]').selectOption('6');
    await expect.poll(seats).toEqual(['greedy', 'greedy', 'greedy', 'greedy', 'greedy', 'greedy']);
    await sim.locator('[data-sim-games]').fill('30');
    await sim.locator('[data-sim-games]').dispatchEvent('change');
    await sim.locator('[data-sim-seed]').fill('3');
    await sim.locator('[data-sim-seed]').dispatchEvent('change');
    await sim.locator('[data-sim-run]').click();
    await expect.poll(() => sim.locator('.sim').getAttribute('data-sim-state'), { timeout: 120_000 }).toBe('done');
    const cli = JSON.parse(babelkit('simulate', 'rulesets/babel-builders.yaml', '--players', '6', '--games', '30', '--seed', '3', '--bot', 'greedy', '--json').stdout);
    for (const [id, k] of Object.entries(cli.wins as Record<string, number>)) {
      expect(await sim.locator(`[data-figure="outcome:${id}"]`).getAttribute('data-count'), id).toBe(String(k));
    }
    expect(s.errors).toEqual([]);
    await s.close();
  });

  it('Print PDF with "Babel tiles deck, bridge size, fold backs" makes the pages `babelkit print` makes with those options', async () => {
    const s = await openEditor(env.browser, env.server.url);
    const { page } = s;
    const path = 'rulesets/variants/7-wonders-babel.yaml';
    await page.locator(`.bk-files button[data-path="${path}"]`).click();
    await settled(page);
    await page.getByRole('button', { name: 'Print PDF' }).click();
    const dlg = page.locator('bk-print-dialog dialog');
    await dlg.locator('[data-print-deck]').waitFor();
    // the ruleset's own settings are filled in
    expect(await dlg.locator('[data-print-size]').inputValue()).toBe('poker');
    expect(await dlg.locator('[data-print-backs]').inputValue()).toBe('duplex-long');
    await dlg.locator('[data-print-what="deck"]').check();
    await dlg.locator('[data-print-deck]').selectOption('babel-tiles');
    await dlg.locator('[data-print-size]').selectOption('bridge');
    await dlg.locator('[data-print-backs]').selectOption('fold');
    expect(await dlg.locator('[data-print-command]').textContent()).toBe(
      `npx babelkit print ${path} --deck babel-tiles --size bridge --backs fold --out seven-wonders-babel-babel-tiles-print-and-play.pdf`,
    );
    const dl = page.waitForEvent('download', { timeout: 120_000 });
    await dlg.locator('[data-print-make]').click();
    const d = await dl;
    expect(d.suggestedFilename()).toBe('seven-wonders-babel-babel-tiles-print-and-play.pdf');
    await expect.poll(() => dlg.evaluate((x) => (x as HTMLDialogElement).open)).toBe(false);
    const mine = await d.path();
    const theirs = join(mkdtempSync(join(tmpdir(), 'bk-print-')), 'tiles.pdf');
    babelkit('print', path, '--deck', 'babel-tiles', '--size', 'bridge', '--backs', 'fold', '--out', theirs);
    const info = (f: string) => execFileSync('pdfinfo', ['-f', '1', '-l', '999', f], { encoding: 'utf8' });
    const pages = (t: string) => Number(/^Pages:\s+(\d+)/m.exec(t)![1]);
    const sizes = (t: string) => [...t.matchAll(/^Page\s+\d+ size:\s+(.*)$/gm)].map((m) => m[1]);
    expect(pages(info(mine))).toBe(pages(info(theirs)));
    expect(pages(info(mine))).toBe(4); // 24 tiles at their own square size (printSize), 6 a sheet, fronts and backs on the same sheet
    expect(sizes(info(mine))).toEqual(sizes(info(theirs)));
    const txt = (f: string) => execFileSync('pdftotext', ['-layout', f, '-'], { encoding: 'utf8' });
    expect(txt(mine)).toBe(txt(theirs));
    expect(txt(mine)).toContain('Tax on science');
    // a bad choice is said in the dialog, which stays open
    await page.getByRole('button', { name: 'Print PDF' }).click();
    await dlg.locator('[data-print-what="cards"]').check();
    await dlg.locator('[data-print-cards]').fill('babel-99');
    await dlg.locator('[data-print-make]').click();
    await expect.poll(() => dlg.locator('[data-print-error]').textContent()).toContain("unknown card 'babel-99'");
    await dlg.locator('[data-print-cancel]').click();
    expect(s.errors).toEqual([]);
    await s.close();
  });
});

describe('a tour of every tab', () => {
  it('Edit, Playtest, Simulate, Print, Revert, New variant and another file: no page error, no console error', async () => {
    const s = await openEditor(env.browser, env.server.url);
    const { page } = s;
    page.on('dialog', (d) => void d.accept());
    const tab = async (name: string) => {
      await page.getByRole('tab', { name }).click();
      await page.waitForTimeout(300);
    };
    await settled(page);
    // Edit: a card selected, a cell and a count set
    await page.locator('bk-card-table tr[data-card="bp-02"] td.id').click();
    await page.locator('bk-blueprint-grid [data-cell=A1]').click();
    await page.locator('bk-blueprint-grid input').fill('4');
    await page.locator('bk-blueprint-grid input').press('Enter');
    await settled(page);
    // Playtest: a game started with bots, still going
    await tab('Playtest');
    const pt = page.locator('bk-playtest');
    await pt.locator('[data-start]').waitFor({ timeout: 30_000 });
    await pt.locator('[data-start]').click();
    await expect.poll(() => pt.getAttribute('data-state'), { timeout: 60_000 }).toMatch(/turn|waiting|handoff|ended/);
    // Simulate: a short run
    await tab('Simulate');
    const sim = page.locator('bk-simulate');
    await sim.locator('[data-sim-run]').waitFor({ timeout: 30_000 });
    await sim.locator('[data-sim-games]').fill('10');
    await sim.locator('[data-sim-games]').dispatchEvent('change');
    await sim.locator('[data-sim-run]').click();
    await expect.poll(() => sim.locator('.sim').getAttribute('data-sim-state'), { timeout: 120_000 }).toBe('done');
    // Print: the dialog, a PDF made
    await tab('Edit');
    await page.getByRole('button', { name: 'Print PDF' }).click();
    const dl = page.waitForEvent('download', { timeout: 120_000 });
    await page.locator('bk-print-dialog [data-print-make]:not([disabled])').click();
    await dl;
    // Revert, then New variant, each followed by the other tabs (a game in progress belongs to its own rules)
    await page.getByRole('button', { name: 'Revert' }).click();
    await settled(page);
    await tab('Playtest');
    await tab('Simulate');
    await tab('Edit');
    await page.getByRole('button', { name: 'New variant' }).click();
    await settled(page);
    await tab('Playtest');
    await tab('Simulate');
    // another game altogether while the Babel Builders game is still on the Playtest tab
    await tab('Edit');
    await page.locator('.bk-files button[data-path="rulesets/7-wonders.yaml"]').click();
    await settled(page);
    await tab('Playtest');
    await expect.poll(() => pt.locator('bk-pt-table').count()).toBe(1);
    await tab('Simulate');
    await expect.poll(() => sim.locator('[data-sim-players] option').first().textContent()).toBe('3');
    await tab('Edit');
    await page.getByRole('button', { name: 'Print PDF' }).click();
    await page.locator('bk-print-dialog [data-print-deck]').waitFor();
    await page.locator('bk-print-dialog [data-print-cancel]').click();
    await page.locator('.bk-files button[data-path="rulesets/variants/babel-builders-variant.yaml"]').click();
    await settled(page);
    await page.getByRole('button', { name: 'Close' }).click();
    await settled(page);
    await tab('Playtest');
    await page.waitForTimeout(500);
    expect(s.errors).toEqual([]);
    await s.close();
  });
});
