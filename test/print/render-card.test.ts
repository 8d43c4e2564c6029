// One renderCard() draws the PDF and the editor's preview: the SVG preview of a card has the same texts
// at the same places as the printed page (read back with poppler), both surfaces receive the same
// drawing calls, and the icons the schema offers are the ones print/ can draw.

import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../cli/run.js';
import { loadGame, pdfWords, PT, requireTools, scratch, writePdf, type Word } from './pdf.js';
import {
  measuringFonts, PdfSurface, printDeck, renderCard, type CardSide, type DrawingSurface, type FillRule, type LineCap, type Slot,
} from '../../print/index.js';
import { ICONS } from '../../print/draw.js';
import { fontsOf } from '../../print/pdf-surface.js';
import { loadFonts } from '../../cli/print.js';
import { previewCard } from '../../editor/src/print/preview.js';
import { SvgSurface } from '../../print/index.js';
import type { ImageAsset } from '../../engine/index.js';
import schema from '../../schemas/ruleset.schema.json' with { type: 'json' };

const fonts = loadFonts();
const BB = join(ROOT, 'rulesets/babel-builders.yaml');
let dir = '';

beforeAll(() => { requireTools(); dir = scratch('render-card'); });
afterAll(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

interface Run { text: string; x: number; y: number }

/** The text runs of an SVG preview, in mm on the page where the card's trim is `trim`. */
function svgRuns(svg: string, bleed: number, trim: { x: number; y: number }): Run[] {
  const out: Run[] = [];
  const re = /<text x="([\d.-]+)" y="([\d.-]+)"[^>]*>([^<]*)<\/text>/g;
  for (let m; (m = re.exec(svg)); ) {
    const text = m[3]!.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    out.push({ text, x: trim.x + Number(m[1]) / PT - bleed, y: trim.y + Number(m[2]) / PT - bleed });
  }
  return out;
}

/**
 * Every run of the preview is on the page: its first word starts where the run starts, every word sits on
 * the run's baseline, left to right; and the page has no word on the card that the preview lacks.
 */
function expectSameText(runs: Run[], words: Word[], area: Slot['bleed']): void {
  const onCard = words.filter((w) => w.x1 >= area.x - 0.5 && w.x2 <= area.x + area.w + 0.5 && w.y1 >= area.y - 0.5 && w.y2 <= area.y + area.h + 0.5);
  const used = new Set<Word>();
  for (const run of runs) {
    let right = -Infinity;
    run.text.split(' ').filter(Boolean).forEach((t, i) => {
      const w = onCard.find((w) => !used.has(w) && w.text === t && w.y1 < run.y && run.y < w.y2 && (i === 0 ? Math.abs(w.x1 - run.x) < 0.25 : w.x1 > right - 0.01));
      expect(w, `'${t}' of "${run.text}" at ${run.x.toFixed(1)}, ${run.y.toFixed(1)} mm is not on the page`).toBeDefined();
      used.add(w!);
      right = w!.x2;
    });
  }
  expect(onCard.filter((w) => !used.has(w)).map((w) => w.text)).toEqual([]);
}

describe('the preview and the PDF draw a card the same way', () => {
  for (const id of ['role-messenger', 'i2-A1A2', 'bp-01']) {
    it(`${id}: the SVG front and back have the PDF's texts at the PDF's places`, async () => {
      const game = loadGame(BB);
      if (!game.cards.some((c) => c.id === id)) throw new Error(`no card ${id} in Babel Builders`);
      const res = await printDeck(game, fonts, { cards: id, unique: true, backs: 'duplex-long', cropMarks: false });
      const file = writePdf(dir, `${id}.pdf`, res.bytes);
      const p = previewCard(game, id, measuringFonts(fonts), (face) => `f-${face}`);
      const bleed = p.size[2];
      const front = svgRuns(p.front, bleed, res.plan.fronts[0]!.trim);
      const back = svgRuns(p.back, bleed, res.plan.backs[0]!.trim);
      expect(front.length).toBeGreaterThan(2);
      expect(back.map((r) => r.text)).toContain('Babel Builders');
      expectSameText(front, pdfWords(file, 1), res.plan.fronts[0]!.bleed);
      expectSameText(back, pdfWords(file, 2), res.plan.backs[0]!.bleed);
    });
  }
});

/** A surface that writes down every call before passing it on. */
class Recorder implements DrawingSurface {
  readonly calls: unknown[][] = [];
  constructor(private readonly inner: DrawingSurface) {}
  private rec(name: string, ...args: unknown[]): this { this.calls.push([name, ...args]); return this; }
  save(): this { this.inner.save(); return this.rec('save'); }
  restore(): this { this.inner.restore(); return this.rec('restore'); }
  translate(x: number, y: number): this { this.inner.translate(x, y); return this.rec('translate', x, y); }
  scale(k: number): this { this.inner.scale(k); return this.rec('scale', k); }
  rotate(a: number, x: number, y: number): this { this.inner.rotate(a, x, y); return this.rec('rotate', a, x, y); }
  rect(x: number, y: number, w: number, h: number): this { this.inner.rect(x, y, w, h); return this.rec('rect', x, y, w, h); }
  roundedRect(x: number, y: number, w: number, h: number, r: number): this { this.inner.roundedRect(x, y, w, h, r); return this.rec('roundedRect', x, y, w, h, r); }
  moveTo(x: number, y: number): this { this.inner.moveTo(x, y); return this.rec('moveTo', x, y); }
  lineTo(x: number, y: number): this { this.inner.lineTo(x, y); return this.rec('lineTo', x, y); }
  path(d: string): this { this.inner.path(d); return this.rec('path', d); }
  clip(): this { this.inner.clip(); return this.rec('clip'); }
  fillColor(c: string): this { this.inner.fillColor(c); return this.rec('fillColor', c); }
  strokeColor(c: string): this { this.inner.strokeColor(c); return this.rec('strokeColor', c); }
  lineWidth(w: number): this { this.inner.lineWidth(w); return this.rec('lineWidth', w); }
  lineCap(c: LineCap): this { this.inner.lineCap(c); return this.rec('lineCap', c); }
  fill(c?: string, rule?: FillRule): this { this.inner.fill(c, rule); return this.rec('fill', c, rule); }
  stroke(c?: string): this { this.inner.stroke(c); return this.rec('stroke', c); }
  image(img: ImageAsset, x: number, y: number, w: number, h: number): this { this.inner.image(img, x, y, w, h); return this.rec('image', img.key, x, y, w, h); }
  text(s: string, x: number, y: number, face: string, size: number): this { this.inner.text(s, x, y, face, size); return this.rec('text', s, x, y, face, size); }
}

describe('renderCard on the PDF and on the SVG surface', () => {
  it('gives both the same drawing calls, for both sides of every card of every bundled ruleset', () => {
    const slot: Slot = { trim: { x: 3, y: 3, w: 63.5, h: 88.9 }, bleed: { x: 0, y: 0, w: 69.5, h: 94.9 }, rotate: 0 };
    const svgMeasure = measuringFonts(fonts);
    let cards = 0;
    for (const f of ['babel-builders.yaml', 'bable.yaml', 'variants/bable-advanced.yaml', 'variants/custom-blueprint.yaml']) {
      const game = loadGame(join(ROOT, 'rulesets', f));
      // a real PDF page, measured by its own document as printDeck does; the SVG measured on the side as the preview does
      const doc = new PDFDocument({ autoFirstPage: false, font: null as unknown as string });
      const pdfCtx = { game, m: fontsOf(doc, fonts) };
      doc.addPage({ size: [300, 400], margin: 0 });
      for (const card of game.cards) {
        for (const side of ['front', 'back'] as CardSide[]) {
          const pdf = new Recorder(new PdfSurface(doc));
          const svg = new Recorder(new SvgSurface((face) => face));
          renderCard(pdf, pdfCtx, card, side, slot);
          renderCard(svg, { game, m: svgMeasure }, card, side, slot);
          expect(svg.calls, `${f} ${card.id} ${side}`).toEqual(pdf.calls);
          expect(pdf.calls.filter((c) => c[0] === 'text').length, `${card.id} ${side} draws text`).toBeGreaterThan(0);
        }
        cards++;
      }
    }
    expect(cards).toBeGreaterThan(100);
  });

  it('turns a gutter-fold back upside down about its centre, inside its clip', () => {
    const game = loadGame(BB);
    const card = game.cards.find((c) => c.id === 'seal')!;
    const rec = new Recorder(new SvgSurface((face) => face));
    renderCard(rec, { game, m: measuringFonts(fonts) }, card, 'back', { trim: { x: 10, y: 20, w: 63.5, h: 88.9 }, bleed: { x: 7, y: 17, w: 69.5, h: 94.9 }, rotate: 180 });
    const names = rec.calls.map((c) => c[0]);
    expect(names.slice(0, 4)).toEqual(['save', 'rect', 'clip', 'rotate']);
    expect(rec.calls[3]).toEqual(['rotate', 180, PT * (10 + 63.5 / 2), PT * (20 + 88.9 / 2)]);
    expect(names[names.length - 1]).toBe('restore');
  });
});

describe('icons', () => {
  it('the schema offers exactly the icons print/ draws (the loader checks icon names against the schema)', () => {
    const drawn = Object.keys(ICONS).sort();
    const d = schema.$defs;
    expect([...d.layoutIcon.properties.icon.enum].sort()).toEqual(drawn);
    expect([...d.layoutIcon.properties.map.additionalProperties.enum].sort()).toEqual(drawn);
    expect([...d.layout.properties.back.properties.icon.enum].sort()).toEqual(drawn);
  });
});
