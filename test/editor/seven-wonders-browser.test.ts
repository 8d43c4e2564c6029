// 7 Wonders in the editor, in real headless Chromium: the file list offers it; its Playtest plays a full
// three-player game, one person's seat clicking the first options against two greedy bots, to the final scoring;
// the replay it exports reproduces with `babelkit replay`.

import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { editorAndBrowser, newSession } from '../helpers/browser.js';
import { ROOT } from '../helpers/game.js';
import { answer, waitState } from '../helpers/playtest.js';
import type { Replay } from '../../engine/replay.js';

const env = editorAndBrowser();



describe('7 Wonders in the editor', () => {
  it('is listed, and its playtest plays a full game against greedy bots whose exported replay reproduces', async () => {
    const s = await newSession(env.browser);
    const { page } = s;
    await page.goto(env.server.url);
    const file = page.locator('.bk-files button[data-path="rulesets/7-wonders.yaml"]');
    await expect.poll(() => file.count()).toBe(1);
    await file.click();
    await expect.poll(() => page.locator('.bk-pane-main .bk-pane-title').textContent()).toContain('rulesets/7-wonders.yaml');
    await expect.poll(() => page.locator('.bk-status').textContent(), { timeout: 30_000 }).toContain('Valid ruleset');
    await page.getByRole('tab', { name: 'Playtest' }).click();
    const pt = page.locator('bk-playtest');
    await waitState(page, ['idle']);
    await pt.locator('[data-players]').selectOption('3');
    await pt.locator('[data-seed]').fill('77');
    await pt.locator('[data-seat="0"]').selectOption('person');
    for (const i of [1, 2]) await pt.locator(`[data-seat="${i}"]`).selectOption('greedy');
    await pt.locator('[data-delay]').selectOption('0');
    await pt.locator('[data-start]').click();
    let decisions = 0;
    const asked = new Set<string>();
    for (;;) {
      const st = await waitState(page, ['turn', 'ended']);
      if (st === 'ended') break;
      const before = await pt.getAttribute('data-seq');
      asked.add(await answer(pt));
      await page.waitForFunction((b) => document.querySelector<HTMLElement>('bk-playtest')?.dataset.seq !== b, before, { timeout: 60_000 });
      decisions++;
      if (decisions === 5) await page.screenshot({ path: '/tmp/bk-7w-turn.png' });
      expect(decisions).toBeLessThan(200);
    }
    await page.screenshot({ path: '/tmp/bk-7w-end.png' });
    // another seat's city, drawn in its cards' colours, grouped by colour (each colour in one run)
    const city = await page.evaluate(() => {
      const table = document.querySelector('bk-playtest')!.shadowRoot?.querySelector('bk-pt-table') ?? document.querySelector('bk-pt-table')!;
      const root = table.shadowRoot ?? table;
      const seat = root.querySelector<HTMLElement>('.seat[data-seat="1"]')!;
      return Array.from(seat.querySelectorAll<HTMLElement>('.z[data-zone="city"] .chip[data-card]')).map((c) => c.style.getPropertyValue('--accent').trim());
    });
    expect(city.length).toBeGreaterThan(8);
    const runs = city.filter((c, i) => i === 0 || c !== city[i - 1]);
    expect(new Set(runs).size).toBe(runs.length);
    expect(new Set(city).size).toBeGreaterThan(2);
    // three Ages of six turns: at least 18 card choices of the person's seat
    expect(decisions).toBeGreaterThanOrEqual(18);
    expect([...asked].some((t) => /Choose a card/.test(t))).toBe(true);
    await expect.poll(() => pt.locator('[data-ended]').textContent()).toMatch(/— Player \d( and Player \d)* (wins|win \(a tie\))/);

    const [download] = await Promise.all([page.waitForEvent('download'), pt.locator('[data-export]').click()]);
    const dir = mkdtempSync(join(tmpdir(), 'bk-7w-e2e-'));
    const out = join(dir, download.suggestedFilename());
    await download.saveAs(out);
    const replay = JSON.parse(readFileSync(out, 'utf8')) as Replay;
    expect(replay.ruleset.file).toBe('rulesets/7-wonders.yaml');
    expect(replay.players).toBe(3);
    const cli = spawnSync(process.execPath, [join(ROOT, 'bin/babelkit.mjs'), 'replay', out], { cwd: dir, encoding: 'utf8' });
    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(0);
    expect(cli.stdout).toContain(`reproduces — ${replay.actions.length} actions, ending final`);
    expect(s.errors).toEqual([]);
    await s.close();
  }, 300_000);
});
