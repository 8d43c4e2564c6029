// Print worker: loads the edited ruleset with the project's loader and runs print/ on it — a card drawn
// to SVG by print/'s own renderCard (the preview), or the whole print-and-play PDF (printDeck).
import { formatDiagnostic } from '../../../engine/index.js';
import { loadRulesetText } from '../../../engine/index.js';
import type { Game } from '../../../engine/index.js';
import { measuringFonts, printDeck, type FontSet, type TextMeasure } from '../../../print/index.js';
import { FONT_URLS, familyOf } from './fonts.js';
import { previewCard } from './preview.js';

export type PrintRequest =
  | { id: number; kind: 'preview'; path: string; files: Record<string, string>; card: string }
  | { id: number; kind: 'pdf'; path: string; files: Record<string, string> };

export type PrintResponse =
  | { id: number; kind: 'preview'; front: string; back: string; size: [number, number, number]; card: string }
  | { id: number; kind: 'pdf'; bytes: Uint8Array; pages: number; cards: number }
  | { id: number; kind: 'error'; message: string };

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
  const fonts = await loadFonts();
  // the same fonts and widths as the PDF, so lines break alike
  if (!measure || measure.fonts !== fonts) measure = { m: measuringFonts(fonts), fonts };
  return previewCard(game, cardId, measure.m, familyOf);
}

self.onmessage = async (e: MessageEvent<PrintRequest>) => {
  const q = e.data;
  const post = (r: PrintResponse, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(r, transfer);
  try {
    if (q.kind === 'preview') {
      const p = await preview(q.path, q.files, q.card);
      post({ id: q.id, kind: 'preview', card: q.card, ...p });
    } else {
      const game = load(q.path, q.files);
      const r = await printDeck(game, await loadFonts(), {});
      post({ id: q.id, kind: 'pdf', bytes: r.bytes, pages: r.pages, cards: r.cards }, [r.bytes.buffer]);
    }
  } catch (err) {
    post({ id: q.id, kind: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
