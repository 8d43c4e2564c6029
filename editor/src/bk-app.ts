// <bk-app>: the shell. The Edit tab — file list | code editor over the problems list | cards panel — and the
// Playtest tab, the toolbar and the status bar. It owns the models and wires them to the panels: the
// workspace (workspace.ts), the validation loop (validation/), the preview and PDF (print/), the file
// commands (file-actions.ts). Light DOM, so Monaco's CSS applies. Monaco, print/ and the playtest load lazily.
import { LitElement, html, nothing } from 'lit';
import { Workspace } from './workspace.js';
import { ValidationLoop } from './validation/validation-loop.js';
import { PrintController } from './print/print-controller.js';
import { FileActions } from './file-actions.js';
import { Watch } from './shared/watch.js';
import { EditError, setCardCell, setCardField, type CardValue } from './yaml-edit.js';
import type { MonacoEditors } from './monaco/editor.js';
import type { BkEditorPanes } from './elements/bk-editor-panes.js';
import type { JumpDetail } from './elements/bk-problems.js';
import type { CardEditDetail } from './elements/bk-card-table.js';
import type { CardCellSetDetail } from './elements/bk-card-detail.js';
import './elements/bk-file-list.js';
import './elements/bk-editor-panes.js';
import './elements/bk-problems.js';
import './elements/bk-card-table.js';
import './elements/bk-card-detail.js';

const playtestModule = import.meta.glob('./playtest/bk-playtest.ts');

export type View = 'edit' | 'playtest';

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
    playtestReady: { state: true },
    selected: { state: true },
    status: { state: true },
    cursor: { state: true },
    sideOpen: { state: true },
  };

  declare view: View;
  declare playtestReady: boolean | 'missing';
  /** the card selected in the table */
  declare selected: string;
  declare status: string;
  declare cursor: string;
  declare sideOpen: boolean;

  readonly ws = new Workspace();
  readonly validation = new ValidationLoop(this.ws);
  private readonly print = new PrintController(
    () => ({ path: this.ws.current, files: this.ws.texts() }),
    () => this.validation.errors > 0,
  );
  private readonly files = new FileActions(this.ws, (s) => (this.status = s));
  /** bumped by every change to a file: the playtest's source is a new object only then */
  private version = 0;
  private source: { key: string; value: { path: string; files: Record<string, string> } } | null = null;
  private readonly t0 = performance.now();

  constructor() {
    super();
    this.view = 'edit';
    this.playtestReady = false;
    this.selected = '';
    this.status = this.ws.restored ? 'Restored your work from browser storage.' : '';
    this.cursor = '';
    this.sideOpen = true;
    new Watch(this, this.ws, ['change']);
    new Watch(this, this.validation, ['change']);
    new Watch(this, this.print, ['change']);
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

  private get panes(): BkEditorPanes | null {
    return this.querySelector('bk-editor-panes');
  }

  private onEditorReady(editors: MonacoEditors): void {
    window.bk.editors = editors;
    window.bk.timings.monacoMs = performance.now() - this.t0;
    window.bk.ready = true;
    this.dispatchEvent(new CustomEvent('editor-ready'));
  }

  /** A form edit: the new text replaces the file's (the code editor shows it as one undoable edit). */
  private applyEdit(edit: (src: string) => string): void {
    try {
      this.ws.setText(edit(this.ws.entry.text));
    } catch (e) {
      this.status = e instanceof EditError ? `Not changed: ${e.message}` : `Not changed: ${String(e)}`;
    }
  }

  private onCardEdit(d: CardEditDetail): void {
    this.applyEdit((src) => setCardField(src, d.id, d.key, d.value));
  }

  private onCellSet(d: CardCellSetDetail): void {
    const merged: CardValue | undefined = this.validation.value?.cards?.find((c) => c.id === d.id);
    this.applyEdit((src) => setCardCell(src, d.id, d.field, d.cell, d.count, merged));
  }

  private async onJump(d: JumpDetail): Promise<void> {
    if (d.file !== this.ws.current && this.ws.files.has(d.file)) {
      this.ws.open(d.file);
      await this.updateComplete; // the code editor is given the file
    }
    await this.panes?.reveal(d.line, d.col);
  }

  private select(id: string): void {
    this.selected = id;
    this.print.show(id);
  }

  private async printPdf(): Promise<void> {
    this.status = 'Making the print-and-play PDF…';
    const said = await this.print.pdf(this.validation.value?.id ?? 'ruleset');
    if (said !== null) this.status = said;
  }

  /** The playtest's input: the same object until a file or the current path changes. */
  private playtestSource(): { path: string; files: Record<string, string> } {
    const key = `${this.ws.current}\u0000${this.version}`;
    if (this.source?.key !== key) this.source = { key, value: { path: this.ws.current, files: this.ws.texts() } };
    return this.source.value;
  }

  private async showPlaytest(): Promise<void> {
    this.view = 'playtest';
    if (this.playtestReady) return;
    const load = playtestModule['./playtest/bk-playtest.ts'];
    if (!load) {
      this.playtestReady = 'missing';
      return;
    }
    await load();
    this.playtestReady = true;
  }

  private renderToolbar() {
    const ws = this.ws;
    const unchanged = ws.entry.bundled && !ws.isDirty() && ws.entry.text === ws.entry.saved;
    return html`<div class="bk-actions">
      <button aria-pressed=${this.sideOpen} @click=${() => (this.sideOpen = !this.sideOpen)} title="Show or hide the cards panel">Cards</button>
      <button @click=${() => this.files.newVariant(this.validation.value)} title="A new file that extends this one">New variant</button>
      <button @click=${() => this.files.open()}>Open…</button>
      <button @click=${() => this.files.save()} title="Ctrl+S">Save</button>
      <button @click=${() => this.files.revert()} ?disabled=${unchanged}>${ws.entry.bundled ? 'Revert' : 'Close'}</button>
      <button class="primary" @click=${() => this.printPdf()} ?disabled=${this.print.pdfBusy || this.validation.errors > 0}>
        ${this.print.pdfBusy ? 'Making PDF…' : 'Print PDF'}
      </button>
    </div>`;
  }

  private renderEdit() {
    const { ws, validation: v } = this;
    const base = v.basePath ? ws.files.get(v.basePath) : undefined;
    return html`<main class="bk-main ${this.sideOpen ? '' : 'no-side'}" ?hidden=${this.view !== 'edit'}
        @open-file=${(e: CustomEvent<{ path: string }>) => ws.open(e.detail.path)}>
      <bk-file-list class="bk-files" aria-label="files" .current=${ws.current}
        .files=${[...ws.files.values()].map((f) => ({ path: f.path, bundled: f.bundled, dirty: f.text !== f.saved }))}></bk-file-list>
      <section class="bk-center">
        <bk-editor-panes .path=${ws.current} .text=${ws.entry.text} ?dirty=${ws.isDirty()} .rulesetName=${v.value?.name ?? ''}
          .basePath=${base?.path ?? ''} .baseText=${base?.text ?? ''} .diagnostics=${v.diagnostics} .diagnosticFiles=${v.files}
          @edit=${(e: CustomEvent<{ path: string; text: string }>) => ws.setText(e.detail.text, e.detail.path)}
          @cursor=${(e: CustomEvent<{ line: number; col: number }>) => (this.cursor = `Ln ${e.detail.line}, Col ${e.detail.col}`)}
          @editor-ready=${(e: CustomEvent<{ editors: MonacoEditors }>) => this.onEditorReady(e.detail.editors)}></bk-editor-panes>
        <bk-problems class="bk-problems" .diagnostics=${v.diagnostics} .current=${ws.current} ?pending=${v.pending}
          @jump=${(e: CustomEvent<JumpDetail>) => this.onJump(e.detail)}></bk-problems>
      </section>
      <aside class="bk-side" aria-label="cards" @card-edit=${(e: CustomEvent<CardEditDetail>) => this.onCardEdit(e.detail)}>
        <h2>Cards</h2>
        <bk-card-table .cards=${v.value?.cards ?? []} .selected=${this.selected}
          @card-select=${(e: CustomEvent<{ id: string }>) => this.select(e.detail.id)}></bk-card-table>
        <bk-card-detail .value=${v.value} .card=${this.selected} .preview=${this.print.preview}
          @card-cell-set=${(e: CustomEvent<CardCellSetDetail>) => this.onCellSet(e.detail)}></bk-card-detail>
      </aside>
    </main>`;
  }

  protected override render() {
    const v = this.validation;
    const errors = v.errors;
    return html`
      <header class="bk-top">
        <span class="bk-brand">babelkit <span>ruleset editor</span></span>
        <nav class="bk-views" role="tablist">
          <button role="tab" aria-selected=${this.view === 'edit'} @click=${() => (this.view = 'edit')}>Edit</button>
          <button role="tab" aria-selected=${this.view === 'playtest'} @click=${() => this.showPlaytest()}>Playtest</button>
        </nav>
        ${this.renderToolbar()}
      </header>
      ${this.renderEdit()}
      <section class="bk-playtest" ?hidden=${this.view !== 'playtest'}>
        ${this.playtestReady === true
          ? html`<bk-playtest .source=${this.playtestSource()}></bk-playtest>`
          : this.playtestReady === 'missing'
            ? html`<p class="bk-empty">The playtest is not part of this build yet.</p>`
            : nothing}
      </section>
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
