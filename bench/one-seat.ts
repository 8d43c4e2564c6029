/**
 * One seat of a bot among seats of another, the seat rotated game by game (game i puts it in seat i mod N), on
 * the games `simulate` would play (game i seeded SEED:i): the seat's win rate with its 95% interval (Wilson), its
 * mean score against the others', and CPU time per game (the whole game and the one seat's decisions). CPU
 * time of this process: a shared machine's other load does not count. One core.
 *
 *   npm run build && node dist/bench/one-seat.js rulesets/7-wonders.yaml --players 3 --games 150 --seed 1 \
 *     --bot ismcts --among greedy [--from K] [--rollout R] [--horizon H] [--json]
 *
 * `--from K --games G` plays games K … K+G−1 only (several processes on several cores; add their counts up).
 * `--rollout R`: an `ismcts`/`guided` seat's rollouts take R decisions (to the end of the step they are in)
 * instead of the default, to try another depth. `--horizon H`: an `ahead` seat plays H steps on its copies.
 */
import { readFileSync } from 'node:fs';
import { loadRulesetText, type BotKind, type Game } from '../engine/index.js';
import type { Choice, OpenPrompt, State } from '../engine/model.js';
import { newGame, resolve } from '../engine/flow.js';
import { beliefWorthKeeping, botChoice, botStreams, parseBot, resolveBot, usesBelief } from '../engine/bots/index.js';
import { ismctsChoice } from '../engine/bots/ismcts.js';
import { aheadChoice } from '../engine/bots/ahead.js';
import { botPrompt } from '../engine/bots/options.js';
import { Belief } from '../engine/bots/belief.js';
import { nextPrompt, winningSeats } from '../engine/sim/playout.js';
import { gameSeed } from '../engine/sim/games.js';
import { wilson } from '../engine/sim/stats.js';
import { scoreTable } from '../engine/scores.js';

const argv = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const k = argv.indexOf(`--${name}`);
  return k >= 0 ? argv[k + 1] : undefined;
};
const file = argv[0];
const bot = parseBot(arg('bot') ?? 'ismcts');
const among = parseBot(arg('among') ?? 'greedy');
const players = Number(arg('players') ?? 3);
const games = Number(arg('games') ?? 30);
const from = Number(arg('from') ?? 0);
const seed = arg('seed') ?? '1';
const rollout = arg('rollout') === undefined ? undefined : Number(arg('rollout'));
const horizon = arg('horizon') === undefined ? undefined : Number(arg('horizon'));
if (!file || !bot || !among || !(players >= 1) || !(games >= 1) || !(from >= 0)) {
  process.stderr.write('usage: node dist/bench/one-seat.js FILE --players N --games G --seed S --bot B --among B [--from K] [--json]\n');
  process.exit(2);
}
const loaded = loadRulesetText(file, readFileSync(file, 'utf8'));
if (!loaded.game) throw new Error(`${file} did not load`);
const g: Game = loaded.game;

/** The seat's bot's choice; a searching bot with `--rollout` searches with rollouts of that depth. */
function decide(kind: BotKind, s: State, p: OpenPrompt, rng: Uint32Array): Choice {
  const { entry, budget } = resolveBot(kind);
  if (horizon !== undefined && entry.name === 'ahead') return aheadChoice(s, g, botPrompt(s, g, p), rng, budget, horizon);
  if (rollout === undefined || (entry.name !== 'ismcts' && entry.name !== 'guided')) return botChoice(kind, s, g, p, rng);
  return ismctsChoice(s, g, botPrompt(s, g, p), rng, budget, entry.name === 'guided', rollout);
}

const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };

let wins = 0, shared = 0, truncated = 0, seatCpu = 0, gameCpu = 0, margin = 0, scored = 0;
for (let i = from; i < from + games; i++) {
  const me = i % players;
  const seats: BotKind[] = Array.from({ length: players }, (_, p) => (p === me ? bot : among));
  const t0 = cpu();
  const gs = gameSeed(seed, i);
  const s = newGame(g, { players, seed: gs });
  const rngs = botStreams(gs, players);
  const viewers = seats.flatMap((k, p) => (usesBelief(k) ? [p] : []));
  if (viewers.length && beliefWorthKeeping(g, s)) s.belief = Belief.start(g, s, viewers, gs, undefined);
  while (!s.ended) {
    const p = nextPrompt(s);
    if (!p) break;
    const t = p.player === me ? cpu() : 0;
    const choice = decide(seats[p.player]!, s, p, rngs[p.player]!);
    if (p.player === me) seatCpu += cpu() - t;
    resolve(s, g, p, choice);
  }
  gameCpu += cpu() - t0;
  if (!s.ended || s.ended.truncated) { truncated++; continue; }
  const won = winningSeats(g, s);
  if (won.includes(me)) { if (won.length === 1) wins++; else shared++; }
  const totals = scoreTable(s, g).map((row) => row.reduce((a, b) => a + b, 0));
  if (totals.length) {
    const others = totals.filter((_, p) => p !== me);
    margin += totals[me]! - others.reduce((a, b) => a + b, 0) / others.length;
    scored++;
  }
}
const w = wilson(wins + shared, games);
const r = {
  ruleset: g.id, players, seed, from, games, bot, among, rollout: rollout ?? null, horizon: horizon ?? null,
  wins, shared, truncated, rate: (wins + shared) / games, low: w.low, high: w.high,
  meanMargin: scored ? margin / scored : null,
  cpuPerGame: gameCpu / games, seatCpuPerGame: seatCpu / games,
};
if (argv.includes('--json')) process.stdout.write(JSON.stringify(r) + '\n');
else {
  const pc = (x: number) => `${(100 * x).toFixed(1)}%`;
  process.stdout.write(`${g.name}, ${players} players, games ${from}–${from + games - 1} (seed ${seed}): one ${bot} seat among ${among}, rotated\n`
    + `  won ${wins}${shared ? ` (+${shared} shared)` : ''} of ${games}: ${pc(r.rate)} [${pc(w.low)}, ${pc(w.high)}]${truncated ? `; ${truncated} truncated` : ''}\n`
    + (r.meanMargin !== null ? `  its score less the others' mean: ${r.meanMargin >= 0 ? '+' : ''}${r.meanMargin.toFixed(1)} points a game\n` : '')
    + `  CPU per game: ${r.cpuPerGame.toFixed(2)} s (the ${bot} seat's decisions ${r.seatCpuPerGame.toFixed(2)} s)\n`);
}
