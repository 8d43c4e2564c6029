/**
 * How often the Grand Projects succeed, per Age, with the bots: the same games as `babelkit simulate` (game i
 * seeded SEED:i), reading each game's `projectLog` (S or F per Age) at the end.
 *
 *   node dist/bench/babel-projects.js [--games 200] [--seed 9] [--bot greedy] [--players 3-7] [--ruleset FILE]
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRulesetText } from '../engine/index.js';
import { nodeReadFile } from '../engine/load/node-files.js';
import { playGame } from '../engine/sim/games.js';
import { parseBot } from '../engine/bots/index.js';
import type { Game } from '../engine/index.js';

const arg = (name: string, dflt: string) => {
  const k = process.argv.indexOf(`--${name}`);
  return k >= 0 ? process.argv[k + 1]! : dflt;
};
const GAMES = Number(arg('games', '200')), SEED = arg('seed', '9'), BOT = arg('bot', 'greedy');
const [lo, hi] = arg('players', '3-7').split('-').map(Number) as [number, number];
const file = resolve(arg('ruleset', fileURLToPath(new URL('../../rulesets/variants/7-wonders-babel-projects.yaml', import.meta.url))));
const r = loadRulesetText(file, readFileSync(file, 'utf8'), nodeReadFile);
if (!r.game) throw new Error(`${file} did not load`);
const g: Game = r.game;
const logVar = g.vars.findIndex((v) => v.id === 'projectLog');
if (logVar < 0) throw new Error(`${file} has no projectLog variable`);

process.stdout.write(`Grand Projects built per Age (${GAMES} games, seed ${SEED}, ${BOT} bots)\n\nplayers  Age I  Age II  Age III\n`);
for (let n = lo; n <= (hi ?? lo); n++) {
  const built = [0, 0, 0];
  for (let i = 0; i < GAMES; i++) {
    const res = playGame(g, { players: n, seed: SEED, seats: Array(n).fill(parseBot(BOT)), options: {} }, i);
    const log = String(res.state.vars[logVar] ?? '');
    for (let a = 0; a < 3; a++) if (log[a] === 'S') built[a]!++;
  }
  process.stdout.write(`${String(n).padEnd(9)}${built.map((b, a) => `${((100 * b) / GAMES).toFixed(1)}%`.padStart(a === 0 ? 5 : a === 1 ? 7 : 8)).join(' ')}\n`);
}
