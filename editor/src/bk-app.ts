// <bk-app>: the shell — the toolbar, the Edit tab and the pages after it (PAGES), the status bar. It creates the models and
// hands them to the tabs: the workspace (workspace.ts), the validation loop (validation/), the preview and
// PDF (print/), the file commands (file-actions.ts). Light DOM, so Monaco's CSS applies inside the Edit
// tab (elements/bk-edit-view.ts). Monaco, print/ and the playtest load lazily.
import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { Workspace } from './workspace.js';
import { ValidationLoop } from './validation/validation-loop.js';
import { PrintController } from './print/print-controller.js';
import { FileActions } from './file-actions.js';
import { Watch } from './shared/watch.js';
import type { RulesetSource } from './shared/source.js';
import type { OpenVariantDetail } from './simulate/protocol.js';
import type { MonacoEditors } from './monaco/editor.js';
import './elements/bk-edit-view.js';
import './elements/bk-print-dialog.js';
import type { MakePdfDetail } from './elements/bk-print-dialog.js';
import type { PrintChoices } from './print/api.js';

/** The tabs after Edit: each page loads its module on first use and draws its element with the ruleset open in
 *  the editor. A new tab is one entry here (and its element's module). */
const PAGES = [
  {
    id: 'playtest',
    label: 'Playtest',
    load: import.meta.glob('./playtest/bk-playtest.ts')['./playtest/bk-playtest.ts'],
    page: (source: RulesetSource): TemplateResult => html`<bk-playtest .source=${source}></bk-playtest>`,
  },
  {
    id: 'simulate',
    label: 'Simulate',
    load: import.meta.glob('./simulate/bk-simulate.ts')['./simulate/bk-simulate.ts'],
    // the Tune panel's "Open as variant" opens the tuned settings as a new file in the Edit tab
    page: (source: RulesetSource, app: BkApp): TemplateResult => html`<bk-simulate .source=${source}
      @open-variant=${(e: CustomEvent<OpenVariantDetail>) => app.openVariant(e.detail)}></bk-simulate>`,
  },
] as const;

type Page = (typeof PAGES)[number];
export type View = 'edit' | Page['id'];

/** What the page exposes to its tests and the editor benchmark as `window.bk`. */
interface TestHook {
  ready: boolean;
  app: BkApp;
  ws: Workspace;
  editors?: MonacoEditors;
  /** resolves when the validation of the current text has been shown */
  settled(): Promise<void>;
  timings: Record<string, number>;
}

declare global {
  interface Window {
    bk: TestHook;
  }
}

export class BkApp extends LitElement {
  static override properties = {
    view: { state: true },
    ready: { state: true },
    status: { state: true },
    cursor: { state: true },
    sideOpen: { state: true },
    printOpen: { state: true },
    printChoices: { state: true },
    printError: { state: true },
  };

  declare view: View;
  /** which pages' modules have loaded ('missing': not part of this build) */
  declare ready: Partial<Record<Page['id'], true | 'missing'>>;
  declare status: string;
  declare cursor: string;
  declare sideOpen: boolean;
  /** the print dialog is open */
  declare printOpen: boolean;
  declare printChoices: PrintChoices | null;
  declare printError: string;

  readonly ws = new Workspace();
  readonly validation = new ValidationLoop(this.ws);
  readonly print = new PrintController(
    () => ({ path: this.ws.current, files: this.ws.texts(), images: this.ws.imageFiles() }),
    () => this.validation.errors > 0,
  );
  private readonly files = new FileActions(this.ws, (s) => (this.status = s));
  /** bumped by every change to a file: the playtest's source is a new object only then */
  private version = 0;
  private source: { key: string; value: RulesetSource } | null = null;
  private readonly t0 = performance.now();

  constructor() {
    super();
    this.view = 'edit';
    this.ready = {};
    this.status = this.ws.restored ? 'Restored your work from browser storage.' : '';
    this.cursor = '';
    this.sideOpen = true;
    this.printOpen = false;
    this.printChoices = null;
    this.printError = '';
    new Watch(this).watch(this.ws, this.validation, this.print);
    window.bk = { ready: false, app: this, ws: this.ws, settled: () => this.validation.settled(), timings: {} };
    this.ws.addEventListener('change', () => this.version++);
    this.ws.addEventListener('persisted', () => (this.status = `Autosaved in this browser at ${new Date().toLocaleTimeString()}.`));
    this.ws.addEventListener('persist-error', (e) => (this.status = `Could not autosave: ${e instanceof CustomEvent ? String(e.detail) : ''}`));
    // a new result redraws the selected card from the new text
    this.validation.addEventListener('checked', () => void this.print.refresh());
    window.addEventListener('beforeunload', (e) => {
      this.ws.persist();
      if (this.ws.anyDirty()) {
        e.preventDefault();
        e.returnValue = '';
      }
    });
    window.addEventListener('keydown', (e) => {
      if ((e.ctrlKey || e.metaKey) && e.key === 's') {
        e.preventDefault();
        void this.files.save();
      }
    });
  }

  /** The current text has not been checked yet (tests wait on it). */
  get pending(): boolean {
    return this.validation.pending;
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.validation.start();
  }

  private onEditorReady(editors: MonacoEditors): void {
    window.bk.editors = editors;
    window.bk.timings.monacoMs = performance.now() - this.t0;
    window.bk.ready = true;
  }

  /** Print PDF: the dialog, filled with what the ruleset in the editor offers. */
  private async openPrint(): Promise<void> {
    this.printOpen = true;
    this.printError = '';
    this.printChoices = null;
    try {
      this.printChoices = await this.print.choices();
    } catch (e) {
      this.printError = `The ruleset cannot be printed: ${e instanceof Error ? e.message : String(e)}`;
    }
  }

  private async makePdf(d: MakePdfDetail): Promise<void> {
    this.status = 'Making the print-and-play PDF…';
    this.printError = '';
    const r = await this.print.pdf(d.stem, d.options);
    if (!r) return;
    this.status = r.message;
    if (r.ok) this.printOpen = false;
    else this.printError = r.message;
  }

  /** The image files the open ruleset looked for and did not find (its problems say where). */
  private lookedFor(): string[] {
    return this.validation.diagnostics.flatMap((d) => /^image '.*' not found \(looked for (.+)\)$/.exec(d.message)?.[1] ?? []);
  }

  /** The playtest's input: the same object until a file or the current path changes. */
  private playtestSource(): RulesetSource {
    const key = `${this.ws.current}\u0000${this.version}`;
    if (this.source?.key !== key) this.source = { key, value: { path: this.ws.current, files: this.ws.texts(), images: this.ws.imageFiles() } };
    return this.source.value;
  }

  /** A variant made elsewhere (the Tune panel's settings) opened as a new file in the Edit tab. */
  openVariant(v: OpenVariantDetail): void {
    this.files.tunedVariant(v.stem, v.make);
    this.view = 'edit';
  }

  private async show(p: Page): Promise<void> {
    this.view = p.id;
    if (this.ready[p.id]) return;
    if (!p.load) {
      this.ready = { ...this.ready, [p.id]: 'missing' };
      return;
    }
    await p.load();
    this.ready = { ...this.ready, [p.id]: true };
  }

  private renderToolbar() {
    const ws = this.ws;
    const unchanged = ws.entry.bundled && !ws.isDirty() && ws.entry.text === ws.entry.saved;
    return html`<div class="bk-actions">
      <button aria-pressed=${this.sideOpen} @click=${() => (this.sideOpen = !this.sideOpen)} title="Show or hide the cards panel">Cards</button>
      <button @click=${() => this.files.newVariant(this.validation.value)} title="A new file that extends this one">New variant</button>
      <button @click=${() => this.files.open(this.lookedFor())} title="A ruleset, and the images its cards draw">Open…</button>
      <button @click=${() => this.files.save()} title="Ctrl+S">Save</button>
      <button @click=${() => this.files.revert()} ?disabled=${unchanged}>${ws.entry.bundled ? 'Revert' : 'Close'}</button>
      <button class="primary" @click=${() => this.openPrint()} ?disabled=${this.print.pdfBusy || this.validation.errors > 0} title="Choose the cards, the size, the paper and the backs">
        ${this.print.pdfBusy ? 'Making PDF…' : 'Print PDF…'}
      </button>
    </div>`;
  }

  protected override render() {
    const v = this.validation;
    const errors = v.errors;
    return html`
      <header class="bk-top">
        <span class="bk-brand">babelkit <span>ruleset editor</span></span>
        <nav class="bk-views" role="tablist">
          <button role="tab" aria-selected=${this.view === 'edit'} @click=${() => (this.view = 'edit')}>Edit</button>
          ${PAGES.map((p) => html`<button role="tab" aria-selected=${this.view === p.id} @click=${() => this.show(p)}>${p.label}</button>`)}
        </nav>
        ${this.renderToolbar()}
      </header>
      <bk-edit-view class="bk-main ${this.sideOpen ? '' : 'no-side'}" ?hidden=${this.view !== 'edit'} .ws=${this.ws} .validation=${v} .print=${this.print}
        @status=${(e: CustomEvent<{ message: string }>) => (this.status = e.detail.message)}
        @cursor=${(e: CustomEvent<{ line: number; col: number }>) => (this.cursor = `Ln ${e.detail.line}, Col ${e.detail.col}`)}
        @editor-ready=${(e: CustomEvent<{ editors: MonacoEditors }>) => this.onEditorReady(e.detail.editors)}></bk-edit-view>
      ${PAGES.map((p) => html`<section class="bk-${p.id}" ?hidden=${this.view !== p.id}>
        ${this.ready[p.id] === true ? p.page(this.playtestSource(), this) : this.ready[p.id] === 'missing' ? html`<p class="bk-empty">The ${p.label} tab is not part of this build.</p>` : nothing}
      </section>`)}
      <bk-print-dialog ?open=${this.printOpen} .choices=${this.printChoices} .path=${this.ws.current} .rulesetId=${v.value?.id ?? ''}
        .card=${this.print.shown} ?busy=${this.print.pdfBusy} .error=${this.printError}
        @make-pdf=${(e: CustomEvent<MakePdfDetail>) => this.makePdf(e.detail)} @close=${() => (this.printOpen = false)}></bk-print-dialog>
      <footer class="bk-status">
        <span class="${v.pending ? '' : errors ? 'bad' : 'good'}">${v.pending ? 'Checking…' : errors ? `${errors} error${errors === 1 ? '' : 's'}` : '✓ Valid ruleset'}</span>
        <span>${this.cursor}</span>
        <span class="bk-status-msg" role="status">${this.status}</span>
      </footer>
    `;
  }
}

customElements.define('bk-app', BkApp);

declare global {
  interface HTMLElementTagNameMap {
    'bk-app': BkApp;
  }
}
