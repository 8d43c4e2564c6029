// The bot registry is the one list of bots: a bot defined in one file (test/fixtures/bots/first-choice.mjs) and
// registered appears in `babelkit simulate --bot` (loaded from BABELKIT_BOTS), in the server's /api/info and its
// seat check, and in the editor's bot lists (the playtest's seats, the Simulate tab, the host page's seats).

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import type { Browser, Page } from 'playwright-core';
import { PERSON, botChoice, botEntries, botNames, botProblem, botStreams, parseBot, registerBot, resolveBot, unregisterBot, type BotEntry } from '../../engine/index.js';
import { newGame } from '../../engine/flow.js';
import { nextPrompt } from '../../engine/sim/playout.js';
import { EDITOR_CONFIG, freePort, launchBrowser, newSession, type Session } from '../helpers/browser.js';
import { startTestServer, json, type TestServer } from '../helpers/serve.js';
import { babelBuilders } from '../helpers/game.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = 'test/fixtures/bots/first-choice.mjs';
const BB = 'rulesets/babel-builders.yaml';
const FIXTURE_MODULE: string = '../fixtures/bots/first-choice.mjs';
const fixture = ((await import(FIXTURE_MODULE)) as { default: BotEntry }).default;

// a test file shares its process with the files after it: the fixture bot leaves with this one
afterAll(() => {
  if (botNames().includes('first-choice')) unregisterBot('first-choice');
  expect(botNames()).toEqual(['random', 'greedy', 'deduce', 'ismcts', 'guided', 'ahead']);
  expect(parseBot('first-choice')).toBeNull();
  expect(() => unregisterBot('greedy')).toThrow(/'greedy' is a built-in bot/);
});

describe('the registry', () => {
  it('lists the built-in bots, each with a description; the budgeted ones with their default', () => {
    expect(botNames().slice(0, 6)).toEqual(['random', 'greedy', 'deduce', 'ismcts', 'guided', 'ahead']);
    for (const b of botEntries()) expect(b.description.length).toBeGreaterThan(10);
    expect(resolveBot('ismcts').budget).toBe(600);
    expect(resolveBot('guided').budget).toBe(100);
    expect(parseBot(' ISMCTS:0200 ')).toBe('ismcts:200');
    expect(parseBot('greedy:5')).toBeNull();
    expect(botProblem('greedy:5')).toMatch(/'greedy:5' is not a bot \(random, greedy, deduce, ismcts, guided, ahead, ismcts:N, guided:N or ahead:N\)/);
  });

  it("refuses an entry with a bad name, a taken name, the word for a person's seat or no decide function", () => {
    expect(() => registerBot({ ...fixture, name: 'Bad Name' })).toThrow(/lower-case letters/);
    expect(() => registerBot({ ...fixture, name: 'greedy' })).toThrow(/already a bot named 'greedy'/);
    // a seat list holds people and bots: the word for a person's seat can never name a bot
    expect(() => registerBot({ ...fixture, name: PERSON })).toThrow(/'person' is the seat of a person, not a bot's name/);
    expect(parseBot(PERSON)).toBeNull();
    expect(() => registerBot({ ...fixture, name: 'no-decide', decide: undefined as unknown as BotEntry['decide'] })).toThrow(/decide function/);
    expect(() => registerBot({ ...fixture, name: 'bad-budget', budget: { default: 0, max: 5, unit: 'steps' } })).toThrow(/1 ≤ default ≤ max/);
  });

  it('a registered bot is parsed, resolved and plays by its entry', () => {
    registerBot(fixture);
    expect(parseBot('First-Choice')).toBe('first-choice');
    expect(botProblem('nope')).toMatch(/random, greedy, deduce, ismcts, guided, ahead, first-choice, ismcts:N, guided:N or ahead:N/);
    const g = babelBuilders();
    const s = newGame(g, { players: 5, seed: 1, log: false });
    const p = nextPrompt(s)!;
    const choice = botChoice('first-choice', s, g, p, botStreams(1, 5)[p.player]!);
    expect(choice).toEqual(p.options.slice(0, Math.max(p.min, Math.min(1, p.max))));
  });
});

describe('a bot defined in one file, from the command line', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, [`${ROOT}bin/babelkit.mjs`, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CI: '1', BABELKIT_BOTS: FIXTURE } });

  it('plays in `simulate --bot` (worker threads included) and in a seat list', () => {
    const r = run('simulate', BB, '--players', '5', '--games', '4', '--seed', '1', '--bot', 'first-choice', '--workers', '2', '--json');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.bot).toBe('first-choice');
    expect(j.games).toBe(4);
    expect(j.truncated).toBe(0);
    // the first legal choice every time: every game the same
    const again = JSON.parse(run('simulate', BB, '--players', '5', '--games', '4', '--seed', '2', '--seats', 'first-choice,greedy,greedy,greedy,greedy', '--workers', '1', '--json').stdout);
    expect(again.seats).toEqual(['first-choice', 'greedy', 'greedy', 'greedy', 'greedy']);
  });

  it('without BABELKIT_BOTS it is no bot; a module that is not one is named', () => {
    const r = spawnSync(process.execPath, [`${ROOT}bin/babelkit.mjs`, 'simulate', BB, '--players', '5', '--games', '1', '--seed', '1', '--bot', 'first-choice'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CI: '1', BABELKIT_BOTS: '' } });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/'first-choice' is not a bot/);
    const bad = spawnSync(process.execPath, [`${ROOT}bin/babelkit.mjs`, 'simulate', BB, '--players', '5', '--games', '1', '--seed', '1'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CI: '1', BABELKIT_BOTS: 'test/fixtures/bots/missing.mjs' } });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/BABELKIT_BOTS: test\/fixtures\/bots\/missing\.mjs:/);
  });
});

// The dev server finds the page's dependencies as they are first imported; when it finds new ones it bundles them
// again and reloads the page, which destroys a running `evaluate`. That is the dev server's way, not the editor's:
// run the script again on the reloaded page (a few times at most).
async function evaluateThroughReloads(page: Page, script: string): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.evaluate(script);
    } catch (e) {
      const reloaded = /Execution context was destroyed|navigation|Failed to fetch dynamically imported module|Outdated Optimize Dep/i.test(String(e));
      if (!reloaded || attempt >= 4) throw e;
      await page.waitForLoadState('load');
    }
  }
}

describe('a bot defined in one file, on the server and the editor', () => {
  let server: TestServer;
  let vite: ViteDevServer;
  let viteUrl: string;
  let browser: Browser;
  let s: Session;
  let page: Page;

  beforeAll(async () => {
    if (!botNames().includes('first-choice')) registerBot(fixture);
    const port = await freePort();
    [server, vite, browser] = await Promise.all([
      startTestServer(),
      createServer({ configFile: EDITOR_CONFIG, logLevel: 'silent', server: { port, strictPort: true } }).then((v) => v.listen()),
      launchBrowser(),
    ]);
    viteUrl = `http://127.0.0.1:${port}/`;
    s = await newSession(browser);
    page = s.page;
  });

  afterAll(async () => {
    await s?.close();
    await browser?.close();
    await vite?.close();
    await server?.dispose();
  });

  it("is in /api/info with its description, and a seat may take it; a seat's search is capped at its default budget", async () => {
    const info = (await json(`${server.url}api/info`)).body;
    expect(info.bots).toEqual(['random', 'greedy', 'deduce', 'ismcts', 'guided', 'ahead', 'first-choice']);
    expect(info.botList).toContainEqual({ name: 'first-choice', description: fixture.description, budget: null, atTable: true });
    expect(info.botList).toContainEqual(expect.objectContaining({ name: 'ismcts', budget: { default: 600, max: 1_000_000, unit: 'iterations' } }));
    const post = (body: unknown) => json(`${server.url}api/matches`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post({ ruleset: BB, players: 5, bots: [false, 'first-choice', 'greedy', 'ismcts:50', true] })).status).toBe(201);
    const big = await post({ ruleset: BB, players: 5, bots: [false, 'ismcts:5000', true, true, true] });
    expect(big.status).toBe(400);
    expect(big.body.error).toMatch(/'bots\[1\]' is "ismcts:5000": a hosted seat's ismcts searches at most 600 iterations/);
  });

  it("the host page offers the server's table bots", async () => {
    await page.goto(`${server.url}host.html`);
    const seat = page.locator('bk-host select[data-seat="0"]');
    await page.waitForFunction(() => !!document.querySelector('bk-host')?.shadowRoot?.querySelector('select[data-seat="0"] option[value="first-choice"]'), undefined, { timeout: 30_000 });
    expect(await seat.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(['person', 'random', 'greedy', 'first-choice']);
  });

  it("the playtest's seats and the Simulate tab list it once registered in the page's registry", async () => {
    await page.goto(`${viteUrl}index.html`);
    // the page's own modules, as the dev server serves them (a text: the test's bundler leaves its imports alone)
    const lists = (await evaluateThroughReloads(page, `(async () => {
      const engine = await import('/@fs${ROOT}engine/index.ts');
      const bot = (await import('/@fs${ROOT}${FIXTURE}')).default;
      if (!engine.botNames().includes(bot.name)) engine.registerBot(bot);
      await import('/@fs${ROOT}editor/src/playtest/bk-pt-setup.ts');
      await import('/@fs${ROOT}editor/src/simulate/bk-simulate.ts');
      const stage = document.createElement('div');
      document.body.append(stage);
      const setup = document.createElement('bk-pt-setup');
      setup.meta = { game: 'x', minPlayers: 2, maxPlayers: 2, options: [] };
      const sim = document.createElement('bk-simulate');
      stage.append(setup, sim);
      sim.info = { problems: [], name: 'x', id: 'x', players: { min: 2, max: 2 }, base: '' };
      sim.players = 2;
      sim.seats = ['greedy', 'greedy'];
      await setup.updateComplete;
      await sim.updateComplete;
      const values = (el, sel) => Array.from((el.shadowRoot ?? el).querySelectorAll(sel + ' option')).map((o) => o.value);
      return { playtest: values(setup, 'select[data-seat="1"]'), simulate: values(sim, 'select[data-sim-seat="0"]'), all: values(sim, 'select[data-sim-all-seats]') };
    })()`)) as { playtest: string[]; simulate: string[]; all: string[] };
    expect(lists.playtest).toEqual(['person', 'random', 'greedy', 'first-choice']);
    expect(lists.simulate).toEqual(['random', 'greedy', 'deduce', 'ismcts', 'guided', 'ahead', 'first-choice']);
    expect(lists.all).toEqual(['', 'random', 'greedy', 'deduce', 'ismcts', 'guided', 'ahead', 'first-choice']);
  });
});
