/**
 * Part of `npm run bench`: the cost of copying a game state (what every bot lookahead and ISMCTS determinization
 * does first), for a Babel Builders game 25 decisions in, at 5 and 10 players: µs per copy, the median of 5
 * repeats of 200,000 copies.
 *
 *   node dist/bench/copy-state.js
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadRulesetText } from '../engine/load/index.js';
import { nodeReadFile } from '../engine/load/node-files.js';
import { cloneState } from '../engine/state.js';
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
  const N = 200_000;
  const runs: number[] = [];
  for (let r = 0; r < 6; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < N; i++) cloneState(s);
    if (r > 0) runs.push(Number(process.hrtime.bigint() - t0) / 1e3 / N);
  }
  runs.sort((a, b) => a - b);
  process.stdout.write(`${String(n).padStart(2)} players: ${runs[2]!.toFixed(2)} µs per copy (${s.zones.length} zone instances, ${s.loc.length} components)\n`);
}
