// Print worker: loads the edited ruleset with the project's loader and runs print/ on it — a card drawn
// to SVG by print/'s own drawFront/drawBack (the preview), or the whole print-and-play PDF (printDeck).
import PDFDocument from 'pdfkit';
import { formatDiagnostic } from '../../../engine/index.js';
import { loadRulesetText } from '../../../engine/index.js';
import type { Game } from '../../../engine/index.js';
import { printDeck, resolveOptions, printSection, type FontSet } from '../../../print/index.js';
import { FontChains } from '../../../print/fonts.js';
import { TextMeasure } from '../../../print/draw.js';
import { drawBack, drawFront, layoutOf } from '../../../print/layout.js';
import { mm } from '../../../print/sizes.js';
import { FONT_URLS, familyOf } from './fonts.js';
import { SvgDoc } from './svg-doc.js';
import { serve } from '../shared/rpc-serve.js';
import type { PrintApi } from './api.js';

let fontSet: Promise<FontSet> | null = null;

function loadFonts(): Promise<FontSet> {
  const get = async (f: { name: string; url: string }) => ({ name: f.name, bytes: new Uint8Array(await (await fetch(f.url)).arrayBuffer()) });
  fontSet ??= Promise.all([Promise.all(FONT_URLS.regular.map(get)), Promise.all(FONT_URLS.bold.map(get))]).then(([regular, bold]) => ({ regular, bold }));
  return fontSet;
}

function load(path: string, files: Record<string, string>): Game {
  const r = loadRulesetText(path, files[path] ?? '', (p) => files[p]);
  if (!r.game) {
    const first = r.diagnostics.find((d) => d.severity === 'error');
    throw new Error(first ? `the ruleset has errors (${formatDiagnostic(first)})` : 'the ruleset could not be loaded');
  }
  return r.game;
}

let measure: { m: TextMeasure; fonts: FontSet } | null = null;

async function preview(path: string, files: Record<string, string>, cardId: string) {
  const game = load(path, files);
  const card = game.cards.find((c) => c.id === cardId);
  if (!card) throw new Error(`no card '${cardId}'`);
  const ct = game.cardTypes.find((t) => t.id === card.type)!;
  const fonts = await loadFonts();
  if (!measure || measure.fonts !== fonts) {
    // a pdfkit document only for measuring text: the same fonts and widths as the PDF
    const doc = new PDFDocument({ autoFirstPage: false, font: null as unknown as string });
    const chains = new FontChains(fonts, (id, bytes) => doc.registerFont(id, bytes as unknown as Buffer));
    measure = { m: new TextMeasure(doc, chains), fonts };
  }
  const r = resolveOptions(game, {});
  const bleed = r.bleed;
  const trim = { x: bleed, y: bleed, w: r.card.w, h: r.card.h };
  const outer = { x: 0, y: 0, w: r.card.w + 2 * bleed, h: r.card.h + 2 * bleed };
  const palette = { ...(printSection(game).colors ?? {}) };
  const layout = layoutOf(ct, game);
  const trimLine = `<rect x="${mm(trim.x)}" y="${mm(trim.y)}" width="${mm(trim.w)}" height="${mm(trim.h)}" rx="${mm(3)}" fill="none" stroke="#d33" stroke-width="0.5" stroke-dasharray="3 2" class="trim"/>`;
  const front = new SvgDoc(familyOf, 'f');
  drawFront({ doc: front as never, m: measure.m, game, palette }, card, ct, layout, trim, outer);
  const back = new SvgDoc(familyOf, 'b');
  drawBack({ doc: back as never, m: measure.m, game, palette }, ct, layout, trim, outer, 0);
  return {
    front: front.svg(mm(outer.w), mm(outer.h), trimLine),
    back: back.svg(mm(outer.w), mm(outer.h), trimLine),
    size: [r.card.w, r.card.h, bleed] as [number, number, number],
  };
}

serve<PrintApi>({
  async preview(q) {
    return { card: q.card, ...(await preview(q.path, q.files, q.card)) };
  },
  async pdf(q, ctx) {
    const game = load(q.path, q.files);
    const r = await printDeck(game, await loadFonts(), {});
    ctx.transfer(r.bytes.buffer);
    return { bytes: r.bytes, pages: r.pages, cards: r.cards };
  },
});
