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

let fontSet: Promise<FontSet> | null = null;

function loadFonts(): Promise<FontSet> {
  const get = async (f: { name: string; url: string }) => ({ name: f.name, bytes: new Uint8Array(await (await fetch(f.url)).arrayBuffer()) });
  fontSet ??= Promise.all([Promise.all(FONT_URLS.regular.map(get)), Promise.all(FONT_URLS.bold.map(get))]).then(([regular, bold]) => ({ regular, bold }));
  return fontSet;
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

let measure: { m: TextMeasure; fonts: FontSet } | null = null;

async function preview(path: string, files: Record<string, string>, cardId: string, images?: Record<string, Uint8Array>) {
  const game = load(path, files, images);
  const fonts = await loadFonts();
  // the same fonts and widths as the PDF, so lines break alike
  if (!measure || measure.fonts !== fonts) measure = { m: measuringFonts(fonts), fonts };
  return previewCard(game, cardId, measure.m, familyOf);
}

serve<PrintApi>({
  async preview(q) {
    return { card: q.card, ...(await preview(q.path, q.files, q.card, q.images)) };
  },
  async pdf(q, ctx) {
    const game = load(q.path, q.files, q.images);
    // the same options as `babelkit print` (a bad one is an error with the command line's message)
    const r = await printDeck(game, await loadFonts(), { ...(q.options ?? {}) });
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
