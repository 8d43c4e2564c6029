// The other Babel games, played whole in the editor's Playtest by one person against greedy bots, in real
// headless Chromium: at every decision the page reads as a person reads it (no row of numbers, no empty
// field, no zone or field id, none of the engine's words; see personProblems), and the game reaches its end.
// Babel On!'s whole game is read the same way in babel-on-towers-browser.test.ts, which checks its towers too.

import { describe, expect, it } from 'vitest';
import { editorAndBrowser, newSession } from '../helpers/browser.js';
import { loadGame, rulesetPath } from '../helpers/game.js';
import { answer, personProblems, waitState } from '../helpers/playtest.js';

const env = editorAndBrowser();

async function playWhole(path: string, players: number, seed: string): Promise<{ decisions: number; problems: string[] }> {
  const g = loadGame(rulesetPath(path.replace(/^rulesets\//, '')));
  const ids = [...g.zones.map((z) => z.id), ...g.cardTypes.flatMap((t) => Object.keys(t.fields)), ...g.vars.map((v) => v.id)];
  const s = await newSession(env.browser);
  const { page } = s;
  await page.goto(env.server.url);
  const file = page.locator(`.bk-files button[data-path="${path}"]`);
  await expect.poll(() => file.count()).toBe(1);
  await file.click();
  await expect.poll(() => page.locator('.bk-status').textContent(), { timeout: 30_000 }).toContain('Valid ruleset');
  await page.getByRole('tab', { name: 'Playtest' }).click();
  const pt = page.locator('bk-playtest');
  await waitState(page, ['idle']);
  await pt.locator('[data-players]').selectOption(String(players));
  await pt.locator('[data-seed]').fill(seed);
  await pt.locator('[data-seat="0"]').selectOption('person');
  for (let i = 1; i < players; i++) await pt.locator(`[data-seat="${i}"]`).selectOption('greedy');
  await pt.locator('[data-delay]').selectOption('0');
  await pt.locator('[data-start]').click();
  const problems: string[] = [];
  const log = { seen: 0 };
  let decisions = 0;
  for (;;) {
    const st = await waitState(page, ['turn', 'ended']);
    if (st === 'ended') break;
    problems.push(...(await personProblems(pt, ids, log)).map((p) => `decision ${decisions + 1}: ${p}`));
    if (problems.length > 20) break;
    const before = await pt.getAttribute('data-seq');
    await answer(pt);
    await page.waitForFunction((b) => document.querySelector<HTMLElement>('bk-playtest')?.dataset.seq !== b, before, { timeout: 60_000 });
    decisions++;
    expect(decisions).toBeLessThan(400);
  }
  problems.push(...(await personProblems(pt, ids, log)).map((p) => `the end: ${p}`));
  console.log(`${path}: ${decisions} decisions`);
  await page.screenshot({ path: `/tmp/bk-person-${g.id}.png` });
  expect(await pt.locator('[data-ended] h2').textContent()).toMatch(/wins|win \(a tie\)|The game stopped/);
  expect(s.errors).toEqual([]);
  await s.close();
  return { decisions, problems };
}

describe('every game reads in its own words, decision after decision', () => {
  it('the reading flags what a person should never read', async () => {
    const s = await newSession(env.browser);
    await s.page.setContent(`<div id="t">
      <ol class="log"><li>Player 2 chooses: something.</li><li>24 cards: box → tile pool</li><li>Player 3 has chosen (tile)</li><li>Player 1 builds Clay Pool.</li></ol>
      <div class="card"><div class="fl"><span class="lb">Cost</span> <span class="runs"></span></div><div class="fl"><span class="lb">Either</span> <span class="runs">0,0,0,0,0,1,0</span></div>
        <div class="fl"><span class="lb">Produces</span> <span class="runs"><span class="sym" data-symbol="clay"><svg></svg></span></span></div></div>
      <div class="seat"><div class="z">tilePool 3</div><div class="z">coinsNow: 2</div><div class="z">city 4</div></div></div>`);
    const found = await personProblems(s.page.locator('#t'), ['tilePool', 'coinsNow', 'city']);
    expect(found.map((p) => p.replace(/ in .*?: /, ': '))).toEqual([
      '"something": Player 2 chooses: something.',
      '"box →": 24 cards: box → tile pool',
      'a step id: Player 3 has chosen (tile)',
      'a label with nothing after it: Cost',
      'a row of numbers: Either 0,0,0,0,0,1,0',
      'an id (tilePool): tilePool 3',
      'an id (coinsNow): coinsNow: 2',
    ]);
    await s.close();
  });

  it('Babel Builders, five players', async () => {
    const r = await playWhole('rulesets/babel-builders.yaml', 5, '11');
    expect(r.problems).toEqual([]);
    expect(r.decisions).toBeGreaterThan(5);
  }, 90_000);

  it('Bable, four players', async () => {
    const r = await playWhole('rulesets/bable.yaml', 4, '5');
    expect(r.problems).toEqual([]);
    expect(r.decisions).toBeGreaterThan(5);
  }, 90_000);
});
