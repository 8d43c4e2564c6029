#!/usr/bin/env node
// Seeded results of every bundled ruleset, timing aside: `simulate --json` at the smallest and largest player
// count with both bots. A refactor that must not change behaviour prints the same text before and after:
//   node bench/seeded-results.mjs > before.txt   (on the old commit, after npm run build)
//   node bench/seeded-results.mjs > after.txt && diff before.txt after.txt
// Options: --games N (default 40), --only SUBSTRING (rulesets whose path contains it).
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, relative } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const games = opt('games', '40');
const only = opt('only', '');

const files = [];
for (const dir of ['rulesets', 'rulesets/variants']) {
  for (const f of readdirSync(join(root, dir)).sort()) if (/\.ya?ml$/.test(f)) files.push(join(dir, f));
}

const TIMING = new Set(['seconds', 'gamesPerSecond']);
const strip = (v) => {
  if (Array.isArray(v)) return v.map(strip);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).filter(([k]) => !TIMING.has(k)).map(([k, x]) => [k, strip(x)]));
  return v;
};

for (const file of files) {
  if (only && !file.includes(only)) continue;
  // the player range comes from a dry run: ask for 0 players and read the error's range
  let range;
  try {
    execFileSync(process.execPath, [join(root, 'bin/babelkit.mjs'), 'simulate', file, '--players', '0', '--games', '1', '--seed', '1'], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    const r = /(\d+)–(\d+) players/.exec(String(e.stderr));
    if (r) range = [Number(r[1]), Number(r[2])];
  }
  if (!range) throw new Error(`cannot tell the player range of ${file}`);
  const counts = [...new Set(range)];
  for (const players of counts) {
    for (const bot of ['random', 'greedy']) {
      const out = execFileSync(
        process.execPath,
        [join(root, 'bin/babelkit.mjs'), 'simulate', file, '--players', String(players), '--games', games, '--seed', '7', '--bot', bot, '--json'],
        { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 },
      );
      process.stdout.write(`# ${relative(root, join(root, file))} --players ${players} --bot ${bot} --games ${games} --seed 7\n`);
      process.stdout.write(JSON.stringify(strip(JSON.parse(out))) + '\n');
    }
  }
}
