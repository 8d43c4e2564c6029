// Plays a batch's games on several cores: N worker threads (sim-worker.ts) take slices of game indices as
// they become free, and the summaries are handed on strictly in game order, so the report is the same for
// any number of workers. One worker: the games are played in this thread.

import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { playGame, summarize, type BatchSetup, type Game, type GameSummary } from '../engine/index-node.js';
import type { WorkerData, WorkerReply } from './sim-worker.js';
import { saveReplay } from './replays.js';

export interface PoolJob {
  file: string;
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

/** Plays the job's games; `onGame` receives every summary in game order. */
export async function playBatch(job: PoolJob, onGame: (i: number, s: GameSummary) => void): Promise<void> {
  const count = job.to - job.from;
  const n = Math.max(1, Math.min(job.workers, count));
  if (n === 1) {
    for (let i = job.from; i < job.to; i++) {
      const r = playGame(job.game, job.setup, i, !!job.replayDir);
      if (job.replayDir) saveReplay(job.game, r, job.setup, i, job.games, job.replayDir, job.file);
      onGame(i, summarize(job.game, r));
      // let a progress bar through now and then (nothing else runs meanwhile)
      if ((i & 63) === 63) await new Promise((res) => setImmediate(res));
    }
    return;
  }
  // slices small enough to keep every worker busy to the end, large enough to keep messages few
  const slice = Math.max(1, Math.min(64, Math.ceil(count / (n * 16))));
  const data: WorkerData = { file: job.file, setup: job.setup, replayDir: job.replayDir, games: job.games };
  const url = new URL('./sim-worker.js', import.meta.url);
  const workers = Array.from({ length: n }, () => new Worker(url, { workerData: data }));
  const done = new Map<number, GameSummary[]>();
  let nextSlice = job.from;
  let nextOut = job.from;
  try {
    await new Promise<void>((resolve, reject) => {
      let busy = 0;
      const feed = (w: Worker) => {
        if (nextSlice >= job.to) return;
        const from = nextSlice;
        nextSlice = Math.min(job.to, from + slice);
        busy++;
        w.postMessage({ from, to: nextSlice });
      };
      for (const w of workers) {
        w.on('message', (m: WorkerReply) => {
          if ('error' in m) { reject(new Error(`a simulation worker failed: ${m.error}`)); return; }
          busy--;
          done.set(m.from, m.summaries);
          for (let s = done.get(nextOut); s; s = done.get(nextOut)) {
            done.delete(nextOut);
            for (const x of s) onGame(nextOut++, x);
          }
          feed(w);
          if (busy === 0 && nextOut >= job.to) resolve();
        });
        w.on('error', (e) => reject(new Error(`a simulation worker stopped: ${e.message}`)));
        w.on('exit', (code) => { if (nextOut < job.to) reject(new Error(`a simulation worker exited (code ${code}) before the batch was done`)); });
        feed(w);
      }
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
