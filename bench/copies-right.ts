/**
 * How close the copies a bot plans on are to the real game: over games played by greedy bots, at the first seat's
 * decisions, 20 determinized copies each; of the cards the copies put in the other seats' instances of a
 * per-player zone (their hands), the share that really lie there. `--forget` plays the same games with the
 * ruleset's `remembered` zones forgotten (copies dealt afresh from what the seat cannot see), for comparison.
 *
 *   npm run build && node dist/bench/copies-right.js rulesets/7-wonders.yaml --players 3 --zone hand --games 4 [--forget]
 */
import { readFileSync } from 'node:fs';
import { loadRulesetText } from '../engine/index.js';
import { newGame, resolve } from '../engine/flow.js';
import { botChoice, botStreams } from '../engine/bots/index.js';
import { determinize } from '../engine/bots/determinize.js';
import { nextPrompt } from '../engine/sim/playout.js';
import { seedRng } from '../engine/rng.js';
import { instances } from '../engine/instances.js';

const argv = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const k = argv.indexOf(`--${name}`);
  return k >= 0 ? argv[k + 1] : undefined;
};
const file = argv[0];
const players = Number(arg('players') ?? 3);
const zone = arg('zone') ?? 'hand';
const games = Number(arg('games') ?? 4);
if (!file) {
  process.stderr.write('usage: node dist/bench/copies-right.js FILE --players N --zone ZONE --games G [--forget]\n');
  process.exit(2);
}
const g = loadRulesetText(file, readFileSync(file, 'utf8')).game;
if (!g) throw new Error(`${file} did not load`);
if (argv.includes('--forget')) for (const z of g.zones) z.remembered = false;
const ins = instances(g);
const others: number[] = [];
for (let i = 0; i < ins.zone.length; i++) if (g.zones[ins.zone[i]!]!.id === zone) others.push(i);
others.shift(); // the first seat's own

let right = 0, total = 0;
for (let n = 0; n < games; n++) {
  const seed = `copies:${n}`;
  const s = newGame(g, { players, seed, log: false });
  const rngs = botStreams(seed, players);
  for (let k = 0; k < 2000 && !s.ended; k++) {
    const p = nextPrompt(s);
    if (!p) break;
    if (p.player === 0) {
      for (let c = 0; c < 20; c++) {
        const d = determinize(s, g, 0, seedRng(c, `copies:${n}:${k}`));
        for (const h of others) {
          const real = new Set(s.zones[h]);
          for (const e of d.zones[h]!) { total++; if (real.has(e)) right++; }
        }
      }
    }
    resolve(s, g, p, botChoice('greedy', s, g, p, rngs[p.player]!));
  }
}
process.stdout.write(`${g.name}, ${players} players, ${games} greedy games: of the cards copies put in the other seats' '${zone}', ${(100 * right / Math.max(1, total)).toFixed(1)}% really lie there (${total} cards)${argv.includes('--forget') ? ', remembered zones forgotten' : ''}\n`);
