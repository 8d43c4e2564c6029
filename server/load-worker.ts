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

parentPort!.on('message', (job: LoadJob) => {
  const own = new Map(job.files);
  const read = (p: string) => own.get(p) ?? shipped.get(p);
  const t0 = process.cpuUsage();
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
  const c = process.cpuUsage(t0);
  answer.cpuMs = (c.user + c.system) / 1000;
  parentPort!.postMessage(answer);
});
