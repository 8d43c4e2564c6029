// Drawing primitives on a DrawingSurface, in points: text that wraps and shrinks to its box (with
// per-character font fallback), a grid of cells with values and highlights, vector icons and colour mixing.
// Images: PNG and JPEG through the surface (the PDF embeds them itself, synchronously: see png.ts), SVG as paths.

import type { Game, ImageAsset, Run, Shape, SymbolDef } from '../engine/index.js';
import { fitImage } from '../engine/index.js';
import type { FontChains, Weight } from './fonts.js';
import { PrintError } from './fonts.js';
import type { DrawingSurface } from './surface.js';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

// ---- colours (resolved to #rrggbb by the loader) ------------------------------------------------

function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** `t` of the way from colour a to colour b (0 = a). */
export function mix(a: string, b: string, t: number): string {
  const [x, y] = [rgb(a), rgb(b)];
  return `#${x.map((v, i) => Math.round(v + (y[i]! - v) * t).toString(16).padStart(2, '0')).join('')}`;
}

/** Dark ink on light colours, light ink on dark ones. */
export function contrastInk(hex: string): string {
  const [r, g, b] = rgb(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b > 140 ? '#231f20' : '#f7f3ea';
}

// ---- text ------------------------------------------------------------------------------------

export interface TextStyle {
  size: number;
  minSize: number;
  weight: Weight;
  align: 'left' | 'center' | 'right';
  valign: 'top' | 'middle' | 'bottom';
  color: string;
  /** line height as a multiple of the size */
  leading: number;
}

/** Characters that must not start a line (Japanese kinsoku) and that must not end one. */
const NO_START = /^[、。，．,.・：；:;？！?!）)」』】〕〉》ー…‥ぁぃぅぇぉっゃゅょァィゥェォッャュョ％%]$/u;
const NO_END = /^[（(「『【〔〈《]$/u;
/** Scripts without spaces between words: a line may break between any two of their characters. */
const CJK = /[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/u;

interface Atom {
  text: string;
  /** a space precedes it on the same line */
  space: boolean;
}

/** Unbreakable pieces of a paragraph: words, and single CJK characters (with kinsoku glued on). */
function atoms(par: string): Atom[] {
  const out: Atom[] = [];
  let space = false;
  let glueNext = false;
  for (const ch of par) {
    if (ch === ' ' || ch === '\t') { space = out.length > 0; glueNext = false; continue; }
    const last = out[out.length - 1];
    const cjk = CJK.test(ch);
    const joins = last && !space && (glueNext || NO_START.test(ch) || (!cjk && !CJK.test(last.text.slice(-1))));
    if (joins) last!.text += ch;
    else out.push({ text: ch, space });
    space = false;
    glueNext = NO_END.test(ch);
  }
  return out;
}

/** Width of a run of text in one face at size 1, in points (the font's own metrics). */
export type WidthOf = (face: string, text: string) => number;

/** Text widths through the font chains, cached (a deck measures the same words again and again). */
export class TextMeasure {
  private readonly widths = new Map<string, number>();
  constructor(readonly fonts: FontChains, private readonly widthOf: WidthOf) {}

  /** Width of a string at size 1 (widths scale linearly with the size). */
  width(text: string, weight: Weight, where: string): number {
    const key = `${weight}\u0000${text}`;
    let w = this.widths.get(key);
    if (w === undefined) {
      w = 0;
      for (const r of this.fonts.runs(text, weight, where)) w += this.runWidth(r.face, r.text);
      this.widths.set(key, w);
    }
    return w;
  }

  runWidth(face: string, text: string): number {
    const key = `${face}\u0001${text}`;
    let w = this.widths.get(key);
    if (w === undefined) {
      w = this.widthOf(face, text);
      this.widths.set(key, w);
    }
    return w;
  }
}

interface Laid {
  size: number;
  lines: string[];
}

/** Greedy line breaking at one size; null when a line or the block does not fit. */
function layoutAt(m: TextMeasure, paragraphs: Atom[][], box: Box, st: TextStyle, size: number, where: string, breakWords: boolean): Laid | null {
  const spaceW = m.width(' ', st.weight, where) * size;
  const lines: string[] = [];
  for (const par of paragraphs) {
    let line = '';
    let lineW = 0;
    const pieces: Atom[] = [];
    for (const a of par) {
      const w = m.width(a.text, st.weight, where) * size;
      if (w <= box.w || !breakWords) pieces.push(a);
      else {
        // at the smallest size a word wider than the box is split between characters
        let cur = '';
        for (const ch of a.text) {
          if (cur && m.width(cur + ch, st.weight, where) * size > box.w) { pieces.push({ text: cur, space: a.space && pieces.length === 0 }); cur = ''; }
          cur += ch;
        }
        if (cur) pieces.push({ text: cur, space: false });
      }
    }
    for (const a of pieces) {
      const w = m.width(a.text, st.weight, where) * size;
      if (w > box.w + 1e-6) return null;
      const add = (line && a.space ? spaceW : 0) + w;
      if (line && lineW + add > box.w + 1e-6) {
        lines.push(line);
        line = a.text;
        lineW = w;
      } else {
        line += (line && a.space ? ' ' : '') + a.text;
        lineW += add;
      }
    }
    lines.push(line);
  }
  if (lines.length * size * st.leading > box.h + 1e-6) return null;
  return { size, lines };
}

/**
 * Draw text in a box: wrapped, and shrunk in half-point steps from `size` down to `minSize` until it
 * fits. Text that cannot fit even then is an error naming the card, never clipped without a word.
 */
export function fitText(doc: DrawingSurface, m: TextMeasure, text: string, box: Box, st: TextStyle, where: string): number {
  const paragraphs = text.split(/\r?\n/).map(atoms);
  let laid: Laid | null = null;
  for (let size = st.size; size >= st.minSize - 1e-9 && !laid; size -= 0.5) laid = layoutAt(m, paragraphs, box, st, size, where, false);
  laid ??= layoutAt(m, paragraphs, box, st, st.minSize, where, true);
  if (!laid) throw new PrintError(`${where}: the text "${text.length > 40 ? text.slice(0, 40) + '…' : text}" does not fit its ${(box.w / 2.8346).toFixed(1)}×${(box.h / 2.8346).toFixed(1)} mm box even at ${st.minSize} pt`);
  const lh = laid.size * st.leading;
  const total = laid.lines.length * lh;
  const top = st.valign === 'top' ? box.y : st.valign === 'bottom' ? box.y + box.h - total : box.y + (box.h - total) / 2;
  doc.fillColor(st.color);
  laid.lines.forEach((line, i) => {
    const runs = m.fonts.runs(line, st.weight, where);
    const widths = runs.map((r) => m.runWidth(r.face, r.text) * laid!.size);
    const lineW = widths.reduce((a, b) => a + b, 0);
    let x = st.align === 'left' ? box.x : st.align === 'right' ? box.x + box.w - lineW : box.x + (box.w - lineW) / 2;
    // baseline so that capitals sit centred in the line box, whatever font a run uses
    const baseline = top + i * lh + lh / 2 + laid!.size * 0.36;
    runs.forEach((r, k) => {
      doc.text(r.text, x, baseline, r.face, laid!.size);
      x += widths[k]!;
    });
  });
  return laid.size;
}

// ---- grid ------------------------------------------------------------------------------------

export interface GridStyle {
  columns: string[];
  rows: string[];
  /** cell → text shown in it */
  values: Map<string, string>;
  /** cells filled with the highlight colour */
  highlight: Set<string>;
  labels: boolean;
  fill: string;
  highlightFill: string;
  line: string;
  ink: string;
  labelInk: string;
}

/** A grid of square cells centred in the box, with column letters above and row names at the left. */
export function drawGrid(doc: DrawingSurface, m: TextMeasure, box: Box, g: GridStyle, where: string): void {
  const nc = g.columns.length, nr = g.rows.length;
  const lab = g.labels ? 0.5 : 0;
  const s = Math.min(box.w / (nc + lab), box.h / (nr + lab));
  const gw = s * (nc + lab), gh = s * (nr + lab);
  const x0 = box.x + (box.w - gw) / 2 + s * lab;
  const y0 = box.y + (box.h - gh) / 2 + s * lab;
  doc.rect(x0, y0, s * nc, s * nr).fill(g.fill);
  const pad = Math.max(1, s * 0.06);
  for (let r = 0; r < nr; r++) {
    for (let c = 0; c < nc; c++) {
      const cell = `${g.columns[c]}${g.rows[r]}`;
      if (g.highlight.has(cell)) doc.roundedRect(x0 + c * s + pad, y0 + r * s + pad, s - 2 * pad, s - 2 * pad, s * 0.08).fill(g.highlightFill);
    }
  }
  // inner lines thinner than the outline: the 3×3 structure reads at a glance
  doc.lineWidth(Math.max(0.6, s * 0.025)).strokeColor(g.line);
  for (let c = 1; c < nc; c++) doc.moveTo(x0 + c * s, y0).lineTo(x0 + c * s, y0 + nr * s).stroke();
  for (let r = 1; r < nr; r++) doc.moveTo(x0, y0 + r * s).lineTo(x0 + nc * s, y0 + r * s).stroke();
  doc.lineWidth(Math.max(1, s * 0.05)).rect(x0, y0, s * nc, s * nr).stroke();
  const valueStyle: TextStyle = { size: s * 0.58, minSize: s * 0.25, weight: 'bold', align: 'center', valign: 'middle', color: g.ink, leading: 1.1 };
  for (let r = 0; r < nr; r++) {
    for (let c = 0; c < nc; c++) {
      const v = g.values.get(`${g.columns[c]}${g.rows[r]}`);
      if (v !== undefined && v !== '') fitText(doc, m, v, { x: x0 + c * s + pad, y: y0 + r * s + pad, w: s - 2 * pad, h: s - 2 * pad }, valueStyle, where);
    }
  }
  if (g.labels) {
    const ls: TextStyle = { size: s * 0.3, minSize: 4, weight: 'bold', align: 'center', valign: 'middle', color: g.labelInk, leading: 1 };
    g.columns.forEach((col, c) => fitText(doc, m, col, { x: x0 + c * s, y: y0 - s * lab, w: s, h: s * lab }, ls, where));
    g.rows.forEach((row, r) => fitText(doc, m, row, { x: x0 - s * lab, y: y0 + r * s, w: s * lab, h: s }, ls, where));
  }
}

// ---- icons -----------------------------------------------------------------------------------

/** Vector icons in a 100×100 box; each part is a path with a shade (0 = the icon colour, + lighter, − darker). */
type IconPart = { d: string; shade?: number; stroke?: number };
export const ICONS: Readonly<Record<string, IconPart[]>> = {
  block: [
    { d: 'M50 8 L90 28 L50 48 L10 28 Z', shade: 0.45 },
    { d: 'M10 28 L50 48 L50 92 L10 72 Z', shade: 0 },
    { d: 'M50 48 L90 28 L90 72 L50 92 Z', shade: -0.3 },
  ],
  lightning: [{ d: 'M60 2 L16 56 L45 56 L34 98 L84 40 L55 40 L68 2 Z' }],
  storm: [
    { d: 'M24 60 C8 60 6 38 22 34 C22 16 46 10 56 24 C66 12 88 18 86 38 C98 42 96 60 82 60 Z' },
    { d: 'M30 68 L22 84 M50 68 L42 90 M70 68 L62 84', stroke: 6 },
  ],
  flame: [
    { d: 'M50 2 C60 22 84 34 82 62 C80 84 66 96 50 96 C32 96 18 84 18 62 C18 44 30 36 34 20 C42 32 44 38 50 44 C56 30 56 16 50 2 Z' },
    { d: 'M50 54 C56 64 64 70 62 80 C60 88 56 92 50 92 C42 92 38 86 38 80 C38 70 46 66 50 54 Z', shade: 0.55 },
  ],
  seal: [
    { d: 'M50 4 A46 46 0 1 1 49.99 4 Z M50 14 A36 36 0 1 0 50.01 14 Z' },
    { d: 'M50 22 L57 41 L77 41 L61 53 L67 73 L50 61 L33 73 L39 53 L23 41 L43 41 Z' },
  ],
  eye: [
    { d: 'M4 50 C24 18 76 18 96 50 C76 82 24 82 4 50 Z' },
    { d: 'M50 32 A18 18 0 1 1 49.99 32 Z', shade: 0.85 },
    { d: 'M50 41 A9 9 0 1 1 49.99 41 Z' },
  ],
  providence: [
    { d: 'M50 6 L96 90 L4 90 Z M50 22 L18 80 L82 80 Z' },
    { d: 'M26 64 C38 46 62 46 74 64 C62 80 38 80 26 64 Z' },
    { d: 'M50 57 A7 7 0 1 1 49.99 57 Z', shade: 0.85 },
  ],
  hammer: [
    { d: 'M14 16 L70 16 L84 26 L84 40 L14 40 Z' },
    { d: 'M42 40 L56 40 L56 96 L42 96 Z', shade: 0.3 },
  ],
  tower: [
    { d: 'M30 82 L70 82 L70 96 L30 96 Z' },
    { d: 'M34 62 L66 62 L66 80 L34 80 Z', shade: 0.2 },
    { d: 'M38 42 L62 42 L62 60 L38 60 Z' },
    { d: 'M42 22 L58 22 L58 40 L42 40 Z', shade: 0.2 },
    { d: 'M46 4 L54 4 L54 20 L46 20 Z' },
  ],
  magnifier: [
    { d: 'M42 6 A34 34 0 1 1 41.99 6 Z M42 18 A22 22 0 1 0 42.01 18 Z' },
    { d: 'M62 66 L70 58 L96 84 L88 92 Z' },
  ],
  star: [{ d: 'M50 4 L62 38 L98 38 L69 59 L80 94 L50 73 L20 94 L31 59 L2 38 L38 38 Z' }],
};

export function drawIcon(doc: DrawingSurface, name: string, box: Box, color: string, where: string): void {
  const parts = Object.hasOwn(ICONS, name) ? ICONS[name] : undefined;
  if (!parts) throw new PrintError(`${where}: unknown icon '${name}' (icons: ${Object.keys(ICONS).join(', ')})`);
  const k = Math.min(box.w, box.h) / 100;
  doc.save();
  doc.translate(box.x + (box.w - 100 * k) / 2, box.y + (box.h - 100 * k) / 2).scale(k);
  for (const p of parts) {
    const c = !p.shade ? color : p.shade > 0 ? mix(color, '#ffffff', p.shade) : mix(color, '#000000', -p.shade);
    if (p.stroke) doc.path(p.d).lineWidth(p.stroke).lineCap('round').strokeColor(c).stroke();
    else doc.path(p.d).fillColor(c).fill(undefined, 'evenodd');
  }
  doc.restore();
}

// ---- symbols (the ruleset's `symbols`: shapes read as data by the loader, or glyphs of the fonts) -----

/** Draws a symbol in a square box: its shape's parts (path data, fills, strokes) or its glyph, with a number
 *  written in it when given. */
export function drawSymbol(doc: DrawingSurface, m: TextMeasure, sym: SymbolDef, box: Box, where: string, inside?: number): void {
  const side = Math.min(box.w, box.h);
  const x = box.x + (box.w - side) / 2, y = box.y + (box.h - side) / 2;
  if (sym.glyph !== undefined) {
    fitText(doc, m, sym.glyph, { x, y, w: side, h: side }, { size: side * 0.9, minSize: side * 0.3, weight: 'bold', align: 'center', valign: 'middle', color: sym.color, leading: 1 }, `${where}, symbol ${sym.id}`);
  } else if (sym.shape) {
    drawShape(doc, sym.shape, { x, y, w: side, h: side }, sym.color);
  }
  if (inside !== undefined) {
    const digits = String(inside).length;
    const size = side * (digits > 2 ? 0.4 : digits > 1 ? 0.5 : 0.62);
    fitText(doc, m, String(inside), { x, y, w: side, h: side }, { size, minSize: size / 2, weight: 'bold', align: 'center', valign: 'middle', color: contrastInk(sym.glyph !== undefined ? '#ffffff' : sym.color), leading: 1 }, `${where}, symbol ${sym.id}`);
  }
}

/** A shape's parts drawn centred in a box, as large as it allows (proportions kept); `current` paints in `color`. */
export function drawShape(doc: DrawingSurface, shape: Shape, box: Box, color: string): void {
  const [bx, by, bw, bh] = shape.box;
  const k = Math.min(box.w / bw, box.h / bh);
  doc.save();
  doc.translate(box.x + (box.w - bw * k) / 2, box.y + (box.h - bh * k) / 2).scale(k).translate(-bx, -by);
  for (const p of shape.parts) {
    const paint = (v: string | null) => (v === null ? null : v === 'current' ? color : v);
    const fill = paint(p.fill), stroke = paint(p.stroke);
    doc.save();
    for (const o of p.ops ?? []) {
      if (o.op === 'translate') doc.translate(o.x, o.y);
      else if (o.op === 'scale') doc.scale(o.k);
      else doc.rotate(o.a, o.x, o.y);
    }
    // a faded part is drawn in its colour mixed with white (no transparency: the same bytes everywhere)
    const fade = (c: string) => (p.opacity !== undefined ? mix('#ffffff', c, p.opacity) : c);
    if (fill) doc.path(p.d).fillColor(fade(fill)).fill(undefined, p.rule === 'evenodd' ? 'evenodd' : 'nonzero');
    if (stroke) doc.path(p.d).lineWidth(p.width ?? 1).lineCap(p.cap ?? 'butt').strokeColor(fade(stroke)).stroke();
    doc.restore();
  }
  doc.restore();
}

/**
 * An image file in a box: `contain` puts all of it inside, proportions kept; `cover` fills the box and is cut to
 * it. PNG and JPEG go to the surface as they are (the PDF embeds each file once); SVG is drawn from the parts the
 * loader read (never the file's markup).
 */
export function drawImage(doc: DrawingSurface, img: ImageAsset, box: Box, fit: 'contain' | 'cover'): void {
  const r = fitImage(img.width, img.height, box, fit);
  doc.save();
  if (fit === 'cover') doc.rect(box.x, box.y, box.w, box.h).clip();
  if (img.shape) drawShape(doc, img.shape, r, '#000000');
  else doc.image(img, r.x, r.y, r.w, r.h);
  doc.restore();
}

/** A piece of rich text: a word, or a symbol drawn `count` times (a number in it for `inside`). */
type RichAtom = { text: string; space: boolean } | { sym: SymbolDef; count: number; inside?: number; space: boolean };

/** Runs (text and symbols) as atoms: words break at spaces; a symbol and its copies stay together. */
function richAtoms(game: Game, runs: readonly Run[]): RichAtom[][] {
  const pars: RichAtom[][] = [[]];
  let space = false;
  for (const r of runs) {
    if (r.t === 'text') {
      const lines = r.s.split(/\r?\n/);
      lines.forEach((ln, li) => {
        if (li > 0) { pars.push([]); space = false; }
        // a run starting with a space is apart from what came before it (a symbol, then " for each")
        if (/^[ \t]/.test(ln)) space = true;
        for (const a of atoms(ln)) { pars[pars.length - 1]!.push({ text: a.text, space: a.space || (space && pars[pars.length - 1]!.length > 0) }); space = false; }
        if (/[ \t]$/.test(ln)) space = true;
      });
      continue;
    }
    const sym = game.symbols.get(r.id);
    const par = pars[pars.length - 1]!;
    if (!sym) { par.push({ text: r.id, space }); space = false; continue; }
    if (r.n === null) par.push({ sym, count: 1, space });
    else if (sym.amount === 'inside') par.push({ sym, count: 1, inside: r.n, space });
    else if (r.n > 5 || r.n < 1) { par.push({ text: `${r.n}×`, space }); par.push({ sym, count: 1, space: false }); }
    else par.push({ sym, count: r.n, space });
    space = false;
  }
  return pars;
}

/** Whether runs hold any symbol (else plain fitText draws them, as before symbols existed). */
export function hasSymbols(runs: readonly Run[]): boolean {
  return runs.some((r) => r.t === 'sym');
}

/** A symbol's side, and the gap after it, at a text size. */
const SYM = 1.25, SYM_GAP = 0.08;

/**
 * Text with symbols in a box: wrapped at spaces, symbols inline (each about a capital's height and a half),
 * shrunk from `size` to `minSize` until it fits, like fitText; an error naming the card when it cannot fit.
 */
export function fitRich(doc: DrawingSurface, m: TextMeasure, game: Game, runs: readonly Run[], box: Box, st: TextStyle, where: string): void {
  const pars = richAtoms(game, runs);
  const widthAt = (a: RichAtom, size: number) => ('sym' in a ? a.count * size * (SYM + SYM_GAP) - size * SYM_GAP : m.width(a.text, st.weight, where) * size);
  const leading = Math.max(st.leading, SYM + 0.1);
  let laid: { size: number; lines: RichAtom[][] } | null = null;
  for (let size = st.size; size >= st.minSize - 1e-9 && !laid; size -= 0.5) {
    const spaceW = m.width(' ', st.weight, where) * size;
    const lines: RichAtom[][] = [];
    let ok = true;
    for (const par of pars) {
      let line: RichAtom[] = [];
      let w = 0;
      for (const a of par) {
        const aw = widthAt(a, size);
        if (aw > box.w + 1e-6) { ok = false; break; }
        const add = (line.length && a.space ? spaceW : 0) + aw;
        if (line.length && w + add > box.w + 1e-6) { lines.push(line); line = [{ ...a, space: false }]; w = aw; }
        else { line.push(a); w += add; }
      }
      if (!ok) break;
      lines.push(line);
    }
    if (ok && lines.length * size * leading <= box.h + 1e-6) laid = { size, lines };
  }
  if (!laid) throw new PrintError(`${where}: the text with symbols "${runs.map((r) => (r.t === 'text' ? r.s : `[${r.id}]`)).join('').slice(0, 40)}" does not fit its ${(box.w / 2.8346).toFixed(1)}×${(box.h / 2.8346).toFixed(1)} mm box even at ${st.minSize} pt`);
  const { size, lines } = laid;
  const lh = size * leading;
  const total = lines.length * lh;
  const top = st.valign === 'top' ? box.y : st.valign === 'bottom' ? box.y + box.h - total : box.y + (box.h - total) / 2;
  const spaceW = m.width(' ', st.weight, where) * size;
  lines.forEach((line, i) => {
    const ws = line.map((a) => widthAt(a, size));
    const lineW = ws.reduce((s, w, k) => s + w + (k && line[k]!.space ? spaceW : 0), 0);
    let x = st.align === 'left' ? box.x : st.align === 'right' ? box.x + box.w - lineW : box.x + (box.w - lineW) / 2;
    const mid = top + i * lh + lh / 2;
    line.forEach((a, k) => {
      if (k && a.space) x += spaceW;
      if ('sym' in a) {
        const side = size * SYM;
        for (let c = 0; c < a.count; c++) drawSymbol(doc, m, a.sym, { x: x + c * size * (SYM + SYM_GAP), y: mid - side / 2, w: side, h: side }, where, a.inside);
      } else {
        doc.fillColor(st.color);
        let tx = x;
        for (const r of m.fonts.runs(a.text, st.weight, where)) {
          doc.text(r.text, tx, mid + size * 0.36, r.face, size);
          tx += m.runWidth(r.face, r.text) * size;
        }
      }
      x += ws[k]!;
    });
  });
}
