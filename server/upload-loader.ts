// Loads the rulesets hosts send, off the main thread (#30: 2). A hostile ruleset can make the loader work
// for as long as its limits allow; done in the request handler, that froze every match and socket. Here each
// upload is loaded first in a worker thread (load-worker.ts) with a time limit (the worker is stopped and
// replaced past it) and a heap limit, one at a time; a failure is remembered by the upload's content hash, so
// sending it again costs nothing; only an upload that loaded there, within the time a served ruleset may
// take, is compiled on the main thread. Without a built worker (the sources run directly, nothing built) the
// upload loads in this thread, as before.

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { LoadAnswer, LoadJob } from './load-worker.js';

export interface UploadLoaderOptions {
  /** wall-clock time a load may take in the worker (ms, default 10 s) */
  timeoutMs?: number;
  /** CPU time of a load that the main thread may pay again when it compiles the game (ms, default 1,000) */
  maxCpuMs?: number;
  /** the worker's heap (MB, default 256) */
  heapMb?: number;
}

export type UploadVerdict = { ok: true } | { ok: false; problems: string[] };

/** The built worker: beside this module (dist/server/), or in the package's dist/ when the sources run. */
function workerFile(root: string): string | null {
  const beside = fileURLToPath(new URL('./load-worker.js', import.meta.url));
  if (existsSync(beside)) return beside;
  const built = join(root, 'dist', 'server', 'load-worker.js');
  return existsSync(built) ? built : null;
}

export class UploadLoader {
  private worker: Worker | null = null;
  private readonly file: string | null;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 0;
  /** failures by content hash (the newest 512) */
  private failed = new Map<string, string[]>();
  private readonly timeoutMs: number;
  private readonly maxCpuMs: number;
  private readonly heapMb: number;

  constructor(root: string, private readonly shipped: ReadonlyMap<string, string>, o: UploadLoaderOptions = {}) {
    this.file = workerFile(root);
    this.timeoutMs = o.timeoutMs ?? 10_000;
    this.maxCpuMs = o.maxCpuMs ?? 1000;
    this.heapMb = o.heapMb ?? 256;
  }

  /** Whether uploads load in a worker (false: no built worker was found). */
  get isolated(): boolean {
    return this.file !== null;
  }

  /** A failure remembered for this content hash, if any. */
  knownFailure(key: string): string[] | undefined {
    return this.failed.get(key);
  }

  /** Remembers a failure found elsewhere (a load in this thread). */
  remember(key: string, problems: string[]): void {
    if (this.failed.size >= 512) this.failed.delete(this.failed.keys().next().value!);
    this.failed.set(key, problems);
  }

  /** Loads an upload in the worker (one at a time): whether the main thread may compile it. */
  check(key: string, path: string, files: [string, string][]): Promise<UploadVerdict> {
    const known = this.failed.get(key);
    if (known) return Promise.resolve({ ok: false, problems: known });
    const run = this.queue.then(() => this.run(path, files));
    this.queue = run.catch(() => undefined);
    return run.then((v) => {
      if (!v.ok) this.remember(key, v.problems);
      return v;
    });
  }

  private spawn(): Worker {
    const w = new Worker(this.file!, { workerData: [...this.shipped], resourceLimits: { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: 32 } });
    w.unref();
    return w;
  }

  private run(path: string, files: [string, string][]): Promise<UploadVerdict> {
    if (!this.file) return Promise.resolve({ ok: true }); // loaded in this thread by the caller
    const w = (this.worker ??= this.spawn());
    const id = this.nextId++;
    return new Promise<UploadVerdict>((resolve) => {
      const finish = (v: UploadVerdict, stop: boolean) => {
        clearTimeout(timer);
        w.off('message', onMessage);
        w.off('error', onError);
        w.off('exit', onExit);
        if (stop) { if (this.worker === w) this.worker = null; void w.terminate(); }
        resolve(v);
      };
      const onMessage = (a: LoadAnswer) => {
        if (a.id !== id) return;
        if (!a.ok) return finish({ ok: false, problems: a.problems }, false);
        if (a.cpuMs > this.maxCpuMs) {
          return finish({ ok: false, problems: [`${path}:1:1: error: the ruleset loads, but loading it takes ${(a.cpuMs / 1000).toFixed(1)} s of CPU; this server hosts rulesets that load within ${(this.maxCpuMs / 1000).toFixed(1)} s`] }, false);
        }
        finish({ ok: true }, false);
      };
      const onError = (e: Error) => finish({ ok: false, problems: [`${path}:1:1: error: loading the ruleset failed: ${/heap|memory/i.test(e.message) ? `it needs more than ${this.heapMb} MB` : e.message}`] }, true);
      const onExit = () => finish({ ok: false, problems: [`${path}:1:1: error: loading the ruleset stopped (over ${this.heapMb} MB?)`] }, true);
      const timer = setTimeout(() => finish({ ok: false, problems: [`${path}:1:1: error: loading the ruleset took over ${this.timeoutMs / 1000} s and was stopped`] }, true), this.timeoutMs);
      w.on('message', onMessage);
      w.on('error', onError);
      w.on('exit', onExit);
      w.postMessage({ id, path, files } satisfies LoadJob);
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}
