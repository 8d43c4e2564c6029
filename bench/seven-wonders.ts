/**
 * Part of `npm run bench`: 7 Wonders playouts per second through the engine, random and greedy bots, at 3, 5
 * and 7 players. Timed in CPU time of this process (the bench runs on one core; a shared machine's other load
 * does not count), the median of several repeats of the same seeded games after a warm-up.
 *
 *   node dist/bench/seven-wonders.js [--games N] [--greedy-games N] [--repeats N]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadRulesetText } from '../engine/index.js';
import { playout } from '../engine/sim/playout.js';
import type { BotKind, Game } from '../engine/index.js';

const arg = (name: string, dflt: number) => {
  const k = process.argv.indexOf(`--${name}`);
  return k >= 0 ? Number(process.argv[k + 1]) : dflt;
};
const GAMES = arg('games', 200), GREEDY_GAMES = arg('greedy-games', 6), REPEATS = arg('repeats', 3);

const file = fileURLToPath(new URL('../../rulesets/7-wonders.yaml', import.meta.url));
const r = loadRulesetText(file, readFileSync(file, 'utf8'));
if (!r.game) throw new Error('7-wonders.yaml did not load');
const g: Game = r.game;

/** CPU seconds (user + system) of this process for a run of games. */
function cpuRun(players: number, bot: BotKind, games: number, from: number): { seconds: number; truncated: number } {
  const t0 = process.cpuUsage();
  let truncated = 0;
  for (let i = 0; i < games; i++) if (playout(g, { players, seed: `bench:${from + i}`, bot }).truncated) truncated++;
  const d = process.cpuUsage(t0);
  return { seconds: (d.user + d.system) / 1e6, truncated };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

process.stdout.write(`\n7 Wonders playouts through the engine (CPU time of one core; median of ${REPEATS} repeats of the same seeded games)\n\n`);
process.stdout.write('players  bot      games  cpu s/repeat  games/s  truncated\n');
for (const bot of ['random', 'greedy'] as BotKind[]) {
  for (const players of [3, 5, 7]) {
    const games = bot === 'greedy' ? GREEDY_GAMES : GAMES;
    cpuRun(players, bot, bot === 'greedy' ? 1 : 30, 1_000_000); // warm-up
    const runs = Array.from({ length: REPEATS }, () => cpuRun(players, bot, games, 0));
    const s = median(runs.map((x) => x.seconds));
    process.stdout.write(`${String(players).padEnd(9)}${bot.padEnd(9)}${String(games).padStart(5)}  ${s.toFixed(3).padStart(12)}  ${(games / s).toFixed(1).padStart(7)}  ${String(runs[0]!.truncated).padStart(9)}\n`);
  }
}
