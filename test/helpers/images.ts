// Images the tests make themselves (no art of others in the repository): PNGs written from a pixel function,
// and small SVG drawings.
import { zlibSync } from 'fflate';
import { crc32 } from '../../engine/images.js';

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  dv.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((a, p) => a + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

/** An 8-bit RGBA (or RGB) PNG; `pixel(x, y)` gives [r, g, b, a]. */
export function makePng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number, number?], alpha = true): Uint8Array {
  const ch = alpha ? 4 : 3;
  const raw = new Uint8Array(height * (1 + width * ch));
  for (let y = 0; y < height; y++) {
    raw[y * (1 + width * ch)] = 0;
    for (let x = 0; x < width; x++) {
      const p = pixel(x, y);
      const o = y * (1 + width * ch) + 1 + x * ch;
      raw[o] = p[0]; raw[o + 1] = p[1]; raw[o + 2] = p[2];
      if (alpha) raw[o + 3] = p[3] ?? 255;
    }
  }
  const ihdr = new Uint8Array(13);
  const dv = new DataView(ihdr.buffer);
  dv.setUint32(0, width); dv.setUint32(4, height);
  ihdr[8] = 8; ihdr[9] = alpha ? 6 : 2;
  return concat([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlibSync(raw)), chunk('IEND', new Uint8Array())]);
}

/** A PNG whose header claims `width`×`height` and whose pixels inflate far beyond it (a decompression bomb). */
export function bombPng(): Uint8Array {
  const ihdr = new Uint8Array(13);
  const dv = new DataView(ihdr.buffer);
  dv.setUint32(0, 16); dv.setUint32(4, 16);
  ihdr[8] = 8; ihdr[9] = 6;
  return concat([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlibSync(new Uint8Array(64 * 1024 * 1024))), chunk('IEND', new Uint8Array())]);
}

/** A red-and-blue test pattern: the left half red, the right half blue, a transparent corner. */
export const pattern = (w: number, h: number): Uint8Array => makePng(w, h, (x, y) => (x < 4 && y < 4 ? [0, 0, 0, 0] : x < w / 2 ? [220, 30, 30, 255] : [30, 60, 220, 255]));

/** A green star on a yellow disc, drawing elements only. */
export const STAR_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">
  <title>star</title>
  <circle cx="50" cy="50" r="48" fill="#f2c230"/>
  <path d="M50 8 L61 38 L94 38 L67 58 L77 90 L50 70 L23 90 L33 58 L6 38 L39 38 Z" fill="#1f8a3a" stroke="#0b3d18" stroke-width="2"/>
</svg>
`;
