// The web editor end to end, in Debian's Chromium: Babel Builders opens in Monaco with no console errors,
// a typed mistake shows its marker and problem at the right line (and the problem jumps there), fixing it
// clears both, the blueprint grid and the card table write into the YAML (and follow text edits), work
// survives a reload, a variant opens beside its base, unsaved work warns before closing, the PDF
// button produces the print-and-play PDF, and a worker that fails is reported and replaced.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loadRulesetText } from '../../engine/load/index.js';
import { launchBrowser, newSession, openEditor, startEditorServer, waitForMonaco, type EditorServer, type Session } from '../helpers/browser.js';

const BB = readFileSync(new URL('../../rulesets/babel-builders.yaml', import.meta.url), 'utf8');
const BB_LINES = BB.split('\n');
const lineOf = (needle: string) => BB_LINES.findIndex((l) => l.includes(needle)) + 1;

let server: EditorServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startEditorServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// ---- page helpers -------------------------------------------------------------------------------

type Marker = { startLineNumber: number; startColumn: number; message: string; severity: number };

const text = (page: Page) => page.evaluate(() => window.bk.editors!.main.getValue());
const settled = (page: Page) => page.evaluate(() => window.bk.settled());
const markers = (page: Page) => page.evaluate(() => window.bk.editors!.markers().map((m) => ({ startLineNumber: m.startLineNumber, startColumn: m.startColumn, message: m.message, severity: m.severity })) as Marker[]);
const cursor = (page: Page) => page.evaluate(() => window.bk.editors!.main.getPosition()!.toJSON() as { lineNumber: number; column: number });
const problems = (page: Page) => page.locator('bk-problems li');
/** Monaco renders spaces as no-break spaces. */
// The card preview is drawn in the print worker, which fetches and decodes a font face (2.7 MB for Japanese) the
// first time a card needs it: on a loaded machine that takes seconds, not the 1 s expect.poll waits by default.
const DRAWN = { timeout: 20_000 };
const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

/** Puts the caret at line:col in Monaco and types like a user (real key events). */
async function typeAt(page: Page, line: number, col: number, s: string): Promise<void> {
  await page.evaluate(([l, c]) => window.bk.editors!.reveal(l!, c!), [line, col]);
  await page.keyboard.type(s, { delay: 5 });
}

/** Waits until the typing has been validated (debounce and worker) and shown. */
async function afterTyping(page: Page): Promise<void> {
  await page.waitForFunction(() => !window.bk.app.pending);
  await settled(page);
}

/** The load status of a print font face in the page (`regular-0`: Noto Sans Latin; `regular-4`: Noto Sans JP). */
const printFonts = (page: Page, face: string) =>
  page.evaluate((family) => {
    const out: string[] = [];
    document.fonts.forEach((f) => { if (f.family === family || f.family === `"${family}"`) out.push(f.status); });
    return out;
  }, `bk-print-${face}`);

describe('the editor opens on Babel Builders', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openEditor(browser, server.url);
    await settled(s.page);
  });
  afterAll(() => s.close());

  it('shows the bundled Babel Builders text in Monaco, with no console errors', async () => {
    const { page } = s;
    expect(await text(page)).toBe(BB);
    await expect.poll(() => page.locator('.bk-pane-main .bk-pane-title').textContent()).toContain('rulesets/babel-builders.yaml');
    // Monaco draws the first lines
    await expect.poll(() => page.locator('.bk-pane-main .view-lines').innerText().then(nbsp)).toContain('id: babel-builders');
    expect(await page.locator('bk-problems [data-testid=problem-count]').textContent()).toContain('no problems');
    expect(await page.locator('.bk-status').textContent()).toContain('Valid ruleset');
    // the file list offers the bundled rulesets and variants, by their games' names (their paths as tooltips)
    const files = await page.locator('.bk-files button').allTextContents();
    expect(files.map((f) => f.trim())).toEqual(expect.arrayContaining(['Babel Builders', 'Babel Builders — steep tower variant', 'Babel Builders — custom blueprint']));
    expect(await page.locator('.bk-files button', { hasText: 'steep tower' }).getAttribute('title')).toBe('rulesets/variants/steep-tower.yaml');
    expect(s.errors).toEqual([]);
  });

  it('completion and hover come from the ruleset schema', async () => {
    const { page } = s;
    // an empty line at the top level: the keys the ruleset does not use yet are offered
    await page.evaluate((l) => window.bk.editors!.reveal(l, 1), lineOf('players: { min: 5, max: 10 }') + 1);
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Control+Space');
    const rows = page.locator('.suggest-widget .monaco-list-row');
    await expect.poll(() => rows.allTextContents(), { timeout: 20_000 }).toEqual(expect.arrayContaining([expect.stringContaining('extends')]));
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+z');
    expect(await text(page)).toBe(BB);
    // hover on a key shows its description from the schema
    await page.evaluate((l) => {
      const ed = window.bk.editors!;
      ed.reveal(l, 3);
      (ed.main as unknown as { trigger(a: string, b: string, c: unknown): void }).trigger('test', 'editor.action.showHover', {});
    }, lineOf('players: { min: 5, max: 10 }'));
    await expect.poll(() => page.locator('.monaco-hover-content').allTextContents().then((t) => t.join(' ')), { timeout: 20_000 }).toContain('How many players the game is for');
    await page.keyboard.press('Escape');
  });

  it('lists every card of the ruleset in the card table', async () => {
    const rows = s.page.locator('bk-card-table tbody tr');
    await expect.poll(() => rows.count()).toBe(48);
    expect(await s.page.locator('bk-card-table tr[data-card="bp-01"] td.id').textContent()).toBe('bp-01');
  });
});

describe('live validation while typing', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openEditor(browser, server.url);
    await settled(s.page);
  });
  afterAll(() => s.close());

  const at = lineOf('players: { min: 5, max: 10 }') + 1; // the empty line after it

  it('an unknown key typed in shows a marker and a problem at its line and column', async () => {
    const { page } = s;
    expect(BB_LINES[at - 1]).toBe('');
    await typeAt(page, at, 1, 'playerz: 3');
    await afterTyping(page);
    const ms = await markers(page);
    expect(ms).toHaveLength(1);
    expect(ms[0]).toMatchObject({ startLineNumber: at, startColumn: 1, severity: 8 });
    expect(ms[0]!.message).toContain("unknown key 'playerz'");
    expect(ms[0]!.message).toContain("did you mean 'players'?");
    // the squiggle is drawn, the problems list has the entry with its position
    await page.locator('.bk-pane-main .squiggly-error').first().waitFor();
    await expect.poll(() => problems(page).count()).toBe(1);
    const entry = await problems(page).first().textContent();
    expect(entry).toContain("unknown key 'playerz'");
    expect(entry).toContain(`${at}:1`);
    expect(await page.locator('.bk-status').textContent()).toContain('1 error');
  });

  it('a click on the problem puts the caret on it', async () => {
    const { page } = s;
    await page.evaluate(() => window.bk.editors!.reveal(1, 1));
    await problems(page).first().locator('button').click();
    expect(await cursor(page)).toEqual({ lineNumber: at, column: 1 });
  });

  it('a semantic error is placed on the offending value: an unknown cell in a blueprint', async () => {
    const { page } = s;
    const line = lineOf('{ id: bp-01,');
    const col = BB_LINES[line - 1]!.indexOf('C1: 3') + 1;
    // select "C1" and type over it
    await page.evaluate(([l, c]) => {
      const ed = window.bk.editors!;
      ed.reveal(l!, c!);
      ed.main.setSelection({ startLineNumber: l!, startColumn: c!, endLineNumber: l!, endColumn: c! + 2 });
    }, [line, col]);
    await page.keyboard.type('Z9');
    await afterTyping(page);
    // the same positions as the CLI's loader gives for the same text
    const cli = loadRulesetText('rulesets/babel-builders.yaml', await text(page)).diagnostics;
    expect(cli.map((d) => d.message)).toEqual([expect.stringContaining("unknown key 'playerz'"), "'Z9' is not a cell of any grid zone"]);
    const ms = await markers(page);
    expect(ms.map((m) => [m.startLineNumber, m.startColumn, m.message])).toEqual(cli.map((d) => [d.line, d.col, d.message]));
    expect(ms[1]!.startLineNumber).toBe(line);
    await expect.poll(() => problems(page).count()).toBe(2);
    await problems(page).nth(1).locator('button').click();
    expect(await cursor(page)).toEqual({ lineNumber: line, column: cli[1]!.col });
  });

  it('undoing the mistakes clears the markers and the problems', async () => {
    const { page } = s;
    await page.evaluate(() => window.bk.editors!.main.focus());
    const undo = process.platform === 'darwin' ? 'Meta+z' : 'Control+z';
    for (let i = 0; i < 30 && (await text(page)) !== BB; i++) await page.keyboard.press(undo);
    expect(await text(page)).toBe(BB);
    await afterTyping(page);
    expect(await markers(page)).toEqual([]);
    await expect.poll(() => problems(page).count()).toBe(0);
    expect(await page.locator('bk-problems [data-testid=problem-count]').textContent()).toContain('no problems');
    expect(s.errors).toEqual([]);
  });

  it('a YAML syntax error is reported at its position and the rest stays usable', async () => {
    const { page } = s;
    await typeAt(page, at, 1, 'broken: [1, 2');
    await afterTyping(page);
    const ms = await markers(page);
    expect(ms.length).toBeGreaterThan(0);
    expect(ms[0]!.startLineNumber).toBeGreaterThanOrEqual(at);
    expect(ms.every((m) => m.severity === 8)).toBe(true);
    await page.keyboard.press('Control+z');
    for (let i = 0; i < 30 && (await text(page)) !== BB; i++) await page.keyboard.press('Control+z');
    await afterTyping(page);
    expect(await markers(page)).toEqual([]);
  });
});

describe('visual editing writes the YAML, and work survives a reload', () => {
  let s: Session;
  /** every font file the page and its workers asked for */
  const fontsFetched: string[] = [];
  beforeAll(async () => {
    s = await openEditor(browser, server.url);
    s.context.on('request', (r) => { if (/\.woff2?(\?|$)/.test(r.url())) fontsFetched.push(r.url()); });
    await settled(s.page);
  });
  const japanese = () => fontsFetched.filter((u) => u.includes('noto-sans-jp'));
  afterAll(() => s.close());

  const bp1 = lineOf('{ id: bp-01,');

  it('setting a blueprint cell in the grid changes only that line of the YAML, comments kept', async () => {
    const { page } = s;
    await page.locator('bk-card-table tr[data-card="bp-01"]').click();
    const grid = page.locator('bk-blueprint-grid');
    await expect.poll(() => grid.locator('[data-cell=C1]').textContent()).toContain('3');
    await grid.locator('[data-cell=A1]').click();
    await grid.locator('input').fill('5');
    await grid.locator('input').press('Enter');
    await afterTyping(page);
    const now = (await text(page)).split('\n');
    expect(now).toHaveLength(BB_LINES.length);
    const changed = now.flatMap((l, i) => (l === BB_LINES[i] ? [] : [i + 1]));
    expect(changed).toEqual([bp1]);
    expect(now[bp1 - 1]).toBe('  - { id: bp-01, type: blueprint, name: Blueprint 1, source: published, targets: { C1: 3, B2: 8, A3: 3, A1: 5 } }');
    // the grid shows the new cell (it reads back what the loader sees), and the ruleset is still valid
    await expect.poll(() => grid.locator('[data-cell=A1]').textContent()).toContain('5');
    expect(await markers(page)).toEqual([]);
  });

  it('the grid follows an edit typed in Monaco', async () => {
    const { page } = s;
    const line = (await text(page)).split('\n')[bp1 - 1]!;
    const col = line.indexOf('B2: 8') + 5; // the 8
    await page.evaluate(([l, c]) => {
      const ed = window.bk.editors!;
      ed.reveal(l!, c!);
      ed.main.setSelection({ startLineNumber: l!, startColumn: c!, endLineNumber: l!, endColumn: c! + 1 });
    }, [bp1, col]);
    await page.keyboard.type('7');
    await afterTyping(page);
    await expect.poll(() => page.locator('bk-blueprint-grid [data-cell=B2]').textContent()).toContain('7');
  });

  it('the card preview draws the selected card from the print layout, and follows the edit', async () => {
    const { page } = s;
    const front = page.locator('bk-card-preview [data-side=front] svg');
    await front.waitFor({ timeout: 30_000 });
    await expect.poll(() => front.locator('text').allTextContents(), DRAWN).toEqual(expect.arrayContaining(['Blueprint 1', '5', '7', '3']));
    await page.screenshot({ path: join(tmpdir(), 'babelkit-editor-grid.png') });
    // the print fonts load as the preview's text needs them: the Latin face it draws with, never the Japanese
    // faces (2.7 MB) for a ruleset with no Japanese text
    await expect.poll(() => printFonts(page, 'regular-0'), DRAWN).toEqual(['loaded']);
    expect(await printFonts(page, 'regular-4')).toEqual(['unloaded']);
    expect(await printFonts(page, 'bold-4')).toEqual(['unloaded']);
    // nor does the print worker, which measures and draws the card with the font files themselves
    expect(fontsFetched.some((u) => u.includes('noto-sans-latin-400'))).toBe(true);
    expect(japanese()).toEqual([]);
  });

  it('the card table edits a count in the YAML', async () => {
    const { page } = s;
    const visible = () => page.evaluate(() => window.bk.editors!.main.getVisibleRanges().map((r) => [r.startLineNumber, r.endLineNumber])[0]!);
    // the code editor shows the top of the file, far from the card edited
    await page.evaluate(() => window.bk.editors!.main.setScrollTop(0));
    expect((await visible())[1]).toBeLessThan(lineOf('{ id: seal,'));
    const input = page.locator('bk-card-table input[aria-label="count of seal"]');
    await input.fill('11');
    await input.press('Enter');
    await afterTyping(page);
    const line = lineOf('{ id: seal,');
    expect((await text(page)).split('\n')[line - 1]).toBe(BB_LINES[line - 1]!.replace('count: 9', 'count: 11'));
    // the code editor scrolled to the line the form wrote, and the focus stayed in the form
    await expect.poll(async () => { const [from, to] = await visible(); return from! <= line && line <= to!; }).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.closest('bk-card-table') !== null)).toBe(true);
  });

  it('a text field of the selected card is edited in its form and written into the YAML', async () => {
    const { page } = s;
    await page.locator('bk-card-table tr[data-card="storm"]').click();
    const field = page.locator('.bk-fields textarea[aria-label="text of storm"]');
    expect(await field.inputValue()).toBe('No blocks may be stacked in this construction phase.');
    await field.fill('No blocks at all this phase.');
    await field.blur();
    await afterTyping(page);
    const line = lineOf('{ id: storm,');
    expect((await text(page)).split('\n')[line - 1]).toBe('  - { id: storm, type: storm, name: Storm, count: 5, text: "No blocks at all this phase." }');
    await expect.poll(() => page.locator('bk-card-preview [data-side=front] svg text').allTextContents().then((t) => t.join('').replace(/\s/g, '')), DRAWN).toContain('Noblocksatallthisphase.');
    // Japanese text in a card: the preview draws it, and the Japanese face is fetched for it then
    await field.fill('No blocks at all this phase. 嵐の日');
    await field.blur();
    await afterTyping(page);
    await expect.poll(() => page.locator('bk-card-preview [data-side=front] svg text').allTextContents().then((t) => t.join('')), DRAWN).toContain('嵐の日');
    await expect.poll(() => printFonts(page, 'regular-4'), DRAWN).toEqual(['loaded']);
    expect(japanese().length).toBeGreaterThan(0);
  });

  it('after a reload the work is restored from browser storage', async () => {
    const { page } = s;
    const before = await text(page);
    expect(before).not.toBe(BB);
    await page.evaluate(() => window.bk.ws.persist());
    page.once('dialog', (d) => void d.accept()); // the unsaved-work warning, if Chromium shows it
    await page.reload();
    await page.waitForFunction(() => window.bk?.ready);
    await settled(page);
    expect(await text(page)).toBe(before);
    expect(await page.locator('.bk-status').textContent()).toContain('Restored your work');
    expect(await page.locator('.bk-files button.current').getAttribute('data-path')).toBe('rulesets/babel-builders.yaml');
    expect(s.errors).toEqual([]);
  });

  it('closing the tab with unsaved work asks first', async () => {
    const { page } = s;
    await typeAt(page, 1, 1, '#');
    await afterTyping(page);
    const dialog = new Promise<string>((resolve) => page.once('dialog', (d) => { resolve(d.type()); void d.dismiss(); }));
    await page.close({ runBeforeUnload: true });
    expect(await dialog).toBe('beforeunload');
    s.page = await s.context.newPage(); // for afterAll
  });
});

describe('variants, saving and printing', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openEditor(browser, server.url);
    await settled(s.page);
  });
  afterAll(() => s.close());

  it('a bundled variant opens beside its base, read-only on the left', async () => {
    const { page } = s;
    await page.locator('.bk-files button[data-path="rulesets/variants/steep-tower.yaml"]').click();
    await afterTyping(page);
    await expect.poll(() => page.locator('.bk-pane-base .bk-pane-title').textContent()).toContain('rulesets/babel-builders.yaml');
    expect(await page.locator('.bk-pane-base').isVisible()).toBe(true);
    await expect.poll(() => page.locator('.bk-pane-base .view-lines').innerText().then(nbsp)).toContain('id: babel-builders');
    await expect.poll(() => page.locator('.bk-pane-main .view-lines').innerText().then(nbsp)).toContain('extends: ../babel-builders.yaml');
    expect(await markers(page)).toEqual([]);
  });

  it('New variant creates a file that extends the open one; a grid edit there writes a replacement item', async () => {
    const { page } = s;
    await page.locator('.bk-files button[data-path="rulesets/babel-builders.yaml"]').click();
    await afterTyping(page);
    await page.getByRole('button', { name: 'New variant' }).click();
    await afterTyping(page);
    const t = await text(page);
    expect(t).toContain('extends: ../babel-builders.yaml');
    expect(await page.locator('.bk-pane-main .bk-pane-title').textContent()).toContain('rulesets/variants/babel-builders-variant.yaml');
    expect(await page.locator('.bk-pane-base .bk-pane-title').textContent()).toContain('rulesets/babel-builders.yaml');
    expect(await markers(page)).toEqual([]);
    // the variant changes a blueprint cell through the grid: a replacement item is written into the variant
    await page.locator('bk-card-table tr[data-card="bp-03"]').click();
    await page.locator('bk-blueprint-grid [data-cell=B3]').click();
    await page.locator('bk-blueprint-grid input').fill('');
    await page.locator('bk-blueprint-grid input').press('Enter');
    await afterTyping(page);
    expect(await text(page)).toContain('- { id: bp-03, replace: true, type: blueprint, name: Blueprint 3, source: placeholder, targets: { B1: 3, B2: 8 } }');
    await expect.poll(() => page.locator('bk-blueprint-grid [data-cell=B3]').getAttribute('aria-label')).toBe('B3: no target');
    expect(await markers(page)).toEqual([]);
    await page.screenshot({ path: join(tmpdir(), 'babelkit-editor-variant.png') });
  });

  it('Save downloads the file where the File System Access API is absent', async () => {
    const { page } = s;
    await page.evaluate(() => {
      delete (window as unknown as Record<string, unknown>).showSaveFilePicker;
    });
    const dl = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save' }).click();
    const d = await dl;
    expect(d.suggestedFilename()).toBe('babel-builders-variant.yaml');
    const path = await d.path();
    expect(readFileSync(path, 'utf8')).toBe(await text(page));
    await expect.poll(() => page.locator('.bk-pane-main .bk-dot').count()).toBe(0);
  });

  it('Open… reads a local file; a variant opened from disk resolves its base among the bundled files', async () => {
    const { page } = s;
    const dir = mkdtempSync(join(tmpdir(), 'bk-open-'));
    const file = join(dir, 'mine.yaml');
    writeFileSync(file, 'extends: ../babel-builders.yaml\nid: mine\nname: Mine\ncards:\n  - { id: seal, count: many }\n');
    await page.evaluate(() => {
      delete (window as unknown as Record<string, unknown>).showOpenFilePicker;
    });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Open…' }).click();
    await (await chooser).setFiles(file);
    await page.waitForFunction(() => window.bk.ws.current === 'rulesets/variants/mine.yaml');
    await afterTyping(page);
    const ms = await markers(page);
    expect(ms.length).toBeGreaterThan(0);
    expect(ms.map((m) => [m.startLineNumber, m.startColumn])).toContainEqual([5, 24]);
    expect(ms.map((m) => m.message)).toContain('count must be a whole number from 0 to 10000');
  });

  it('Print PDF produces the print-and-play PDF of the open ruleset in the browser', async () => {
    const { page } = s;
    await page.locator('.bk-files button[data-path="rulesets/babel-builders.yaml"]').click();
    await afterTyping(page);
    const dl = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('button', { name: 'Print PDF' }).click();
    // the dialog offers the ruleset's own print settings: made as they are
    await page.locator('bk-print-dialog [data-print-make]:not([disabled])').click();
    const d = await dl;
    expect(d.suggestedFilename()).toBe('babel-builders-print-and-play.pdf');
    const path = await d.path();
    const bytes = readFileSync(path);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
    // the same deck as `babelkit print rulesets/babel-builders.yaml` (same code, same options, same pages)
    const cliOut = join(mkdtempSync(join(tmpdir(), 'bk-cli-')), 'deck.pdf');
    execFileSync(process.execPath, ['bin/babelkit.mjs', 'print', 'rulesets/babel-builders.yaml', '--out', cliOut], { cwd: fileURLToPath(new URL('../..', import.meta.url)) });
    const pagesOf = (s: string) => Number(/Pages:\s+(\d+)/.exec(s)![1]);
    expect(pagesOf(info)).toBe(pagesOf(execFileSync('pdfinfo', [cliOut], { encoding: 'utf8' })));
    expect(pagesOf(info)).toBeGreaterThan(2);
    expect(execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' })).toContain('Blueprint 1');
    expect(await page.locator('.bk-status').textContent()).toMatch(/cards on \d+ pages/);
    expect(s.errors).toEqual([]);
  });
});

describe('a worker that fails', () => {
  it('a validation worker that fails to load is reported as a problem of the file; the next check starts a new one', async () => {
    const s = await newSession(browser);
    const { page } = s;
    // the first copy of the validation worker throws as it loads; later ones are served as built
    let broken = 1;
    await page.route('**/validate.worker-*.js', (route) =>
      broken-- > 0 ? route.fulfill({ contentType: 'text/javascript', body: "throw new Error('the worker is broken');" }) : route.continue(),
    );
    await page.goto(server.url);
    await waitForMonaco(page);
    await settled(page);
    await expect.poll(() => problems(page).count()).toBe(1);
    const entry = await problems(page).first().textContent();
    expect(entry).toContain('the validation worker stopped');
    expect(entry).toContain('the worker is broken');
    expect(await page.locator('.bk-status').textContent()).toContain('1 error');
    // the next keystroke is checked by a new worker
    await typeAt(page, 1, 1, '#');
    await afterTyping(page);
    expect(await markers(page)).toEqual([]);
    await expect.poll(() => problems(page).count()).toBe(0);
    expect(await page.locator('.bk-status').textContent()).toContain('Valid ruleset');
    expect(broken).toBe(-1); // served twice: the broken copy, then the real one
    expect(s.errors).toEqual([]);
    await s.close();
  });

  it('a print worker that dies leaves a message in the preview; the next drawing starts a new one', async () => {
    const s = await newSession(browser);
    const { page } = s;
    let broken = 1;
    await page.route('**/print.worker-*.js', (route) =>
      broken-- > 0 ? route.fulfill({ contentType: 'text/javascript', body: "throw new Error('no memory left');" }) : route.continue(),
    );
    await page.goto(server.url);
    await waitForMonaco(page);
    await settled(page);
    await page.locator('bk-card-table tr[data-card="bp-01"]').click();
    await expect.poll(() => page.locator('bk-card-preview [role=alert]').textContent(), { timeout: 30_000 }).toContain('the print worker stopped');
    expect(await page.locator('bk-card-preview [role=alert]').textContent()).toContain('no memory left');
    await page.locator('bk-card-table tr[data-card="bp-02"]').click();
    await expect.poll(() => page.locator('bk-card-preview [data-side=front] svg text').allTextContents(), { timeout: 30_000 }).toContain('Blueprint 2');
    expect(s.errors).toEqual([]);
    await s.close();
  });
});
