// A grid editor for a cell-count field (a blueprint's targets): click a cell, type the count, Enter.
// An empty entry removes the cell. Emits `cell-set` { cell, count | null }; the app writes the YAML.
import { LitElement, css, html, nothing } from 'lit';

export interface CellSetDetail {
  cell: string;
  count: number | null;
}

export class BkBlueprintGrid extends LitElement {
  static override properties = {
    columns: { attribute: false },
    rows: { attribute: false },
    cells: { attribute: false },
    label: {},
    readonly: { type: Boolean },
    editing: { state: true },
  };

  declare columns: string[];
  declare rows: string[];
  declare cells: Record<string, number>;
  declare label: string;
  declare readonly: boolean;
  declare editing: string | null;

  constructor() {
    super();
    this.columns = [];
    this.rows = [];
    this.cells = {};
    this.label = '';
    this.readonly = false;
    this.editing = null;
  }

  static override styles = css`
    :host { display: block; }
    .grid { display: grid; gap: 0; width: max-content; border: 2px solid #3b3b3b; border-radius: 4px; overflow: hidden; background: #fff; }
    .cell { width: 64px; height: 64px; border: 1px solid #c9c4b8; display: flex; align-items: center; justify-content: center; position: relative;
      font: 700 22px/1 system-ui, sans-serif; background: #fff; color: #1f2328; cursor: pointer; padding: 0; }
    .cell:hover { background: #f3efe3; }
    .cell.on { background: #f1d98a; }
    .cell .name { position: absolute; top: 3px; left: 5px; font-size: 10px; font-weight: 600; color: #8a857a; }
    .cell input { width: 48px; font: 700 20px system-ui, sans-serif; text-align: center; border: 2px solid var(--bk-accent, #2e5fa8); border-radius: 4px; }
    .cell:focus-visible { outline: 3px solid var(--bk-accent, #2e5fa8); outline-offset: -3px; }
    p { margin: 6px 0 0; color: var(--bk-muted, #666); font-size: 12px; }
  `;

  private set(cell: string, raw: string): void {
    this.editing = null;
    const t = raw.trim();
    const count = t === '' ? null : Number(t);
    if (count !== null && !(Number.isInteger(count) && count >= 0)) return;
    if ((this.cells[cell] ?? null) === count) return;
    this.dispatchEvent(new CustomEvent<CellSetDetail>('cell-set', { detail: { cell, count }, bubbles: true, composed: true }));
  }

  protected override updated(): void {
    const input = this.renderRoot.querySelector('input');
    if (input && this.renderRoot instanceof ShadowRoot && this.renderRoot.activeElement !== input) {
      input.focus();
      input.select();
    }
  }

  protected override render() {
    return html`
      <div class="grid" role="grid" aria-label=${this.label || 'cells'} style="grid-template-columns: repeat(${this.columns.length}, auto)">
        ${this.rows.map((r) =>
          this.columns.map((c) => {
            const cell = `${c}${r}`;
            const v = this.cells[cell];
            return this.editing === cell
              ? html`<div class="cell on" role="gridcell" data-cell=${cell}>
                  <input aria-label="blocks needed on ${cell}" inputmode="numeric" .value=${v === undefined ? '' : String(v)}
                    @keydown=${(e: KeyboardEvent) => {
                      if (e.key === 'Enter') this.set(cell, (e.target as HTMLInputElement).value);
                      if (e.key === 'Escape') this.editing = null;
                    }}
                    @blur=${(e: FocusEvent) => this.editing === cell && this.set(cell, (e.target as HTMLInputElement).value)} />
                </div>`
              : html`<button class="cell ${v !== undefined ? 'on' : ''}" role="gridcell" data-cell=${cell} ?disabled=${this.readonly}
                  aria-label="${cell}: ${v === undefined ? 'no target' : `${v} blocks`}" @click=${() => (this.editing = cell)}>
                  <span class="name">${cell}</span>${v ?? nothing}
                </button>`;
          }),
        )}
      </div>
      ${this.readonly ? nothing : html`<p>Click a cell and type the blocks it needs; empty removes it.</p>`}
    `;
  }
}

customElements.define('bk-blueprint-grid', BkBlueprintGrid);
declare global {
  interface HTMLElementTagNameMap {
    'bk-blueprint-grid': BkBlueprintGrid;
  }
}
