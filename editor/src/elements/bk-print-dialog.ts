// <bk-print-dialog>: what Print PDF prints and how — every card, a deck (the ruleset's named decks and its card
// types) or chosen cards, one copy of each or as counted, the card size, the paper, landscape, the backs and
// crop marks: the options of `babelkit print`, with the ruleset's own defaults filled in, and the command line
// that makes the same PDF. `choices` is what the print worker offers for the ruleset (null while it is read);
// `card` the card selected in the table. Sends `make-pdf` { options, stem } and `close`. Light DOM (app.css).
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import type { BacksMode, PdfOptions, PrintChoices } from '../print/api.js';

const BACKS: { id: BacksMode; label: string }[] = [
  { id: 'duplex-long', label: 'duplex, flip on the long edge (backs on every second page)' },
  { id: 'duplex-short', label: 'duplex, flip on the short edge' },
  { id: 'fold', label: 'fold: fronts and backs on one sheet, fold along the gutter' },
  { id: 'none', label: 'none: fronts only' },
];

type What = 'all' | 'deck' | 'cards';

export interface MakePdfDetail {
  options: PdfOptions;
  /** the file name's stem: the ruleset, and the deck or card printed */
  stem: string;
}

/** A shell word for the command line shown (quoted only when it needs it). */
function word(s: string): string {
  return /^[\w./:,=-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

export class BkPrintDialog extends LitElement {
  static override properties = {
    open: { type: Boolean },
    choices: { attribute: false },
    path: {},
    rulesetId: {},
    card: {},
    busy: { type: Boolean },
    error: {},
    what: { state: true },
    deck: { state: true },
    cards: { state: true },
    unique: { state: true },
    size: { state: true },
    customSize: { state: true },
    paper: { state: true },
    landscape: { state: true },
    backs: { state: true },
    cropMarks: { state: true },
  };

  declare open: boolean;
  declare choices: PrintChoices | null;
  /** the file printed, for the command line shown */
  declare path: string;
  declare rulesetId: string;
  declare card: string;
  declare busy: boolean;
  /** why the last PDF was not made */
  declare error: string;
  declare what: What;
  declare deck: string;
  declare cards: string;
  declare unique: boolean;
  declare size: string;
  declare customSize: string;
  declare paper: 'a4' | 'letter';
  declare landscape: boolean;
  declare backs: BacksMode;
  declare cropMarks: boolean;

  /** the choices the fields were last filled from (a new ruleset's defaults replace the old ones) */
  private filledFrom: PrintChoices | null = null;

  constructor() {
    super();
    this.open = false;
    this.choices = null;
    this.path = '';
    this.rulesetId = '';
    this.card = '';
    this.busy = false;
    this.error = '';
    this.what = 'all';
    this.deck = '';
    this.cards = '';
    this.unique = false;
    this.size = 'poker';
    this.customSize = '';
    this.paper = 'a4';
    this.landscape = false;
    this.backs = 'duplex-long';
    this.cropMarks = true;
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const c = this.choices;
    if (changed.has('choices') && c && this.filledFrom?.name !== c.name) {
      // a ruleset's own print defaults, once per ruleset (what the designer chose since stays)
      this.filledFrom = c;
      const d = c.defaults;
      const named = c.sizes.some((s) => s.id === d.size);
      this.size = named ? d.size : 'custom';
      this.customSize = named ? '' : d.size;
      this.paper = d.paper;
      this.landscape = d.landscape;
      this.backs = d.backs;
      this.cropMarks = d.cropMarks;
      if (!c.decks.some((x) => x.id === this.deck)) this.deck = c.decks[0]?.id ?? '';
    }
    if (changed.has('card') && this.card && !this.cards) this.cards = this.card;
  }

  protected override updated(changed: PropertyValues<this>): void {
    const dlg = this.querySelector('dialog');
    if (!dlg || !changed.has('open')) return;
    if (this.open && !dlg.open) dlg.showModal();
    else if (!this.open && dlg.open) dlg.close();
  }

  /** The options as chosen (only what differs from the ruleset's defaults is given: the rest are the defaults). */
  options(): PdfOptions {
    const o: PdfOptions = {};
    const d = this.choices?.defaults;
    if (this.what === 'deck' && this.deck) o.deck = this.deck;
    if (this.what === 'cards' && this.cards.trim()) o.cards = this.cards.split(',').map((s) => s.trim()).filter(Boolean).join(',');
    if (this.unique) o.unique = true;
    const size = this.size === 'custom' ? this.customSize.trim() : this.size;
    if (size && size !== d?.size) o.size = size;
    if (this.paper !== d?.paper) o.paper = this.paper;
    if (this.landscape !== (d?.landscape ?? false)) o.landscape = this.landscape;
    if (this.backs !== d?.backs) o.backs = this.backs;
    if (this.cropMarks !== (d?.cropMarks ?? true)) o.cropMarks = this.cropMarks;
    return o;
  }

  private stem(o: PdfOptions): string {
    const part = o.deck ?? (o.cards && !o.cards.includes(',') ? o.cards.replace(/^type:/, '') : o.cards ? 'cards' : '');
    return [this.rulesetId || 'ruleset', part].filter(Boolean).join('-');
  }

  /** `npx babelkit print FILE …` with the same choices. */
  command(o = this.options()): string {
    const a = ['npx', 'babelkit', 'print', word(this.path)];
    if (o.deck) a.push('--deck', word(o.deck));
    if (o.cards) a.push('--cards', word(o.cards));
    if (o.unique) a.push('--unique');
    if (o.size) a.push('--size', word(o.size));
    if (o.paper) a.push('--paper', o.paper);
    if (o.landscape) a.push('--landscape');
    if (o.backs) a.push('--backs', o.backs);
    if (o.cropMarks === false) a.push('--no-crop-marks');
    if (o.cropMarks === true) a.push('--crop-marks');
    a.push('--out', word(`${this.stem(o).replace(/[^\w-]+/g, '-')}-print-and-play.pdf`));
    return a.join(' ');
  }

  private make(e: Event): void {
    e.preventDefault();
    const options = this.options();
    this.dispatchEvent(new CustomEvent<MakePdfDetail>('make-pdf', { detail: { options, stem: this.stem(options) }, bubbles: true }));
  }

  private close(): void {
    this.dispatchEvent(new CustomEvent('close', { bubbles: true }));
  }

  protected override render() {
    const c = this.choices;
    const o = this.options();
    const sizeLabel = (s: { id: string; w: number; h: number }) => `${s.id} (${s.w} × ${s.h} mm)`;
    return html`<dialog class="bk-print-dialog" aria-label="Print PDF" @close=${() => this.open && this.close()} @cancel=${() => this.close()}>
      <form method="dialog" @submit=${(e: Event) => this.make(e)}>
        <h2>Print and play${c ? html` — ${c.name}` : nothing}</h2>
        ${!c
          ? html`<p class="bk-muted" data-print-loading>Reading the ruleset…</p>`
          : html`
            <fieldset>
              <legend>Cards</legend>
              <label><input type="radio" name="what" value="all" data-print-what="all" .checked=${this.what === 'all'} @change=${() => (this.what = 'all')} />
                every card (${c.cards})</label>
              <label><input type="radio" name="what" value="deck" data-print-what="deck" .checked=${this.what === 'deck'} ?disabled=${!c.decks.length}
                @change=${() => (this.what = 'deck')} /> a deck
                <select data-print-deck aria-label="deck" .value=${this.deck} ?disabled=${this.what !== 'deck'}
                  @change=${(e: Event) => (this.deck = (e.target as HTMLSelectElement).value)}>
                  ${c.decks.map((d) => html`<option value=${d.id} ?selected=${d.id === this.deck}>${d.name}${d.named ? '' : ' (card type)'} — ${d.cards}</option>`)}
                </select></label>
              <label><input type="radio" name="what" value="cards" data-print-what="cards" .checked=${this.what === 'cards'} @change=${() => (this.what = 'cards')} />
                these cards
                <input type="text" data-print-cards aria-label="card ids" placeholder="ids, comma-separated; type:ID for a type" .value=${this.cards}
                  ?disabled=${this.what !== 'cards'} @input=${(e: Event) => (this.cards = (e.target as HTMLInputElement).value)} /></label>
              <label><input type="checkbox" data-print-unique .checked=${this.unique} @change=${(e: Event) => (this.unique = (e.target as HTMLInputElement).checked)} />
                one copy of each card (not its count)</label>
            </fieldset>
            <fieldset>
              <legend>Sheet</legend>
              <label>Card size <select data-print-size .value=${this.size} @change=${(e: Event) => (this.size = (e.target as HTMLSelectElement).value)}>
                ${c.sizes.map((s) => html`<option value=${s.id} ?selected=${s.id === this.size}>${sizeLabel(s)}</option>`)}
                <option value="custom" ?selected=${this.size === 'custom'}>other (W × H mm)</option>
              </select></label>
              ${this.size === 'custom'
                ? html`<label>W×H <input type="text" data-print-custom-size placeholder="63x88" .value=${this.customSize}
                    @input=${(e: Event) => (this.customSize = (e.target as HTMLInputElement).value)} /></label>`
                : nothing}
              <label>Paper <select data-print-paper .value=${this.paper} @change=${(e: Event) => (this.paper = (e.target as HTMLSelectElement).value as 'a4' | 'letter')}>
                <option value="a4" ?selected=${this.paper === 'a4'}>A4</option>
                <option value="letter" ?selected=${this.paper === 'letter'}>Letter</option>
              </select></label>
              <label><input type="checkbox" data-print-landscape .checked=${this.landscape} @change=${(e: Event) => (this.landscape = (e.target as HTMLInputElement).checked)} /> landscape</label>
              <label>Backs <select data-print-backs .value=${this.backs} @change=${(e: Event) => (this.backs = (e.target as HTMLSelectElement).value as BacksMode)}>
                ${BACKS.map((b) => html`<option value=${b.id} ?selected=${b.id === this.backs}>${b.label}</option>`)}
              </select></label>
              <label><input type="checkbox" data-print-crop-marks .checked=${this.cropMarks} @change=${(e: Event) => (this.cropMarks = (e.target as HTMLInputElement).checked)} /> crop marks</label>
            </fieldset>
            <p class="bk-print-command">The same PDF from the command line (with the file saved):<br /><code data-print-command>${this.command(o)}</code></p>`}
        ${this.error ? html`<p class="bk-error" role="alert" data-print-error>${this.error}</p>` : nothing}
        <div class="bk-dialog-buttons">
          <button type="button" data-print-cancel @click=${() => this.close()}>Cancel</button>
          <button type="submit" class="primary" data-print-make ?disabled=${!c || this.busy}>${this.busy ? 'Making PDF…' : 'Make PDF'}</button>
        </div>
      </form>
    </dialog>`;
  }
}

customElements.define('bk-print-dialog', BkPrintDialog);

declare global {
  interface HTMLElementTagNameMap {
    'bk-print-dialog': BkPrintDialog;
  }
}
