// The card table's Export CSV and Import CSV, and a card's image in the preview and on the playtest table, in
// real headless Chromium: export the storm cards, import an edited table (a count, a name with a comma and
// quotes), see a wrong cell refused at its row and column with the file unchanged; open a ruleset with a PNG and
// an SVG and see both in the card's preview.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openEditor, startEditorServer, type EditorServer } from '../helpers/browser.js';
import { STAR_SVG, pattern } from '../helpers/images.js';

let server: EditorServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startEditorServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const text = (page: Page) => page.evaluate(() => (window as unknown as { bk: { ws: { entry: { text: string } } } }).bk.ws.entry.text);

async function importCsv(page: Page, dir: string, name: string, csv: string): Promise<void> {
  const file = join(dir, name);
  writeFileSync(file, csv);
  await page.locator('bk-card-table [data-csv-import]').setInputFiles(file);
}

describe('the card table as CSV', () => {
  it('exports a card type, imports an edited table as form edits, refuses a wrong cell at its row and column', async () => {
    const s = await openEditor(browser, server.url);
    const { page } = s;
    await page.evaluate(() => window.bk.settled());
    await page.locator('bk-card-table select[aria-label="card type"]').selectOption('storm');
    const downloading = page.waitForEvent('download');
    await page.locator('bk-card-table [data-csv-export]').click();
    const dl = await downloading;
    expect(dl.suggestedFilename()).toBe('storm.csv');
    const dir = mkdtempSync(join(tmpdir(), 'bk-csv-browser-'));
    await dl.saveAs(join(dir, 'exported.csv'));
    const exported = readFileSync(join(dir, 'exported.csv'), 'utf8');
    expect(exported).toBe('id,name,count,text\nstorm,Storm,5,No blocks may be stacked in this construction phase.\n');

    const before = await text(page);
    await importCsv(page, dir, 'storm.csv', exported.replace('storm,Storm,5,', 'storm,"Storm, ""the big one""",7,'));
    // the result is loaded (as validate would) in the validation worker before it becomes the text
    await expect.poll(() => text(page), { timeout: 60_000 }).toContain('count: 7');
    expect(await page.locator('.bk-status-msg').textContent()).toMatch(/Imported storm\.csv: 1 card changed \(2 cells\), 0 added\.|Autosaved/);
    const after = await text(page);
    const changed = after.split('\n').filter((l, i) => l !== before.split('\n')[i]);
    expect(changed).toEqual(['  - { id: storm, type: storm, name: "Storm, \\"the big one\\"", count: 7, text: "No blocks may be stacked in this construction phase." }']);
    await page.evaluate(() => window.bk.settled());
    await expect.poll(() => page.locator('bk-card-table tr[data-card="storm"] input.count').inputValue()).toBe('7');

    // a wrong cell: nothing changes, the problem is listed where the spreadsheet shows it
    await importCsv(page, dir, 'wrong.csv', 'id,name,count,text\nstorm,Storm,many,x\nhail,Hail,2,y\n');
    await expect.poll(() => page.locator('[data-csv-problems] li').allTextContents(), { timeout: 60_000 }).toEqual(["wrong.csv:2:3: count: expected a number, got 'many'"]);
    expect(await text(page)).toBe(after);
    expect(s.errors).toEqual([]);
    await s.close();
  });
});

describe('images in the editor', () => {
  it('a ruleset opened with its PNG and SVG shows both in the card preview and on the playtest table', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bk-img-browser-'));
    mkdirSync(join(dir, 'art'));
    writeFileSync(join(dir, 'art/pattern.png'), pattern(64, 32));
    writeFileSync(join(dir, 'art/star.svg'), STAR_SVG);
    const ruleset = readFileSync(new URL('../print/images.test.ts', import.meta.url), 'utf8');
    // one red card in the public pile (a pile of one is drawn as a whole card on the table), the plain one in the box
    const yaml = /const RULESET = `([\s\S]*?)`;/.exec(ruleset)![1]!.replace('count: 3 }', 'count: 1 }').replace('name: Plain }', 'name: Plain, startIn: box }');
    writeFileSync(join(dir, 'pictures.yaml'), yaml);
    const s = await openEditor(browser, server.url);
    const { page } = s;
    await page.evaluate(() => { delete (window as unknown as Record<string, unknown>).showOpenFilePicker; });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Open…' }).click();
    await (await chooser).setFiles([join(dir, 'pictures.yaml'), join(dir, 'art/pattern.png'), join(dir, 'art/star.svg')]);
    await page.waitForFunction(() => window.bk.ws.current.endsWith('pictures.yaml'));
    // the images go where the ruleset names them, relative to it
    await expect.poll(() => page.evaluate(() => [...(window.bk.ws as unknown as { images: Map<string, Uint8Array> }).images.keys()].sort())).toEqual(['rulesets/art/pattern.png', 'rulesets/art/star.svg']);
    await page.evaluate(() => window.bk.settled());
    await expect.poll(() => page.locator('bk-problems li').count()).toBe(0);
    await page.locator('bk-card-table tr[data-card="red"]').click();
    const front = page.locator('bk-card-preview [data-side=front] svg');
    await expect.poll(() => front.locator('image').count(), { timeout: 60_000 }).toBe(1);
    expect(await front.locator('image').getAttribute('href')).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    // the SVG's star, drawn from its parts
    expect(await front.locator('path[fill="#1f8a3a"]').count()).toBe(1);
    expect(await front.evaluate((el) => el.outerHTML)).not.toMatch(/<script|\son\w+=/i);
    await page.screenshot({ path: join(dir, 'preview.png') });
    // the playtest table: the red card lies face up in the pile, with its image
    await page.getByRole('tab', { name: 'Playtest' }).click();
    const pt = page.locator('bk-playtest');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('bk-playtest')?.dataset.state === 'idle', null, { timeout: 60_000 });
    await pt.locator('[data-start]').click();
    const art = pt.locator('bk-pt-table .card img.art');
    await expect.poll(() => art.count(), { timeout: 60_000 }).toBe(1);
    expect((await art.getAttribute('src'))!.slice(0, 26)).toBe('data:image/png;base64,iVBO');
    expect(await art.first().evaluate((e) => (e as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    // the file name is not shown to a player
    expect(await pt.locator('bk-pt-table .card').textContent()).not.toContain('pattern.png');
    await page.screenshot({ path: join(dir, 'table.png') });
    expect(s.errors).toEqual([]);
    await s.close();
  });
});
