/**
 * `npm run bench` (second part): time to render a 100-card print-and-play PDF of Babel Builders
 * (A4, poker, crop marks, duplex backs), median of several runs after a warm-up. Target: under 1 s.
 *
 *   node dist/bench/print.js [--runs N]
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadRulesetText } from '../engine/index.js';
import type { Game } from '../engine/model.js';
import { loadFonts } from '../cli/print.js';
import { printDeck } from '../print/index.js';

function findRuleset(): string {
  const candidates = [
    new URL('../../rulesets/babel-builders.yaml', import.meta.url), // dist/bench/print.js
    new URL('../rulesets/babel-builders.yaml', import.meta.url), // bench/print.ts
  ].map((u) => fileURLToPath(u));
  return candidates.find((p) => existsSync(p)) ?? candidates[0]!;
}

const read = (p: string) => { try { return readFileSync(p, 'utf8'); } catch { return undefined; } };

/** Babel Builders has 88 printable cards; 12 more 1-block instruction cards make 100. */
function hundredCards(g: Game): Game {
  return { ...g, cards: g.cards.map((c) => (c.id === 'i1-colA' ? { ...c, count: c.count + 12 } : c)) };
}

async function main(): Promise<void> {
  const i = process.argv.indexOf('--runs');
  const runs = i >= 0 ? Number(process.argv[i + 1]) : 7;
  if (!Number.isInteger(runs) || runs < 1) {
    console.error('--runs expects a positive integer');
    process.exit(2);
  }
  const file = findRuleset();
  const r = loadRulesetText(file, read(file)!, read);
  if (!r.game) throw new Error('cannot load Babel Builders');
  const game = hundredCards(r.game);
  let t = performance.now();
  const fonts = loadFonts();
  const fontMs = performance.now() - t;
  // warm-up: the JIT and fontkit's lazily parsed tables
  const first = await printDeck(game, fonts);
  const times: number[] = [];
  for (let k = 0; k < runs; k++) {
    t = performance.now();
    await printDeck(game, fonts);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(`print-and-play: ${first.cards} cards, ${first.pages} pages, ${(first.bytes.length / 1024).toFixed(0)} KB`);
  console.log(`  render (median of ${runs}): ${median.toFixed(0)} ms  [min ${times[0]!.toFixed(0)}, max ${times[times.length - 1]!.toFixed(0)}]  target < 1000 ms: ${median < 1000 ? 'met' : 'MISSED'}`);
  console.log(`  reading the font files once: ${fontMs.toFixed(0)} ms`);
}

await main();
