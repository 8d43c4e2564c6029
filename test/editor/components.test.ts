// Component tests of the editor's Lit elements, each mounted alone in a real page (Chromium, the built
// bundle): what they render from their properties and the events a user's clicks and keys produce.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newSession, startEditorServer, type EditorServer, type Session } from '../helpers/browser.js';

let server: EditorServer;
let browser: Browser;
let s: Session;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startEditorServer(), launchBrowser()]);
  s = await newSession(browser);
  page = s.page;
  await page.goto(server.url);
  await page.waitForFunction(() => !!customElements.get('bk-blueprint-grid') && !!customElements.get('bk-problems'));
});

afterAll(async () => {
  await s?.close();
  await browser?.close();
  await server?.close();
});

beforeEach(async () => {
  // a clean stage over the app, and a log of the events the element under test sends
  await page.evaluate(() => {
    document.querySelector('#stage')?.remove();
    const stage = document.createElement('div');
    stage.id = 'stage';
    stage.style.cssText = 'position:fixed;inset:0;z-index:1000;background:#fff;padding:20px;overflow:auto';
    document.body.append(stage);
    (window as unknown as { events: unknown[] }).events = [];
    for (const type of ['cell-set', 'jump', 'card-edit', 'card-select']) {
      stage.addEventListener(type, (e) => (window as unknown as { events: unknown[] }).events.push({ type, detail: (e as CustomEvent).detail }));
    }
  });
});

const events = () => page.evaluate(() => (window as unknown as { events: { type: string; detail: unknown }[] }).events);

/** Mounts `<tag>` on the stage with the given properties and waits for its first render. */
async function mount(tag: string, props: Record<string, unknown>): Promise<void> {
  await page.evaluate(async ([t, p]) => {
    const el = document.createElement(t as string) as HTMLElement & { updateComplete: Promise<unknown> };
    Object.assign(el, p);
    document.querySelector('#stage')!.append(el);
    await el.updateComplete;
  }, [tag, props] as const);
}

describe('bk-blueprint-grid', () => {
  const grid = { columns: ['A', 'B', 'C'], rows: ['1', '2', '3'], cells: { C1: 3, B2: 8, A3: 3 }, label: 'bp-01 targets' };

  it('draws the 3×3 cells with the targets in place, row by row', async () => {
    await mount('bk-blueprint-grid', grid);
    const cells = page.locator('#stage bk-blueprint-grid [role=gridcell]');
    expect(await cells.evaluateAll((els) => els.map((e) => e.getAttribute('data-cell')))).toEqual(['A1', 'B1', 'C1', 'A2', 'B2', 'C2', 'A3', 'B3', 'C3']);
    expect(await page.locator('#stage bk-blueprint-grid [data-cell=B2]').getAttribute('aria-label')).toBe('B2: 8 blocks');
    expect(await page.locator('#stage bk-blueprint-grid [data-cell=A1]').getAttribute('aria-label')).toBe('A1: no target');
    expect(await page.locator('#stage bk-blueprint-grid .cell.on').count()).toBe(3);
  });

  it('a click then a number and Enter sets the cell; an emptied cell is removed', async () => {
    await mount('bk-blueprint-grid', grid);
    await page.locator('#stage bk-blueprint-grid [data-cell=A1]').click();
    const input = page.locator('#stage bk-blueprint-grid input');
    await expect.poll(() => input.evaluate((e) => e === (e.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    await page.keyboard.type('4');
    await page.keyboard.press('Enter');
    await page.locator('#stage bk-blueprint-grid [data-cell=C1]').click();
    await page.locator('#stage bk-blueprint-grid input').fill('');
    await page.keyboard.press('Enter');
    expect(await events()).toEqual([
      { type: 'cell-set', detail: { cell: 'A1', count: 4 } },
      { type: 'cell-set', detail: { cell: 'C1', count: null } },
    ]);
  });

  it('Escape, an unchanged value or a count that is not a whole number sends nothing', async () => {
    await mount('bk-blueprint-grid', grid);
    await page.locator('#stage bk-blueprint-grid [data-cell=B2]').click();
    await page.keyboard.press('Escape');
    await page.locator('#stage bk-blueprint-grid [data-cell=B2]').click();
    await page.keyboard.press('Enter'); // still 8
    await page.locator('#stage bk-blueprint-grid [data-cell=B1]').click();
    await page.locator('#stage bk-blueprint-grid input').fill('2.5');
    await page.keyboard.press('Enter');
    expect(await events()).toEqual([]);
  });
});

describe('bk-problems', () => {
  const diagnostics = [
    { file: 'rulesets/babel-builders.yaml', line: 18, col: 1, severity: 'error', message: "unknown key 'playerz' at the top level (did you mean 'players'?)" },
    { file: 'rulesets/babel-builders.yaml', line: 40, col: 7, severity: 'warning', message: 'a warning' },
    { file: 'rulesets/variants/base.yaml', line: 3, col: 5, severity: 'error', message: 'in the base' },
  ];

  it('counts errors and warnings and lists each with its position (the file named when it is another)', async () => {
    await mount('bk-problems', { diagnostics, current: 'rulesets/babel-builders.yaml' });
    expect(await page.locator('#stage bk-problems [data-testid=problem-count]').textContent()).toContain('2 errors, 1 warning');
    const where = await page.locator('#stage bk-problems .where').allTextContents();
    expect(where).toEqual(['18:1', '40:7', 'base.yaml:3:5']);
  });

  it('a click on an entry asks to jump to its file, line and column', async () => {
    await mount('bk-problems', { diagnostics, current: 'rulesets/babel-builders.yaml' });
    await page.locator('#stage bk-problems li').nth(2).locator('button').click();
    await page.locator('#stage bk-problems li').first().locator('button').focus();
    await page.keyboard.press('Enter');
    expect(await events()).toEqual([
      { type: 'jump', detail: { file: 'rulesets/variants/base.yaml', line: 3, col: 5 } },
      { type: 'jump', detail: { file: 'rulesets/babel-builders.yaml', line: 18, col: 1 } },
    ]);
  });

  it('says so when there is nothing to report, and while a check is running', async () => {
    await mount('bk-problems', { diagnostics: [], current: 'x.yaml' });
    expect(await page.locator('#stage bk-problems [data-testid=problem-count]').textContent()).toContain('no problems');
    await page.evaluate(async () => {
      const el = document.querySelector('#stage bk-problems') as HTMLElement & { pending: boolean; updateComplete: Promise<unknown> };
      el.pending = true;
      await el.updateComplete;
    });
    expect(await page.locator('#stage bk-problems [data-testid=problem-count]').textContent()).toContain('checking');
  });
});

describe('bk-card-table', () => {
  const cards = [
    { id: 'bp-01', type: 'blueprint', name: 'Blueprint 1', targets: { C1: 3, B2: 8 } },
    { id: 'seal', type: 'seal', name: 'Seal', count: 9, text: 'Seal the Messenger.' },
    { id: 'storm', type: 'storm', name: 'Storm', count: 5 },
  ];

  it('shows name, type, count and the other fields; totals copies', async () => {
    await mount('bk-card-table', { cards });
    const row = page.locator('#stage bk-card-table tr[data-card=seal]');
    expect(await row.locator('input.name').inputValue()).toBe('Seal');
    expect(await row.locator('input.count').inputValue()).toBe('9');
    expect(await row.locator('td.fields').textContent()).toBe('text: Seal the Messenger.');
    expect(await page.locator('#stage bk-card-table tr[data-card=bp-01] td.fields').textContent()).toBe('targets: C1 3, B2 8');
    expect(await page.locator('#stage bk-card-table .total').textContent()).toBe('3 cards, 15 copies');
  });

  it('edits of name and count become card-edit events; a click selects', async () => {
    await mount('bk-card-table', { cards });
    await page.locator('#stage bk-card-table input[aria-label="count of storm"]').fill('6');
    await page.locator('#stage bk-card-table input[aria-label="count of storm"]').press('Enter');
    await page.locator('#stage bk-card-table input[aria-label="name of seal"]').fill('Great Seal');
    await page.locator('#stage bk-card-table input[aria-label="name of seal"]').press('Enter');
    await page.locator('#stage bk-card-table tr[data-card=bp-01] td.id').click();
    const ev = await events();
    expect(ev.filter((e) => e.type === 'card-edit')).toEqual([
      { type: 'card-edit', detail: { id: 'storm', key: 'count', value: 6 } },
      { type: 'card-edit', detail: { id: 'seal', key: 'name', value: 'Great Seal' } },
    ]);
    expect(ev[ev.length - 1]).toEqual({ type: 'card-select', detail: { id: 'bp-01' } });
  });

  it('filters by text and by type', async () => {
    await mount('bk-card-table', { cards });
    await page.locator('#stage bk-card-table input[type=search]').fill('messenger');
    expect(await page.locator('#stage bk-card-table tbody tr').evaluateAll((r) => r.map((e) => e.getAttribute('data-card')))).toEqual(['seal']);
    await page.locator('#stage bk-card-table input[type=search]').fill('');
    await page.locator('#stage bk-card-table select').selectOption('storm');
    expect(await page.locator('#stage bk-card-table tbody tr').evaluateAll((r) => r.map((e) => e.getAttribute('data-card')))).toEqual(['storm']);
  });
});

describe('bk-card-preview', () => {
  it('shows front and back SVG, or the print error in words', async () => {
    const svg = (label: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text x="1" y="5">${label}</text></svg>`;
    await mount('bk-card-preview', { front: svg('F'), back: svg('B'), size: [63.5, 88.9, 2] });
    expect(await page.locator('#stage bk-card-preview [data-side=front] text').textContent()).toBe('F');
    expect(await page.locator('#stage bk-card-preview [data-side=back] text').textContent()).toBe('B');
    expect(await page.locator('#stage bk-card-preview div.busy').textContent()).toContain('63.5 × 88.9 mm, 2 mm bleed');
    await mount('bk-card-preview', { error: "card bp-01: the character '☃' (U+2603) is in none of the fonts" });
    expect(await page.locator('#stage bk-card-preview').last().locator('[role=alert]').textContent()).toContain('U+2603');
    expect(s.errors).toEqual([]);
  });
});

describe('bk-pt-table', () => {
  // two seats watched as the table: a person and a greedy bot; a number at -1 is a number, a player at -1 nobody
  const meta = { game: 'x', name: 'x', zones: [], hide: [], roles: {}, cards: {}, cardTypes: {}, vars: { debt: { kind: 'num', perPlayer: true }, rival: { kind: 'player', perPlayer: true } } };
  const seat = (n: number) => ({ seat: n, name: `Player ${n + 1}`, role: null, team: null });
  const view = { viewer: -1, seats: [seat(0), seat(1)], waiting: [], zones: {}, vars: { debt: [-1, 2], rival: [-1, 0] }, log: [], lines: [], prompt: null, ended: null };

  it("names each seat's kind (a person, a bot) and shows a number at -1 but not a player naming nobody", async () => {
    // the playtest's elements load with its tab (under the stage: the click goes to the tab itself)
    await page.getByRole('tab', { name: 'Playtest' }).dispatchEvent('click');
    await page.waitForFunction(() => !!customElements.get('bk-pt-table'), undefined, { timeout: 60_000 });
    await mount('bk-pt-table', { meta, view, info: { seats: ['person', 'greedy'], seed: 1, actions: 0, canUndo: false, thinking: null } });
    const seatText = (n: number) => page.locator(`#stage bk-pt-table .seat[data-seat="${n}"]`).evaluate((e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim());
    expect(await seatText(0)).toBe('Player 1 person debt: -1');
    expect(await seatText(1)).toBe('Player 2 greedy bot debt: 2 rival: Player 1');
    expect(s.errors).toEqual([]);
  });
});
