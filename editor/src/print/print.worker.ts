// Print worker: loads the edited ruleset with the project's loader and runs print/ on it — a card drawn
// to SVG by print/'s own renderCard (the preview), the print-and-play PDF (printDeck, with the options of
// `babelkit print`), or what the print dialog offers (decks, sizes, the ruleset's defaults).
import '../shared/schema-check.js';
import { formatDiagnostic } from '../../../engine/index.js';
import { loadRulesetText } from '../../../engine/index.js';
import type { Game } from '../../../engine/index.js';
import { CARD_SIZES, measuringFonts, printDeck, selectCards, type FontSet, type TextMeasure } from '../../../print/index.js';
import { FONT_URLS, familyOf } from './fonts.js';
import { previewCard } from './preview.js';
import { serve } from '../shared/rpc-serve.js';
import type { PrintApi, PrintChoices } from './api.js';
import { imageReaderOf } from '../shared/source.js';

/** A font file the drawing needs and the worker has not fetched yet: the drawing stops there, the file is fetched,
 *  and the drawing starts again. A card in Latin script never fetches the Japanese faces (2.7 MB). */
class FontNeeded extends Error {
  constructor(readonly file: LazyFont) {
    super(`the font ${file.name} is not loaded yet`);
  }
}

interface LazyFont {
  readonly name: string;
  readonly url: string;
  data: Uint8Array | null;
  readonly bytes: Uint8Array;
}

function lazyFont(f: { name: string; url: string }): LazyFont {
  const o: LazyFont = {
    name: f.name,
    url: f.url,
    data: null,
    get bytes(): Uint8Array {
      if (!o.data) throw new FontNeeded(o);
      return o.data;
    },
  };
  return o;
}

const fonts = { regular: FONT_URLS.regular.map(lazyFont), bold: FONT_URLS.bold.map(lazyFont) };
const fontSet: FontSet = fonts;
const fetching = new Map<LazyFont, Promise<void>>();

function fetchFont(f: LazyFont): Promise<void> {
  let p = fetching.get(f);
  if (!p) {
    p = fetch(f.url).then(async (r) => {
      if (!r.ok) throw new Error(`the font ${f.name} could not be fetched (${r.status})`);
      f.data = new Uint8Array(await r.arrayBuffer());
    });
    // a failed fetch may be tried again by the next drawing
    p.catch(() => fetching.delete(f));
    fetching.set(f, p);
  }
  return p;
}

/** `draw`, run again after fetching each font file it turns out to need (each at most once). The primary faces
 *  (regular and bold Latin), which every card's text needs, are fetched before the first try. */
async function withFonts<T>(draw: () => T | Promise<T>): Promise<T> {
  await Promise.all([fetchFont(fonts.regular[0]!), fetchFont(fonts.bold[0]!)]);
  for (;;) {
    try {
      return await draw();
    } catch (e) {
      if (!(e instanceof FontNeeded)) throw e;
      await fetchFont(e.file);
    }
  }
}

function load(path: string, files: Record<string, string>, images?: Record<string, Uint8Array>): Game {
  const read = (p: string) => (Object.prototype.hasOwnProperty.call(files, p) ? files[p] : undefined);
  const r = loadRulesetText(path, read(path) ?? '', read, { readImage: imageReaderOf(images) });
  if (!r.game) {
    const first = r.diagnostics.find((d) => d.severity === 'error');
    throw new Error(first ? `the ruleset has errors (${formatDiagnostic(first)})` : 'the ruleset could not be loaded');
  }
  return r.game;
}

// the same fonts and widths as the PDF, so lines break alike
let measure: TextMeasure | null = null;

function preview(path: string, files: Record<string, string>, cardId: string, images?: Record<string, Uint8Array>) {
  const game = load(path, files, images);
  return withFonts(() => previewCard(game, cardId, (measure ??= measuringFonts(fontSet)), familyOf));
}

serve<PrintApi>({
  async preview(q) {
    return { card: q.card, ...(await preview(q.path, q.files, q.card, q.images)) };
  },
  async pdf(q, ctx) {
    const game = load(q.path, q.files, q.images);
    // the same options as `babelkit print` (a bad one is an error with the command line's message)
    const r = await withFonts(() => printDeck(game, fontSet, { ...(q.options ?? {}) }));
    ctx.transfer(r.bytes.buffer);
    return { bytes: r.bytes, pages: r.pages, cards: r.cards };
  },
  choices(q) {
    return printChoices(load(q.path, q.files, q.images));
  },
});

function printChoices(game: Game): PrintChoices {
  const copies = (o: { deck?: string }) => {
    try {
      return selectCards(game, o).length;
    } catch {
      return 0; // a card type with nothing to print (pieces)
    }
  };
  const named = game.print.decks.map((d) => ({ id: d.id, name: d.name ?? d.id, cards: copies({ deck: d.id }), named: true }));
  const types = game.cardTypes
    .filter((t) => !named.some((d) => d.id === t.id))
    .map((t) => ({ id: t.id, name: t.name ?? t.id, cards: copies({ deck: t.id }), named: false }))
    .filter((d) => d.cards > 0);
  const p = game.print;
  const sizes = Object.entries(CARD_SIZES).map(([id, s]) => ({ id, w: s.w, h: s.h }));
  const size = p.size ? (sizes.find((s) => s.w === p.size!.w && s.h === p.size!.h)?.id ?? `${p.size.w}x${p.size.h}`) : 'poker';
  return {
    name: game.name,
    decks: [...named, ...types],
    cards: copies({}),
    sizes,
    defaults: { size, paper: p.paper ?? 'a4', landscape: p.landscape ?? false, backs: p.backs ?? 'duplex-long', cropMarks: p.cropMarks ?? true },
  };
}
