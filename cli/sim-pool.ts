// Plays batches' games on several cores: N worker threads (sim-worker.ts) take slices of game indices as they
// become free, and each batch's summaries are handed on strictly in game order, so a report is the same for
// any number of workers. One pool may play several batches at once, of different rulesets (the tuner's
// settings are variants given as text); the workers keep the rulesets they have loaded. One worker: the games
// are played in this thread.

import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { playGame, summarize, type BatchSetup, type Game, type GameSummary, type State } from '../engine/index-node.js';
import type { WorkerReply, WorkerRequest } from './sim-worker.js';
import { saveReplay } from './replays.js';

export interface PoolJob {
  /** the ruleset's file (a variant given as `text` is read as if it were this file, beside its base) */
  file: string;
  text?: string;
  /** the ruleset, loaded here (played in this thread with one worker; the workers load their own) */
  game: Game;
  setup: BatchSetup;
  /** games [from, to) of the batch */
  from: number;
  to: number;
  workers: number;
  /** the batch's size (replay names) */
  games: number;
  replayDir?: string;
}

export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

interface Running {
  job: PoolJob;
  onGame: (i: number, s: GameSummary) => void;
  done: Map<number, GameSummary[]>;
  nextOut: number;
  resolve: () => void;
  reject: (e: Error) => void;
}

/** Worker threads kept between batches: `play` as often as needed, then `close`. */
export class SimPool {
  private workers: Worker[] = [];
  private idle: Worker[] = [];
  private queue: { run: Running; from: number; to: number }[] = [];
  private busy = new Map<Worker, Running>();
  private runs = new Set<Running>();
  private failed: Error | null = null;

  constructor(readonly size: number) {}

  /** Plays the job's games; `onGame` receives every summary in game order. */
  async play(job: PoolJob, onGame: (i: number, s: GameSummary) => void): Promise<void> {
    const count = job.to - job.from;
    if (count <= 0) return;
    if (Math.min(this.size, count) <= 1 && this.workers.length === 0) return playHere(job, onGame);
    if (this.failed) throw this.failed;
    this.start();
    const n = this.workers.length;
    // slices small enough to keep every worker busy to the end, large enough to keep messages few
    const slice = Math.max(1, Math.min(64, Math.ceil(count / (n * 16))));
    await new Promise<void>((resolve, reject) => {
      const run: Running = { job, onGame, done: new Map(), nextOut: job.from, resolve, reject };
      this.runs.add(run);
      for (let from = job.from; from < job.to; from += slice) this.queue.push({ run, from, to: Math.min(job.to, from + slice) });
      this.feed();
    });
  }

  private start(): void {
    if (this.workers.length) return;
    const url = new URL('./sim-worker.js', import.meta.url);
    for (let k = 0; k < this.size; k++) {
      const w = new Worker(url);
      this.workers.push(w);
      this.idle.push(w);
      w.on('message', (m: WorkerReply) => this.reply(w, m));
      w.on('error', (e) => this.fail(new Error(`a simulation worker stopped: ${e.message}`)));
      w.on('exit', (code) => { if (this.runs.size) this.fail(new Error(`a simulation worker exited (code ${code}) before its games were done`)); });
    }
  }

  private feed(): void {
    while (this.idle.length && this.queue.length) {
      const w = this.idle.shift()!;
      const { run, from, to } = this.queue.shift()!;
      this.busy.set(w, run);
      const j = run.job;
      const req: WorkerRequest = { file: j.file, ...(j.text !== undefined ? { text: j.text } : {}), setup: j.setup, replayDir: j.replayDir, games: j.games, from, to };
      w.postMessage(req);
    }
  }

  private reply(w: Worker, m: WorkerReply): void {
    const run = this.busy.get(w);
    this.busy.delete(w);
    this.idle.push(w);
    if ('error' in m) { this.fail(new Error(`a simulation worker failed: ${m.error}`)); return; }
    if (run && this.runs.has(run)) {
      run.done.set(m.from, m.summaries);
      try {
        for (let s = run.done.get(run.nextOut); s; s = run.done.get(run.nextOut)) {
          run.done.delete(run.nextOut);
          for (const x of s) run.onGame(run.nextOut++, x);
        }
      } catch (e) {
        this.runs.delete(run);
        run.reject(e as Error);
      }
      if (run.nextOut >= run.job.to && this.runs.delete(run)) run.resolve();
    }
    this.feed();
  }

  private fail(e: Error): void {
    this.failed ??= e;
    for (const r of this.runs) r.reject(e);
    this.runs.clear();
    this.queue = [];
  }

  async close(): Promise<void> {
    const ws = this.workers;
    this.workers = [];
    this.idle = [];
    this.runs.clear();
    await Promise.all(ws.map((w) => w.terminate()));
  }
}

async function playHere(job: PoolJob, onGame: (i: number, s: GameSummary) => void): Promise<void> {
  let last: State | undefined; // each game is played in the state of the one before, once that one is saved
  for (let i = job.from; i < job.to; i++) {
    const r = playGame(job.game, job.setup, i, !!job.replayDir, last);
    if (job.replayDir) saveReplay(job.game, r, job.setup, i, job.games, job.replayDir, job.file);
    onGame(i, summarize(job.game, r));
    last = r.state;
    // let a progress bar (and other batches) through now and then
    if ((i & 63) === 63) await new Promise((res) => setImmediate(res));
  }
}

/** Plays one batch on its own workers (started for it, stopped after). */
export async function playBatch(job: PoolJob, onGame: (i: number, s: GameSummary) => void): Promise<void> {
  const pool = new SimPool(Math.max(1, Math.min(job.workers, job.to - job.from)));
  try {
    await pool.play(job, onGame);
  } finally {
    await pool.close();
  }
}
