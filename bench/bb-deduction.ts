/**
 * Where Babel Builders' Architects lose, with the bots: the same games as `babelkit simulate` (game i seeded
 * SEED:i, the same beliefs), watched round by round.
 *
 *   node dist/bench/bb-deduction.js [--games 40] [--seed 1] [--bot deduce] [--players 5] [--ruleset FILE] [--worlds N]
 *
 * It prints the Architects' win rate (overall, and by the side of the first Master, whom the rules draw at
 * random), the share of rounds led by a saboteur Master, where the Master token went (from an Architect, from a
 * saboteur), the share of the appointed who were saboteurs, the blocks still missing when the game ended, and
 * what the Architects believed at the end (their chance that the real Messenger is against the tower, and how
 * often their best guess at the Messenger was right), and how well an Architect Master's belief told the sides apart when
 * it appointed (its mean chance that a real saboteur is one, against that a real Architect is). `--worlds N`: the
 * worlds each seat's belief keeps (the default of the bot otherwise). "Saboteur": the Messenger or a Zealot at that
 * moment.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRulesetText } from '../engine/index.js';
import type { Game, State } from '../engine/index.js';
import { nodeReadFile } from '../engine/load/files/node-files.js';
import { newGame, resolve as resolveDecision } from '../engine/flow.js';
import { beliefWorthKeeping, botChoice, botStreams, parseBot, usesBelief } from '../engine/bots/index.js';
import { Belief, BELIEF_WORLDS } from '../engine/bots/belief.js';
import { objective } from '../engine/bots/greedy.js';
import { nextPrompt } from '../engine/sim/playout.js';
import { gameSeed } from '../engine/sim/games.js';
import { wilson } from '../engine/sim/stats.js';

const arg = (name: string, dflt: string) => {
  const k = process.argv.indexOf(`--${name}`);
  return k >= 0 ? process.argv[k + 1]! : dflt;
};
const GAMES = Number(arg('games', '40')), PLAYERS = Number(arg('players', '5'));
const SEED: number | string = /^\d{1,15}$/.test(arg('seed', '1')) ? Number(arg('seed', '1')) : arg('seed', '1');
const WORLDS = Number(arg('worlds', String(BELIEF_WORLDS)));
const BOT = parseBot(arg('bot', 'deduce'));
if (!BOT) throw new Error(`not a bot: ${arg('bot', 'deduce')}`);
const file = resolve(arg('ruleset', fileURLToPath(new URL('../../rulesets/babel-builders.yaml', import.meta.url))));
const r = loadRulesetText(file, readFileSync(file, 'utf8'), nodeReadFile);
if (!r.game) throw new Error(`${file} did not load`);
const g: Game = r.game;
const varIndex = (id: string) => {
  const i = g.vars.findIndex((v) => v.id === id);
  if (i < 0) throw new Error(`${file} has no variable '${id}'`);
  return i;
};
const MASTER = varIndex('master'), ROUND = varIndex('round');
const MESSENGER = g.roles.findIndex((x) => x.id === 'messenger');
const onTower = (s: State, p: number) => g.teams[g.roles[s.roles[p]!]!.team]!.id === 'architects';
const isSaboteurRole = (role: number) => role >= 0 && g.teams[g.roles[role]!.team]!.id !== 'architects';

let wins = 0, cpu = 0, rounds = 0, saboteurRounds = 0;
const byFirst = { architect: { games: 0, wins: 0 }, saboteur: { games: 0, wins: 0 } };
const passes = { aa: 0, as: 0, sa: 0, ss: 0 };
let appointed = 0, appointedSaboteurs = 0, couldSaboteurs = 0, couldAll = 0;
// by the Master's side: seats appointed, saboteurs among them, saboteurs among the seats it could appoint
const bySide = { a: { n: 0, sab: 0, could: 0, all: 0 }, s: { n: 0, sab: 0, could: 0, all: 0 } };
// an Architect Master's belief when it appoints: summed chance that each real saboteur (Architect) is one
let onSab = 0, nSab = 0, onArch = 0, nArch = 0;
const gaps: number[] = [];
let belief = 0, beliefN = 0, guessRight = 0, guessN = 0;
for (let i = 0; i < GAMES; i++) {
  const seed = gameSeed(SEED, i);
  const t0 = process.cpuUsage();
  const s = newGame(g, { players: PLAYERS, seed });
  const rngs = botStreams(seed, PLAYERS);
  const viewers = usesBelief(BOT) ? Array.from({ length: PLAYERS }, (_, p) => p) : [];
  if (viewers.length && beliefWorthKeeping(g, s)) s.belief = Belief.start(g, s, viewers, seed, undefined, WORLDS);
  let lastRound = -1, firstSide: 'architect' | 'saboteur' | null = null, gap = 0;
  while (!s.ended) {
    const p = nextPrompt(s);
    if (!p) break;
    const path = g.promptSteps[p.key]!.path;
    const master = s.vars[MASTER] as number;
    if (path.includes('appoint') && s.vars[ROUND] !== lastRound) {
      lastRound = s.vars[ROUND] as number;
      rounds++;
      if (!onTower(s, master)) saboteurRounds++;
      firstSide ??= onTower(s, master) ? 'architect' : 'saboteur';
    }
    const architect = Array.from({ length: PLAYERS }, (_, q) => q).find((q) => onTower(s, q));
    if (architect !== undefined) gap = -objective(s, g, architect);
    const choice = botChoice(BOT, s, g, p, rngs[p.player]!);
    if (path.endsWith('appoint')) {
      const side = bySide[onTower(s, master) ? 'a' : 's'];
      for (const x of choice as number[]) { appointed++; side.n++; if (!onTower(s, x)) { appointedSaboteurs++; side.sab++; } }
      for (let q = 0; q < PLAYERS; q++) if (q !== master) { couldAll++; side.all++; if (!onTower(s, q)) { couldSaboteurs++; side.could++; } }
      if (s.belief && onTower(s, master)) {
        for (let q = 0; q < PLAYERS; q++) {
          if (q === master) continue;
          const x = s.belief.chance(master, q, isSaboteurRole);
          if (!Number.isFinite(x)) continue;
          if (onTower(s, q)) { onArch += x; nArch++; } else { onSab += x; nSab++; }
        }
      }
    }
    if (path.endsWith('new-master')) {
      const key = `${onTower(s, master) ? 'a' : 's'}${onTower(s, choice[0] as number) ? 'a' : 's'}` as keyof typeof passes;
      passes[key]++;
    }
    resolveDecision(s, g, p, choice);
  }
  const c = process.cpuUsage(t0);
  cpu += (c.user + c.system) / 1e6;
  const won = s.ended?.winner === 'architects';
  if (won) wins++;
  if (firstSide) { byFirst[firstSide].games++; if (won) byFirst[firstSide].wins++; }
  gaps.push(s.ended?.ending === 'deck-exhausted' ? gap : 0);
  const messenger = Array.from({ length: PLAYERS }, (_, q) => q).find((q) => s.roles[q] === MESSENGER);
  if (s.belief && messenger !== undefined) {
    for (let v = 0; v < PLAYERS; v++) {
      if (!onTower(s, v)) continue;
      const x = s.belief.chance(v, messenger, isSaboteurRole);
      if (Number.isFinite(x)) { belief += x; beliefN++; }
      let best = -1, bestChance = -1;
      for (let q = 0; q < PLAYERS; q++) {
        if (q === v) continue;
        const m = s.belief.chance(v, q, (role) => role === MESSENGER);
        if (m > bestChance) { bestChance = m; best = q; }
      }
      guessN++;
      if (best === messenger) guessRight++;
    }
  }
}

const pct = (k: number, n: number) => (n ? `${((100 * k) / n).toFixed(1)}%` : '—');
const withInterval = (k: number, n: number) => {
  const w = wilson(k, n);
  return `${k} of ${n}, ${pct(k, n)} (${(100 * w.low).toFixed(1)}–${(100 * w.high).toFixed(1)})`;
};
const out: string[] = [];
out.push(`Babel Builders — ${GAMES} games, ${PLAYERS} players, seed ${SEED}, ${BOT} bots (${file.split('/').pop()})`, '');
out.push(`Architects win                         ${withInterval(wins, GAMES)}`);
out.push(`  first Master an Architect            ${withInterval(byFirst.architect.wins, byFirst.architect.games)}`);
out.push(`  first Master a saboteur              ${withInterval(byFirst.saboteur.wins, byFirst.saboteur.games)}`);
out.push(`Rounds led by a saboteur Master        ${withInterval(saboteurRounds, rounds)}`);
out.push(`Master token from an Architect         to a saboteur ${passes.as}, to an Architect ${passes.aa} (${pct(passes.as, passes.as + passes.aa)} to a saboteur)`);
out.push(`Master token from a saboteur           to a saboteur ${passes.ss}, to an Architect ${passes.sa} (${pct(passes.ss, passes.ss + passes.sa)} kept on its side)`);
out.push(`Appointed seats that were saboteurs    ${pct(appointedSaboteurs, appointed)} (saboteurs among the seats a Master could appoint: ${pct(couldSaboteurs, couldAll)})`);
out.push(`  by an Architect Master               ${pct(bySide.a.sab, bySide.a.n)} (could: ${pct(bySide.a.could, bySide.a.all)})`);
out.push(`  by a saboteur Master                 ${pct(bySide.s.sab, bySide.s.n)} (could: ${pct(bySide.s.could, bySide.s.all)})`);
if (nSab && nArch) out.push(`An Architect Master, appointing        believes a real saboteur one at ${(onSab / nSab).toFixed(2)}, a real Architect at ${(onArch / nArch).toFixed(2)}`);
const short = gaps.filter((x) => x > 0);
out.push(`Blocks missing when the deck ran out   ${short.length ? `mean ${(short.reduce((a, b) => a + b, 0) / short.length).toFixed(1)} in ${short.length} games; 1–2 short in ${short.filter((x) => x <= 2).length}` : 'never ran out'}`);
if (beliefN) {
  out.push(`Architects' belief at the end          the real Messenger against the tower: mean ${(belief / beliefN).toFixed(2)}; best guess at the Messenger right ${pct(guessRight, guessN)} (${guessN} Architects)`);
}
out.push(`CPU per game                           ${(cpu / GAMES).toFixed(2)} s`);
process.stdout.write(out.join('\n') + '\n');
