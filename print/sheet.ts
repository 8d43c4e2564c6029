// Imposition: where each card goes on a sheet, its bleed, the crop marks, and where its back goes
// (duplex pages or the other half of a gutter-fold sheet). Pure geometry in mm, top-left origin; no
// drawing here, so the plan is easy to test and the same for every backend.

import type { BacksMode } from '../engine/index.js';
import type { Size } from './sizes.js';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Line {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** One card position: its trim, the area its background may bleed into, and its rotation. */
export interface Slot {
  trim: Rect;
  bleed: Rect;
  /** 180 for gutter-fold backs under a horizontal fold, so they read upright after folding */
  rotate: 0 | 180;
}

export type { BacksMode };

export interface SheetOptions {
  paper: Size;
  card: Size;
  /** requested bleed per card side, mm */
  bleed: number;
  cropMarks: boolean;
  backs: BacksMode;
  /** shift of the backs on duplex back pages, mm (x right, y down, as seen on the back page) */
  backOffset?: { x: number; y: number };
}

export interface SheetPlan {
  paper: Size;
  card: Size;
  /** 'separate': every card has its own bleed and a gap; 'abut': cards share cut lines, bleed only around the block */
  mode: 'abut' | 'separate';
  cols: number;
  rows: number;
  /** cards per sheet (fronts) */
  perSheet: number;
  fronts: Slot[];
  /** back of fronts[i]: on the back page (duplex) or on the same page (fold); empty for 'none' */
  backs: Slot[];
  /** duplex: backs mirror the columns (long-edge flip on portrait) or the rows */
  mirror: 'columns' | 'rows' | null;
  /** crop mark segments, all in the page margins */
  marks: Line[];
  /** gutter-fold line */
  fold: Line | null;
  /** union of the trims of a full sheet (the TrimBox) and of their bleeds (the BleedBox) */
  trimBox: Rect;
  bleedBox: Rect;
  /** the bleed actually used around the block (may be less than asked where the margin is narrow) */
  outerBleed: { left: number; right: number; top: number; bottom: number };
}

/** Nothing is drawn closer than this to the paper edge: home printers cannot print there. */
export const EDGE = 3;
/** Gap between the bleed and a crop mark, so a slightly wide cut never shows the mark. */
export const MARK_GAP = 1;
/** Shortest useful crop mark; a margin that cannot hold one takes bleed away instead. */
export const MARK_MIN = 2;
export const MARK_MAX = 6;
/** Without crop marks, cards and their bleed still stay this far from the paper edge. */
export const CONTENT_EDGE = 5;
/** Gutter-fold: the fold line stays this far from each half's bleed, so a crooked fold never shows. */
export const FOLD_GAP = 5;

/** Margin (from the trim) a side needs besides its bleed. */
function minMargin(cropMarks: boolean): number {
  return cropMarks ? MARK_GAP + MARK_MIN + EDGE : CONTENT_EDGE;
}

interface Block {
  x: number;
  y: number;
  cols: number;
  rows: number;
  /** gap between neighbouring trims */
  gap: number;
  bleed: { left: number; right: number; top: number; bottom: number };
}

function blockSlots(b: Block, card: Size): Slot[] {
  const out: Slot[] = [];
  for (let r = 0; r < b.rows; r++) {
    for (let c = 0; c < b.cols; c++) {
      const trim = { x: b.x + c * (card.w + b.gap), y: b.y + r * (card.h + b.gap), w: card.w, h: card.h };
      // a side facing a neighbour bleeds half the gap (0 when cards abut); an outer side the block's bleed
      const l = c === 0 ? b.bleed.left : b.gap / 2;
      const rt = c === b.cols - 1 ? b.bleed.right : b.gap / 2;
      const t = r === 0 ? b.bleed.top : b.gap / 2;
      const bt = r === b.rows - 1 ? b.bleed.bottom : b.gap / 2;
      out.push({ trim, bleed: { x: trim.x - l, y: trim.y - t, w: trim.w + l + rt, h: trim.h + t + bt }, rotate: 0 });
    }
  }
  return out;
}

function union(rects: Rect[]): Rect {
  const x1 = Math.min(...rects.map((r) => r.x));
  const y1 = Math.min(...rects.map((r) => r.y));
  const x2 = Math.max(...rects.map((r) => r.x + r.w));
  const y2 = Math.max(...rects.map((r) => r.y + r.h));
  return { x: x1, y: y1, w: x2 - x1, h: y2 - y1 };
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
const round = (v: number) => Math.round(v * 1e6) / 1e6;

/** Crop marks on every cut line, in the margins only (outside every bleed), never over a card. */
function cropMarks(paper: Size, slots: Slot[]): Line[] {
  const bleedAll = union(slots.map((s) => s.bleed));
  const xs = [...new Set(slots.flatMap((s) => [round(s.trim.x), round(s.trim.x + s.trim.w)]))].sort((a, b) => a - b);
  const ys = [...new Set(slots.flatMap((s) => [round(s.trim.y), round(s.trim.y + s.trim.h)]))].sort((a, b) => a - b);
  const out: Line[] = [];
  const top1 = bleedAll.y - MARK_GAP, top2 = Math.max(EDGE, top1 - MARK_MAX);
  const bot1 = bleedAll.y + bleedAll.h + MARK_GAP, bot2 = Math.min(paper.h - EDGE, bot1 + MARK_MAX);
  const left1 = bleedAll.x - MARK_GAP, left2 = Math.max(EDGE, left1 - MARK_MAX);
  const right1 = bleedAll.x + bleedAll.w + MARK_GAP, right2 = Math.min(paper.w - EDGE, right1 + MARK_MAX);
  for (const x of xs) {
    if (top1 - top2 >= MARK_MIN - 1e-9) out.push({ x1: x, y1: top2, x2: x, y2: top1 });
    if (bot2 - bot1 >= MARK_MIN - 1e-9) out.push({ x1: x, y1: bot1, x2: x, y2: bot2 });
  }
  for (const y of ys) {
    if (left1 - left2 >= MARK_MIN - 1e-9) out.push({ x1: left2, y1: y, x2: left1, y2: y });
    if (right2 - right1 >= MARK_MIN - 1e-9) out.push({ x1: right1, y1: y, x2: right2, y2: y });
  }
  return out;
}

/** Bleed that a margin of `margin` mm (from the trim) leaves room for. */
function fitBleed(margin: number, want: number, need: number): number {
  return round(clamp(margin - need, 0, want));
}

export class SheetError extends Error {}

/**
 * Plan one sheet: as many cards as fit with home-printer margins. Per-card bleed (every card its own
 * bleed, a gap between cards) when it fits as many cards as abutting cards do; otherwise the cards touch,
 * share their cut lines, and only the block has a bleed (poker cards 9-up on A4).
 */
export function planSheet(o: SheetOptions): SheetPlan {
  const { paper, card } = o;
  const b = Math.max(0, o.bleed);
  const need = minMargin(o.cropMarks);
  if (o.backs === 'fold') return planFold(o, b, need);

  const abutCols = Math.floor((paper.w - 2 * need) / card.w);
  const abutRows = Math.floor((paper.h - 2 * need) / card.h);
  const sepCols = Math.floor((paper.w - 2 * need) / (card.w + 2 * b));
  const sepRows = Math.floor((paper.h - 2 * need) / (card.h + 2 * b));
  const separate = b > 0 && sepCols * sepRows >= abutCols * abutRows;
  const cols = separate ? sepCols : abutCols;
  const rows = separate ? sepRows : abutRows;
  if (cols < 1 || rows < 1) throw new SheetError(`a ${card.w}×${card.h} mm card does not fit on a ${paper.w}×${paper.h} mm page with printer margins`);
  const gap = separate ? 2 * b : 0;
  const bw = cols * card.w + (cols - 1) * gap;
  const bh = rows * card.h + (rows - 1) * gap;
  const x = (paper.w - bw) / 2;
  const y = (paper.h - bh) / 2;
  const sideBleed = separate ? b : fitBleed(x, b, need);
  const topBleed = separate ? b : fitBleed(y, b, need);
  const bleed = { left: sideBleed, right: sideBleed, top: topBleed, bottom: topBleed };
  const fronts = blockSlots({ x, y, cols, rows, gap, bleed }, card);

  let backs: Slot[] = [];
  let mirror: SheetPlan['mirror'] = null;
  if (o.backs === 'duplex-long' || o.backs === 'duplex-short') {
    // Flipping a portrait sheet over its long edge mirrors left and right; over its short edge, top and
    // bottom. A landscape page swaps the two.
    const portrait = paper.w <= paper.h;
    mirror = (o.backs === 'duplex-long') === portrait ? 'columns' : 'rows';
    const dx = o.backOffset?.x ?? 0;
    const dy = o.backOffset?.y ?? 0;
    const flip = (r: Rect): Rect =>
      mirror === 'columns'
        ? { x: paper.w - r.x - r.w + dx, y: r.y + dy, w: r.w, h: r.h }
        : { x: r.x + dx, y: paper.h - r.y - r.h + dy, w: r.w, h: r.h };
    backs = fronts.map((s) => ({ trim: flip(s.trim), bleed: flip(s.bleed), rotate: 0 }));
  }
  return {
    paper, card, mode: separate ? 'separate' : 'abut', cols, rows, perSheet: cols * rows,
    fronts, backs, mirror,
    marks: o.cropMarks ? cropMarks(paper, fronts) : [],
    fold: null,
    trimBox: union(fronts.map((s) => s.trim)),
    bleedBox: union(fronts.map((s) => s.bleed)),
    outerBleed: bleed,
  };
}

/**
 * Gutter-fold: fronts on one half, backs on the other, mirrored across the fold line. A vertical fold
 * keeps the backs upright; a horizontal one turns them upside down. Whichever holds more cards wins
 * (the vertical fold on a tie).
 */
function planFold(o: SheetOptions, b: number, need: number): SheetPlan {
  const { paper, card } = o;
  const gutter = 2 * (b + FOLD_GAP);
  const vCols = Math.floor((paper.w - 2 * need - gutter) / (2 * card.w));
  const vRows = Math.floor((paper.h - 2 * need) / card.h);
  const hCols = Math.floor((paper.w - 2 * need) / card.w);
  const hRows = Math.floor((paper.h - 2 * need - gutter) / (2 * card.h));
  const vertical = Math.max(0, vCols) * Math.max(0, vRows) >= Math.max(0, hCols) * Math.max(0, hRows);
  const cols = vertical ? vCols : hCols;
  const rows = vertical ? vRows : hRows;
  if (cols < 1 || rows < 1) throw new SheetError(`a ${card.w}×${card.h} mm card does not fit twice (front and back, gutter-fold) on a ${paper.w}×${paper.h} mm page; try --landscape`);
  const halfW = cols * card.w;
  const halfH = rows * card.h;
  let fronts: Slot[];
  let backs: Slot[];
  let fold: Line;
  let bleed: SheetPlan['outerBleed'];
  if (vertical) {
    const total = 2 * halfW + gutter;
    const x = (paper.w - total) / 2;
    const y = (paper.h - halfH) / 2;
    const side = fitBleed(x, b, need);
    const tb = fitBleed(y, b, need);
    bleed = { left: side, right: side, top: tb, bottom: tb };
    fronts = blockSlots({ x, y, cols, rows, gap: 0, bleed: { left: side, right: b, top: tb, bottom: tb } }, card);
    const fx = x + halfW + gutter / 2;
    fold = { x1: fx, y1: y - tb, x2: fx, y2: y + halfH + tb };
    backs = fronts.map((s) => ({
      trim: { ...s.trim, x: 2 * fx - s.trim.x - s.trim.w },
      bleed: { ...s.bleed, x: 2 * fx - s.bleed.x - s.bleed.w },
      rotate: 0,
    }));
  } else {
    const total = 2 * halfH + gutter;
    const x = (paper.w - halfW) / 2;
    const y = (paper.h - total) / 2;
    const side = fitBleed(x, b, need);
    const tb = fitBleed(y, b, need);
    bleed = { left: side, right: side, top: tb, bottom: tb };
    fronts = blockSlots({ x, y, cols, rows, gap: 0, bleed: { left: side, right: side, top: tb, bottom: b } }, card);
    const fy = y + halfH + gutter / 2;
    fold = { x1: x - side, y1: fy, x2: x + halfW + side, y2: fy };
    backs = fronts.map((s) => ({
      trim: { ...s.trim, y: 2 * fy - s.trim.y - s.trim.h },
      bleed: { ...s.bleed, y: 2 * fy - s.bleed.y - s.bleed.h },
      rotate: 180,
    }));
  }
  const all = [...fronts, ...backs];
  return {
    paper, card, mode: 'abut', cols, rows, perSheet: cols * rows,
    fronts, backs, mirror: null,
    marks: o.cropMarks ? cropMarks(paper, all) : [],
    fold,
    trimBox: union(all.map((s) => s.trim)),
    bleedBox: union(all.map((s) => s.bleed)),
    outerBleed: bleed,
  };
}
