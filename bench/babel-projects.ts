/**
 * How often the Grand Projects succeed, per Age and per project, with the bots: the same games as `babelkit
 * simulate` (game i seeded SEED:i), reading each game's `projectLog` (S or F per Age) and its `pastProjects`
 * (the project of each Age, in Age order) at the end.
 *
 *   node dist/bench/babel-projects.js [--games 200] [--seed 9] [--bot greedy] [--players 3-7] [--ruleset FILE]
 *
 * Per project: how many games drew it, how many of those it was built in, and the rate. A project never built
 * is flagged: a rules bug, a colour no structure of its Age has, a cost nobody can pay, or a bot that never
 * takes part (see the ruleset's `projectProspect`).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluate, loadRulesetText } from '../engine/index.js';
import { nodeReadFile } from '../engine/load/files/node-files.js';
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
if (!g.zoneIds.has('pastProjects')) throw new Error(`${file} has no pastProjects zone`);
const projects = g.cards.filter((c) => c.type === 'project').sort((a, b) => Number(a.fields.age) - Number(b.fields.age));

const drawn = new Map<string, number>(), built = new Map<string, number>();
process.stdout.write(`Grand Projects built per Age (${GAMES} games, seed ${SEED}, ${BOT} bots)\n\nplayers  Age I  Age II  Age III\n`);
for (let n = lo; n <= (hi ?? lo); n++) {
  const perAge = [0, 0, 0];
  for (let i = 0; i < GAMES; i++) {
    const res = playGame(g, { players: n, seed: SEED, seats: Array(n).fill(parseBot(BOT)), options: {} }, i);
    const log = String(res.state.vars[logVar] ?? '');
    const past = evaluate(g, res.state, 'pastProjects') as number[];
    for (let a = 0; a < 3; a++) {
      if (log[a] === 'S') perAge[a]!++;
      const id = past[a] === undefined ? undefined : g.cards[g.entityDef[past[a]!]!]!.id;
      if (id === undefined) continue;
      drawn.set(id, (drawn.get(id) ?? 0) + 1);
      if (log[a] === 'S') built.set(id, (built.get(id) ?? 0) + 1);
    }
  }
  process.stdout.write(`${String(n).padEnd(9)}${perAge.map((b, a) => `${((100 * b) / GAMES).toFixed(1)}%`.padStart(a === 0 ? 5 : a === 1 ? 7 : 8)).join(' ')}\n`);
}

const players = lo === hi || hi === undefined ? `${lo} players` : `${lo}–${hi} players`;
process.stdout.write(`\nEach project (${players}, all games above): drawn, built, rate\n\n${'project'.padEnd(20)} age  colour   drawn  built   rate\n`);
let never = 0;
for (const c of projects) {
  const d = drawn.get(c.id) ?? 0, b = built.get(c.id) ?? 0;
  if (b === 0) never++;
  const rate = d ? `${((100 * b) / d).toFixed(1)}%` : '—';
  process.stdout.write(`${c.name.padEnd(20)} ${String(c.fields.age).padStart(3)}  ${String(c.fields.color).padEnd(7)} ${String(d).padStart(6)} ${String(b).padStart(6)} ${rate.padStart(6)}${b === 0 ? '  never built' : ''}\n`);
}
process.stdout.write(never ? `\n${never} of ${projects.length} projects never built.\n` : `\nEvery project was built at least once.\n`);
