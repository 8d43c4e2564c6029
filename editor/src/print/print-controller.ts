// The card preview and the PDF, driven from the page: asks the print worker (print.worker.ts) for the
// selected card's drawing whenever the card or the text changes — the newest request for a card wins —
// for what the print dialog offers, and for one print-and-play PDF at a time. Says 'change' when what it shows changed.
import { RpcClient } from '../shared/rpc-client.js';
import type { RulesetSource } from '../shared/source.js';
import { download } from '../files.js';
import type { PdfOptions, PreviewResult, PrintApi, PrintChoices } from './api.js';

export interface PreviewState {
  front: string;
  back: string;
  error: string;
  busy: boolean;
  /** card width, height and bleed, in mm */
  size: [number, number, number] | null;
  note: string;
  /** the card drawn */
  card?: string;
}

const EMPTY: PreviewState = { front: '', back: '', error: '', busy: false, size: null, note: '' };

export class PrintController extends EventTarget {
  preview: PreviewState = EMPTY;
  pdfBusy = false;
  /** the card the preview is for ('' for none) */
  private card = '';
  private fontsAdded = false;
  private readonly worker = new RpcClient<PrintApi>(() => new Worker(new URL('./print.worker.ts', import.meta.url), { type: 'module' }), {
    name: 'the print worker',
  });

  /**
   * `source`: the ruleset in the editor now; `hasErrors`: whether its text has errors now (then a drawing
   * that fails keeps the last good one, marked as such).
   */
  constructor(
    private readonly source: () => RulesetSource,
    private readonly hasErrors: () => boolean,
  ) {
    super();
  }

  /** The card being previewed ('' for none). */
  get shown(): string {
    return this.card;
  }

  /** Previews `card` (or nothing, for ''). */
  show(card: string): void {
    this.card = card;
    void this.refresh();
  }

  /** Draws the card again from the current text (after a validation). */
  async refresh(): Promise<void> {
    const card = this.card;
    if (!card) return;
    void this.addFonts();
    this.set({ ...this.preview, busy: true });
    let message = '';
    let r: PreviewResult | null = null;
    try {
      r = await this.worker.latest('preview', { ...this.source(), card }, card);
      if (r === null) return; // a newer drawing of this card was asked for
    } catch (e) {
      message = e instanceof Error ? e.message : String(e);
    }
    if (card !== this.card) return;
    if (r) this.set({ front: r.front, back: r.back, error: '', busy: false, size: r.size, note: '', card });
    else if (this.preview.front && this.preview.card === card && this.hasErrors()) {
      // while the text has errors the last good drawing stays, marked as such
      this.set({ ...this.preview, busy: false, note: 'Drawn from the last version without errors.' });
    } else this.set({ ...EMPTY, error: message, card });
  }

  /** What the print dialog offers for the ruleset in the editor now (its decks, sizes and print defaults). */
  choices(): Promise<PrintChoices> {
    return this.worker.call('choices', this.source());
  }

  /**
   * Makes the print-and-play PDF with `options` (those of `babelkit print`) and downloads it as
   * `<stem>-print-and-play.pdf`; one at a time (null while one is being made). Resolves with what to tell the
   * user, and whether a PDF was made.
   */
  async pdf(stem: string, options: PdfOptions = {}): Promise<{ ok: boolean; message: string } | null> {
    if (this.pdfBusy) return null;
    this.pdfBusy = true;
    this.changed();
    const t = performance.now();
    try {
      const r = await this.worker.call('pdf', { ...this.source(), options });
      const name = `${stem.replace(/[^\w-]+/g, '-')}-print-and-play.pdf`;
      download(name, new Blob([r.bytes as BlobPart], { type: 'application/pdf' }));
      return { ok: true, message: `${name}: ${r.cards} cards on ${r.pages} pages (${((performance.now() - t) / 1000).toFixed(1)} s).` };
    } catch (e) {
      return { ok: false, message: `No PDF: ${e instanceof Error ? e.message : String(e)}` };
    } finally {
      this.pdfBusy = false;
      this.changed();
    }
  }

  /** The print fonts in the page too, so that the preview's SVG text is drawn with them. Each is fetched and
   *  decoded when text first needs it (a face added to the document's fonts loads on first use): a ruleset with
   *  no Japanese text never loads the 2.7 MB of the Japanese faces. */
  private async addFonts(): Promise<void> {
    if (this.fontsAdded) return;
    this.fontsAdded = true;
    const { faces, familyOf } = await import('./fonts.js');
    for (const [face, url] of faces()) {
      document.fonts.add(new FontFace(familyOf(face), `url(${url})`, { weight: face.startsWith('bold') ? '700' : '400' }));
    }
  }

  private set(p: PreviewState): void {
    this.preview = p;
    this.changed();
  }

  private changed(): void {
    this.dispatchEvent(new Event('change'));
  }
}
