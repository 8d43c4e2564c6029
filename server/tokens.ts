// Secrets of a hosted match: ids and seat tokens drawn from the system's CSPRNG, stored only as SHA-256
// hashes, and compared in constant time. A token identifies its seat; the server never keeps the token
// itself, so its data folder gives no one a seat.

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new secret token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A new match id: 10 random bytes as 16 lowercase base32 letters (no look-alike digits). */
export function newMatchId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(10);
  let bits = 0, acc = 0, out = '';
  for (const b of bytes) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += alphabet[(acc >> bits) & 31];
    }
  }
  return out;
}

/** What a match id looks like (anything else is not looked up). */
export const MATCH_ID = /^[a-z2-7]{16}$/;

/** The stored form of a token: its SHA-256, hex. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Which of the stored hashes the token matches (its index), or -1. Every hash is compared, in constant time
 * and without stopping at a match, so the time taken says nothing about which seat (if any) a token is for.
 */
export function findToken(token: string, hashes: readonly string[]): number {
  const given = createHash('sha256').update(token, 'utf8').digest();
  let found = -1;
  for (let i = 0; i < hashes.length; i++) {
    const want = Buffer.from(hashes[i]!, 'hex');
    const same = want.length === given.length && timingSafeEqual(want, given);
    if (same && found < 0) found = i;
  }
  return found;
}
