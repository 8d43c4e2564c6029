// Print worker: loads the edited ruleset with the project's loader and runs print/ on it — a card drawn
// to SVG by print/'s own renderCard (the preview), or the whole print-and-play PDF (printDeck).
import { formatDiagnostic } from '../../../engine/index.js';
import { loadRulesetText } from '../../../engine/index.js';
import type { Game } from '../../../engine/index.js';
import { measuringFonts, printDeck, type FontSet, type TextMeasure } from '../../../print/index.js';
import { FONT_URLS, familyOf } from './fonts.js';
import { previewCard } from './preview.js';
import { serve } from '../shared/rpc-serve.js';
import type { PrintApi } from './api.js';

let fontSet: Promise<FontSet> | null = null;

function loadFonts(): Promise<FontSet> {
  const get = async (f: { name: string; url: string }) => ({ name: f.name, bytes: new Uint8Array(await (await fetch(f.url)).arrayBuffer()) });
  fontSet ??= Promise.all([Promise.all(FONT_URLS.regular.map(get)), Promise.all(FONT_URLS.bold.map(get))]).then(([regular, bold]) => ({ regular, bold }));
  return fontSet;
}

function load(path: string, files: Record<string, string>): Game {
  const read = (p: string) => (Object.prototype.hasOwnProperty.call(files, p) ? files[p] : undefined);
  const r = loadRulesetText(path, read(path) ?? '', read);
  if (!r.game) {
    const first = r.diagnostics.find((d) => d.severity === 'error');
    throw new Error(first ? `the ruleset has errors (${formatDiagnostic(first)})` : 'the ruleset could not be loaded');
  }
  return r.game;
}

let measure: { m: TextMeasure; fonts: FontSet } | null = null;

async function preview(path: string, files: Record<string, string>, cardId: string) {
  const game = load(path, files);
  const fonts = await loadFonts();
  // the same fonts and widths as the PDF, so lines break alike
  if (!measure || measure.fonts !== fonts) measure = { m: measuringFonts(fonts), fonts };
  return previewCard(game, cardId, measure.m, familyOf);
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
