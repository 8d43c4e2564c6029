// The playtest in real headless Chromium, on the built editor: a five-player Babel Builders game with four
// greedy bots and one person's seat, played by clicking the controls until it ends; its exported replay passes
// `babelkit replay`; every message the engine worker sent the page is exactly the person's seat's view; the
// pass-the-device screen between two people's seats; importing the replay and stepping through it; an engine
// worker that fails, reported and started again; and the playtest's own elements (prompt controls, load
// problems) mounted on their own.

import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { editorAndBrowser, newSession, type Session as BrowserSession } from '../helpers/browser.js';
import { babelBuilders, ROOT } from '../helpers/game.js';
import { answer, waitState } from '../helpers/playtest.js';
import { applyInPlace, newGame } from '../../engine/flow.js';
import { view, type PlayerView } from '../../engine/view.js';
import type { Replay } from '../../engine/replay.js';
import type { FromWorker } from '../../editor/src/shared/rpc.js';
import type { LoadResult, PlaytestApi } from '../../editor/src/playtest/protocol.js';

const env = editorAndBrowser();

/** The events of one kind the engine worker pushed, in order (messages as recorded by TAP). */
function eventsOf<E extends keyof PlaytestApi['events']>(messages: FromWorker[], name: E): PlaytestApi['events'][E][] {
  return messages.flatMap((m) => (m.rpc === 'event' && m.name === name ? [m.data as PlaytestApi['events'][E]] : []));
}

/** The worker's messages as the page records them. */
const recorded = (page: Page) => page.evaluate(() => (window as unknown as { __bkMessages: FromWorker[] }).__bkMessages) as Promise<FromWorker[]>;

// Every message the engine worker posts to the page, recorded as the page receives it (test-only wrapper).
const TAP = () => {
  const w = window as unknown as { __bkMessages: unknown[]; Worker: typeof Worker };
  w.__bkMessages = [];
  const Base = w.Worker;
  w.Worker = class extends Base {
    constructor(url: string | URL, opts?: WorkerOptions) {
      super(url, opts);
      if (String(url).includes('engine-worker')) this.addEventListener('message', (e) => w.__bkMessages.push(e.data));
    }
  };
};

async function openPlaytest(): Promise<{ s: BrowserSession; page: Page; pt: Locator }> {
  const s = await newSession(env.browser);
  await s.page.addInitScript(TAP);
  await s.page.goto(env.server.url);
  await s.page.getByRole('tab', { name: 'Playtest' }).click();
  const pt = s.page.locator('bk-playtest');
  await waitState(s.page, ['idle']);
  return { s, page: s.page, pt };
}


async function seq(pt: Locator): Promise<string | null> {
  return pt.getAttribute('data-seq');
}

async function waitNewView(page: Page, before: string | null): Promise<void> {
  await page.waitForFunction((b) => document.querySelector<HTMLElement>('bk-playtest')?.dataset.seq !== b, before, { timeout: 60_000 });
}


describe('playtest in the browser', () => {
  it("plays a five-player game with four bots and one person's seat to its end; the exported replay passes babelkit replay", async () => {
    const { s, page, pt } = await openPlaytest();
    await pt.locator('[data-players]').selectOption('5');
    await pt.locator('[data-seed]').fill('2026');
    await pt.locator('[data-seat="0"]').selectOption('person');
    for (const i of [1, 2, 3, 4]) await pt.locator(`[data-seat="${i}"]`).selectOption('greedy');
    await pt.locator('[data-delay]').selectOption('0');
    const t0 = Date.now();
    await pt.locator('[data-start]').click();
    let turns = 0;
    let undone = false;
    let lastAsked = '';
    const prompts = new Set<string>();
    for (;;) {
      const st = await waitState(page, ['turn', 'ended']);
      if (st === 'ended') break;
      if (turns === 2) await page.screenshot({ path: '/tmp/bk-playtest-turn.png' });
      // the person's table never shows another seat's hand: other seats' panels list counts, not cards
      for (const i of [1, 2, 3, 4]) expect(await pt.locator(`bk-pt-table [data-seat="${i}"] .card`).count()).toBe(0);
      // once, where the last decision revealed nothing: undo it, and the same decision is open again
      if (!undone && !(await pt.locator('[data-undo]').isDisabled())) {
        const facts = await pt.locator('.facts').textContent();
        const b = await seq(pt);
        await pt.locator('[data-undo]').click();
        await waitNewView(page, b);
        expect(await pt.locator('.facts').textContent()).not.toBe(facts);
        expect(await pt.locator('bk-pt-prompt .ptext').textContent()).toBe(lastAsked);
        undone = true;
      }
      const before = await seq(pt);
      lastAsked = await answer(pt);
      prompts.add(lastAsked);
      await waitNewView(page, before);
      turns++;
      expect(turns).toBeLessThan(400);
    }
    const ms = Date.now() - t0;
    await page.screenshot({ path: '/tmp/bk-playtest-end.png' });
    await expect.poll(() => pt.locator('[data-ended]').textContent()).toMatch(/wins/);
    expect(turns).toBeGreaterThan(0);
    expect(prompts.size).toBeGreaterThan(1);
    expect(undone).toBe(true);

    // export: a file download
    const [download] = await Promise.all([page.waitForEvent('download'), pt.locator('[data-export]').click()]);
    const dir = mkdtempSync(join(tmpdir(), 'bk-playtest-e2e-'));
    const file = join(dir, download.suggestedFilename());
    await download.saveAs(file);
    await expect.poll(() => pt.locator('[data-note]').textContent()).toMatch(/npx babelkit replay/);
    const replay = JSON.parse(readFileSync(file, 'utf8')) as Replay;
    expect(replay.players).toBe(5);
    expect(replay.seed).toBe(2026);
    expect(replay.ruleset.file).toBe('rulesets/babel-builders.yaml');
    // checked from a folder outside the project: the CLI finds the bundled ruleset it names
    const cli = spawnSync(process.execPath, [join(ROOT, 'bin/babelkit.mjs'), 'replay', file], { cwd: dir, encoding: 'utf8' });
    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(0);
    expect(cli.stdout).toContain(`reproduces — ${replay.actions.length} actions, ending ${replay.result.ending}`);
    console.log(`browser game: ${turns} decisions by the person, ${replay.actions.length} actions in all, ending ${replay.result.ending}, ${ms} ms from Start to the end`);

    // every view the page received is the person's seat's own, exactly as the engine computes it; nothing
    // else came but the API's answers (the ruleset's public data, the exported replay) and its start pong
    const messages = await recorded(page);
    for (const m of messages) {
      expect(['pong', 'result', 'event']).toContain(m.rpc);
      if (m.rpc === 'event') {
        expect(m.name).toBe('view');
        expect(Object.keys(m).sort()).toEqual(['data', 'name', 'rpc']);
      }
    }
    const views = eventsOf(messages, 'view');
    expect(views.length).toBeGreaterThanOrEqual(turns);
    const g = babelBuilders();
    let game = newGame(g, { players: 5, seed: replay.seed, log: true });
    let at = 0;
    // a view brings the log's lines from logFrom on: the page keeps those before from the views before
    let log: string[] = [];
    let lines: PlayerView['lines'] = [];
    let linesSent = 0, linesShown = 0;
    for (const m of views) {
      expect(m.seat).toBe(0);
      // after the undo the game is replayed from the start (the person answered the same again, and the
      // bots' streams were restored, so the game went on as the replay records)
      if (m.info.actions < at) { game = newGame(g, { players: 5, seed: replay.seed, log: true }); at = 0; }
      while (at < m.info.actions) applyInPlace(game, g, replay.actions[at++]!);
      expect(m.logFrom).toBeLessThanOrEqual(log.length);
      log = log.slice(0, m.logFrom).concat(m.view.log);
      lines = lines.slice(0, m.logFrom).concat(m.view.lines);
      linesSent += m.view.log.length;
      linesShown += log.length;
      expect({ ...m.view, log, lines }).toEqual(view(game, g, 0));
      expect(Object.keys(m).sort()).toEqual(['info', 'logFrom', 'seat', 'view']);
    }
    expect(at).toBe(replay.actions.length);
    // each line crossed from the engine to the page about once, not with every view
    expect(linesSent * 5).toBeLessThan(linesShown);

    // import the replay: step back to the start and forward again
    await pt.locator('[data-import]').setInputFiles(file);
    await waitState(page, ['replay']);
    await expect.poll(() => pt.locator('.stepper').textContent()).toContain(`action ${replay.actions.length} of ${replay.actions.length}`);
    await pt.locator('[data-step-first]').click();
    await expect.poll(() => pt.locator('.stepper').textContent()).toContain(`action 0 of ${replay.actions.length}`);
    await pt.locator('[data-step-next]').click();
    await expect.poll(() => pt.locator('.stepper').textContent()).toContain(`action 1 of ${replay.actions.length}`);
    await page.screenshot({ path: '/tmp/bk-playtest-replay.png' });
    // and play on from there with the seats of the setup bar
    await pt.locator('[data-resume]').click();
    expect(await waitState(page, ['turn', 'ended'])).toBeTruthy();

    expect(s.errors).toEqual([]);
    await s.close();
  });

  it("hides one person's seat from the next behind a pass-the-device screen", async () => {
    const { s, page, pt } = await openPlaytest();
    await pt.locator('[data-players]').selectOption('5');
    await pt.locator('[data-seed]').fill('7');
    const kinds = ['person', 'greedy', 'person', 'greedy', 'random'];
    for (const [i, k] of kinds.entries()) await pt.locator(`[data-seat="${i}"]`).selectOption(k);
    await pt.locator('[data-start]').click();
    let handoffs = 0;
    let lastSeat = -1;
    // two dozen turns see the device change hands several times (each round, both people act)
    for (let turns = 0; turns < 24; turns++) {
      const st = await waitState(page, ['handoff', 'turn', 'ended']);
      if (st === 'ended') break;
      if (st === 'handoff') {
        handoffs++;
        // nothing of anyone's table is on the page while the device changes hands
        expect(await pt.locator('bk-pt-table').count()).toBe(0);
        expect(await pt.locator('bk-pt-prompt').count()).toBe(0);
        if (handoffs === 2) await page.screenshot({ path: '/tmp/bk-playtest-handoff.png' });
        const who = Number(/Player (\d+)/.exec((await pt.locator('[data-handoff] h2').textContent()) ?? '')![1]) - 1;
        expect([0, 2]).toContain(who);
        expect(who).not.toBe(lastSeat);
        const before = await seq(pt);
        await pt.locator('[data-ready]').click();
        await waitNewView(page, before);
        lastSeat = who;
        continue;
      }
      expect(await pt.locator('bk-pt-table [data-mine] h3').textContent()).toContain(`Player ${lastSeat + 1}`);
      const before = await seq(pt);
      await answer(pt);
      await page.waitForFunction((b) => {
        const el = document.querySelector<HTMLElement>('bk-playtest');
        return el?.dataset.seq !== b || el?.dataset.state === 'handoff';
      }, before, { timeout: 60_000 });
    }
    expect(handoffs).toBeGreaterThanOrEqual(2);
    // the page was sent views of the seat that took the device only, each after its handoff
    let holder = -1;
    for (const m of await recorded(page)) {
      if (m.rpc !== 'event') continue;
      if (m.name === 'handoff') holder = (m.data as PlaytestApi['events']['handoff']).seat;
      if (m.name === 'view') expect((m.data as PlaytestApi['events']['view']).view.viewer).toBe(holder);
    }
    expect(s.errors).toEqual([]);
    await s.close();
  });
});

describe('an engine worker that fails', () => {
  it('is reported on the playtest; starting the engine again reads the ruleset and a game can be played', async () => {
    const s = await newSession(env.browser);
    const { page } = s;
    let broken = 1;
    await page.route('**/engine-worker-*.js', (route) =>
      broken-- > 0 ? route.fulfill({ contentType: 'text/javascript', body: "throw new Error('the engine is broken');" }) : route.continue(),
    );
    await page.goto(env.server.url);
    await page.getByRole('tab', { name: 'Playtest' }).click();
    const pt = page.locator('bk-playtest');
    await expect.poll(() => pt.locator('[data-error]').textContent(), { timeout: 60_000 }).toContain('the playtest engine stopped');
    expect(await pt.locator('[data-error]').textContent()).toContain('the engine is broken');
    expect(await pt.locator('[data-start]').isDisabled()).toBe(true);
    await pt.locator('[data-restart-engine]').click();
    await expect.poll(() => pt.locator('[data-start]').isDisabled(), { timeout: 60_000 }).toBe(false);
    expect(await pt.locator('[data-error]').count()).toBe(0);
    for (const i of [0, 1, 2, 3, 4]) await pt.locator(`[data-seat="${i}"]`).selectOption('random');
    await pt.locator('[data-start]').click();
    await waitState(page, ['ended']);
    expect(broken).toBe(-1); // served twice: the broken copy, then the real one
    expect(s.errors).toEqual([]);
    await s.close();
  });
});

describe('playtest elements on their own', () => {
  it('<bk-pt-prompt> turns a decision into controls and reports positions in the order chosen', async () => {
    const { s, page, pt } = await openPlaytest();
    await pt.locator('[data-start]').click();
    await waitState(page, ['turn', 'waiting', 'ended']);
    const messages = await recorded(page);
    // the ruleset's public data: the answer to the engine's load
    const meta = messages.flatMap((m) => (m.rpc === 'result' && (m.res as LoadResult | undefined)?.meta ? [m.res as LoadResult] : []))[0];
    expect(meta).toBeTruthy();

    // <bk-pt-table>: the face-up blueprint's targets are the goals drawn on the tower's cells
    const first = eventsOf(messages, 'view')[0]!;
    const shown = (first.view.zones.blueprintShown as { cards: { id: string }[] }).cards[0]!;
    const targets = meta!.meta!.cards[shown.id]!.fields.targets as Record<string, number>;
    expect(Object.keys(targets).length).toBeGreaterThan(0);
    for (const [cell, n] of Object.entries(targets)) {
      expect(await pt.locator(`bk-pt-table [data-cell="${cell}"] .goal`).textContent()).toBe(`of ${n}`);
    }
    expect(await pt.locator('bk-pt-table .tcell .goal').count()).toBe(Object.keys(targets).length);
    // the deck is face down: a count, no card names
    expect(await pt.locator('bk-pt-table [data-zone="deck"] .deck').textContent()).toMatch(/^\d+$/);
    expect(await pt.locator('bk-pt-table [data-zone="deck"] .chip, bk-pt-table [data-zone="deck"] .card').count()).toBe(0);
    const mount = (prompt: unknown) =>
      page.evaluate(([p, m]) => {
        document.querySelector('#pt-host')?.remove();
        const host = document.createElement('div');
        host.id = 'pt-host';
        const el = document.createElement('bk-pt-prompt') as HTMLElement & { prompt: unknown; meta: unknown; view: unknown };
        el.prompt = p;
        el.meta = (m as { meta: unknown }).meta;
        el.view = null;
        (window as unknown as { __chosen: number[][] }).__chosen = [];
        el.addEventListener('choose', (e) => (window as unknown as { __chosen: number[][] }).__chosen.push((e as CustomEvent).detail.positions));
        host.append(el);
        document.body.prepend(host);
      }, [prompt, meta] as const);
    const chosen = () => page.evaluate(() => (window as unknown as { __chosen: number[][] }).__chosen);
    const el = page.locator('#pt-host bk-pt-prompt');

    // two players out of four, in the order clicked; Confirm only once two are chosen
    await mount({ step: 'x', text: 'Pick two', choose: 'players', options: [1, 2, 3, 4], min: 2, max: 2 });
    await expect.poll(() => el.locator('[data-option]').count()).toBe(4);
    expect(await el.locator('[data-confirm]').isDisabled()).toBe(true);
    await el.locator('[data-option="3"]').click();
    expect(await el.locator('[data-confirm]').isDisabled()).toBe(true);
    await el.locator('[data-option="1"]').click();
    await el.locator('[data-option="0"]').click(); // a third is refused: the count is two
    await el.locator('[data-confirm]').click();
    expect(await chosen()).toEqual([[3, 1]]);

    // face-down cards are chosen by position
    await mount({ step: 'x', text: 'Take one', choose: 'cards', options: [null, { e: 60, id: 'seal', name: 'Seal', type: 'seal' }, null], min: 1, max: 1 });
    await expect.poll(() => el.locator('[data-option]').count()).toBe(3);
    expect(await el.locator('[data-option="2"]').getAttribute('aria-label')).toBe('face-down card 2');
    expect(await el.locator('[data-option="1"] .card .name').textContent()).toBe('Seal');
    await el.locator('[data-option="2"]').click();
    expect(await chosen()).toEqual([[2]]);

    // cells on the shared grid: only the offered cells are buttons
    await mount({ step: 'x', text: 'Place', choose: 'cells', options: ['A1', 'B2'], min: 1, max: 1 });
    await expect.poll(() => el.locator('.grid button').count()).toBe(2);
    expect(await el.locator('.grid .cell').count()).toBe(7);
    await el.locator('[aria-label="B2"]').click();
    expect(await chosen()).toEqual([[1]]);

    // optional: none is an answer
    await mount({ step: 'x', text: 'Point or keep', choose: 'players', options: [0, 2], min: 0, max: 1 });
    await expect.poll(() => el.locator('[data-confirm]').textContent()).toContain('Choose none');
    await el.locator('[data-confirm]').click();
    expect(await chosen()).toEqual([[]]);
    expect(s.errors).toEqual([]);
    await s.close();
  });

  it('<bk-playtest> exports a replay of an edited ruleset with the note that the ruleset must be saved beside it', async () => {
    const { s, page } = await openPlaytest();
    const text = readFileSync(join(ROOT, 'rulesets/babel-builders.yaml'), 'utf8').replace('name: Babel Builders\n', 'name: Babel Builders (edited)\n');
    await page.evaluate((yaml) => {
      document.querySelector<HTMLElement>('bk-playtest')?.remove();
      const el = document.createElement('bk-playtest') as HTMLElement & { source: unknown };
      el.source = { path: 'rulesets/babel-builders.yaml', files: { 'rulesets/babel-builders.yaml': yaml } };
      document.body.prepend(el);
    }, text);
    const pt = page.locator('bk-playtest');
    for (const i of [0, 1, 2, 3, 4]) await pt.locator(`[data-seat="${i}"]`).selectOption('random');
    await pt.locator('[data-start]').click();
    await waitState(page, ['ended']);
    const [download] = await Promise.all([page.waitForEvent('download'), pt.locator('[data-export]').click()]);
    const dir = mkdtempSync(join(tmpdir(), 'bk-playtest-edited-'));
    const file = join(dir, download.suggestedFilename());
    await download.saveAs(file);
    await expect.poll(() => pt.locator('[data-note]').textContent()).toMatch(/edited.*babel-builders\.yaml/s);
    const replay = JSON.parse(readFileSync(file, 'utf8')) as Replay;
    expect(replay.ruleset.file).toBe('babel-builders.yaml');
    // saved beside the replay as the note says, the edited ruleset reproduces it
    const [rs] = await Promise.all([page.waitForEvent('download'), pt.locator('[data-note] button').click()]);
    expect(rs.suggestedFilename()).toBe('babel-builders.yaml');
    await rs.saveAs(join(dir, 'babel-builders.yaml'));
    const cli = spawnSync(process.execPath, [join(ROOT, 'bin/babelkit.mjs'), 'replay', file], { cwd: dir, encoding: 'utf8' });
    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(0);
    expect(s.errors).toEqual([]);
    await s.close();
  });

  it('<bk-playtest> lists the problems of a ruleset that does not load, with file, line and column', async () => {
    const { s, page } = await openPlaytest();
    await page.evaluate(() => {
      document.querySelector<HTMLElement>('bk-playtest')?.remove();
      const el = document.createElement('bk-playtest') as HTMLElement & { source: unknown };
      el.source = { path: 'rulesets/broken.yaml', files: { 'rulesets/broken.yaml': 'extends: ./missing.yaml\nid: broken\n' } };
      document.body.prepend(el);
    });
    await waitState(page, ['problems']);
    const items = await page.locator('bk-playtest [data-problems] li').allTextContents();
    expect(items.length).toBeGreaterThan(0);
    expect(items[0]).toMatch(/^rulesets\/broken\.yaml:1:\d+: .*missing\.yaml/);
    expect(await page.locator('bk-playtest [data-start]').isDisabled()).toBe(true);
    expect(s.errors).toEqual([]);
    await s.close();
  });
});
