/**
 * Part of `npm run bench`: the cost of copying a game state (what every bot lookahead and ISMCTS determinization
 * does first), for a Babel Builders game 25 decisions in, at 5 and 10 players: µs per copy, and per copy with
 * one card moved on it (zone lists are copied on write), the median of 5 repeats of 200,000.
 *
 *   node dist/bench/copy-state.js
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadRulesetText } from '../engine/index.js';
import { nodeReadFile } from '../engine/load/files/node-files.js';
import { cloneState, moveEntities } from '../engine/state.js';
import { Match, type Action } from '../engine/index.js';

const file = fileURLToPath(new URL('../../rulesets/babel-builders.yaml', import.meta.url));
const g = loadRulesetText(file, readFileSync(file, 'utf8'), nodeReadFile).game;
if (!g) throw new Error('babel-builders.yaml did not load');
process.stdout.write('\nCopying a Babel Builders state 25 decisions in (no log kept, as a bot copies it)\n');
for (const n of [5, 10]) {
  const m = Match.start(g, { players: n, seed: 'copy:1' });
  for (let k = 0; k < 25 && !m.ended; k++) {
    const p = m.seatsToAct()[0]!;
    const d = m.decision(p)!;
    m.act({ player: p, step: m.view(p).prompt!.step, choice: d.options.slice(0, Math.max(1, d.min)) } as Action);
  }
  const s = { ...m.state, log: null };
  // a copy shares its zone lists until one is written (copy on write): the second figure adds what a bot's
  // lookahead pays next, moving one card on the copy (its two zones copied, the reactions woken)
  const full = s.zones.findIndex((z) => z.length > 0);
  const e = s.zones[full]!.at(-1)!;
  const other = s.zones.findIndex((z, i) => i !== full && z.length > 0);
  const copy = timed(() => cloneState(s));
  const copyMove = timed(() => moveEntities(cloneState(s), g, [e], other));
  process.stdout.write(`${String(n).padStart(2)} players: ${copy.toFixed(2)} µs per copy, ${copyMove.toFixed(2)} µs per copy and one card moved on it (${s.zones.length} zone instances, ${s.loc.length} components)\n`);
}

/** µs per call: the median of 5 timed repeats of 200,000 calls, after one warm-up repeat. */
function timed(f: () => void): number {
  const N = 200_000;
  const runs: number[] = [];
  for (let r = 0; r < 6; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < N; i++) f();
    if (r > 0) runs.push(Number(process.hrtime.bigint() - t0) / 1e3 / N);
  }
  runs.sort((a, b) => a - b);
  return runs[2]!;
}
