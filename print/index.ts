// printDeck: a compiled game + font bytes + options → the bytes of a print-and-play PDF. Browser-safe:
// no file system here (the CLI reads fonts and writes the file). Identical input gives identical bytes.

import PDFDocument from 'pdfkit';
import type { CardDef, CardTypeDef, Game } from '../engine/index.js';
import { BACKS_MODES, didYouMean, readCardSelector } from '../engine/index.js';
import { drawIcon, fitText, type TextMeasure } from './draw.js';
import { PrintError, type FontSet } from './fonts.js';
import { renderCard } from './card.js';
import { PdfSurface, fontsOf, type Doc } from './pdf-surface.js';
import { planSheet, SheetError, type BacksMode, type Line, type Rect, type SheetPlan } from './sheet.js';
import { PrintOptionError, mm, parseCardSize, parsePaper, type Size } from './sizes.js';
import type { DrawingSurface } from './surface.js';

export { PrintError, type FontSet, type FontFile } from './fonts.js';
export { PrintOptionError, CARD_SIZES, PAPERS, parseCardSize, parsePaper, mm } from './sizes.js';
export { planSheet, type SheetPlan, type BacksMode, type Slot, type Rect } from './sheet.js';
export { renderCard, type CardContext, type CardSide } from './card.js';
export type { DrawingSurface, FillRule, LineCap } from './surface.js';
export { PdfSurface, measuringFonts } from './pdf-surface.js';
export { SvgSurface } from './svg-surface.js';
export type { TextMeasure } from './draw.js';

export { BACKS_MODES } from '../engine/index.js';

export interface PrintOptions {
  /** card size name or WxH in mm; default the ruleset's `print.size`, else poker */
  size?: string;
  paper?: string;
  landscape?: boolean;
  /** mm */
  bleed?: number;
  cropMarks?: boolean;
  backs?: BacksMode;
  /** mm, x right and y down as seen on the back page */
  backOffset?: { x: number; y: number };
  /** two calibration pages (front and back) before the cards, to measure the duplex offset */
  calibration?: boolean;
  /** a card type id or a deck named in `print.decks` */
  deck?: string;
  /** comma-separated card ids, `type:ID` for a whole card type */
  cards?: string;
  /** one copy of each card instead of `count` copies */
  unique?: boolean;
  /** the date written into the PDF (fixed by default so reruns give identical bytes) */
  date?: Date;
}

export interface PrintResult {
  bytes: Uint8Array;
  pages: number;
  /** card fronts printed (copies included) */
  cards: number;
  plan: SheetPlan;
  /** every sheet plan used, the deck's size first, then each card type's own size (boards, tiles) */
  plans: SheetPlan[];
}

const FIXED_DATE = new Date(Date.UTC(2024, 0, 1));

/** Cards that are physical cards (not tokens or other components without a layout). */
function printable(ct: CardTypeDef | undefined): boolean {
  return !!ct && (!ct.component || ct.layout.declared);
}

/** Printed on their own by default: not drawn only on other cards (a board's stages). */
function alone(ct: CardTypeDef | undefined): boolean {
  return printable(ct) && ct!.layout.standalone;
}

/**
 * The cards to print, in ruleset order, each repeated `count` times unless `unique`. `deck` is a card
 * type id or a named deck; `cards` a comma-separated list of card ids and `type:ID` entries.
 */
export function selectCards(game: Game, o: Pick<PrintOptions, 'deck' | 'cards' | 'unique'>): CardDef[] {
  const types = new Map(game.cardTypes.map((t) => [t.id, t]));
  // cards drawn only on other cards are printed alone only when named (--deck TYPE, --cards ID)
  let chosen: CardDef[] = game.cards.filter((c) => (o.cards !== undefined && o.deck === undefined ? printable : alone)(types.get(c.type)));
  const decks = game.print.decks;
  if (o.deck !== undefined) {
    const named = decks.find((d) => d.id === o.deck);
    if (named) chosen = named.cards;
    else if (types.has(o.deck)) chosen = game.cards.filter((c) => c.type === o.deck);
    else {
      const names = [...decks.map((d) => d.id), ...game.cardTypes.filter((t) => printable(t)).map((t) => t.id)];
      const s = didYouMean(o.deck, names);
      throw new PrintOptionError(`unknown deck '${o.deck}'${s ? ` (did you mean '${s}'?)` : ''}; decks: ${names.join(', ')}`);
    }
  }
  if (o.cards !== undefined) {
    const ids = new Set(pick(game, o.cards, '--cards').map((c) => c.id));
    chosen = chosen.filter((c) => ids.has(c.id));
  }
  if (chosen.length === 0 && o.deck === undefined && o.cards === undefined) throw new PrintError(nothingToPrint(game));
  if (o.deck !== undefined && !decks.some((d) => d.id === o.deck)) chosen = chosen.filter((c) => printable(types.get(c.type)));
  if (chosen.length === 0) throw new PrintOptionError('no cards selected');
  return o.unique ? chosen : chosen.flatMap((c) => Array<CardDef>(Math.max(0, c.count)).fill(c));
}

/** Why a ruleset has no card to print, said plainly. */
function nothingToPrint(game: Game): string {
  const pieces = game.cardTypes.filter((t) => t.component && game.cards.some((c) => c.type === t.id));
  if (pieces.length === 0) return `nothing to print: ${game.name} has no cards`;
  const names = pieces.map((t) => `${t.name} (${t.component})`).join(', ');
  return `nothing to print: ${game.name}'s only components are pieces, not cards: ${names}; `
    + 'give such a card type a `layout` in the ruleset to print them as cards';
}

function pick(game: Game, selector: string, where: string): CardDef[] {
  const { cards, problems } = readCardSelector(selector, game.cardTypes.map((t) => t.id), game.cards);
  const p = problems[0];
  if (p?.kind === 'type') throw new PrintOptionError(`${where}: unknown card type '${p.name}'${p.suggestion ? ` (did you mean 'type:${p.suggestion}'?)` : ''}`);
  if (p) throw new PrintOptionError(`${where}: unknown card '${p.name}'${p.suggestion ? ` (did you mean '${p.suggestion}'?)` : ''}`);
  return cards;
}

/** Options with the ruleset's `print` defaults and then the built-in ones filled in, and checked. */
export function resolveOptions(game: Game, o: PrintOptions) {
  const p = game.print;
  const card = parseCardSize(o.size ?? p.size ?? 'poker');
  const landscape = o.landscape ?? p.landscape ?? false;
  const paper = parsePaper(o.paper ?? p.paper ?? 'a4', landscape);
  const bleed = o.bleed ?? p.bleed ?? 3;
  if (!(bleed >= 0 && bleed <= 10)) throw new PrintOptionError(`bleed must be between 0 and 10 mm, not ${bleed}`);
  const backs = o.backs ?? p.backs ?? 'duplex-long';
  if (!BACKS_MODES.includes(backs)) throw new PrintOptionError(`backs must be ${BACKS_MODES.join(', ')}, not '${backs}'`);
  const off = o.backOffset ?? p.backOffset ?? { x: 0, y: 0 };
  if (![off.x, off.y].every((v) => Number.isFinite(v) && Math.abs(v) <= 20)) throw new PrintOptionError('back offset must be within ±20 mm');
  if (o.calibration && !backs.startsWith('duplex')) throw new PrintOptionError('a calibration page is for duplex backs (--backs duplex-long or duplex-short)');
  return { card, paper, bleed, backs, backOffset: off, cropMarks: o.cropMarks ?? p.cropMarks ?? true, calibration: !!o.calibration };
}

/** One printed piece: a card's front, and its back (null: its card type's back; a card: that card's front, the
 *  other side of a double-sided board). */
export interface PrintJob {
  front: CardDef;
  back: CardDef | null;
}

/** The selected cards as printed pieces: a card whose type pairs its two sides (`back.otherSide`) carries the
 *  next selected card of its type with the same value as its back, and that card is not printed again. */
export function printJobs(game: Game, cards: readonly CardDef[]): PrintJob[] {
  const types = new Map(game.cardTypes.map((t) => [t.id, t]));
  const used = new Set<number>();
  const jobs: PrintJob[] = [];
  cards.forEach((c, i) => {
    if (used.has(i)) return;
    const pair = types.get(c.type)?.layout.back.otherSide;
    let back: CardDef | null = null;
    if (pair !== undefined) {
      const j = cards.findIndex((o, k) => k > i && !used.has(k) && o.type === c.type && o.id !== c.id && o.fields[pair] === c.fields[pair]);
      if (j >= 0) { used.add(j); back = cards[j]!; }
    }
    jobs.push({ front: c, back });
  });
  return jobs;
}

/** The sheet plan for one card size: the paper as asked; for a card type's own size (a board, a tile), turned
 *  when that fits more (a board wider than a portrait page). */
function planFor(r: ReturnType<typeof resolveOptions>, paperName: string, card: Size, own: boolean, landscapeAsked: boolean | undefined): SheetPlan {
  const base = { card, bleed: r.bleed, cropMarks: r.cropMarks, backs: r.backs, backOffset: r.backOffset };
  if (!own) return planSheet({ ...base, paper: r.paper });
  const tryPlan = (landscape: boolean) => { try { return planSheet({ ...base, paper: parsePaper(paperName, landscape) }); } catch (e) { if (e instanceof SheetError) return null; throw e; } };
  const asked = tryPlan(r.paper.w > r.paper.h);
  const turned = landscapeAsked === undefined ? tryPlan(!(r.paper.w > r.paper.h)) : null;
  const best = turned && (!asked || turned.perSheet > asked.perSheet) ? turned : asked;
  if (!best) return planSheet({ ...base, paper: r.paper }); // throws the sheet's own error, naming the size
  return best;
}

/** Render the selected cards of a game to a PDF. */
export async function printDeck(game: Game, fonts: FontSet, options: PrintOptions = {}): Promise<PrintResult> {
  const r = resolveOptions(game, options);
  const jobs = printJobs(game, selectCards(game, options));
  const plan = planSheet({ paper: r.paper, card: r.card, bleed: r.bleed, cropMarks: r.cropMarks, backs: r.backs, backOffset: r.backOffset });
  // cards of a size of their own (boards, tiles) go on sheets of their own, after the others, in ruleset order
  const types = new Map(game.cardTypes.map((t) => [t.id, t]));
  const groups: { card: Size; own: boolean; jobs: PrintJob[] }[] = [];
  for (const j of jobs) {
    const own = types.get(j.front.type)?.layout.printSize;
    const card = own ?? r.card;
    let g = groups.find((x) => x.card.w === card.w && x.card.h === card.h && x.own === !!own);
    if (!g) groups.push((g = { card, own: !!own, jobs: [] }));
    g.jobs.push(j);
  }
  groups.sort((a, b) => Number(a.own) - Number(b.own));
  const paperName = options.paper ?? game.print.paper ?? 'a4';
  const landscapeAsked = options.landscape ?? game.print.landscape;
  const plans = groups.map((g) => (g.own ? planFor(r, paperName, g.card, true, landscapeAsked) : plan));
  const date = options.date ?? FIXED_DATE;

  const doc = new PDFDocument({
    autoFirstPage: false,
    pdfVersion: '1.7',
    // no default font: pdfkit's standard fonts are not embedded, and every font must be
    font: null as unknown as string,
    // fixed dates: pdfkit derives the document /ID from the info dictionary
    info: { Title: `${game.name} — print and play`, Creator: 'babelkit print', Producer: 'babelkit (pdfkit)', CreationDate: date, ModDate: date },
  });
  // Viewers must print at 100 %: a shrunk page makes cards the wrong size and moves the backs.
  // pdfkit ends this reference itself when the document ends (ending it here would write it twice).
  const root = (doc as unknown as { _root: { data: Record<string, unknown> } })._root;
  root.data.ViewerPreferences = doc.ref({
    PrintScaling: 'None',
    ...(r.backs === 'duplex-long' ? { Duplex: 'DuplexFlipLongEdge' } : r.backs === 'duplex-short' ? { Duplex: 'DuplexFlipShortEdge' } : {}),
  });
  const done = collect(doc);
  try {
    const surface = new PdfSurface(doc);
    const ctx = { game, m: fontsOf(doc, fonts) };
    let pages = 0;
    const newPage = (paper: Size, trimBox: Rect, bleedBox: Rect) => {
      doc.addPage({ size: [mm(paper.w), mm(paper.h)], margin: 0 });
      setBoxes(doc, paper, trimBox, bleedBox);
      pages++;
    };
    // a job's back: its card type's back, or the front of its other side
    const back = (j: PrintJob, slot: SheetPlan['backs'][number]) => (j.back ? renderCard(surface, ctx, j.back, 'front', slot) : renderCard(surface, ctx, j.front, 'back', slot));
    if (r.calibration) pages += calibrationPages(doc, surface, ctx.m, plan, r.backOffset);
    groups.forEach((g, gi) => {
      const pl = plans[gi]!;
      const per = pl.perSheet;
      for (let start = 0; start < g.jobs.length; start += per) {
        const sheet = g.jobs.slice(start, start + per);
        newPage(pl.paper, pl.trimBox, pl.bleedBox);
        sheet.forEach((j, i) => renderCard(surface, ctx, j.front, 'front', pl.fronts[i]!));
        if (r.backs === 'fold') {
          sheet.forEach((j, i) => back(j, pl.backs[i]!));
          if (pl.fold) foldLine(doc, pl.fold);
        }
        drawMarks(doc, pl.marks);
        if (r.backs === 'duplex-long' || r.backs === 'duplex-short') {
          newPage(pl.paper, union(pl.backs.map((s) => s.trim)), union(pl.backs.map((s) => s.bleed)));
          sheet.forEach((j, i) => back(j, pl.backs[i]!));
        }
      }
    });
    doc.end();
    const bytes = await done;
    return { bytes, pages, cards: jobs.length, plan: plans[0] ?? plan, plans: plans.length ? plans : [plan] };
  } catch (e) {
    // the half-made document is dropped (never ended: its stream would only produce a broken file)
    done.catch(() => undefined);
    throw e;
  }
}

function collect(doc: Doc): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on('data', (c: Uint8Array) => chunks.push(c));
    doc.on('error', reject);
    doc.on('end', () => {
      const n = chunks.reduce((a, c) => a + c.byteLength, 0);
      const out = new Uint8Array(n);
      let o = 0;
      for (const c of chunks) { out.set(c, o); o += c.byteLength; }
      resolve(out);
    });
  });
}

function union(rects: Rect[]): Rect {
  const x1 = Math.min(...rects.map((r) => r.x)), y1 = Math.min(...rects.map((r) => r.y));
  const x2 = Math.max(...rects.map((r) => r.x + r.w)), y2 = Math.max(...rects.map((r) => r.y + r.h));
  return { x: x1, y: y1, w: x2 - x1, h: y2 - y1 };
}

/** TrimBox and BleedBox (pdfkit has no API for them): PDF space, origin bottom-left, in points. */
function setBoxes(doc: Doc, paper: Size, trim: Rect, bleed: Rect): void {
  const box = (r: Rect) => [r.x, paper.h - r.y - r.h, r.x + r.w, paper.h - r.y].map((v) => Math.round(mm(v) * 1000) / 1000);
  const page = (doc as unknown as { page: { dictionary: { data: Record<string, unknown> } } }).page;
  page.dictionary.data.TrimBox = box(trim);
  page.dictionary.data.BleedBox = box(bleed);
}

/** Crop marks: thin, dark, in the margins (the plan keeps them off the cards). */
function drawMarks(doc: Doc, marks: Line[]): void {
  if (!marks.length) return;
  doc.save().lineWidth(0.4).strokeColor('#000000').lineCap('butt');
  for (const l of marks) doc.moveTo(mm(l.x1), mm(l.y1)).lineTo(mm(l.x2), mm(l.y2)).stroke();
  doc.restore();
}

function foldLine(doc: Doc, l: Line): void {
  doc.save().lineWidth(0.5).strokeColor('#9a9a9a').dash(mm(2), { space: mm(1.5) });
  doc.moveTo(mm(l.x1), mm(l.y1)).lineTo(mm(l.x2), mm(l.y2)).stroke();
  doc.undash().restore();
}

/**
 * Duplex calibration: a front page with thin crosses at the card block's corners and centre, and a back
 * page with graduated scales at the mirrored places. Held against the light, the number where a front
 * cross meets the back's scale is the --back-offset to give (x, then y).
 */
function calibrationPages(doc: Doc, surface: DrawingSurface, m: TextMeasure, plan: SheetPlan, off: { x: number; y: number }): number {
  const { paper } = plan;
  const t = plan.trimBox;
  const points = [
    { x: t.x + 10, y: t.y + 10 }, { x: t.x + t.w - 10, y: t.y + 10 },
    { x: t.x + t.w / 2, y: t.y + t.h / 2 },
    { x: t.x + 10, y: t.y + t.h - 10 }, { x: t.x + t.w - 10, y: t.y + t.h - 10 },
  ];
  const text = (s: string, y: number, size: number) =>
    fitText(surface, m, s, { x: mm(20), y: mm(y), w: mm(paper.w - 40), h: mm(size * 0.6) }, { size, minSize: 5, weight: 'regular', align: 'center', valign: 'middle', color: '#231f20', leading: 1.2 }, 'calibration page');
  doc.addPage({ size: [mm(paper.w), mm(paper.h)], margin: 0 });
  doc.save().lineWidth(0.3).strokeColor('#000000');
  for (const p of points) {
    doc.moveTo(mm(p.x - 8), mm(p.y)).lineTo(mm(p.x + 8), mm(p.y)).stroke();
    doc.moveTo(mm(p.x), mm(p.y - 8)).lineTo(mm(p.x), mm(p.y + 8)).stroke();
  }
  doc.restore();
  text('Duplex calibration — front. Print this page and the next one on one sheet, with the settings you will use for the cards (actual size, no scaling).', t.y + 22, 9);
  doc.addPage({ size: [mm(paper.w), mm(paper.h)], margin: 0 });
  // the scales' zero is where the back of each cross lands, with the offset already in use
  const flip = (p: { x: number; y: number }) => (plan.mirror === 'rows' ? { x: p.x + off.x, y: paper.h - p.y + off.y } : { x: paper.w - p.x + off.x, y: p.y + off.y });
  doc.save().lineWidth(0.3).strokeColor('#c8372d').fillColor('#c8372d');
  for (const p of points.map(flip)) {
    // ticks every mm, longer every 5 mm, numbered every 5: the reading is the offset to give
    for (let k = -8; k <= 8; k++) {
      const len = k % 5 === 0 ? 2.2 : 1.1;
      doc.moveTo(mm(p.x + k), mm(p.y - len)).lineTo(mm(p.x + k), mm(p.y + len)).stroke();
      doc.moveTo(mm(p.x - len), mm(p.y + k)).lineTo(mm(p.x + len), mm(p.y + k)).stroke();
    }
    doc.moveTo(mm(p.x - 8), mm(p.y)).lineTo(mm(p.x + 8), mm(p.y)).stroke();
    doc.moveTo(mm(p.x), mm(p.y - 8)).lineTo(mm(p.x), mm(p.y + 8)).stroke();
  }
  doc.restore();
  drawIcon(surface, 'star', { x: mm(paper.w / 2 - 3), y: mm(t.y + 30), w: mm(6), h: mm(6) }, '#c8372d', 'calibration page');
  text('Duplex calibration — back. Hold the sheet against the light: where each black cross of the front meets these red scales (1 mm ticks, long every 5 mm), read X (right +) and Y (down +), and print with --back-offset X,Y.', t.y + 40, 9);
  return 2;
}
