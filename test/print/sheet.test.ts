// Imposition geometry (no PDF): cards per page, margins, bleed, crop marks only in the margins,
// mirrored duplex backs and gutter-fold halves.
import { describe, expect, it } from 'vitest';
import { planSheet, EDGE, type Rect, type SheetOptions } from '../../print/sheet.js';
import { CARD_SIZES, parseCardSize, parsePaper, PrintOptionError } from '../../print/sizes.js';

const base = (o: Partial<SheetOptions> = {}): SheetOptions => ({
  paper: parsePaper('a4'), card: CARD_SIZES.poker!, bleed: 3, cropMarks: true, backs: 'duplex-long', ...o,
});
const inside = (p: { x: number; y: number }, r: Rect) => p.x > r.x + 1e-9 && p.x < r.x + r.w - 1e-9 && p.y > r.y + 1e-9 && p.y < r.y + r.h - 1e-9;
const segHits = (l: { x1: number; y1: number; x2: number; y2: number }, r: Rect) => {
  // a crop mark is axis-aligned: sample along it
  for (let t = 0; t <= 1; t += 0.01) if (inside({ x: l.x1 + (l.x2 - l.x1) * t, y: l.y1 + (l.y2 - l.y1) * t }, r)) return true;
  return false;
};

describe('card sizes and papers', () => {
  it('knows the named sizes and WxH in mm', () => {
    expect(parseCardSize('poker')).toEqual({ w: 63.5, h: 88.9 });
    expect(parseCardSize('bridge')).toEqual({ w: 57.15, h: 88.9 });
    expect(parseCardSize('63x88')).toEqual({ w: 63, h: 88 });
    expect(parseCardSize('70.5X100mm')).toEqual({ w: 70.5, h: 100 });
    for (const s of ['euro', 'mini', 'tarot', 'square']) expect(parseCardSize(s).w).toBeGreaterThan(0);
    expect(() => parseCardSize('huge')).toThrow(PrintOptionError);
    expect(() => parseCardSize('5x5')).toThrow(/out of range/);
    expect(parsePaper('letter', true)).toEqual({ w: 279.4, h: 215.9 });
    expect(() => parsePaper('a5')).toThrow(/unknown paper/);
  });
});

describe('planSheet', () => {
  it('A4 poker: 9-up with shared cut lines, the block centred, bleed only around it', () => {
    const p = planSheet(base());
    expect([p.cols, p.rows, p.mode]).toEqual([3, 3, 'abut']);
    expect(p.trimBox.x).toBeCloseTo(10.5 - 0.75, 6); // (210 − 190.5) / 2
    expect(p.trimBox.y).toBeCloseTo((297 - 266.7) / 2, 6);
    expect(p.outerBleed.top).toBe(3);
    // neighbouring cards touch: the second card starts where the first ends, and neither bleeds onto the other
    expect(p.fronts[1]!.trim.x).toBeCloseTo(p.fronts[0]!.trim.x + 63.5, 9);
    expect(p.fronts[0]!.bleed.x + p.fronts[0]!.bleed.w).toBeCloseTo(p.fronts[1]!.trim.x, 9);
    expect(p.fronts[0]!.bleed.x).toBeCloseTo(p.fronts[0]!.trim.x - p.outerBleed.left, 9);
  });

  it('crop marks lie in the margins: off every card and its bleed, inside the printable area, on every cut line', () => {
    for (const o of [base(), base({ paper: parsePaper('letter') }), base({ card: CARD_SIZES.bridge! }), base({ backs: 'fold', paper: parsePaper('a4', true) }), base({ paper: parsePaper('a4', true) })]) {
      const p = planSheet(o);
      const slots = [...p.fronts, ...(o.backs === 'fold' ? p.backs : [])];
      expect(p.marks.length).toBeGreaterThan(0);
      for (const m of p.marks) {
        for (const s of slots) expect(segHits(m, s.bleed)).toBe(false);
        for (const v of [m.x1, m.x2]) expect(v >= EDGE - 1e-9 && v <= o.paper.w - EDGE + 1e-9).toBe(true);
        for (const v of [m.y1, m.y2]) expect(v >= EDGE - 1e-9 && v <= o.paper.h - EDGE + 1e-9).toBe(true);
      }
      const xs = new Set(p.marks.filter((m) => m.x1 === m.x2).map((m) => m.x1.toFixed(3)));
      for (const s of slots) {
        expect(xs.has(s.trim.x.toFixed(3))).toBe(true);
        expect(xs.has((s.trim.x + s.trim.w).toFixed(3))).toBe(true);
      }
    }
  });

  it('Letter poker: still 9-up, the outer bleed shrinks to leave the crop marks room', () => {
    const p = planSheet(base({ paper: parsePaper('letter') }));
    expect([p.cols, p.rows]).toEqual([3, 3]);
    expect(p.outerBleed.top).toBeLessThan(3);
    expect(p.outerBleed.left).toBe(3);
  });

  it('per-card bleed with a gap when it fits as many cards (bridge on A4, poker on landscape A4)', () => {
    const b = planSheet(base({ card: CARD_SIZES.bridge! }));
    expect([b.cols, b.rows, b.mode]).toEqual([3, 3, 'separate']);
    expect(b.fronts[1]!.trim.x - (b.fronts[0]!.trim.x + 57.15)).toBeCloseTo(6, 9);
    const l = planSheet(base({ paper: parsePaper('a4', true) }));
    expect([l.cols, l.rows, l.mode]).toEqual([4, 2, 'separate']);
  });

  it('duplex-long on portrait mirrors the columns, duplex-short the rows; the back offset shifts the backs', () => {
    const p = planSheet(base({ backOffset: { x: 1.5, y: -1 } }));
    expect(p.mirror).toBe('columns');
    const f = p.fronts[0]!.trim, b = p.backs[0]!.trim;
    expect(b.x).toBeCloseTo(210 - f.x - f.w + 1.5, 9);
    expect(b.y).toBeCloseTo(f.y - 1, 9);
    const s = planSheet(base({ backs: 'duplex-short' }));
    expect(s.mirror).toBe('rows');
    expect(s.backs[0]!.trim.y).toBeCloseTo(297 - s.fronts[0]!.trim.y - 88.9, 9);
    expect(s.backs[0]!.trim.x).toBeCloseTo(s.fronts[0]!.trim.x, 9);
    // landscape pages swap the two
    expect(planSheet(base({ paper: parsePaper('a4', true) })).mirror).toBe('rows');
  });

  it('gutter-fold: fronts and backs on one page, mirrored across the fold, fold ≥ 5 mm from the bleed', () => {
    const p = planSheet(base({ backs: 'fold', paper: parsePaper('a4', true) }));
    expect(p.fold).not.toBeNull();
    const fx = p.fold!.x1;
    expect(p.fold!.x1).toBe(p.fold!.x2); // a vertical fold: backs stay upright
    p.fronts.forEach((f, i) => {
      const b = p.backs[i]!;
      expect(b.trim.x + b.trim.w / 2 - fx).toBeCloseTo(fx - (f.trim.x + f.trim.w / 2), 9);
      expect(b.trim.y).toBeCloseTo(f.trim.y, 9);
      expect(b.rotate).toBe(0);
      expect(fx - (f.bleed.x + f.bleed.w)).toBeGreaterThanOrEqual(5 - 1e-9);
    });
    expect(p.perSheet).toBe(4);
    // portrait A4: the fold goes whichever way holds more; with a tie the vertical fold
    const q = planSheet(base({ backs: 'fold' }));
    expect(q.perSheet).toBe(3);
  });

  it('a card that does not fit is an error', () => {
    expect(() => planSheet(base({ card: { w: 300, h: 100 } }))).toThrow(/does not fit/);
  });
});
