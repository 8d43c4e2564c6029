#!/usr/bin/env node
// The card-game fixtures (test/fixtures/games/: Hanabi, Dominion, Citadels) played as a campaign: `babelkit
// simulate` at each one's smallest and largest player count with random and greedy bots, printing per run the
// games played, how many were truncated, the endings and the CPU time. The test suite plays a 20-game slice of
// the same (test/fixtures-games/playouts.test.ts); this is the long run:
//   npm run sim:card-games                          (200 games each, seed 1)
//   npm run sim:card-games -- --games 1000 --seed 3
// Exits 1 when any game was truncated.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const games = opt('games', '200');
const seed = opt('seed', '1');
const GAMES = [['hanabi', 2, 5], ['dominion', 2, 4], ['citadels', 4, 7]];

/** CPU seconds (user + system) of this process's finished children: Linux's /proc (cutime, cstime); else NaN. */
function childCpu() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[13]) + Number(f[14])) / 100; // fields 16 and 17, in clock ticks (100 a second on Linux)
  } catch {
    return NaN;
  }
}

let truncated = 0;
console.log(`${games} games each, seed ${seed}, one worker (CPU: user + system seconds of the simulate process)`);
console.log('game       players  bot     games  truncated  CPU s  endings');
for (const [name, min, max] of GAMES) {
  for (const players of [min, max]) {
    for (const bot of ['random', 'greedy']) {
      const before = childCpu();
      const out = execFileSync(
        process.execPath,
        [join(root, 'bin/babelkit.mjs'), 'simulate', join('test/fixtures/games', `${name}.yaml`), '--players', String(players), '--games', games, '--seed', seed, '--bot', bot, '--workers', '1', '--json'],
        { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 },
      );
      const cpu = childCpu() - before;
      const t = JSON.parse(out);
      truncated += t.truncated;
      const endings = Object.entries(t.endings).map(([k, v]) => `${k} ${v}`).join(', ');
      console.log(`${name.padEnd(10)} ${String(players).padStart(7)}  ${bot.padEnd(6)} ${String(t.games).padStart(6)}  ${String(t.truncated).padStart(9)}  ${cpu.toFixed(1).padStart(5)}  ${endings}`);
    }
  }
}
if (truncated) {
  console.log(`${truncated} games truncated`);
  process.exitCode = 1;
}
