// The app shell: file list | editor (Monaco, light DOM, with a variant's base beside it) and the problems
// list under it | the cards panel (table, blueprint grid, preview, PDF); and the playtest view.
// Rendered in the light DOM so Monaco's CSS applies. Monaco, print/ and the playtest load lazily.
import { LitElement, html, nothing } from 'lit';
import { Workspace } from './workspace.js';
import { Validator, type Diagnostic, type ValidateResponse } from './validation.js';
import { EditError, setCardCell, setCardField, type CardValue } from './yaml-edit.js';
import { download, openLocalFile, rememberHandle, saveFile, variantText } from './files.js';
import type { MonacoEditors } from './monaco/editor.js';
import type { PrintRequest, PrintResponse } from './print/print.worker.js';
import './elements/bk-problems.js';
import './elements/bk-card-table.js';
import './elements/bk-blueprint-grid.js';
import './elements/bk-card-preview.js';
import type { JumpDetail } from './elements/bk-problems.js';
import type { CardEditDetail, CardRow } from './elements/bk-card-table.js';
import type { CellSetDetail } from './elements/bk-blueprint-grid.js';

const playtestModule = import.meta.glob('./playtest/bk-playtest.ts');

export type View = 'edit' | 'playtest';
type PrintQuery = PrintRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** Validation waits this long after the last keystroke. */
export const DEBOUNCE_MS = 200;

interface RulesetValue {
  id?: string;
  name?: string;
  cards?: CardRow[];
  cardTypes?: { id: string; name?: string; fields?: Record<string, { type?: string }> }[];
  zones?: { id: string; grid?: { columns?: string[]; rows?: string[] } }[];
}

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
    diagnostics: { state: true },
    pending: { state: true },
    value: { state: true },
    selected: { state: true },
    basePath: { state: true },
    status: { state: true },
    cursor: { state: true },
    preview: { state: true },
    pdfBusy: { state: true },
    editorError: { state: true },
    sideOpen: { state: true },
  };

  declare view: View;
  declare playtestReady: boolean | 'missing';
  declare diagnostics: Diagnostic[];
  declare pending: boolean;
  declare value: RulesetValue | undefined;
  declare selected: string;
  declare basePath: string;
  declare status: string;
  declare cursor: string;
  declare preview: { front: string; back: string; error: string; busy: boolean; size: [number, number, number] | null; note: string; card?: string };
  declare pdfBusy: boolean;
  declare editorError: string;
  declare sideOpen: boolean;

  readonly ws = new Workspace();
  private validator = new Validator();
  private editors?: MonacoEditors;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastValidated = '';
  private waiters: (() => void)[] = [];
  private printWorker?: Worker;
  private printSeq = 0;
  private printWaiting = new Map<number, (r: PrintResponse) => void>();
  private fontsAdded = false;
  private version = 0;
  private source: { key: string; value: { path: string; files: Record<string, string> } } | null = null;
  private readonly t0 = performance.now();

  constructor() {
    super();
    this.view = 'edit';
    this.playtestReady = false;
    this.diagnostics = [];
    this.pending = true;
    this.value = undefined;
    this.selected = '';
    this.basePath = '';
    this.status = this.ws.restored ? 'Restored your work from browser storage.' : '';
    this.cursor = '';
    this.preview = { front: '', back: '', error: '', busy: false, size: null, note: '' };
    this.pdfBusy = false;
    this.editorError = '';
    this.sideOpen = true;
    window.bk = { ready: false, app: this, ws: this.ws, settled: () => this.settled(), timings: {} };
    this.ws.addEventListener('change', (e) => this.onWorkspaceChange((e as CustomEvent<string>).detail));
    this.ws.addEventListener('persisted', () => (this.status = `Autosaved in this browser at ${new Date().toLocaleTimeString()}.`));
    this.ws.addEventListener('persist-error', (e) => (this.status = `Could not autosave: ${(e as CustomEvent<string>).detail}`));
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
        void this.save();
      }
    });
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.validateSoon(0);
  }

  protected override async firstUpdated(): Promise<void> {
    try {
      const { MonacoEditors } = await import('./monaco/editor.js');
      const host = this.querySelector<HTMLElement>('.bk-editor-host')!;
      const baseHost = this.querySelector<HTMLElement>('.bk-base-host')!;
      this.editors = new MonacoEditors(host, baseHost, {
        onEdit: (path, text) => {
          this.ws.setText(text, path);
        },
        onCursor: (_p, line, col) => (this.cursor = `Ln ${line}, Col ${col}`),
      });
      window.bk.editors = this.editors;
      this.editors.show(this.ws.current, this.ws.entry.text);
      this.applyDiagnostics();
      this.showBase();
      window.bk.timings.monacoMs = performance.now() - this.t0;
      window.bk.ready = true;
      this.dispatchEvent(new CustomEvent('editor-ready'));
    } catch (e) {
      this.editorError = `The code editor could not start: ${e instanceof Error ? e.message : String(e)}`;
      throw e;
    }
  }

  private onWorkspaceChange(kind: string): void {
    this.version++;
    if (kind === 'open') {
      this.editors?.show(this.ws.current, this.ws.entry.text);
      this.basePath = '';
      this.showBase();
      this.validateSoon(0);
    } else if (kind === 'text') {
      this.validateSoon(DEBOUNCE_MS);
    }
    this.requestUpdate();
  }

  /** Resolves once the current text has been validated and its diagnostics shown. */
  settled(): Promise<void> {
    if (!this.pending && this.lastValidated === this.key()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private key(): string {
    return `${this.ws.current}\u0000${this.ws.entry.text}`;
  }

  private validateSoon(ms: number): void {
    this.pending = true;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.validate(), ms);
  }

  private async validate(): Promise<void> {
    const key = this.key();
    const path = this.ws.current;
    const r = await this.validator.validate(path, this.ws.texts());
    if (!r || key !== this.key()) return; // overtaken by a newer edit
    this.lastValidated = key;
    this.diagnostics = r.diagnostics;
    if (r.value !== undefined) this.value = r.value as RulesetValue;
    this.basePath = r.files[1] ?? '';
    this.pending = false;
    this.applyDiagnostics(r);
    this.showBase();
    if (this.selected) this.refreshPreview();
    const w = this.waiters;
    this.waiters = [];
    w.forEach((f) => f());
  }

  private applyDiagnostics(r?: ValidateResponse): void {
    this.editors?.setDiagnostics(this.diagnostics, r?.files ?? [this.ws.current]);
  }

  private showBase(): void {
    if (!this.editors) return;
    const b = this.basePath && this.ws.files.get(this.basePath);
    this.editors.showBase(b ? { path: b.path, text: b.text } : null);
  }

  // ---- form edits ----------------------------------------------------------------------------

  private applyEdit(edit: (src: string) => string): void {
    try {
      const next = edit(this.ws.entry.text);
      if (next === this.ws.entry.text) return;
      this.editors?.setText(this.ws.current, next);
      this.ws.setText(next);
    } catch (e) {
      this.status = e instanceof EditError ? `Not changed: ${e.message}` : `Not changed: ${String(e)}`;
    }
  }

  private onCardEdit(d: CardEditDetail): void {
    this.applyEdit((src) => setCardField(src, d.id, d.key, d.value as never));
  }

  private onCellSet(cardId: string, field: string, d: CellSetDetail): void {
    const merged = this.value?.cards?.find((c) => c.id === cardId) as CardValue | undefined;
    this.applyEdit((src) => setCardCell(src, cardId, field, d.cell, d.count, merged));
  }

  private onJump(d: JumpDetail): void {
    if (d.file !== this.ws.current && this.ws.files.has(d.file)) this.ws.open(d.file);
    this.editors?.reveal(d.line, d.col);
  }

  // ---- files ---------------------------------------------------------------------------------

  private newVariant(): void {
    const base = this.ws.current;
    const stem = `${(this.value?.id ?? base.split('/').pop()!.replace(/\.ya?ml$/, '')).replace(/[^\w-]+/g, '-')}-variant`;
    const path = this.ws.freePath('rulesets/variants', stem);
    this.ws.add(path, variantText(base, path, this.value?.id ?? stem, this.value?.name ?? stem), '');
    this.status = `Created ${path}: a variant of ${base}. The base is shown on the left.`;
  }

  private async openFile(): Promise<void> {
    try {
      const f = await openLocalFile();
      if (!f) return;
      const dir = /^\s*extends\s*:/m.test(f.text) ? 'rulesets/variants' : 'rulesets';
      let path = `${dir}/${f.name}`;
      if (this.ws.files.has(path)) path = this.ws.freePath(dir, f.name.replace(/\.ya?ml$/, ''));
      this.ws.add(path, f.text);
      rememberHandle(path, f.handle);
      this.status = `Opened ${f.name} as ${path}.`;
    } catch (e) {
      this.status = `Could not open the file: ${String(e)}`;
    }
  }

  private async save(): Promise<void> {
    const path = this.ws.current;
    const text = this.ws.entry.text;
    const how = await saveFile(path, text);
    if (how === 'cancelled') return;
    this.ws.markSaved(path);
    this.status = how === 'file' ? `Saved ${path}.` : `Downloaded ${path.split('/').pop()}.`;
  }

  private revert(): void {
    const f = this.ws.entry;
    const what = f.bundled ? 'Discard your changes to this file and go back to the shipped text?' : `Close ${f.path} and remove it from this browser?`;
    if (!confirm(what)) return;
    this.ws.revert();
  }

  // ---- print ---------------------------------------------------------------------------------

  private print(q: PrintQuery): Promise<PrintResponse> {
    if (!this.printWorker) {
      this.printWorker = new Worker(new URL('./print/print.worker.ts', import.meta.url), { type: 'module' });
      this.printWorker.onmessage = (e: MessageEvent<PrintResponse>) => {
        this.printWaiting.get(e.data.id)?.(e.data);
        this.printWaiting.delete(e.data.id);
      };
      // a worker that dies (out of memory, a failed load) answers every open request with its error
      this.printWorker.onerror = (e) => {
        e.preventDefault();
        for (const [id, resolve] of this.printWaiting) resolve({ id, kind: 'error', message: `the print worker failed: ${e.message || 'unknown error'}` });
        this.printWaiting.clear();
        this.printWorker?.terminate();
        this.printWorker = undefined;
      };
    }
    const id = ++this.printSeq;
    return new Promise((resolve) => {
      this.printWaiting.set(id, resolve);
      this.printWorker!.postMessage({ ...q, id } as PrintRequest);
    });
  }

  private async addFonts(): Promise<void> {
    if (this.fontsAdded) return;
    this.fontsAdded = true;
    const { faces, familyOf } = await import('./print/fonts.js');
    for (const [face, url] of faces()) {
      const ff = new FontFace(familyOf(face), `url(${url})`, { weight: face.startsWith('bold') ? '700' : '400' });
      document.fonts.add(ff);
      void ff.load().catch(() => undefined);
    }
  }

  private async refreshPreview(): Promise<void> {
    const card = this.selected;
    if (!card) return;
    void this.addFonts();
    this.preview = { ...this.preview, busy: true };
    const r = await this.print({ kind: 'preview', path: this.ws.current, files: this.ws.texts(), card });
    if (card !== this.selected) return;
    if (r.kind === 'preview') this.preview = { front: r.front, back: r.back, error: '', busy: false, size: r.size, note: '' };
    else if (r.kind === 'error' && this.preview.front && this.preview.card === card && this.diagnostics.some((d) => d.severity === 'error')) {
      // while the text has errors the last good drawing stays, marked as such
      this.preview = { ...this.preview, busy: false, note: 'Drawn from the last version without errors.' };
    } else if (r.kind === 'error') this.preview = { front: '', back: '', error: r.message, busy: false, size: null, note: '' };
    this.preview.card = card;
  }

  private async printPdf(): Promise<void> {
    this.pdfBusy = true;
    this.status = 'Making the print-and-play PDF…';
    const t = performance.now();
    const r = await this.print({ kind: 'pdf', path: this.ws.current, files: this.ws.texts() });
    this.pdfBusy = false;
    if (r.kind === 'pdf') {
      const name = `${(this.value?.id ?? 'ruleset').replace(/[^\w-]+/g, '-')}-print-and-play.pdf`;
      download(name, new Blob([r.bytes as BlobPart], { type: 'application/pdf' }));
      this.status = `${name}: ${r.cards} cards on ${r.pages} pages (${((performance.now() - t) / 1000).toFixed(1)} s).`;
    } else if (r.kind === 'error') {
      this.status = `No PDF: ${r.message}`;
    }
  }

  private select(id: string): void {
    this.selected = id;
    void this.refreshPreview();
  }

  // ---- playtest ------------------------------------------------------------------------------

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

  // ---- render --------------------------------------------------------------------------------

  private renderSelected() {
    const v = this.value;
    const card = v?.cards?.find((c) => c.id === this.selected);
    if (!card) return html`<p class="bk-hint">Select a card in the table to edit its cells and preview it.</p>`;
    const type = v?.cardTypes?.find((t) => t.id === card.type);
    const gridFields = Object.entries(type?.fields ?? {}).filter(([, f]) => f.type === 'cellCounts').map(([k]) => k);
    const zone = v?.zones?.find((z) => z.grid?.columns?.length && z.grid?.rows?.length);
    const scalars = Object.entries(type?.fields ?? {}).filter(([, f]) => f.type === 'string' || f.type === 'number' || f.type === 'bool');
    const edit = (key: string, value: CardEditDetail['value']) => this.onCardEdit({ id: card.id, key, value });
    return html`
      <div class="bk-card-detail">
        <h3>${card.name ?? card.id} <span class="bk-muted">${card.id} · ${type?.name ?? card.type}</span></h3>
        ${scalars.length
          ? html`<div class="bk-fields">
              ${scalars.map(([k, f]) => {
                const val = card[k] ?? (f as { default?: unknown }).default;
                if (f.type === 'bool') {
                  return html`<label><input type="checkbox" .checked=${val === true} aria-label="${k} of ${card.id}"
                    @change=${(e: Event) => edit(k, (e.target as HTMLInputElement).checked)} /> ${k}</label>`;
                }
                if (f.type === 'number') {
                  return html`<label>${k} <input type="number" .value=${val === undefined ? '' : String(val)} aria-label="${k} of ${card.id}"
                    @change=${(e: Event) => {
                      const t = (e.target as HTMLInputElement).value;
                      if (t !== '' && Number.isFinite(Number(t))) edit(k, Number(t));
                    }} /></label>`;
                }
                return html`<label class="wide">${k} <textarea rows="2" .value=${val === undefined ? '' : String(val)} aria-label="${k} of ${card.id}"
                  @change=${(e: Event) => edit(k, (e.target as HTMLTextAreaElement).value)}></textarea></label>`;
              })}
            </div>`
          : nothing}
        <div class="bk-card-row">
          ${gridFields.length && zone
            ? gridFields.map(
                (f) => html`<div class="bk-grid-field">
                  <div class="bk-label">${f}</div>
                  <bk-blueprint-grid label="${card.id} ${f}" .columns=${zone.grid!.columns!.map(String)} .rows=${zone.grid!.rows!.map(String)}
                    .cells=${(card[f] as Record<string, number> | undefined) ?? {}}
                    @cell-set=${(e: CustomEvent<CellSetDetail>) => this.onCellSet(card.id, f, e.detail)}></bk-blueprint-grid>
                </div>`,
              )
            : nothing}
          <bk-card-preview .front=${this.preview.front} .back=${this.preview.back} .error=${this.preview.error} ?busy=${this.preview.busy} .size=${this.preview.size} .note=${this.preview.note}></bk-card-preview>
        </div>
      </div>
    `;
  }

  protected override render() {
    const ws = this.ws;
    const errors = this.diagnostics.filter((d) => d.severity === 'error').length;
    const dirty = ws.isDirty();
    const files = [...ws.files.values()];
    const groups: [string, typeof files][] = [
      ['Rulesets', files.filter((f) => f.bundled && !f.path.includes('/variants/'))],
      ['Variants', files.filter((f) => f.bundled && f.path.includes('/variants/'))],
      ['Your files', files.filter((f) => !f.bundled)],
    ];
    return html`
      <header class="bk-top">
        <span class="bk-brand">babelkit <span>ruleset editor</span></span>
        <nav class="bk-views" role="tablist">
          <button role="tab" aria-selected=${this.view === 'edit'} @click=${() => (this.view = 'edit')}>Edit</button>
          <button role="tab" aria-selected=${this.view === 'playtest'} @click=${() => this.showPlaytest()}>Playtest</button>
        </nav>
        <div class="bk-actions">
          <button aria-pressed=${this.sideOpen} @click=${() => (this.sideOpen = !this.sideOpen)} title="Show or hide the cards panel">Cards</button>
          <button @click=${() => this.newVariant()} title="A new file that extends this one">New variant</button>
          <button @click=${() => this.openFile()}>Open…</button>
          <button @click=${() => this.save()} title="Ctrl+S">Save</button>
          <button @click=${() => this.revert()} ?disabled=${ws.entry.bundled && !dirty && ws.entry.text === ws.entry.saved}>${ws.entry.bundled ? 'Revert' : 'Close'}</button>
          <button class="primary" @click=${() => this.printPdf()} ?disabled=${this.pdfBusy || errors > 0}>${this.pdfBusy ? 'Making PDF…' : 'Print PDF'}</button>
        </div>
      </header>
      <main class="bk-main ${this.sideOpen ? '' : 'no-side'}" ?hidden=${this.view !== 'edit'}>
        <aside class="bk-files" aria-label="files">
          ${groups.map(([title, list]) =>
            list.length
              ? html`<h2>${title}</h2>
                  <ul>
                    ${list.map(
                      (f) => html`<li><button class=${f.path === ws.current ? 'current' : ''} title=${f.path} data-path=${f.path} @click=${() => ws.open(f.path)}>
                        ${f.path.split('/').pop()}${f.text !== f.saved ? html`<span class="bk-dot" title="unsaved changes">●</span>` : nothing}
                      </button></li>`,
                    )}
                  </ul>`
              : nothing,
          )}
        </aside>
        <section class="bk-center">
          <div class="bk-editors ${this.basePath ? 'split' : ''}">
            <div class="bk-pane bk-pane-base" ?hidden=${!this.basePath}>
              <div class="bk-pane-title">
                <span class="bk-pane-name">Base: ${this.basePath} <span class="bk-muted">(read-only)</span></span>
                <button class="link" @click=${() => ws.open(this.basePath)}>Open</button>
              </div>
              <div class="bk-base-host"></div>
            </div>
            <div class="bk-pane bk-pane-main">
              <div class="bk-pane-title">
                <span class="bk-pane-name">${ws.current}${dirty ? html` <span class="bk-dot" title="not saved to a file">●</span>` : nothing}</span>
                <span class="bk-muted bk-pane-name">${this.value?.name ?? ''}</span>
              </div>
              ${this.editorError ? html`<p class="bk-error">${this.editorError}</p>` : nothing}
              <div class="bk-editor-host"></div>
            </div>
          </div>
          <bk-problems class="bk-problems" .diagnostics=${this.diagnostics} .current=${ws.current} ?pending=${this.pending}
            @jump=${(e: CustomEvent<JumpDetail>) => this.onJump(e.detail)}></bk-problems>
        </section>
        <aside class="bk-side" aria-label="cards">
          <h2>Cards</h2>
          <bk-card-table .cards=${this.value?.cards ?? []} .selected=${this.selected}
            @card-edit=${(e: CustomEvent<CardEditDetail>) => this.onCardEdit(e.detail)}
            @card-select=${(e: CustomEvent<{ id: string }>) => this.select(e.detail.id)}></bk-card-table>
          ${this.renderSelected()}
        </aside>
      </main>
      <section class="bk-playtest" ?hidden=${this.view !== 'playtest'}>
        ${this.playtestReady === true
          ? html`<bk-playtest .source=${this.playtestSource()}></bk-playtest>`
          : this.playtestReady === 'missing'
            ? html`<p class="bk-empty">The playtest is not part of this build yet.</p>`
            : nothing}
      </section>
      <footer class="bk-status">
        <span class="${this.pending ? '' : errors ? 'bad' : 'good'}">${this.pending ? 'Checking…' : errors ? `${errors} error${errors === 1 ? '' : 's'}` : '✓ Valid ruleset'}</span>
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
