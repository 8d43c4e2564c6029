// A PNG decoded to 8-bit samples, synchronously (fflate): every colour type and bit depth of the standard,
// interlaced or not, with its transparency as a separate alpha channel. The PDF embeds PNGs from this (pdfkit's
// own reader inflates images with transparency on a callback, so the objects of the file would be written in an
// order that depends on timing: the same input would not always give the same bytes).
import { unzlibSync } from 'fflate';

export interface DecodedPng {
  width: number;
  height: number;
  /** 1 (grey) or 3 (RGB) */
  colors: 1 | 3;
  /** width × height × colors samples, rows top to bottom */
  pixels: Uint8Array;
  /** width × height, or none when every pixel is opaque by construction */
  alpha?: Uint8Array;
}

const u32 = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7: x0, y0, dx, dy of each pass. */
const PASSES = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const;

export function decodePng(b: Uint8Array): DecodedPng {
  let i = 8;
  let width = 0, height = 0, depth = 8, type = 0, interlace = 0;
  let palette: Uint8Array | undefined, trns: Uint8Array | undefined;
  const idat: Uint8Array[] = [];
  while (i + 8 <= b.length) {
    const len = u32(b, i);
    const name = String.fromCharCode(b[i + 4]!, b[i + 5]!, b[i + 6]!, b[i + 7]!);
    const data = b.subarray(i + 8, i + 8 + len);
    if (name === 'IHDR') { width = u32(data, 0); height = u32(data, 4); depth = data[8]!; type = data[9]!; interlace = data[12]!; }
    else if (name === 'PLTE') palette = data;
    else if (name === 'tRNS') trns = data;
    else if (name === 'IDAT') idat.push(data);
    else if (name === 'IEND') break;
    i += 12 + len;
  }
  const all = new Uint8Array(idat.reduce((a, d) => a + d.length, 0));
  let at = 0;
  for (const d of idat) { all.set(d, at); at += d.length; }
  const raw = unzlibSync(all);
  const ch = CHANNELS[type]!;
  const bitsPP = depth * ch;
  const bpp = Math.max(1, bitsPP >> 3);
  const colors: 1 | 3 = type === 2 || type === 6 || type === 3 ? 3 : 1;
  const hasAlpha = type === 4 || type === 6 || trns !== undefined;
  const pixels = new Uint8Array(width * height * colors);
  const alpha = hasAlpha ? new Uint8Array(width * height).fill(255) : undefined;
  const max = (1 << depth) - 1;
  let pos = 0;
  const passes = interlace ? PASSES : ([[0, 0, 1, 1]] as const);
  for (const [x0, y0, dx, dy] of passes) {
    const pw = Math.ceil((width - x0) / dx), ph = Math.ceil((height - y0) / dy);
    if (pw <= 0 || ph <= 0) continue;
    const rowBytes = Math.ceil((pw * bitsPP) / 8);
    let prev = new Uint8Array(rowBytes);
    for (let y = 0; y < ph; y++) {
      const filter = raw[pos++];
      const row = raw.slice(pos, pos + rowBytes);
      pos += rowBytes;
      if (row.length < rowBytes) throw new Error('the PNG is cut short');
      for (let k = 0; k < rowBytes; k++) {
        const a = k >= bpp ? row[k - bpp]! : 0, up = prev[k]!, c = k >= bpp ? prev[k - bpp]! : 0;
        let v = row[k]!;
        if (filter === 1) v += a;
        else if (filter === 2) v += up;
        else if (filter === 3) v += (a + up) >> 1;
        else if (filter === 4) {
          const p = a + up - c, pa = Math.abs(p - a), pb = Math.abs(p - up), pc = Math.abs(p - c);
          v += pa <= pb && pa <= pc ? a : pb <= pc ? up : c;
        } else if (filter !== 0) throw new Error(`the PNG has an unknown row filter ${String(filter)}`);
        row[k] = v & 0xff;
      }
      prev = row;
      // one sample of the row, as it is written (depth bits) and scaled to 8 bits
      const sample = (n: number): [number, number] => {
        if (depth === 8) return [row[n]!, row[n]!];
        if (depth === 16) return [(row[2 * n]! << 8) | row[2 * n + 1]!, row[2 * n]!];
        const bit = n * depth;
        const v = (row[bit >> 3]! >> (8 - depth - (bit & 7))) & max;
        return [v, type === 3 ? v : Math.round((v * 255) / max)];
      };
      for (let x = 0; x < pw; x++) {
        const o = (y0 + y * dy) * width + (x0 + x * dx);
        if (type === 3) {
          const [idx] = sample(x);
          pixels[o * 3] = palette?.[idx * 3] ?? 0; pixels[o * 3 + 1] = palette?.[idx * 3 + 1] ?? 0; pixels[o * 3 + 2] = palette?.[idx * 3 + 2] ?? 0;
          if (alpha) alpha[o] = idx < trns!.length ? trns![idx]! : 255;
          continue;
        }
        const s = Array.from({ length: ch }, (_, c) => sample(x * ch + c));
        for (let c = 0; c < colors; c++) pixels[o * colors + c] = s[c]![1];
        if (type === 4 || type === 6) alpha![o] = s[ch - 1]![1];
        else if (alpha && trns) {
          // a colour key: the pixel whose samples equal tRNS's is clear
          const key = Array.from({ length: colors }, (_, c) => (trns[2 * c]! << 8) | trns[2 * c + 1]!);
          if (s.every((v, c) => v[0] === key[c])) alpha[o] = 0;
        }
      }
    }
  }
  return { width, height, colors, pixels, ...(alpha ? { alpha } : {}) };
}
