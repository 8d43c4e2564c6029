#!/usr/bin/env node
// Two builds of the engine side by side in one process: the same seeded games on each, in alternating rounds,
// CPU time per round; prints the median of each, their ratio, and whether both played the same games (actions
// and ending of every game). One process and alternating rounds keep a shared machine's drift out of the ratio.
// Both checkouts need `npm run build` first.
//   node bench/ab.mjs OTHER_CHECKOUT [--ruleset babel-on.yaml] [--players 4] [--bot greedy] [--games 5] [--rounds 6]
//                    [--warmup 1] [--heap] [--no-compile A|B|AB]
// A is OTHER_CHECKOUT, B this checkout; A/B above 1 means this checkout is faster.
// --heap adds the bytes each build allocates per game (heap used at the end, minus at the start, plus everything
// each garbage collection freed meanwhile: V8's own before/after figures, read around each build's round, so the
// measurement is the same for a build that does not know about it). Run with `node --expose-gc` to start each
// round from a collected heap.
// --no-compile A, B or AB: that build's expressions run as closures only (a build with the safe emitter, #32);
// OTHER_CHECKOUT may be this checkout: `node bench/ab.mjs . --no-compile A` is the emitter off against on.
import { existsSync, readFileSync } from 'node:fs';
import { GCProfiler } from 'node:v8';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const other = args[0];
if (!other || other.startsWith('--')) {
  console.error('usage: node bench/ab.mjs OTHER_CHECKOUT [--ruleset FILE] [--players N] [--bot B] [--games G] [--rounds R] [--warmup W] [--heap]');
  process.exit(2);
}
const roots = [resolve(other), fileURLToPath(new URL('..', import.meta.url))];
const rules = opt('ruleset', 'babel-on.yaml');
const players = Number(opt('players', '4'));
const bot = opt('bot', 'greedy');
const games = Number(opt('games', '5'));
const rounds = Number(opt('rounds', '6'));
// rounds of the measured games each side plays, uncounted, before the first counted round (a build whose caches
// and emitted code fill over many games, such as 7 Wonders with its definition cache, needs several)
const warmup = Number(opt('warmup', '1'));
const heap = args.includes('--heap');
const noCompile = opt('no-compile', '');

async function loadSide(root, side) {
  // the emitter's setting is read while a ruleset compiles: set for this side's load only (one module may serve
  // both sides when OTHER_CHECKOUT is this checkout)
  const api = await import(pathToFileURL(resolve(root, 'dist/engine/index.js')).href);
  const off = noCompile.includes(side);
  if (off && !api.setCompiledExpressions) throw new Error(`${root} has no emitter to turn off`);
  api.setCompiledExpressions?.(!off);
  try {
    return await load(root);
  } finally {
    api.setCompiledExpressions?.(true);
  }
}

async function load(root) {
  const url = (p) => pathToFileURL(resolve(root, p)).href;
  const { loadRulesetText } = await import(url('dist/engine/index.js'));
  // engine/load/ is grouped by stage since #33: an older build has its file reader one folder up
  const reader = ['dist/engine/load/files/node-files.js', 'dist/engine/load/node-files.js'].find((p) => existsSync(resolve(root, p)));
  const { nodeReadFile } = await import(url(reader));
  const { playout } = await import(url('dist/engine/sim/playout.js'));
  const file = resolve(root, 'rulesets', rules);
  const { game, diagnostics } = loadRulesetText(file, readFileSync(file, 'utf8'), nodeReadFile);
  if (!game) throw new Error(`${file} did not load: ${diagnostics.map((d) => d.message).join('; ')}`);
  // each game is played in the state of the one before, as batch simulation does (`reuse`; a build without it
  // ignores the option and makes a new state)
  let last;
  return (seed) => {
    const r = playout(game, { players, seed, bot, reuse: last });
    last = r.state;
    return r;
  };
}

const play = [await loadSide(roots[0], 'A'), await loadSide(roots[1], 'B')];
// warm-up: each side plays the measured games once first, so that code emitted or cached at first use (and V8's own
// first-use work) is made before anything is counted; with two warm-up games only, the first round allocated up to
// twice what the others did
for (const f of play) {
  for (let i = 0; i < 2; i++) f(`warm:${i}`);
  for (let w = 0; w < warmup; w++) for (let i = 0; i < games; i++) f(`ab:${i}`);
}
const times = [[], []];
const bytes = [[], []];
const played = ['', ''];
const used = (h) => h.heapStatistics.usedHeapSize;
for (let r = 0; r < rounds; r++) {
  for (const k of r % 2 ? [1, 0] : [0, 1]) {
    globalThis.gc?.();
    const prof = heap ? new GCProfiler() : null;
    const h0 = heap ? process.memoryUsage().heapUsed : 0;
    prof?.start();
    const t0 = process.cpuUsage();
    let sig = '';
    for (let i = 0; i < games; i++) {
      const res = play[k](`ab:${i}`);
      sig += `${res.actions},${res.ending};`;
    }
    const d = process.cpuUsage(t0);
    times[k].push((d.user + d.system) / 1e3);
    if (prof) {
      const h1 = process.memoryUsage().heapUsed;
      let freed = 0;
      for (const st of prof.stop().statistics) freed += used(st.beforeGC) - used(st.afterGC);
      bytes[k].push((h1 - h0 + freed) / games);
    }
    played[k] = sig;
  }
}
const median = (xs) => xs.slice().sort((a, b) => a - b)[xs.length >> 1];
const [a, b] = times.map(median);
console.log(`${rules}, ${players} players, ${bot}, ${games} games a round, ${rounds} rounds after ${warmup} uncounted${noCompile ? `; emitter off in ${noCompile}` : ''}`);
console.log(`A ${roots[0]}: median ${a.toFixed(0)} ms (${times[0].map((x) => x.toFixed(0)).join(' ')})`);
console.log(`B ${roots[1]}: median ${b.toFixed(0)} ms (${times[1].map((x) => x.toFixed(0)).join(' ')})`);
if (heap) {
  const [ha, hb] = bytes.map(median);
  const kb = (x) => `${(x / 1024).toFixed(0)} KiB`;
  console.log(`heap allocated per game: A ${kb(ha)} (${bytes[0].map(kb).join(' ')}), B ${kb(hb)} (${bytes[1].map(kb).join(' ')}); A/B ${(ha / hb).toFixed(2)}${globalThis.gc ? '' : ' (run with node --expose-gc for a collected start)'}`);
}
console.log(`A/B ${(a / b).toFixed(3)}; same games: ${played[0] === played[1] ? 'yes' : 'NO'}`);
if (played[0] !== played[1]) process.exitCode = 1;
