// The random bot: uniform over the legal actions of its open decision, drawn from the bot's own stream.
// It samples a choice directly (a random subset of the right size) instead of listing every combination.

import type { Choice, OpenPrompt } from '../model.js';
import { randInt } from '../rng.js';
import { binom, choiceCount, choices } from '../flow.js';
import { emptyList } from '../list-room.js';

/** `into`: a list the choice is written in (emptied first) instead of a new one, for a caller that is done with the
 *  choice before it asks again. */
export function randomChoice(p: OpenPrompt, rng: Uint32Array, into?: Choice): Choice {
  const n = p.options.length;
  let k = p.min;
  if (p.max > p.min) {
    // pick the size with probability proportional to the number of subsets of that size
    let total = 0;
    for (let j = p.min; j <= p.max; j++) total += binom(n, j);
    let r = randInt(rng, total);
    k = p.min;
    for (let j = p.min; j <= p.max; j++) { const w = binom(n, j); if (r < w) break; r -= w; k++; }
  }
  if (k === 1) {
    const x = p.options[randInt(rng, n)];
    if (!into) return [x];
    emptyList(into);
    into.push(x);
    return into;
  }
  if (k === 0) {
    if (!into) return [];
    emptyList(into);
    return into;
  }
  // partial Fisher–Yates over indices (in a scratch list reused across calls), then the chosen options in
  // their order: the chosen indices are marked and read back ascending, with no sort and no lists in between
  if (idx.length < n) { idx = new Array(n).fill(0); picked = new Uint8Array(n); }
  for (let i = 0; i < n; i++) idx[i] = i;
  for (let i = 0; i < k; i++) {
    const j = i + randInt(rng, n - i);
    const t = idx[i]!; idx[i] = idx[j]!; idx[j] = t;
  }
  for (let i = 0; i < k; i++) picked[idx[i]!] = 1;
  const out: Choice = into ?? new Array(k);
  if (into) { emptyList(into); for (let i = 0; i < n; i++) if (picked[i]) { picked[i] = 0; into.push(p.options[i]); } return into; }
  let w = 0;
  for (let i = 0; i < n; i++) if (picked[i]) { picked[i] = 0; out[w++] = p.options[i]; }
  return out;
}

/** Scratch for `randomChoice` (module state: a choice is drawn synchronously, and both are left clean). */
let idx: number[] = [];
let picked = new Uint8Array(0);

/** The choices worth judging for a searching bot: every legal choice, or, when there are more than `max`, the
 *  distinct ones among `max` random draws. */
export function candidateChoices(p: OpenPrompt, rng: Uint32Array, max: number): Choice[] {
  if (choiceCount(p) <= max) return choices(p);
  const seen = new Set<string>();
  const out: Choice[] = [];
  for (let k = 0; k < max; k++) {
    const c = randomChoice(p, rng);
    const key = JSON.stringify(c);
    if (!seen.has(key)) { seen.add(key); out.push(c); }
  }
  return out;
}
