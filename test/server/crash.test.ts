// Crash and restart: `babelkit serve` is killed with SIGKILL while a dozen matches are being played (people
// and bots), then started again on the same data folder. Every match resumes exactly where its last
// acknowledged action left it — an answer sent but not yet acknowledged when the server died is either
// stored or not, never half — each seat that reconnects is sent its current view (the engine's view of
// the stored game), an answer sent again is taken only if it was not stored, and the matches then play on
// to ends whose replays reproduce.

import { afterAll, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMatch, SeatClient, startServerProcess, type ServerProcess } from '../../bench/serve-clients.js';
import { loadShipped } from '../../bench/serve-load.js';
import { parseMatchFile } from '../../server/store.js';
import { Match, type Action, type Replay } from '../../engine/index.js';
import type { CreatedMatch } from '../../server/protocol.js';

const data = mkdtempSync(join(tmpdir(), 'bk-crash-'));
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const s of servers) await s.stop();
  rmSync(data, { recursive: true, force: true });
});

const BB = 'rulesets/babel-builders.yaml';

function stored(id: string): Action[] {
  const { records, problem } = parseMatchFile(readFileSync(join(data, 'matches', `${id}.log`), 'utf8'));
  expect(problem).toBeNull();
  return records.flatMap((r) => (r.t === 'act' ? [r.a] : []));
}

async function waitFor(f: () => boolean, ms: number, what: string): Promise<void> {
  const t0 = Date.now();
  while (!f()) {
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

it('resumes every match exactly after kill -9, reconnecting seats get their current view, and the games play on to reproducible ends', async () => {
  const g = loadShipped(BB);
  const first = await startServerProcess(data);
  servers.push(first);
  const setups: boolean[][] = [
    ...Array.from({ length: 6 }, () => [false, false, false, false, false]),
    ...Array.from({ length: 6 }, (_, i) => [false, i % 2 ? 'random' : 'greedy', false, 'greedy', 'random'].map((b) => b as false | string)).map((b) => b as unknown as boolean[]),
  ];
  const matches: CreatedMatch[] = [];
  for (const [i, bots] of setups.entries()) matches.push(await createMatch(first.url, { ruleset: BB, players: 5, seed: `crash:${i}`, bots }));
  const clients = matches.map((m, i) => m.seats.filter((x) => x.token).map((x) => new SeatClient(first.url, m.id, x.token!, 7000 + i * 8 + x.seat)));
  await Promise.all(clients.flat().map((c) => c.connect()));
  const acked = () => clients.flat().reduce((n, c) => n + c.acked.length, 0);
  // the first six matches stop mid-game, their last answers acknowledged; the others go on to the crash
  await waitFor(() => acked() >= 200, 60_000, '200 acknowledged answers');
  const paused = clients.slice(0, 6).flat();
  for (const c of paused) c.auto = false;
  await waitFor(() => paused.every((c) => !c.inflight), 20_000, 'the paused seats\' last acknowledgements');
  await waitFor(() => acked() >= 300, 60_000, '300 acknowledged answers');
  const atKill = clients.map((cs) => cs.map((c) => ({ acked: c.acked.slice(), inflight: c.inflight ? { ...c.inflight } : null, view: c.view })));
  await first.kill9();
  for (const c of clients.flat()) c.close();

  const second = await startServerProcess(data);
  servers.push(second);
  // nothing to say but, maybe, a torn last line cut off (a batch whose write the kill interrupted)
  const said = () => second.stderr().split('\n').filter((l) => l && !/ is torn \(\d+ bytes without a newline.*cut off/.test(l));
  expect(said()).toEqual([]);
  let inflightStored = 0, inflightLost = 0, exactMatches = 0;
  for (const [i, m] of matches.entries()) {
    const actions = stored(m.id);
    const persons = m.seats.filter((x) => x.token);
    // the stored game, replayed by the engine, as the reference for the seats' views
    const ref = Match.start(g, { players: 5, seed: `crash:${i}`, log: true });
    for (const a of actions) ref.act(a);
    let anyInflight = false;
    for (const [k, x] of persons.entries()) {
      const { acked: a, inflight } = atKill[i]![k]!;
      const mine = actions.filter((act) => act.player === x.seat).length;
      // every acknowledged answer is there, and at most the one on its way besides
      if (inflight) {
        anyInflight = true;
        expect([a.length, a.length + 1]).toContain(mine);
        if (mine > a.length) inflightStored++;
        else inflightLost++;
      } else expect(mine).toBe(a.length);
      // the seat reconnects: its first view is its view of the stored game
      const c = new SeatClient(second.url, m.id, x.token!, 0, false);
      await c.connect();
      expect(c.decision).toBe(mine);
      expect(c.view).toEqual(ref.view(x.seat));
      c.close();
    }
    // with nothing on its way, every seat sees again exactly the view it had when the server died
    if (i < 6) {
      expect(atKill[i]!.every((x) => !x.inflight)).toBe(true);
      for (const [k, x] of persons.entries()) expect(ref.view(x.seat)).toEqual(atKill[i]![k]!.view);
    }
    // the answers that were on their way, sent again: refused as stale if stored, taken if not
    for (const [k, x] of persons.entries()) {
      const { acked: a, inflight } = atKill[i]![k]!;
      if (!inflight) continue;
      const wasStored = actions.filter((act) => act.player === x.seat).length > a.length;
      const c = new SeatClient(second.url, m.id, x.token!, 0, false);
      await c.connect();
      c.answer(inflight.positions, inflight.decision);
      await waitFor(() => c.acked.length > 0 || c.errors.length > 0, 20_000, 'the answer sent again');
      // stored: refused as stale — or, when that stored answer was the game's last, as coming after the end
      if (wasStored) expect(c.errors[0]).toMatch(ref.ended ? /^(stale|ended): / : /^stale: /);
      else expect(c.acked).toEqual([{ decision: a.length, positions: inflight.positions }]);
      c.close();
    }
    if (!anyInflight) exactMatches++;
  }
  expect(exactMatches).toBeGreaterThanOrEqual(6);
  console.log(`crash: killed after ${atKill.flat().reduce((n, s) => n + s.acked.length, 0)} acknowledged answers; ${exactMatches} of ${matches.length} matches had no answer on its way; answers on their way: ${inflightStored} stored, ${inflightLost} not`);

  // every match plays on to its end; its replay reproduces and starts with what was stored at the restart
  const atRestart = matches.map((m) => stored(m.id));
  const again = matches.map((m, i) => m.seats.filter((x) => x.token).map((x) => new SeatClient(second.url, m.id, x.token!, 9000 + i * 8 + x.seat)));
  await Promise.all(again.flat().map((c) => c.connect()));
  await Promise.race([
    Promise.all(again.flat().map((c) => c.ended())),
    new Promise((_, reject) => setTimeout(() => reject(new Error('the matches did not end in 120 s')), 120_000)),
  ]);
  for (const c of again.flat()) c.close();
  for (const [i, m] of matches.entries()) {
    const r = await fetch(`${second.url}api/matches/${m.id}/replay`);
    expect(r.status).toBe(200);
    const replay = (await r.json()) as Replay;
    expect(replay.actions.slice(0, atRestart[i]!.length)).toEqual(atRestart[i]);
    expect(Match.fromReplay(g, replay).problems).toEqual([]);
  }
  expect(said()).toEqual([]);
}, 240_000);
