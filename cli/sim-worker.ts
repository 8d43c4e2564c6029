// A worker thread of `babelkit simulate`/`compare`: loads the ruleset once, then plays the slices of games
// it is sent ({ from, to }) and answers with their summaries (the same as this thread would make: game i
// is seeded "SEED:i" whoever plays it). With a replay folder it also writes each game's replay.

import { parentPort, workerData } from 'node:worker_threads';
import { playGame, summarize, type BatchSetup, type GameSummary } from '../engine/index-node.js';
import { loadRulesetFile } from './load-file.js';
import { saveReplay } from './replays.js';

export interface WorkerData {
  file: string;
  setup: BatchSetup;
  /** save each game's replay there (simulate --save-replay) */
  replayDir?: string;
  /** the batch's size (replay file names are padded to its width) */
  games: number;
}

export type WorkerReply = { from: number; summaries: GameSummary[] } | { error: string };

const data = workerData as WorkerData;
const loaded = loadRulesetFile(data.file);
const port = parentPort!;
port.on('message', (m: { from: number; to: number } | 'stop') => {
  if (m === 'stop') { port.close(); return; }
  const g = loaded.game;
  if (!g) { port.postMessage({ error: `${data.file}: the ruleset no longer loads` } satisfies WorkerReply); return; }
  try {
    const summaries: GameSummary[] = [];
    for (let i = m.from; i < m.to; i++) {
      const r = playGame(g, data.setup, i, !!data.replayDir);
      if (data.replayDir) saveReplay(g, r, data.setup, i, data.games, data.replayDir, data.file);
      summaries.push(summarize(g, r));
    }
    port.postMessage({ from: m.from, summaries } satisfies WorkerReply);
  } catch (e) {
    port.postMessage({ error: (e as Error).stack ?? String(e) } satisfies WorkerReply);
  }
});
