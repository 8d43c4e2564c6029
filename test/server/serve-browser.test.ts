// `babelkit serve` end to end in real Chromium: the host creates a five-player Babel Builders match on the
// host page (two people, three greedy bots) and gets a join link and QR code per person; each person opens
// their link in a browser context of their own (their own device) and plays by clicking until the game
// ends, one of them reloading the page mid-game. Every message each page received is checked against the
// engine's view of the replayed game: a seat's page only ever received its own seat's views (the host's
// page the public table's), never one twice; the replay the host downloads reproduces with `babelkit replay`.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newSession, openEditor, type Session } from '../helpers/browser.js';
import { ROOT } from '../helpers/game.js';
import { startTestServer, type TestServer } from '../helpers/serve.js';
import { loadShipped } from '../../bench/serve-load.js';
import { Match, type PlayerView, type Replay } from '../../engine/index.js';
import type { ServerMessage } from '../../server/protocol.js';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** Every WebSocket message a page receives, parsed, in order (its reloads included). */
function record(page: Page): ServerMessage[][] {
  const sockets: ServerMessage[][] = [];
  page.on('websocket', (ws) => {
    const got: ServerMessage[] = [];
    sockets.push(got);
    ws.on('framereceived', (f) => got.push(JSON.parse(String(f.payload)) as ServerMessage));
  });
  return sockets;
}

/** The views a connection's messages carry, each completed with the log lines sent before, and the rest of
 * each message (a seat's decision count, the host's match status). */
function viewsOf(messages: ServerMessage[]): { view: PlayerView; rest: string }[] {
  const out: { view: PlayerView; rest: string }[] = [];
  for (const m of messages) {
    if (m.t !== 'view' && m.t !== 'table') continue;
    const before = out[out.length - 1]?.view;
    const view = m.logFrom ? { ...m.view, log: [...before!.log.slice(0, m.logFrom), ...m.view.log], lines: [...before!.lines.slice(0, m.logFrom), ...m.view.lines] } : m.view;
    out.push({ view, rest: JSON.stringify(m.t === 'view' ? m.decision : m.status) });
  }
  return out;
}

const state = (p: Page, el: string) => p.locator(el).getAttribute('data-state');

/** Answers the seat's open decision by clicking: the first options it needs, then Confirm if asked. */
async function answer(page: Page): Promise<void> {
  const prompt = page.locator('bk-seat bk-pt-prompt');
  const count = (await prompt.locator('.count').textContent()) ?? '';
  const m = /choose (\d+)/.exec(count);
  const need = m ? Number(m[1]) : 1;
  const confirm = prompt.locator('[data-confirm]');
  const confirmed = (await confirm.count()) > 0;
  const opts = prompt.locator('[data-option]');
  for (let i = 0; i < need; i++) await opts.nth(i).click();
  if (confirmed) await confirm.click();
}

async function until<T>(f: () => Promise<T | null | undefined | false>, what: string, ms = 60_000): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('babelkit serve in the browser', () => {
  it('plays a five-player match, two people on their own devices and three bots, to its end; each page received only its own views', async () => {
    const host: Session = await newSession(browser);
    const hostMessages = record(host.page);
    await host.page.goto(`${server.url}host.html`);
    await host.page.locator('bk-host [data-create-match]:not([disabled])').waitFor();
    await host.page.locator('bk-host [data-players]').fill('5');
    await host.page.locator('bk-host [data-players]').dispatchEvent('change');
    // no seed given: the server draws a secret one
    for (const [seat, kind] of [[0, 'person'], [1, 'person'], [2, 'greedy'], [3, 'greedy'], [4, 'greedy']] as const) {
      await host.page.locator(`bk-host [data-seat="${seat}"]`).selectOption(kind);
    }
    await host.page.locator('bk-host [data-create-match]').click();
    await host.page.locator('bk-host [data-join-url]').nth(1).waitFor();
    const links = await host.page.locator('bk-host [data-join-url]').evaluateAll((as) => as.map((a) => (a as HTMLElement).dataset.joinUrl!));
    expect(links).toHaveLength(2);
    // a QR code per link, encoding it
    expect(await host.page.locator('bk-host bk-qr svg').evaluateAll((ss) => ss.map((s) => s.getAttribute('data-qr')))).toEqual(links);
    const id = /#match=([a-z2-7]+)&/.exec(links[0]!)![1]!;

    const seats: { s: Session; page: Page; got: ServerMessage[][] }[] = [];
    for (const link of links) {
      const s = await newSession(browser, { width: 420, height: 860 });
      const got = record(s.page);
      await s.page.goto(link);
      seats.push({ s, page: s.page, got });
    }
    await until(async () => (await Promise.all(seats.map((x) => state(x.page, 'bk-seat')))).every((st) => st && st !== 'connecting'), 'the seats to connect');
    await expect.poll(() => host.page.locator('bk-host [data-online="true"]').count()).toBe(2);
    await host.page.screenshot({ path: '/tmp/bk-serve-host.png' });

    let answers = 0, reloaded = false;
    for (;;) {
      const states = await Promise.all(seats.map((x) => state(x.page, 'bk-seat')));
      if (states.every((st) => st === 'ended')) break;
      const i = states.indexOf('turn');
      if (i < 0) { await new Promise((r) => setTimeout(r, 25)); continue; }
      const page = seats[i]!.page;
      // the table shows other seats' hidden zones as counts, never cards
      for (const other of [0, 1, 2, 3, 4].filter((p) => p !== i)) expect(await page.locator(`bk-seat bk-pt-table [data-seat="${other}"] .card`).count()).toBe(0);
      if (answers === 3) await page.screenshot({ path: '/tmp/bk-serve-seat.png', fullPage: true });
      const seq = await page.locator('bk-seat').getAttribute('data-seq');
      await answer(page);
      answers++;
      await until(async () => (await page.locator('bk-seat').getAttribute('data-seq')) !== seq || (await state(page, 'bk-seat')) === 'ended', 'the next view');
      // once, mid-game, a person reloads the page: it connects again and is sent its current view
      if (answers === 6 && !reloaded) {
        reloaded = true;
        await seats[1]!.page.reload();
        await until(async () => ['turn', 'waiting', 'ended'].includes((await state(seats[1]!.page, 'bk-seat')) ?? ''), 'the reloaded seat');
      }
      expect(answers).toBeLessThan(300);
    }
    expect(reloaded).toBe(true);
    for (const x of seats) await expect.poll(() => x.page.locator('bk-seat [data-ended]').textContent()).toMatch(/wins/);
    await expect.poll(() => state(host.page, 'bk-host')).toBe('ended');
    await host.page.screenshot({ path: '/tmp/bk-serve-host-end.png' });

    // the replay the host page offers reproduces with the CLI, from a folder outside the project
    const href = await host.page.locator('bk-host [data-replay-link]').getAttribute('href');
    expect(href).toBe(`${server.url}api/matches/${id}/replay`);
    const replay = (await (await fetch(href!)).json()) as Replay;
    expect(replay.players).toBe(5);
    // the secret seed, told once the game has ended
    expect(replay.seed).toMatch(/^key:[0-9a-f]{64}$/);
    expect(await host.page.locator('bk-host').evaluate((e, seed) => e.shadowRoot!.textContent!.includes(seed), replay.seed as string)).toBe(false);
    expect(await host.page.locator('bk-host [data-seed-known]').count()).toBe(0);
    expect(replay.ruleset.file).toBe('rulesets/babel-builders.yaml');
    const dir = mkdtempSync(join(tmpdir(), 'bk-serve-e2e-'));
    const file = join(dir, 'match-replay.json');
    writeFileSync(file, JSON.stringify(replay));
    const cli = spawnSync(process.execPath, [join(ROOT, 'bin/babelkit.mjs'), 'replay', file], { cwd: dir, encoding: 'utf8' });
    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(0);
    expect(cli.stdout).toContain(`reproduces — ${replay.actions.length} actions`);

    // the engine's view of the replayed game after each action, for each seat and the table
    const g = loadShipped('rulesets/babel-builders.yaml');
    const m = Match.start(g, { players: 5, seed: replay.seed, log: true });
    const timeline = [[-1, 0, 1].map((p) => JSON.stringify(m.view(p)))];
    for (const a of replay.actions) {
      m.act(a);
      timeline.push([-1, 0, 1].map((p) => JSON.stringify(m.view(p))));
    }
    const check = (sockets: ServerMessage[][], seat: number) => {
      const col = seat + 1;
      let received = 0;
      for (const messages of sockets) {
        const kinds = messages.map((x) => x.t);
        expect(kinds[0]).toBe('welcome');
        expect(messages[0]).toMatchObject({ t: 'welcome', match: id, seat, seats: ['person', 'person', 'greedy', 'greedy', 'greedy'] });
        for (const k of kinds.slice(1)) expect(seat >= 0 ? ['view', 'acted'] : ['table']).toContain(k);
        // in order, each view is the engine's view for this seat at some point of the game, never the same twice
        let at = 0;
        let last = '';
        for (const { view: v, rest } of viewsOf(messages)) {
          const text = JSON.stringify(v);
          expect(text + rest).not.toBe(last);
          last = text + rest;
          while (at < timeline.length && timeline[at]![col] !== text) at++;
          expect(at, `seat ${seat}: a view that is not the engine's`).toBeLessThan(timeline.length);
          received++;
        }
      }
      return received;
    };
    const counts = seats.map((x, seat) => check(x.got, seat));
    const tableViews = check(hostMessages, -1);
    expect(seats[1]!.got.length).toBe(2); // the page before and after its reload
    console.log(`serve e2e: ${answers} answers by clicking, ${replay.actions.length} actions, ending ${replay.result.ending}; views received: seat 1 ${counts[0]}, seat 2 ${counts[1]}, host ${tableViews}`);
    for (const x of [host, ...seats.map((y) => y.s)]) expect(x.errors).toEqual([]);
    for (const x of seats) await x.s.close();
    await host.close();
  });

  it("the editor's Playtest tab hosts the ruleset as edited, unsaved changes included, on the server it came from", async () => {
    const s = await openEditor(browser, server.url);
    const line = readFileSync(join(ROOT, 'rulesets/babel-builders.yaml'), 'utf8').split('\n').findIndex((l) => l.startsWith('name:')) + 1;
    await s.page.evaluate((l) => window.bk.editors!.reveal(l, 200), line);
    await s.page.keyboard.type(' (table test)');
    await s.page.waitForFunction(() => !window.bk.app.pending);
    await s.page.getByRole('tab', { name: 'Playtest' }).click();
    const pt = s.page.locator('bk-playtest');
    await pt.locator('[data-host-match]:not([disabled])').waitFor();
    await pt.locator('[data-players]').selectOption('5');
    await pt.locator('[data-seat="0"]').selectOption('person');
    for (const i of [1, 2, 3, 4]) await pt.locator(`[data-seat="${i}"]`).selectOption('greedy');
    await pt.locator('[data-host-match]').click();
    const link = await pt.locator('[data-host-link]').getAttribute('href');
    const [, id, token] = /host\.html#match=([a-z2-7]+)&token=([\w-]+)$/.exec(link!)!;
    const status = (await (await fetch(`${server.url}api/matches/${id}/status?token=${token}`)).json()) as { seats: { kind: string }[]; ruleset: string };
    expect(status.seats.map((x) => x.kind)).toEqual(['person', 'greedy', 'greedy', 'greedy', 'greedy']);
    expect(status.ruleset).toBe('rulesets/babel-builders.yaml');
    // the server plays the text as edited, and keeps it with the match
    const start = JSON.parse(readFileSync(join(server.data, 'matches', `${id}.log`), 'utf8').split('\t')[0]!).start;
    expect(start.ruleset.files['rulesets/babel-builders.yaml']).toContain('(table test)');
    expect(start.ruleset.bundled).toBe(false);
    // with a fresh secret seed, not the playtest's (1)
    expect(start.seed).toMatch(/^key:[0-9a-f]{64}$/);
    expect(start.seedGiven).toBe(false);
    // the host page it links to, opened in the same browser, shows the seat's join link
    const [tab] = await Promise.all([s.context.waitForEvent('page'), pt.locator('[data-host-link]').click()]);
    await tab.locator('bk-host [data-join-url]').waitFor();
    expect(await tab.locator('bk-host [data-join-url]').count()).toBe(1);
    // another browser was not given the links: it says so
    const other = await newSession(browser);
    await other.page.goto(link!);
    await expect.poll(() => other.page.locator('bk-host [data-seat-link="0"]').textContent()).toMatch(/shown on the device that created the match/);
    expect(s.errors).toEqual([]);
    expect(other.errors).toEqual([]);
    await other.close();
    await s.close();
  });

  it('ends a 7 Wonders match (decided by scores) with the seat page naming the winner and the host\'s public log naming public cards', async () => {
    const host: Session = await newSession(browser);
    await host.page.goto(`${server.url}host.html`);
    await host.page.locator('bk-host [data-create-match]:not([disabled])').waitFor();
    await host.page.locator('bk-host [data-ruleset]').selectOption('rulesets/7-wonders.yaml');
    await host.page.locator('bk-host [data-players]').fill('3');
    await host.page.locator('bk-host [data-players]').dispatchEvent('change');
    // a fixed seed, for a test: the page says what giving one means, and says it again on the public screen
    await host.page.locator('bk-host .fixed-seed summary').click();
    await expect.poll(() => host.page.locator('bk-host [data-seed-note]').textContent()).toMatch(/anyone who knows it can work out every hidden card/);
    await host.page.locator('bk-host [data-seed]').fill('7');
    for (const [seat, kind] of [[0, 'person'], [1, 'greedy'], [2, 'greedy']] as const) await host.page.locator(`bk-host [data-seat="${seat}"]`).selectOption(kind);
    await host.page.locator('bk-host [data-create-match]').click();
    await host.page.locator('bk-host [data-join-url]').first().waitFor();
    await host.page.locator('bk-host [data-seed-known]').waitFor();
    const link = await host.page.locator('bk-host [data-join-url]').first().evaluate((a) => (a as HTMLElement).dataset.joinUrl!);
    const seat = await newSession(browser, { width: 1280, height: 900 });
    await seat.page.goto(link);
    let answers = 0;
    for (;;) {
      const st = await until(async () => { const v = await state(seat.page, 'bk-seat'); return v === 'turn' || v === 'ended' ? v : null; }, 'a decision or the end');
      if (st === 'ended') break;
      const seq = await seat.page.locator('bk-seat').getAttribute('data-seq');
      // the hand is drawn as cards with their acts on them; the seat box of every player shows its summary
      if ((await seat.page.locator('bk-seat bk-pt-prompt .hand .group').count()) > 0) {
        expect(await seat.page.locator('bk-seat bk-pt-table .seat [data-summary]').count()).toBe(3);
      }
      await answer(seat.page);
      answers++;
      await until(async () => (await seat.page.locator('bk-seat').getAttribute('data-seq')) !== seq || (await state(seat.page, 'bk-seat')) === 'ended', 'the next view');
      expect(answers).toBeLessThan(100);
    }
    // a game decided by scores names its winner (never "nobody wins"), with the scores by category
    const ended = seat.page.locator('bk-seat [data-ended]');
    await expect.poll(() => ended.locator('h2').textContent()).toMatch(/^You (win|lose) — Player \d( and Player \d)* (wins|win \(a tie\))$/);
    expect(await ended.locator('h2').textContent()).not.toMatch(/nobody/);
    expect(await ended.locator('[data-scores] tbody tr').count()).toBe(3);
    await seat.page.screenshot({ path: '/tmp/bk-serve-7w-seat-end.png' });
    // the host's public log names the cards built in the open and the final scores
    await expect.poll(() => state(host.page, 'bk-host')).toBe('ended');
    const log = await host.page.locator('bk-host [data-log] li').allInnerTexts();
    expect(log.some((l) => /^Player \d builds (?!a card)[A-Z]/.test(l))).toBe(true);
    expect(log.filter((l) => /builds a card/.test(l))).toEqual([]);
    expect(log.filter((l) => /^Player \d: -?\d+ points \(Military conflicts/.test(l))).toHaveLength(3);
    await expect.poll(() => host.page.locator('bk-host [data-ended] h2').textContent()).toMatch(/^Game over — Player \d/);
    expect(seat.errors).toEqual([]);
    expect(host.errors).toEqual([]);
    await seat.close();
    await host.close();
  }, 90_000);

  it('a seat link with a wrong token is refused in words, and the page stops trying', async () => {
    const s = await newSession(browser);
    await s.page.goto(`${server.url}play.html#match=aaaaaaaaaaaaaaaa&token=nope`);
    await expect.poll(() => state(s.page, 'bk-seat')).toBe('refused');
    await expect.poll(() => s.page.locator('bk-seat .notice').textContent()).toMatch(/did not accept this link/);
    await s.close();
  });
});
