/**
 * Part of `npm run bench`: greedy 4-player Babel On! through the engine (the cost smarter bots multiply): games
 * per CPU-second of this process over N seeded games (`3:0` … `3:N-1`), the median of 3 repeats.
 *
 *   node dist/bench/babel-on-greedy.js [--games N]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadRulesetText } from '../engine/index.js';
import { nodeReadFile } from '../engine/load/files/node-files.js';
import { playout } from '../engine/sim/playout.js';

const k = process.argv.indexOf('--games');
const GAMES = k >= 0 ? Number(process.argv[k + 1]) : 10;
const file = fileURLToPath(new URL('../../rulesets/babel-on.yaml', import.meta.url));
const g = loadRulesetText(file, readFileSync(file, 'utf8'), nodeReadFile).game;
if (!g) throw new Error('babel-on.yaml did not load');
playout(g, { players: 4, seed: 'warm:0', bot: 'greedy' });
const runs: number[] = [];
let actions = 0;
for (let r = 0; r < 3; r++) {
  const t0 = process.cpuUsage();
  actions = 0;
  for (let i = 0; i < GAMES; i++) actions += playout(g, { players: 4, seed: `3:${i}`, bot: 'greedy' }).actions;
  const d = process.cpuUsage(t0);
  runs.push((d.user + d.system) / 1e6);
}
runs.sort((a, b) => a - b);
const s = runs[1]!;
process.stdout.write(`\nGreedy 4-player Babel On! (${GAMES} games, ${actions} decisions): ${s.toFixed(2)} CPU s, ${(GAMES / s).toFixed(2)} games/s (median of 3)\n`);
