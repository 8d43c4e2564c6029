// Base64 of bytes, the same in a browser and in Node (no Buffer, no btoa on binary strings).
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function base64(b: Uint8Array): string {
  const out: string[] = [];
  let chunk = '';
  for (let i = 0; i < b.length; i += 3) {
    const n = (b[i]! << 16) | ((b[i + 1] ?? 0) << 8) | (b[i + 2] ?? 0);
    chunk += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]! + (i + 1 < b.length ? ALPHABET[(n >> 6) & 63]! : '=') + (i + 2 < b.length ? ALPHABET[n & 63]! : '=');
    if (chunk.length >= 8192) { out.push(chunk); chunk = ''; }
  }
  out.push(chunk);
  return out.join('');
}
