// A ruleset sent to the server (POST /api/matches with its files) is loaded before the match starts; a hostile
// one makes the loader work for up to a second or more of CPU (and before #30: 2, for 15 s to over a minute).
// Loaded in the request handler, that froze every other request and every match. Now an upload is loaded in a
// worker thread first: while hostile uploads are being loaded, /api/info and an ongoing match answer at once;
// a failed upload sent again is answered from the failures remembered by its content hash; one address may
// send only so many.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { underLimitUses } from '../../bench/hostile-rulesets.js';
import type { CreatedMatch } from '../../server/protocol.js';
import { json, post, startTestServer, type TestServer } from '../helpers/serve.js';

let s: TestServer;
const BB = 'rulesets/babel-builders.yaml';

beforeAll(async () => {
  s = await startTestServer({ api: { uploads: { perMinute: 600, burst: 40 } } });
});

afterAll(async () => {
  await s?.dispose();
});

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A hostile upload: ~7 KB whose definitions cost the loader most (each copy differs, so none is a cache hit). */
const hostile = (k: number) => ({ ruleset: { path: 'hostile.yaml', files: { 'hostile.yaml': `# upload ${k}\n${underLimitUses(200)}` } }, players: 2, bots: [false, true] });

async function timed(url: string): Promise<number> {
  const t0 = performance.now();
  const r = await fetch(url);
  await r.text();
  expect(r.status).toBe(200);
  return performance.now() - t0;
}

describe('a hostile upload', () => {
  it('is loaded off the main thread: /api/info and an ongoing match answer meanwhile (median of 20 under 100 ms, each under 500 ms)', async () => {
    const m = (await post(`${s.url}api/matches`, { ruleset: BB, players: 5, bots: [false, true, true, true, true] })).body as CreatedMatch;
    const seat = m.seats[0]!.token!;
    // a few uploads queue up in the worker: several seconds of loading in all
    const t0 = performance.now();
    const uploads = Array.from({ length: 12 }, (_, k) => post(`${s.url}api/matches`, hostile(k)));
    let loading = true;
    void Promise.all(uploads).then(() => { loading = false; });
    const info: number[] = [], view: number[] = [];
    await new Promise((r) => setTimeout(r, 100));
    for (let i = 0; i < 20; i++) {
      info.push(await timed(`${s.url}api/info`));
      view.push(await timed(`${s.url}api/matches/${m.id}/view?token=${seat}`));
      await new Promise((r) => setTimeout(r, 50));
    }
    const stillLoading = loading;
    const answers = await Promise.all(uploads);
    const loadMs = performance.now() - t0;
    console.log(`12 hostile uploads loaded in ${(loadMs / 1000).toFixed(1)} s; /api/info median ${median(info).toFixed(1)} ms, max ${Math.max(...info).toFixed(1)} ms; a seat's view median ${median(view).toFixed(1)} ms, max ${Math.max(...view).toFixed(1)} ms`);
    for (const xs of [info, view]) {
      expect(median(xs)).toBeLessThan(100);
      expect(Math.max(...xs)).toBeLessThan(500);
    }
    // the probes were taken while the uploads were still loading; each is refused, where it goes wrong
    expect(stillLoading).toBe(true);
    for (const a of answers) {
      expect(a.status).toBe(422);
      expect(a.body.problems.join('\n')).toMatch(/hostile\.yaml:\d+:\d+: error/);
    }
  }, 180_000);

  it('sent again, is refused from the failures remembered by its content hash, without loading it again', async () => {
    const t0 = performance.now();
    const first = await post(`${s.url}api/matches`, hostile(100));
    const firstMs = performance.now() - t0;
    const t1 = performance.now();
    const again = await post(`${s.url}api/matches`, hostile(100));
    const againMs = performance.now() - t1;
    expect(first.status).toBe(422);
    expect(again.status).toBe(422);
    expect(again.body.problems).toEqual(first.body.problems);
    expect(againMs).toBeLessThan(firstMs / 3);
  }, 60_000);

  it('one address may send only so many rulesets (shipped rulesets are not counted)', async () => {
    const small = await startTestServer({ api: { uploads: { perMinute: 2, burst: 2 } } });
    try {
      const upload = { ruleset: { path: 'x.yaml', files: { 'x.yaml': 'not: [a ruleset' } }, players: 2, bots: [false, true] };
      expect((await post(`${small.url}api/matches`, upload)).status).toBe(422);
      expect((await post(`${small.url}api/matches`, upload)).status).toBe(422);
      const third = await post(`${small.url}api/matches`, upload);
      expect(third.status).toBe(429);
      expect(third.body.error).toMatch(/a minute/);
      expect((await post(`${small.url}api/matches`, { ruleset: BB, players: 5, bots: [false, true, true, true, true] })).status).toBe(201);
    } finally {
      await small.dispose();
    }
  }, 60_000);
});
