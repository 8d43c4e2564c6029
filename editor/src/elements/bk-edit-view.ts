// <bk-edit-view>: the Edit tab — the file list | the code editor over the problems list | the cards panel
// (the card table, the selected card's form, grid and preview). Form edits are written into the YAML
// (yaml-edit.ts) and become the file's new text. It shows the models it is given (the workspace, the
// validation loop, the print controller) and sends `status` { message } when an edit could not be made,
// `cursor` { line, col }, and `editor-ready` { editors } once Monaco is up.
// Light DOM, so that Monaco's global CSS reaches the editor; laid out by app.css (`.bk-main`).
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { Watch } from '../shared/watch.js';
import { rulesetName } from '../../../engine/index.js';
import { EditError, cardLine, setCardCell, setCardField, type CardValue } from '../../../edit/yaml-edit.js';
import type { Workspace } from '../workspace.js';
import type { ValidationLoop } from '../validation/validation-loop.js';
import type { PrintController } from '../print/print-controller.js';
import type { BkEditorPanes } from './bk-editor-panes.js';
import type { JumpDetail } from './bk-problems.js';
import type { CardEditDetail, CardsCsvDetail } from './bk-card-table.js';
import { CsvImportError, exportCardsCsv, locateProblems, planCardsImport } from '../../../edit/cards-csv.js';
import { download } from '../files.js';
import type { CardCellSetDetail } from './bk-card-detail.js';
import './bk-file-list.js';
import './bk-editor-panes.js';
import './bk-problems.js';
import './bk-card-table.js';
import './bk-card-detail.js';

export class BkEditView extends LitElement {
  static override properties = {
    ws: { attribute: false },
    validation: { attribute: false },
    print: { attribute: false },
    selected: { state: true },
    csvProblems: { state: true },
  };

  declare ws: Workspace | null;
  declare validation: ValidationLoop | null;
  declare print: PrintController | null;
  /** the card selected in the table */
  declare selected: string;
  /** why the last CSV import was refused: one line per problem, `cards.csv:ROW:COLUMN: message` */
  declare csvProblems: string[];

  private readonly watch = new Watch(this);

  constructor() {
    super();
    this.ws = null;
    this.validation = null;
    this.print = null;
    this.selected = '';
    this.csvProblems = [];
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('ws') || changed.has('validation') || changed.has('print')) {
      this.watch.watch(...[this.ws, this.validation, this.print].filter((m): m is NonNullable<typeof m> => m !== null));
    }
  }

  private get panes(): BkEditorPanes | null {
    return this.querySelector('bk-editor-panes');
  }

  private say(message: string): void {
    this.dispatchEvent(new CustomEvent('status', { detail: { message }, bubbles: true }));
  }

  /** A form edit: the new text replaces the file's (the code editor shows it as one undoable edit). */
  private applyEdit(edit: (src: string) => string): void {
    const ws = this.ws!;
    try {
      const before = ws.entry.text;
      const after = edit(before);
      ws.setText(after);
      // the code editor scrolls to what the form wrote (the first line that differs)
      let a = 0;
      while (a < before.length && a < after.length && before.charCodeAt(a) === after.charCodeAt(a)) a++;
      if (a < Math.max(before.length, after.length)) void this.panes?.showEdited(after.slice(0, a).split('\n').length);
    } catch (e) {
      this.say(e instanceof EditError ? `Not changed: ${e.message}` : `Not changed: ${String(e)}`);
      // the forms show the text again, not what was typed (a box keeps its text only while it has the focus)
      const active = document.activeElement;
      if (active instanceof HTMLElement && active.closest('.bk-side')) active.blur();
      const table = this.querySelector('bk-card-table');
      const focused = table?.shadowRoot?.activeElement;
      if (focused instanceof HTMLElement) focused.blur();
      table?.requestUpdate();
      this.querySelector('bk-card-detail')?.requestUpdate();
    }
  }

  /** The card as the loader merged it: a variant's edit that merging cannot say copies its other fields. */
  private merged(id: string): CardValue | undefined {
    return this.validation?.value?.cards?.find((c) => c.id === id);
  }

  private onCardEdit(d: CardEditDetail): void {
    this.applyEdit((src) => setCardField(src, d.id, d.key, d.value, this.merged(d.id)));
  }

  private onCellSet(d: CardCellSetDetail): void {
    this.applyEdit((src) => setCardCell(src, d.id, d.field, d.cell, d.count, this.merged(d.id)));
  }

  /** Export CSV: the cards of a type as the file resolves them, downloaded as `<type>.csv`. */
  private onExportCsv(d: CardsCsvDetail): void {
    const value = this.validation?.value;
    if (!value) { this.say('The ruleset cannot be read yet: nothing to export.'); return; }
    try {
      const csv = exportCardsCsv(value, d.type);
      download(`${d.type}.csv`, new Blob([csv], { type: 'text/csv' }));
      const rows = csv.trimEnd().split('\n').length - 1;
      this.say(`Exported ${rows} ${d.type} card${rows === 1 ? '' : 's'} as ${d.type}.csv.`);
    } catch (e) {
      this.say(`Could not export: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /**
   * Import CSV: every cell read, the changes written as form edits are, the result checked by the loader (in the
   * validation worker) before it becomes the file's text. Any wrong row: nothing changes, and each problem is
   * listed at its row and column. Cards the table leaves out are kept (`babelkit cards import --remove-missing`
   * removes them).
   */
  private async onImportCsv(d: CardsCsvDetail): Promise<void> {
    const ws = this.ws!, v = this.validation!;
    const name = d.name ?? 'cards.csv';
    this.csvProblems = [];
    this.say(`Importing ${name}…`);
    if (v.pending) await v.settled();
    if (!v.value || v.errors > 0) { this.say(`Not imported: fix the ruleset's problems first (${v.errors}).`); return; }
    const path = ws.current, text = ws.entry.text;
    let plan;
    try {
      plan = planCardsImport({ text, value: v.value, type: d.type, csv: d.csv ?? '' });
    } catch (e) {
      if (!(e instanceof CsvImportError)) throw e;
      this.csvProblems = e.problems.map((p) => `${name}:${p.row}:${p.col}: ${p.message}`);
      this.say(`Not imported: ${this.csvProblems.length} problem${this.csvProblems.length === 1 ? '' : 's'} in ${name}; nothing was changed.`);
      return;
    }
    if (plan.text === text) { this.say(`${name}: no change (the table says what the file says).`); return; }
    this.say(`Importing ${name}: checking the ruleset it makes…`);
    const problems = locateProblems(plan, path, await v.checkText(plan.text));
    if (problems.length) {
      this.csvProblems = problems.map((p) => (p.where ? `${p.where}: ${p.message} (after importing ${name})` : `${name}:${p.row}:${p.col}: ${p.message}`));
      this.say(`Not imported: ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was changed.`);
      return;
    }
    if (ws.current !== path || ws.entry.text !== text) { this.say('Not imported: the file changed meanwhile; import again.'); return; }
    this.applyEdit(() => plan.text);
    this.say(`Imported ${name}: ${plan.changed.length} card${plan.changed.length === 1 ? '' : 's'} changed (${plan.cells} cell${plan.cells === 1 ? '' : 's'}), ${plan.added.length} added.`);
  }

  private async onJump(d: JumpDetail): Promise<void> {
    const ws = this.ws!;
    if (d.file !== ws.current && ws.files.has(d.file)) {
      ws.open(d.file);
      await this.updateComplete; // the code editor is given the file
    }
    await this.panes?.reveal(d.line, d.col);
  }

  /** A card selected in the table: drawn in the preview, and its line shown in the code (in the base beside, for
   *  a card a variant does not list). */
  private select(id: string): void {
    this.selected = id;
    this.print?.show(id);
    const ws = this.ws!;
    const own = cardLine(ws.entry.text, id);
    if (own !== undefined) {
      void this.panes?.showEdited(own);
      return;
    }
    const basePath = this.validation?.basePath;
    const base = basePath ? ws.files.get(basePath) : undefined;
    const line = base ? cardLine(base.text, id) : undefined;
    if (line !== undefined) void this.panes?.showEdited(line, true);
  }

  protected override render() {
    const { ws, validation: v, print } = this;
    if (!ws || !v || !print) return html``;
    const base = v.basePath ? ws.files.get(v.basePath) : undefined;
    return html`
      <bk-file-list class="bk-files" aria-label="files" .current=${ws.current}
        .files=${[...ws.files.values()].map((f) => ({ path: f.path, name: rulesetName(f.path, (p) => ws.files.get(p)?.text), bundled: f.bundled, dirty: f.text !== f.saved }))}
        @open-file=${(e: CustomEvent<{ path: string }>) => ws.open(e.detail.path)}></bk-file-list>
      <section class="bk-center">
        <bk-editor-panes .path=${ws.current} .text=${ws.entry.text} ?dirty=${ws.isDirty()} .rulesetName=${v.value?.name ?? ''}
          .basePath=${base?.path ?? ''} .baseText=${base?.text ?? ''} .diagnostics=${v.diagnostics} .diagnosticFiles=${v.files}
          @edit=${(e: CustomEvent<{ path: string; text: string }>) => ws.setText(e.detail.text, e.detail.path)}
          @open-file=${(e: CustomEvent<{ path: string }>) => ws.open(e.detail.path)}></bk-editor-panes>
        <bk-problems class="bk-problems" .diagnostics=${v.diagnostics} .current=${ws.current} ?pending=${v.pending}
          @jump=${(e: CustomEvent<JumpDetail>) => this.onJump(e.detail)}></bk-problems>
        ${v.basePath ? html`<details class="bk-changes" data-changes open>
          <summary>What this variant changes in ${v.basePath} (${v.changes.length})</summary>
          <ul>${v.changes.map((c) => html`<li class=${c.kind} data-change=${c.path}>${c.path ? html`<span class="where">${c.path}</span> ` : nothing}${c.detail}</li>`)}</ul>
        </details>` : nothing}
      </section>
      <aside class="bk-side" aria-label="cards" @card-edit=${(e: CustomEvent<CardEditDetail>) => this.onCardEdit(e.detail)}>
        <h2>Cards</h2>
        <bk-card-table .cards=${v.value?.cards ?? []} .selected=${this.selected}
          @card-select=${(e: CustomEvent<{ id: string }>) => this.select(e.detail.id)}
          @cards-export=${(e: CustomEvent<CardsCsvDetail>) => this.onExportCsv(e.detail)}
          @cards-import=${(e: CustomEvent<CardsCsvDetail>) => void this.onImportCsv(e.detail)}></bk-card-table>
        ${this.csvProblems.length ? html`<ul class="bk-csv-problems" role="alert" data-csv-problems>${this.csvProblems.map((p) => html`<li>${p}</li>`)}</ul>` : nothing}
        <bk-card-detail .value=${v.value} .card=${this.selected} .preview=${print.preview}
          @card-cell-set=${(e: CustomEvent<CardCellSetDetail>) => this.onCellSet(e.detail)}></bk-card-detail>
      </aside>
    `;
  }
}

customElements.define('bk-edit-view', BkEditView);

declare global {
  interface HTMLElementTagNameMap {
    'bk-edit-view': BkEditView;
  }
}
