// A match store written by the previous version of `babelkit serve` (test/fixtures/store-1cac5c9, made by its
// make-store.mjs at commit 1cac5c9, before hosted matches had secret seeds) still resumes: every match is
// served, each bot decides again as stored (its random stream is where it was), each person's view is the
// engine's view of the stored game, and the matches play on to ends whose replays reproduce.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkReplay, loadRulesetText, Match, type Action, type Game } from '../../engine/index-node.js';
import { parseMatchFile, type MatchStart } from '../../server/store.js';
import { pickPositions } from '../../bench/serve-clients.js';
import { json, post, startTestServer, type TestServer } from '../helpers/serve.js';

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'store-1cac5c9');
const tokens = JSON.parse(readFileSync(join(FIXTURE, 'tokens.json'), 'utf8')) as { matches: { id: string; seats: (string | null)[]; host: string }[] };

let s: TestServer;

beforeAll(async () => {
  const data = mkdtempSync(join(tmpdir(), 'bk-old-store-'));
  cpSync(join(FIXTURE, 'matches'), join(data, 'matches'), { recursive: true });
  s = await startTestServer({ data });
});

afterAll(async () => {
  await s?.dispose();
});

function stored(id: string): { start: MatchStart; actions: Action[]; game: Game } {
  const { records, problem } = parseMatchFile(readFileSync(join(FIXTURE, 'matches', `${id}.log`), 'utf8'));
  expect(problem).toBeNull();
  const start = (records[0] as { start: MatchStart }).start;
  const files = start.ruleset.files;
  const r = loadRulesetText(start.ruleset.path, files[start.ruleset.path]!, (p) => files[p]);
  expect(r.game, JSON.stringify(r.diagnostics.slice(0, 3))).toBeDefined();
  return { start, actions: records.flatMap((x) => (x.t === 'act' ? [x.a] : [])), game: r.game! };
}

it('resumes every stored match exactly, with each seat shown the engine\'s view of the stored game', async () => {
  expect(s.problems).toEqual([]);
  expect(s.matches.size).toBe(3);
  for (const m of tokens.matches) {
    const hosted = s.matches.get(m.id)!;
    expect(hosted, m.id).toBeDefined();
    expect(hosted.exact, m.id).toBe(true);
    const st = stored(m.id);
    expect(hosted.actions).toEqual(st.actions);
    const replayed = Match.start(st.game, { players: st.start.players, seed: st.start.seed, options: st.start.options, log: true });
    for (const a of st.actions) replayed.act(a);
    for (const [seat, token] of m.seats.entries()) {
      if (!token) continue;
      const v = (await json(`${s.url}api/matches/${m.id}/view?token=${token}`)).body;
      const want = replayed.view(seat);
      expect(v.view.zones).toEqual(JSON.parse(JSON.stringify(want.zones)));
      expect(v.view.prompt ?? null).toEqual(JSON.parse(JSON.stringify(want.prompt ?? null)));
    }
  }
});

it('plays the unfinished ones on to an end whose replay reproduces', async () => {
  let seed = 5;
  const r = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  for (const m of tokens.matches) {
    const st = stored(m.id);
    for (let guard = 0; guard < 20_000; guard++) {
      if ((await json(`${s.url}api/matches/${m.id}/status?token=${m.host}`)).body.ended) break;
      const views = await Promise.all(m.seats.map(async (t) => (t ? (await json(`${s.url}api/matches/${m.id}/view?token=${t}`)).body : null)));
      const k = views.findIndex((v) => v?.view.prompt);
      // the bots are still deciding (a long stretch of theirs goes on in batches)
      if (k < 0) { await new Promise((res) => setTimeout(res, 20)); continue; }
      const a = await post(`${s.url}api/matches/${m.id}/actions?token=${m.seats[k]}`, { decision: views[k].decision, positions: pickPositions(views[k].view.prompt, r) });
      expect(a.status, JSON.stringify(a.body)).toBe(200);
    }
    const rp = await json(`${s.url}api/matches/${m.id}/replay`);
    expect(rp.status, m.id).toBe(200);
    // the stored actions are the replay's first ones
    expect(rp.body.actions.slice(0, st.actions.length)).toEqual(st.actions);
    expect(checkReplay(st.game, rp.body).problems).toEqual([]);
  }
}, 300_000);
