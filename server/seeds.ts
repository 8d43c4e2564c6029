// The seed of a hosted match decides every deal and every bot's draws, so whoever knows it knows every hidden
// card. A match created without one gets a key seed (engine/rng.ts) of 256 bits from the operating system's
// cryptographic generator: no seat can guess it, and each random stream — the game's, each bot's — starts from
// HMAC-SHA-256 of it, so what a bot's play gives away tells nothing of the deal. The seed is never sent to a
// seat or the host (nor shown in the status); the replay carries it, once the match has ended.

import { randomBytes } from 'node:crypto';
import { KEY_SEED } from '../engine/index-node.js';

/** Bytes of a new match's key seed. */
export const SEED_BYTES = 32;

/** A new match's secret seed: `key:` and 256 random bits, hex. */
export function newMatchSeed(random: (n: number) => Buffer = randomBytes): string {
  const seed = `key:${random(SEED_BYTES).toString('hex')}`;
  if (!KEY_SEED.test(seed)) throw new Error('the seed generator gave too few bytes');
  return seed;
}
