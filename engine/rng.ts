// Seeded randomness. The generator (sfc32) keeps its whole state in a 4-word array that lives inside the
// game state, so a game is reproducible from its seed and actions. Separate streams (the game's, each
// bot's) are seeded from the same seed with different stream names, so a bot's draws never shift the game's.
//
// A number or a text seeds a stream through a 32-bit hash: quick, reproducible, and easy to guess — fine for
// simulations and a playtest at one screen. A *key* — `key:` and 32 to 64 hex digits, 128 to 256 bits, as a
// hosted match draws from the operating system — seeds each stream with HMAC-SHA-256(key, stream name): the
// whole 128-bit state of the generator comes from the key, and no stream tells anything of another stream or
// of the key, so a seat that guesses how a bot plays learns nothing of the deal.

import { hmacSha256, utf8 } from './sha256.js';

/** FNV-1a hash of a text, for seeds given as strings and stream names. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** A fresh generator state for a seed and a stream name. */
const streamHashes = new Map<string, number>();

/** What a key seed looks like: `key:` and 32 to 64 hex digits (128 to 256 bits). */
export const KEY_SEED = /^key:(?:[0-9a-f]{2}){16,32}$/;

/** A stream's starting state from a key seed: the first 128 bits of HMAC-SHA-256(key, stream name). */
function keyedState(seed: string, stream: string): Uint32Array {
  const hex = seed.slice(4);
  const key = new Uint8Array(hex.length / 2);
  for (let i = 0; i < key.length; i++) key[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  const mac = hmacSha256(key, utf8(stream));
  const v = new DataView(mac.buffer);
  return new Uint32Array([v.getUint32(0), v.getUint32(4), v.getUint32(8), v.getUint32(12)]);
}

export function seedRng(seed: number | string, stream = 'game'): Uint32Array {
  return seedRngInto(new Uint32Array(4), seed, stream);
}

/** `seedRng` into an existing 4-word state (a game set up in the state of an earlier one): the same words. */
export function seedRngInto(r: Uint32Array, seed: number | string, stream = 'game'): Uint32Array {
  if (typeof seed === 'string' && KEY_SEED.test(seed)) {
    r.set(keyedState(seed, stream));
    for (let i = 0; i < 12; i++) nextFloat(r); // as below
    return r;
  }
  const base = typeof seed === 'number' ? seed >>> 0 : hashText(seed);
  let sh = streamHashes.get(stream);
  if (sh === undefined) { sh = hashText(stream); if (streamHashes.size < 4096) streamHashes.set(stream, sh); }
  // splitmix32 from (base ^ sh), written out: four words, no closure made per seed
  let x = (base ^ sh) >>> 0;
  for (let i = 0; i < 4; i++) {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    r[i] = (z ^ (z >>> 16)) >>> 0;
  }
  for (let i = 0; i < 12; i++) nextFloat(r); // warm up
  return r;
}

/** sfc32: one step, a float in [0, 1). */
export function nextFloat(r: Uint32Array): number {
  let a = r[0]!, b = r[1]!, c = r[2]!, d = r[3]!;
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  r[0] = a; r[1] = b; r[2] = c; r[3] = d;
  return (t >>> 0) / 4294967296;
}

/** An integer in [0, n). */
export function randInt(r: Uint32Array, n: number): number {
  return Math.floor(nextFloat(r) * n);
}

/** Fisher–Yates shuffle in place. */
export function shuffleInPlace<T>(r: Uint32Array, xs: T[]): void {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = randInt(r, i + 1);
    const t = xs[i]!;
    xs[i] = xs[j]!;
    xs[j] = t;
  }
}
