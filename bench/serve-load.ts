/**
 * `npm run loadtest`: many matches at once on `babelkit serve` (its own process, on the loopback), every
 * seat a scripted client over the WebSocket, played to the end. Checks that no acknowledged answer was lost
 * or taken twice and that every match's final state is the one its replay reproduces; reports the action
 * latency (answer sent → acknowledged as stored) and the throughput. Bounded: it stops by itself.
 *
 *   node dist/bench/serve-load.js [--matches 200] [--players 5] [--seed 1] [--timeout 600]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRulesetText, Match, stateHash, type Game, type Replay } from '../engine/index.js';
import { createMatch, percentile, SeatClient, startServerProcess } from './serve-clients.js';

export interface LoadOptions {
  url: string;
  matches: number;
  players: number;
  /** the shipped ruleset to play */
  ruleset?: string;
  seed?: number;
  /** give up after this many milliseconds */
  timeoutMs?: number;
}

export interface LoadReport {
  matches: number;
  clients: number;
  /** answers acknowledged, all clients */
  answers: number;
  /** actions in the replays (all seats) */
  actions: number;
  seconds: number;
  answersPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  /** acknowledged answers missing from a replay */
  lost: number;
  /** actions in a replay beyond the answers acknowledged */
  duplicated: number;
  /** an acknowledged answer stored as a different action */
  mismatched: number;
  /** matches whose replay does not reproduce, or whose client's last view is not the replayed game's */
  notReproduced: number;
  /** refusals and errors the clients were sent */
  errors: string[];
  problems: string[];
}

const root = fileURLToPath(new URL(import.meta.url.includes('/dist/') ? '../../' : '../', import.meta.url));

export function loadShipped(path: string): Game {
  const read = (p: string) => {
    try {
      return readFileSync(join(root, p), 'utf8');
    } catch {
      return undefined;
    }
  };
  const r = loadRulesetText(path, read(path)!, read);
  if (!r.game) throw new Error(`${path} does not load`);
  return r.game;
}

/** Replays a match's replay with each seat's acknowledged answers (by position) and compares. */
export function checkMatch(g: Game, replay: Replay, clients: SeatClient[], seats: number[]): { lost: number; duplicated: number; mismatched: number; problems: string[] } {
  const problems: string[] = [];
  let lost = 0, duplicated = 0, mismatched = 0;
  const bySeat = new Map(seats.map((s, i) => [s, clients[i]!]));
  for (const [s, c] of bySeat) {
    const stored = replay.actions.filter((a) => a.player === s).length;
    if (stored < c.acked.length) lost += c.acked.length - stored;
    if (stored > c.acked.length) duplicated += stored - c.acked.length;
    c.acked.forEach((a, k) => { if (a.decision !== k) problems.push(`seat ${s}: acknowledged answer ${k} names decision ${a.decision}`); });
  }
  const m = Match.start(g, { players: replay.players, seed: replay.seed, options: replay.options, log: true });
  const next = new Map(seats.map((s) => [s, 0]));
  for (const a of replay.actions) {
    const c = bySeat.get(a.player);
    if (!c) { m.act(a); continue; }
    const k = next.get(a.player)!;
    next.set(a.player, k + 1);
    const ans = c.acked[k];
    if (!ans) { m.act(a); continue; }
    const took = m.actAt(a.player, ans.positions);
    if (JSON.stringify(took) !== JSON.stringify(a)) {
      mismatched++;
      problems.push(`seat ${a.player}, answer ${k}: stored ${JSON.stringify(a)}, the answer means ${JSON.stringify(took)}`);
      break;
    }
  }
  const check = Match.fromReplay(g, replay);
  if (check.problems.length || stateHash(m.state) !== replay.finalHash) problems.push(`the replay does not reproduce: ${check.problems.join('; ')}`);
  for (const [s, c] of bySeat) {
    if (JSON.stringify(c.view) !== JSON.stringify(m.view(s))) problems.push(`seat ${s}: its last view is not the replayed game's view`);
  }
  return { lost, duplicated, mismatched, problems };
}

export async function runLoad(o: LoadOptions): Promise<LoadReport> {
  const ruleset = o.ruleset ?? 'rulesets/babel-builders.yaml';
  const g = loadShipped(ruleset);
  const seed = o.seed ?? 1;
  const created = [];
  for (let i = 0; i < o.matches; i++) {
    created.push(await createMatch(o.url, { ruleset, players: o.players, seed: `${seed}:${i}`, bots: Array.from({ length: o.players }, () => false) }));
  }
  const all = created.map((c, i) => c.seats.map((s) => new SeatClient(o.url, c.id, s.token!, seed * 1000 + i * 16 + s.seat)));
  const t0 = performance.now();
  await Promise.all(all.flat().map((c) => c.connect()));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((r) => { timer = setTimeout(() => r('timeout'), o.timeoutMs ?? 600_000); });
  const done = await Promise.race([Promise.all(all.flat().map((c) => c.ended())).then(() => 'done' as const), timeout]);
  clearTimeout(timer);
  const seconds = (performance.now() - t0) / 1000;
  for (const c of all.flat()) c.close();
  const report: LoadReport = {
    matches: o.matches, clients: all.flat().length, answers: 0, actions: 0, seconds: +seconds.toFixed(2), answersPerSecond: 0,
    latencyMs: { p50: 0, p99: 0, max: 0 }, lost: 0, duplicated: 0, mismatched: 0, notReproduced: 0, errors: [], problems: [],
  };
  if (done === 'timeout') report.problems.push(`not every match ended within ${(o.timeoutMs ?? 600_000) / 1000} s`);
  const lat = all.flat().flatMap((c) => c.latencies);
  report.answers = lat.length;
  report.answersPerSecond = Math.round(lat.length / seconds);
  report.latencyMs = { p50: +percentile(lat, 50).toFixed(1), p99: +percentile(lat, 99).toFixed(1), max: +Math.max(...lat).toFixed(1) };
  for (const [i, c] of created.entries()) {
    report.errors.push(...all[i]!.flatMap((x) => x.errors));
    const r = await fetch(`${o.url}api/matches/${c.id}/replay`);
    if (r.status !== 200) { report.notReproduced++; report.problems.push(`match ${c.id}: replay ${r.status}`); continue; }
    const replay = (await r.json()) as Replay;
    report.actions += replay.actions.length;
    const ch = checkMatch(g, replay, all[i]!, c.seats.map((s) => s.seat));
    report.lost += ch.lost;
    report.duplicated += ch.duplicated;
    report.mismatched += ch.mismatched;
    if (ch.problems.length) { report.notReproduced++; report.problems.push(...ch.problems.map((p) => `match ${c.id}: ${p}`)); }
  }
  return report;
}

function arg(name: string, def: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
}

async function main(): Promise<void> {
  const matches = arg('matches', 200), players = arg('players', 5), seed = arg('seed', 1), timeout = arg('timeout', 600);
  const data = mkdtempSync(join(tmpdir(), 'bk-loadtest-'));
  // every scripted client connects from this machine: let them all in
  const server = await startServerProcess(data, ['--max-connections', String(matches * players + 100)]);
  try {
    console.log(`babelkit serve load test: ${matches} matches × ${players} scripted clients on ${server.url} (data in ${data})`);
    const r = await runLoad({ url: server.url, matches, players, seed, timeoutMs: timeout * 1000 });
    console.log(JSON.stringify({ ...r, errors: r.errors.slice(0, 10), problems: r.problems.slice(0, 10) }, null, 2));
    if (r.lost || r.duplicated || r.mismatched || r.notReproduced || r.problems.length) process.exitCode = 1;
  } finally {
    await server.stop();
    rmSync(data, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) void main();
