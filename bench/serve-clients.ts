// Scripted players for `babelkit serve`: a seat's client over the WebSocket protocol (server/protocol.ts)
// that answers every decision of its seat with a seeded random choice and records what it sent, what was
// acknowledged, and how long each acknowledgement took; and the server run as its own process (as a user
// runs it), which the load test, the crash test and `npm run loadtest` share.

import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { PlayerView } from '../engine/index.js';
import type { CreatedMatch, ServerMessage } from '../server/protocol.js';

/** The babelkit binary (bench/ is one level down in the sources, two once built to dist/bench). */
function binPath(): string {
  const here = fileURLToPath(import.meta.url);
  return here.includes('/dist/bench/') ? fileURLToPath(new URL('../../bin/babelkit.mjs', import.meta.url)) : fileURLToPath(new URL('../bin/babelkit.mjs', import.meta.url));
}

export interface ServerProcess {
  url: string;
  proc: ChildProcess;
  /** everything it wrote to stderr */
  stderr: () => string;
  /** SIGKILL, as a crash: nothing is flushed or closed */
  kill9(): Promise<void>;
  /** SIGTERM: a clean stop */
  stop(): Promise<void>;
}

/** Starts `babelkit serve --port 0 --data DIR` and waits for the address it prints. */
export function startServerProcess(data: string, extra: string[] = []): Promise<ServerProcess> {
  const proc = spawn(process.execPath, [binPath(), 'serve', '--port', '0', '--data', data, ...extra], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: '1' } });
  let out = '', err = '';
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  const end = async (sig: NodeJS.Signals) => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill(sig);
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { void end('SIGKILL'); reject(new Error(`the server did not start in 90 s:\n${out}\n${err}`)); }, 90_000);
    proc.stderr!.on('data', (d: Buffer) => { err += d.toString(); });
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /babelkit serve: (http:\/\/\S+\/) /.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1]!, proc, stderr: () => err, kill9: () => end('SIGKILL'), stop: () => end('SIGTERM') });
      }
    });
    proc.once('exit', (code) => { clearTimeout(timer); reject(new Error(`the server exited (${code}) before it listened:\n${out}\n${err}`)); });
  });
}

/** sfc32-free small PRNG (mulberry32): the scripted choices only need to vary, reproducibly. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seeded random answer to a prompt: a count in its range (at least one when it offers any), sorted positions. */
export function pickPositions(p: NonNullable<PlayerView['prompt']>, r: () => number): number[] {
  const n = p.options.length;
  const lo = Math.min(Math.max(p.min, 1), p.max);
  const k = lo + Math.floor(r() * (p.max - lo + 1));
  const idx = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [idx[i], idx[j]] = [idx[j]!, idx[i]!];
  }
  return idx.slice(0, k).sort((a, b) => a - b);
}

export interface Answer {
  decision: number;
  positions: number[];
}

/** One seat's scripted client. */
export class SeatClient {
  view: PlayerView | null = null;
  decision = 0;
  /** every message received, parsed, in order */
  readonly received: ServerMessage[] = [];
  /** answers acknowledged as stored */
  readonly acked: Answer[] = [];
  /** the answer sent and not yet acknowledged */
  inflight: (Answer & { at: number }) | null = null;
  /** milliseconds from sending an answer to its acknowledgement */
  readonly latencies: number[] = [];
  readonly errors: string[] = [];
  private ws: WebSocket | null = null;
  private r: () => number;
  private endedWaiters: (() => void)[] = [];
  private closedAt: number | null = null;

  constructor(readonly url: string, readonly match: string, readonly token: string, seed: number, public auto = true) {
    this.r = rng(seed);
  }

  /** Opens the connection and says hello; resolves with the first view. */
  connect(): Promise<void> {
    const ws = new WebSocket(`${this.url.replace(/^http/, 'ws')}ws`);
    this.ws = ws;
    this.closedAt = null;
    return new Promise((resolve, reject) => {
      let first = true;
      ws.on('open', () => ws.send(JSON.stringify({ t: 'hello', match: this.match, token: this.token })));
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString()) as ServerMessage;
        this.received.push(m);
        if (m.t === 'view') {
          this.view = m.logFrom ? { ...m.view, log: [...(this.view?.log ?? []).slice(0, m.logFrom), ...m.view.log], lines: [...(this.view?.lines ?? []).slice(0, m.logFrom), ...m.view.lines] } : m.view;
          this.decision = m.decision;
          if (first) { first = false; resolve(); }
          this.maybeAct();
          this.settle();
        } else if (m.t === 'acted') {
          const f = this.inflight;
          if (f && f.decision === m.decision) {
            this.latencies.push(performance.now() - f.at);
            this.acked.push({ decision: f.decision, positions: f.positions });
            this.inflight = null;
            this.maybeAct();
            this.settle();
          }
        } else if (m.t === 'error') {
          this.errors.push(`${m.code}: ${m.message}`);
          if (first) { first = false; reject(new Error(m.message)); }
        }
      });
      ws.on('error', (e) => { if (first) { first = false; reject(e); } });
      ws.on('close', () => {
        this.closedAt = performance.now();
        if (first) { first = false; reject(new Error('closed before the first view')); }
      });
    });
  }

  /** Answers the open decision if it is this seat's turn and nothing is on its way. */
  private maybeAct(): void {
    if (!this.auto) return;
    const v = this.view;
    // the view after an answer comes before its acknowledgement: the next answer waits for both
    if (!v || v.ended || !v.prompt || this.inflight || this.ws?.readyState !== WebSocket.OPEN) return;
    this.answer(pickPositions(v.prompt, this.r));
  }

  /** Sends an answer to the current decision (or to the one numbered `decision`, as a client resending). */
  answer(positions: number[], decision = this.decision): void {
    this.inflight = { decision, positions, at: performance.now() };
    this.ws!.send(JSON.stringify({ t: 'act', decision, positions }));
  }

  /** Sends any text (for tests of bad input). */
  raw(text: string | Buffer): void {
    this.ws!.send(text);
  }

  get closed(): boolean {
    return this.closedAt !== null;
  }

  /** Resolves once the game has ended and the last answer is acknowledged. */
  ended(): Promise<void> {
    return new Promise((r) => {
      this.endedWaiters.push(r);
      this.settle();
    });
  }

  private settle(): void {
    if (this.view?.ended && !this.inflight) for (const w of this.endedWaiters.splice(0)) w();
  }

  close(): void {
    this.ws?.close();
  }
}

/** POST /api/matches (waiting and trying again while the server says 429: too fast for one connection). */
export async function createMatch(url: string, body: unknown): Promise<CreatedMatch> {
  for (let attempt = 0; ; attempt++) {
    const r = await fetch(`${url}api/matches`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const j = (await r.json()) as CreatedMatch & { error?: string };
    if (r.status === 429 && attempt < 100) {
      await new Promise((res) => setTimeout(res, 100));
      continue;
    }
    if (r.status !== 201) throw new Error(`create: ${r.status} ${j.error ?? ''}`);
    return j;
  }
}

export function percentile(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}
