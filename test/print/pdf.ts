// Reading real PDFs back with poppler-utils (pdfinfo, pdffonts, pdftotext, pdftoppm). The tools are
// required: .ci/run installs them; a machine without them fails these tests loudly instead of skipping.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../cli/run.js';
import { loadRulesetText } from '../../engine/load/index.js';
import type { Game } from '../../engine/model.js';

export const TOOLS = ['pdfinfo', 'pdffonts', 'pdftotext', 'pdftoppm'];

export function requireTools(): void {
  const missing = TOOLS.filter((t) => spawnSync(t, ['-v'], { encoding: 'utf8' }).error);
  if (missing.length) {
    throw new Error(`poppler-utils is required by the print tests (missing: ${missing.join(', ')}): apt-get install -y poppler-utils (.ci/run does this)`);
  }
}

/** A fresh folder under the repo's tmp/ (git-ignored): tests never touch paths outside the repo. */
export function scratch(name: string): string {
  mkdirSync(join(ROOT, 'tmp'), { recursive: true });
  return mkdtempSync(join(ROOT, 'tmp', `${name}-`));
}

export function writePdf(dir: string, name: string, bytes: Uint8Array): string {
  const p = join(dir, name);
  writeFileSync(p, bytes);
  return p;
}

const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

export const PT = 72 / 25.4;

type Box = [number, number, number, number];

export interface PageInfo {
  pages: number;
  width: number;
  height: number;
  /** [x1, y1, x2, y2] in pt, PDF space (origin bottom-left) */
  /** x0, y0, x1, y1 in points. */
  trimBox: Box;
  bleedBox: Box;
}

export function pdfInfo(file: string, page = 1): PageInfo {
  const out = run('pdfinfo', ['-box', '-f', String(page), '-l', String(page), file]);
  const num = (re: RegExp) => { const m = re.exec(out); if (!m) throw new Error(`pdfinfo: no ${re}`); return m; };
  const size = num(/Page\s+\d*\s*size:\s+([\d.]+) x ([\d.]+) pts/);
  const box = (name: string): Box => {
    const m = num(new RegExp(`${name}:\\s+([\\d.-]+)\\s+([\\d.-]+)\\s+([\\d.-]+)\\s+([\\d.-]+)`));
    return [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
  };
  return {
    pages: Number(num(/Pages:\s+(\d+)/)[1]),
    width: Number(size[1]), height: Number(size[2]),
    trimBox: box('TrimBox'), bleedBox: box('BleedBox'),
  };
}

export interface FontRow {
  name: string;
  type: string;
  emb: string;
  sub: string;
}

export function pdfFonts(file: string): FontRow[] {
  const lines = run('pdffonts', [file]).split('\n').slice(2).filter((l) => l.trim());
  return lines.map((l) => {
    const name = l.slice(0, 37).trim();
    const rest = l.slice(37).trim().split(/\s+/);
    // type may have spaces ("CID TrueType"); emb sub uni are the three yes/no before the object id
    const n = rest.length;
    return { name, type: rest.slice(0, n - 6).join(' '), emb: rest[n - 5]!, sub: rest[n - 4]! };
  });
}

export function pdfText(file: string, page?: number): string {
  const range = page ? ['-f', String(page), '-l', String(page)] : [];
  return run('pdftotext', ['-layout', ...range, file, '-']);
}

/** The text in reading order, card by card (no -layout: cards side by side are not merged line by line). */
export function pdfTextRaw(file: string, page?: number): string {
  const range = page ? ['-f', String(page), '-l', String(page)] : [];
  return run('pdftotext', [...range, file, '-']);
}

export interface Word {
  text: string;
  /** mm from the page's top-left */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** The text inside a rectangle (mm from the top-left) of one page. */
export function pdfTextIn(file: string, page: number, r: { x: number; y: number; w: number; h: number }): string {
  const n = (v: number) => String(Math.round(v * PT));
  return run('pdftotext', ['-r', '72', '-x', n(r.x), '-y', n(r.y), '-W', n(r.w), '-H', n(r.h), '-f', String(page), '-l', String(page), file, '-']);
}

/** Words with their boxes (mm, top-left origin) on one page. */
export function pdfWords(file: string, page: number): Word[] {
  const html = run('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), file, '-']);
  const out: Word[] = [];
  const re = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  for (let m; (m = re.exec(html)); ) {
    out.push({ text: m[5]!.replace(/&amp;/g, '&'), x1: +m[1]! / PT, y1: +m[2]! / PT, x2: +m[3]! / PT, y2: +m[4]! / PT });
  }
  return out;
}

/** A page rendered in grey levels (0 black … 255 white) at `dpi`. */
export interface Raster {
  width: number;
  height: number;
  dpi: number;
  px: Uint8Array;
  /** grey level at a point given in mm from the top-left */
  at(xmm: number, ymm: number): number;
  /** the darkest grey level within `r` pixels of a point */
  darkest(xmm: number, ymm: number, r: number): number;
}

export function render(file: string, page: number, dpi: number, dir: string): Raster {
  const base = join(dir, `r${page}-${dpi}`);
  run('pdftoppm', ['-gray', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', file, base]);
  const buf = readFileSync(`${base}.pgm`);
  // binary PGM: "P5\n<w> <h>\n<max>\n" then one byte per pixel
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(buf.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('pdftoppm did not write a PGM');
  const width = Number(header[1]), height = Number(header[2]);
  const px = buf.subarray(header[0].length);
  return {
    width, height, dpi, px,
    at(xmm, ymm) {
      const x = Math.round((xmm / 25.4) * dpi), y = Math.round((ymm / 25.4) * dpi);
      if (x < 0 || y < 0 || x >= width || y >= height) throw new Error(`(${xmm}, ${ymm}) mm is off the page`);
      return px[y * width + x]!;
    },
    darkest(xmm, ymm, r) {
      const x = Math.round((xmm / 25.4) * dpi), y = Math.round((ymm / 25.4) * dpi);
      let min = 255;
      for (let j = y - r; j <= y + r; j++) for (let i = x - r; i <= x + r; i++) if (i >= 0 && j >= 0 && i < width && j < height) min = Math.min(min, px[j * width + i]!);
      return min;
    },
  };
}

/** Load a ruleset (and the files it extends) from the repo, or from a text with in-memory variants. */
export function loadGame(file: string, text?: string): Game {
  const read = (p: string) => { try { return readFileSync(p, 'utf8'); } catch { return undefined; } };
  const r = loadRulesetText(file, text ?? read(file)!, read);
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  if (!r.game || errors.length) throw new Error(`cannot load ${file}: ${errors.map((d) => d.message).join('; ')}`);
  return r.game;
}
