// Seeded randomness. The generator (sfc32) keeps its whole state in a 4-word array that lives inside the
// game state, so a game is reproducible from its seed and actions. Separate streams (the game's, each
// bot's) are seeded from the same seed with different stream names, so a bot's draws never shift the game's.

/** splitmix32: expands a 32-bit seed into well-mixed words. */
function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

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

export function seedRng(seed: number | string, stream = 'game'): Uint32Array {
  const base = typeof seed === 'number' ? seed >>> 0 : hashText(seed);
  let sh = streamHashes.get(stream);
  if (sh === undefined) { sh = hashText(stream); if (streamHashes.size < 4096) streamHashes.set(stream, sh); }
  const next = splitmix32((base ^ sh) >>> 0);
  const r = new Uint32Array([next(), next(), next(), next()]);
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
