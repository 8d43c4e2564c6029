// The worker thread that loads a ruleset sent by a host (upload-loader.ts): the loader's cost, however large
// a hostile file makes it, is paid here, off the thread that answers every request and socket. It answers
// whether the ruleset loads, its problems, and the CPU time the load took; the game itself cannot cross
// threads, so the main thread compiles only a ruleset that loaded here.

import { parentPort, workerData } from 'node:worker_threads';
import { formatDiagnostic, loadRulesetText } from '../engine/index-node.js';

export interface LoadJob {
  id: number;
  path: string;
  files: [string, string][];
}

export interface LoadAnswer {
  id: number;
  ok: boolean;
  problems: string[];
  cpuMs: number;
}

const shipped = new Map<string, string>(workerData as [string, string][]);

// A fresh thread runs the loader cold (parsed, not yet compiled by the JIT): the first load costs about four
// times a later one (Babel Builders: 1.5 s of CPU, then 0.2-0.4 s). Loading a shipped ruleset once at start-up
// means the first upload is measured at the price every later one pays, not refused for the JIT's warm-up.
for (const [path, text] of shipped) {
  if (!path.endsWith('.yaml')) continue;
  try {
    loadRulesetText(path, text, (p) => shipped.get(p));
  } catch {
    // a warm-up only: an upload's own load reports its problems
  }
  break;
}

/** CPU milliseconds since `t0`/`w0`, for this thread. Node 20 has no clock of one thread's CPU: the process's
 *  counts every thread (the main thread answering requests, the garbage collector's and the compiler's), and
 *  the wall clock counts time waiting for a core; this thread's own CPU is at most the smaller of the two. */
function cpuSince(t0: NodeJS.CpuUsage, w0: number): number {
  const c = process.cpuUsage(t0);
  return Math.min((c.user + c.system) / 1000, performance.now() - w0);
}

parentPort!.on('message', (job: LoadJob) => {
  const own = new Map(job.files);
  const read = (p: string) => own.get(p) ?? shipped.get(p);
  const t0 = process.cpuUsage();
  const w0 = performance.now();
  let answer: LoadAnswer;
  try {
    const text = read(job.path);
    if (text === undefined) {
      answer = { id: job.id, ok: false, problems: [`${job.path}:1:1: error: the ruleset's files do not include '${job.path}'`], cpuMs: 0 };
    } else {
      const r = loadRulesetText(job.path, text, read);
      const problems = r.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
      answer = { id: job.id, ok: !!r.game, problems: r.game ? [] : problems.length ? problems : [`${job.path}:1:1: error: the ruleset does not load`], cpuMs: 0 };
    }
  } catch (e) {
    answer = { id: job.id, ok: false, problems: [`${job.path}:1:1: error: the ruleset does not load (${(e as Error).message})`], cpuMs: 0 };
  }
  answer.cpuMs = cpuSince(t0, w0);
  parentPort!.postMessage(answer);
});
