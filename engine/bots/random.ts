// The random bot: uniform over the legal actions of its open decision, drawn from the bot's own stream.
// It samples a choice directly (a random subset of the right size) instead of listing every combination.

import type { OpenPrompt } from '../model.js';
import { randInt } from '../rng.js';
import { binom } from '../flow.js';

export function randomChoice(p: OpenPrompt, rng: Uint32Array): any[] {
  const n = p.options.length;
  let k = p.min;
  if (p.max > p.min) {
    // pick the size with probability proportional to the number of subsets of that size
    const weights: number[] = [];
    let total = 0;
    for (let j = p.min; j <= p.max; j++) { const w = binom(n, j); weights.push(w); total += w; }
    let r = randInt(rng, total);
    k = p.min;
    for (const w of weights) { if (r < w) break; r -= w; k++; }
  }
  if (k === 1) return [p.options[randInt(rng, n)]];
  if (k === 0) return [];
  // partial Fisher–Yates over indices, then keep the options' order
  const idx = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < k; i++) {
    const j = i + randInt(rng, n - i);
    const t = idx[i]!; idx[i] = idx[j]!; idx[j] = t;
  }
  return idx.slice(0, k).sort((a, b) => a - b).map((i) => p.options[i]);
}
