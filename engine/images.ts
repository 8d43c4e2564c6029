// Image files drawn on cards (a layout's `image` element): PNG, JPEG or SVG, read from bytes the caller gives
// (the engine reads no files: the CLI's reader is in load/files/node-files.ts, the editor's holds the images the
// designer opened). Every image is checked here, once, at load time, so that `validate` saying ok means print,
// the preview and the table can draw it:
// - PNG: signature, every chunk's length and checksum, a header print can embed (bit depth and colour type as
//   the PNG standard allows them), the compressed pixels inflated within the size the header announces (a small
//   file that inflates to gigabytes is refused, not read);
// - JPEG: its markers up to the frame header (size, 1, 3 or 4 components);
// - SVG: read by readSvg into drawing parts only (symbols.ts), so what is drawn has no script, no event
//   attribute and no external reference whatever the file says.
// Sizes are bounded: bytes, pixels a side, pixels in all.

import { Unzlib } from 'fflate';
import { readSvg, SvgError, type Shape, type SvgContext } from './symbols.js';

export type ImageFormat = 'png' | 'jpeg' | 'svg';

/** An image as the loader read and checked it. */
export interface ImageAsset {
  /** the resolved path (the key the layouts name it by) */
  key: string;
  format: ImageFormat;
  /** pixels (PNG, JPEG) or the viewBox's units (SVG) */
  width: number;
  height: number;
  /** the file's bytes (PNG, JPEG) */
  bytes?: Uint8Array;
  /** the drawing (SVG) */
  shape?: Shape;
}

export const IMAGE_LIMITS = {
  bytes: 4 * 1024 * 1024, side: 4096, pixels: 16 * 1024 * 1024, svgChars: 256 * 1024, svgElements: 4000, svgDepth: 24,
  /** one ruleset's images together: a small file naming thousands of large images must not make validate slow */
  files: 500, totalBytes: 64 * 1024 * 1024,
};

export class ImageError extends Error {}

const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The format a file's first bytes say (whatever its name says), or null. */
export function sniffFormat(b: Uint8Array): ImageFormat | null {
  if (b.length >= 8 && PNG_SIG.every((x, i) => b[i] === x)) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  const head = new TextDecoder('utf-8', { fatal: false }).decode(b.subarray(0, 512)).replace(/^\ufeff/, '').trimStart();
  if (head.startsWith('<')) return 'svg';
  return null;
}

/** The format a file name says by its extension, or null. */
export function formatOfName(name: string): ImageFormat | null {
  const m = /\.(png|jpe?g|svg)$/i.exec(name);
  if (!m) return null;
  const e = m[1]!.toLowerCase();
  return e === 'png' ? 'png' : e === 'svg' ? 'svg' : 'jpeg';
}

/** Reads and checks an image file; throws ImageError saying what is wrong. */
export function readImage(key: string, bytes: Uint8Array, svg: SvgContext): ImageAsset {
  if (bytes.length > IMAGE_LIMITS.bytes) throw new ImageError(`the image is ${bytes.length} bytes; the limit is ${IMAGE_LIMITS.bytes} (4 MB)`);
  if (bytes.length === 0) throw new ImageError('the image file is empty');
  const named = formatOfName(key);
  const format = sniffFormat(bytes);
  if (!format) throw new ImageError('not a PNG, JPEG or SVG image (its first bytes say none of these)');
  if (named && named !== format) throw new ImageError(`the file is named .${key.split('.').pop()} but holds ${format.toUpperCase()}`);
  if (format === 'png') return { key, format, ...pngSize(bytes), bytes };
  if (format === 'jpeg') return { key, format, ...jpegSize(bytes), bytes };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\ufeff/, '');
  } catch {
    throw new ImageError('the SVG is not UTF-8 text');
  }
  try {
    const shape = readSvg(text, svg, { chars: IMAGE_LIMITS.svgChars, elements: IMAGE_LIMITS.svgElements, depth: IMAGE_LIMITS.svgDepth, what: 'an SVG image' });
    return { key, format, width: shape.box[2], height: shape.box[3], shape };
  } catch (e) {
    if (e instanceof SvgError) {
      const at = typeof e.cause === 'number' ? ` (line ${text.slice(0, e.cause).split('\n').length})` : '';
      throw new ImageError(`${e.message}${at}`);
    }
    throw e;
  }
}

function checkSize(w: number, h: number): void {
  if (!(w >= 1 && h >= 1)) throw new ImageError(`the image is ${w}×${h} pixels`);
  if (w > IMAGE_LIMITS.side || h > IMAGE_LIMITS.side) throw new ImageError(`the image is ${w}×${h} pixels; the limit is ${IMAGE_LIMITS.side} a side (a card printed at 300 dpi needs under 1100)`);
  if (w * h > IMAGE_LIMITS.pixels) throw new ImageError(`the image is ${w}×${h} pixels; the limit is ${IMAGE_LIMITS.pixels} in all`);
}

// ---- PNG ----------------------------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(b: Uint8Array, from = 0, to = b.length): number {
  let c = 0xffffffff;
  for (let i = from; i < to; i++) c = CRC_TABLE[(c ^ b[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const u32 = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;

/** Bit depths the PNG standard allows for each colour type. */
const PNG_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function pngSize(b: Uint8Array): { width: number; height: number } {
  let i = 8;
  let width = 0, height = 0, depth = 0, colour = 0, interlace = 0;
  let sawHeader = false, sawPalette = false, sawEnd = false;
  const idat: Uint8Array[] = [];
  while (i < b.length) {
    if (i + 12 > b.length) throw new ImageError('the PNG is cut short (a chunk runs past the end of the file)');
    const len = u32(b, i);
    const type = String.fromCharCode(b[i + 4]!, b[i + 5]!, b[i + 6]!, b[i + 7]!);
    if (len > b.length - i - 12) throw new ImageError(`the PNG is cut short or damaged (chunk ${JSON.stringify(type)} says ${len} bytes)`);
    const data = b.subarray(i + 8, i + 8 + len);
    if (crc32(b, i + 4, i + 8 + len) !== u32(b, i + 8 + len)) throw new ImageError(`the PNG is damaged: chunk ${JSON.stringify(type)} fails its checksum`);
    if (!sawHeader && type !== 'IHDR') throw new ImageError('the PNG does not start with its header (IHDR)');
    if (type === 'IHDR') {
      if (sawHeader || len !== 13) throw new ImageError('the PNG header (IHDR) is malformed');
      sawHeader = true;
      width = u32(data, 0); height = u32(data, 4); depth = data[8]!; colour = data[9]!; interlace = data[12]!;
      if (!PNG_DEPTHS[colour]?.includes(depth)) throw new ImageError(`the PNG's colour type ${colour} with bit depth ${depth} is not a PNG format`);
      if (data[10] !== 0 || data[11] !== 0 || interlace > 1) throw new ImageError('the PNG uses a compression, filter or interlace method that is not in the standard');
      checkSize(width, height);
    } else if (type === 'PLTE') sawPalette = true;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') { sawEnd = true; break; }
    i += 12 + len;
  }
  if (!sawEnd) throw new ImageError('the PNG is cut short (no IEND chunk)');
  if (!idat.length) throw new ImageError('the PNG has no pixels (no IDAT chunk)');
  if (colour === 3 && !sawPalette) throw new ImageError('the PNG is paletted but has no palette (PLTE)');
  // the pixels inflate to the size the header announces, and no more (a decompression bomb is refused here)
  const rowBytes = Math.ceil((width * depth * PNG_CHANNELS[colour]!) / 8);
  const expected = height * (1 + rowBytes) + (interlace ? 7 * height + 64 : 0);
  let got = 0;
  let over = false;
  const z = new Unzlib((chunk) => {
    got += chunk.length;
    if (got > expected) over = true;
  });
  try {
    // in small slices, so that no one step inflates more than a few megabytes before the count is looked at
    const SLICE = 4096;
    for (let k = 0; k < idat.length && !over; k++) {
      const d = idat[k]!;
      for (let at = 0; at < d.length && !over; at += SLICE) z.push(d.subarray(at, at + SLICE), k === idat.length - 1 && at + SLICE >= d.length);
    }
  } catch (e) {
    throw new ImageError(`the PNG's pixels cannot be read (${e instanceof Error ? e.message : String(e)})`);
  }
  if (over) throw new ImageError(`the PNG's pixels inflate to more than its ${width}×${height} header says`);
  if (got < (interlace ? 1 : expected)) throw new ImageError(`the PNG's pixels are cut short (${got} of ${expected} bytes)`);
  return { width, height };
}

// ---- JPEG ---------------------------------------------------------------------------------------------

/** Start-of-frame markers (baseline, extended, progressive, lossless; arithmetic too). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(b: Uint8Array): { width: number; height: number } {
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) throw new ImageError('the JPEG is damaged (a marker was expected)');
    const m = b[i + 1]!;
    if (m === 0xff) { i++; continue; }
    if (m === 0xd8 || (m >= 0xd0 && m <= 0xd7) || m === 0x01) { i += 2; continue; }
    if (m === 0xd9 || m === 0xda) break;
    const len = (b[i + 2]! << 8) | b[i + 3]!;
    if (len < 2 || i + 2 + len > b.length) throw new ImageError('the JPEG is cut short or damaged');
    if (SOF.has(m)) {
      if (len < 8) throw new ImageError('the JPEG frame header is malformed');
      const height = (b[i + 5]! << 8) | b[i + 6]!, width = (b[i + 7]! << 8) | b[i + 8]!, comps = b[i + 9]!;
      if (![1, 3, 4].includes(comps)) throw new ImageError(`the JPEG has ${comps} colour components (1, 3 or 4 are drawn)`);
      if (height === 0) throw new ImageError('the JPEG gives its height later in the file (DNL), which is not read');
      checkSize(width, height);
      return { width, height };
    }
    i += 2 + len;
  }
  throw new ImageError('the JPEG has no frame header (no size)');
}

/** The box a `w`×`h` image takes in a box, its proportions kept: all of it inside (`contain`) or the box covered (`cover`). */
export function fitImage(w: number, h: number, box: { x: number; y: number; w: number; h: number }, fit: 'contain' | 'cover'): { x: number; y: number; w: number; h: number } {
  const k = fit === 'cover' ? Math.max(box.w / w, box.h / h) : Math.min(box.w / w, box.h / h);
  const dw = w * k, dh = h * k;
  return { x: box.x + (box.w - dw) / 2, y: box.y + (box.h - dh) / 2, w: dw, h: dh };
}
