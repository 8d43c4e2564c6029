// A worker thread of `babelkit simulate`/`compare`/`tune`: plays the slices of games it is sent and answers with
// their summaries (the same as the main thread would make: game i is seeded "SEED:i" whoever plays it). It loads
// each ruleset once (a file, or a variant given as text, as the tuner's settings are) and keeps the last few.
// With a replay folder it also writes each game's replay.

import { parentPort } from 'node:worker_threads';
import { playGame, summarize, type BatchSetup, type Game, type GameSummary, type State } from '../engine/index-node.js';
import { loadRulesetFile, loadRulesetSource } from './load-file.js';
import { saveReplay } from './replays.js';
import { loadBotModules } from './bot-modules.js';

export interface WorkerRequest {
  file: string;
  /** the ruleset's text, read as if it were `file` (its `extends` resolve beside it); none: read the file */
  text?: string;
  setup: BatchSetup;
  /** save each game's replay there (simulate --save-replay) */
  replayDir?: string;
  /** the batch's size (replay file names are padded to its width) */
  games: number;
  from: number;
  to: number;
}

export type WorkerReply = { from: number; summaries: GameSummary[] } | { error: string };

const KEEP = 8;
const loaded = new Map<string, Game | null>();

function gameOf(m: WorkerRequest): Game | null {
  const key = `${m.file}\u0000${m.text ?? ''}`;
  let g = loaded.get(key);
  if (g === undefined) {
    g = (m.text === undefined ? loadRulesetFile(m.file) : loadRulesetSource(m.file, m.text)).game ?? null;
    if (loaded.size >= KEEP) loaded.delete(loaded.keys().next().value!);
    loaded.set(key, g);
  }
  return g;
}

// the bots of BABELKIT_BOTS, as the main thread registered them (a worker thread has its own registry)
await loadBotModules();

const port = parentPort!;
port.on('message', (m: WorkerRequest | 'stop') => {
  if (m === 'stop') { port.close(); return; }
  try {
    const g = gameOf(m);
    if (!g) { port.postMessage({ error: `${m.file}: the ruleset no longer loads` } satisfies WorkerReply); return; }
    const summaries: GameSummary[] = [];
    let last: State | undefined; // each game is played in the state of the one before, once that one is saved
    for (let i = m.from; i < m.to; i++) {
      const r = playGame(g, m.setup, i, !!m.replayDir, last);
      if (m.replayDir) saveReplay(g, r, m.setup, i, m.games, m.replayDir, m.file);
      summaries.push(summarize(g, r));
      last = r.state;
    }
    port.postMessage({ from: m.from, summaries } satisfies WorkerReply);
  } catch (e) {
    port.postMessage({ error: (e as Error).stack ?? String(e) } satisfies WorkerReply);
  }
});
