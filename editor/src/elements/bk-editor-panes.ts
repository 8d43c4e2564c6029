// The code editor: Monaco (loaded on first render, the heavy chunk) showing the open file, with a variant's
// base read-only beside it, and the validation's diagnostics as markers. Declarative over Monaco: it shows
// `path` with `text` (a text set from outside, such as a form edit, becomes one undoable edit), `base`
// beside it, `diagnostics` as markers. Typing sends `edit` { path, text }; the caret `cursor` { line, col };
// the base's Open button `open-file` { path }; Monaco ready `editor-ready` { editors }.
// Light DOM: Monaco's global CSS must reach its DOM.
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import type { MonacoEditors } from '../monaco/editor.js';
import type { Diagnostic } from '../validation/api.js';

export class BkEditorPanes extends LitElement {
  static override properties = {
    path: {},
    text: {},
    dirty: { type: Boolean },
    rulesetName: {},
    basePath: {},
    baseText: {},
    diagnostics: { attribute: false },
    diagnosticFiles: { attribute: false },
    error: { state: true },
  };

  declare path: string;
  declare text: string;
  declare dirty: boolean;
  /** the ruleset's name, shown beside its path */
  declare rulesetName: string;
  declare basePath: string;
  declare baseText: string;
  declare diagnostics: Diagnostic[];
  /** the files the diagnostics cover (their markers are cleared when they have none) */
  declare diagnosticFiles: string[];
  declare error: string;

  editors?: MonacoEditors;

  constructor() {
    super();
    this.path = '';
    this.text = '';
    this.dirty = false;
    this.rulesetName = '';
    this.basePath = '';
    this.baseText = '';
    this.diagnostics = [];
    this.diagnosticFiles = [];
    this.error = '';
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  /** Scrolls the shown file (or with `inBase`, the base beside it) to a line a form has just written or a card
   *  selected in the table, without moving the focus. */
  async showEdited(line: number, inBase = false): Promise<void> {
    await this.updateComplete;
    this.editors?.showEdited(line, inBase);
  }

  /** Puts the caret at line:col of the shown file (once a file just opened is shown). */
  async reveal(line: number, col: number): Promise<void> {
    await this.updateComplete;
    this.editors?.reveal(line, col);
  }

  protected override async firstUpdated(): Promise<void> {
    try {
      const { MonacoEditors } = await import('../monaco/editor.js');
      this.editors = new MonacoEditors(this.querySelector<HTMLElement>('.bk-editor-host')!, this.querySelector<HTMLElement>('.bk-base-host')!, {
        onEdit: (path, text) => this.dispatchEvent(new CustomEvent('edit', { detail: { path, text } })),
        onCursor: (_p, line, col) => this.dispatchEvent(new CustomEvent('cursor', { detail: { line, col }, bubbles: true })),
      });
      this.sync(undefined);
      this.dispatchEvent(new CustomEvent('editor-ready', { detail: { editors: this.editors }, bubbles: true }));
    } catch (e) {
      this.error = `The code editor could not start: ${e instanceof Error ? e.message : String(e)}`;
      throw e;
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (this.editors) this.sync(changed);
  }

  /** Brings Monaco in line with the properties (all of them when `changed` is undefined). */
  private sync(changed: PropertyValues<this> | undefined): void {
    const ed = this.editors!;
    const has = (k: keyof BkEditorPanes) => !changed || changed.has(k);
    if (has('path')) ed.show(this.path, this.text);
    else if (has('text')) ed.setText(this.path, this.text); // nothing when it is what was typed
    if (has('basePath') || has('baseText')) ed.showBase(this.basePath ? { path: this.basePath, text: this.baseText } : null);
    if (has('diagnostics') || has('diagnosticFiles')) ed.setDiagnostics(this.diagnostics, this.diagnosticFiles.length ? this.diagnosticFiles : [this.path]);
  }

  protected override render() {
    return html`
      <div class="bk-editors ${this.basePath ? 'split' : ''}">
        <div class="bk-pane bk-pane-base" ?hidden=${!this.basePath}>
          <div class="bk-pane-title">
            <span class="bk-pane-name">Base: ${this.basePath} <span class="bk-muted">(read-only)</span></span>
            <button class="link" @click=${() => this.dispatchEvent(new CustomEvent('open-file', { detail: { path: this.basePath }, bubbles: true }))}>Open</button>
          </div>
          <div class="bk-base-host"></div>
        </div>
        <div class="bk-pane bk-pane-main">
          <div class="bk-pane-title">
            <span class="bk-pane-name">${this.path}${this.dirty ? html` <span class="bk-dot" title="not saved to a file">●</span>` : nothing}</span>
            <span class="bk-muted bk-pane-name">${this.rulesetName}</span>
          </div>
          ${this.error ? html`<p class="bk-error">${this.error}</p>` : nothing}
          <div class="bk-editor-host"></div>
        </div>
      </div>
    `;
  }
}

customElements.define('bk-editor-panes', BkEditorPanes);

declare global {
  interface HTMLElementTagNameMap {
    'bk-editor-panes': BkEditorPanes;
  }
}
