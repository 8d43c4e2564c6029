// Load on the loopback: 50 matches at once, every seat of each a scripted client over the WebSocket, played
// to the end against `babelkit serve` running as its own process. No acknowledged answer is lost or taken
// twice, each is stored as the action it meant, and every final state is the one its replay reproduces
// (the clients' last views included). Bounded by a timeout; the latencies are printed, not asserted.
// A bigger run: `npm run loadtest`.

import { afterAll, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess, type ServerProcess } from '../../bench/serve-clients.js';
import { runLoad } from '../../bench/serve-load.js';

let server: ServerProcess | null = null;
const data = mkdtempSync(join(tmpdir(), 'bk-load-'));

afterAll(async () => {
  await server?.stop();
  rmSync(data, { recursive: true, force: true });
});

it('50 concurrent five-player matches, 250 scripted clients, played to the end: nothing lost, nothing twice, every replay reproduces', async () => {
  server = await startServerProcess(data, ['--max-connections', '1000']);
  const r = await runLoad({ url: server.url, matches: 50, players: 5, seed: 3, timeoutMs: 150_000 });
  console.log(`load: ${r.matches} matches × 5 clients, ${r.answers} answers in ${r.seconds} s (${r.answersPerSecond}/s); latency p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, max ${r.latencyMs.max} ms`);
  expect(r.problems).toEqual([]);
  expect(r.errors).toEqual([]);
  expect({ lost: r.lost, duplicated: r.duplicated, mismatched: r.mismatched, notReproduced: r.notReproduced }).toEqual({ lost: 0, duplicated: 0, mismatched: 0, notReproduced: 0 });
  expect(r.answers).toBe(r.actions);
  expect(r.answers).toBeGreaterThan(50 * 40);
  expect(server.stderr()).toBe('');
}, 240_000);
