// The card list as a table: name, type, count and the other fields; name and count are edited in place
// (`card-edit` { id, key, value }); a click on a row selects the card (`card-select` { id }). The boxes show
// what the text says (`formValue`): after Revert, or an edit that was refused, a typed value does not linger.
// Export CSV / Import CSV work on the card type chosen in the filter (`cards-export` { type }, `cards-import`
// { type, name, csv }): the edit view makes and reads the table (edit/cards-csv.ts, as `babelkit cards` does).
import { LitElement, css, html } from 'lit';
import { formValue } from './form-value.js';

export interface CardRow {
  id: string;
  type: string;
  name?: string;
  count?: number;
  [k: string]: unknown;
}

export interface CardsCsvDetail {
  type: string;
  /** import: the file's name and text */
  name?: string;
  csv?: string;
}

export interface CardEditDetail {
  id: string;
  key: string;
  value: string | number | boolean | null | undefined;
}

const OWN = new Set(['id', 'type', 'name', 'count', 'replace']);

export function fieldSummary(c: CardRow): string {
  return Object.entries(c)
    .filter(([k]) => !OWN.has(k))
    .map(([k, v]) => `${k}: ${v !== null && typeof v === 'object' ? (Array.isArray(v) ? v.join(' ') : Object.entries(v).map(([a, b]) => `${a} ${b}`).join(', ')) : String(v)}`)
    .join(' · ');
}

export class BkCardTable extends LitElement {
  static override properties = {
    cards: { attribute: false },
    selected: {},
    filter: { state: true },
    typeFilter: { state: true },
  };

  declare cards: CardRow[];
  declare selected: string;
  declare filter: string;
  declare typeFilter: string;

  constructor() {
    super();
    this.cards = [];
    this.selected = '';
    this.filter = '';
    this.typeFilter = '';
  }

  static override styles = css`
    :host { display: flex; flex-direction: column; min-height: 0; font-size: 13px; }
    .bar { display: flex; flex-wrap: wrap; gap: 6px; padding: 6px 0; }
    .bar input, .bar select { font: inherit; padding: 3px 6px; border: 1px solid var(--bk-line, #ccc); border-radius: 4px; }
    .bar input[type='search'] { flex: 1; }
    .bar button, .bar .import { font: inherit; font-size: 12px; padding: 3px 8px; border: 1px solid var(--bk-line, #ccc); border-radius: 4px; background: #fff; cursor: pointer; white-space: nowrap; }
    .bar .import input { display: none; }
    .bar .import.off, .bar button:disabled { opacity: 0.5; cursor: default; }
    .wrap { overflow: auto; flex: 1; border: 1px solid var(--bk-line, #ddd); border-radius: 4px; }
    table { border-collapse: collapse; width: 100%; }
    th { position: sticky; top: 0; background: #f2f1ed; text-align: left; font-weight: 600; font-size: 12px; color: #444; padding: 4px 6px; border-bottom: 1px solid var(--bk-line, #ddd); z-index: 1; }
    td { padding: 2px 6px; border-bottom: 1px solid #eeece6; vertical-align: middle; }
    tr { cursor: pointer; }
    tr:hover td { background: #f7f6f2; }
    tr.sel td { background: var(--bk-accent-soft, #e6eef9); }
    td.id { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; color: #555; white-space: nowrap; }
    td.fields { color: #555; font-size: 12px; max-width: 160px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    input.name { width: 100%; min-width: 110px; font: inherit; border: 1px solid transparent; background: transparent; padding: 2px 3px; border-radius: 3px; }
    input.count { width: 44px; font: inherit; border: 1px solid transparent; background: transparent; padding: 2px 3px; border-radius: 3px; text-align: right; }
    input:hover, input:focus { border-color: var(--bk-line, #ccc); background: #fff; }
    .total { color: var(--bk-muted, #666); font-size: 12px; padding: 4px 0; }
  `;

  private edit(id: string, key: string, value: CardEditDetail['value']): void {
    this.dispatchEvent(new CustomEvent<CardEditDetail>('card-edit', { detail: { id, key, value }, bubbles: true, composed: true }));
  }

  private csv(kind: 'cards-export' | 'cards-import', detail: CardsCsvDetail): void {
    this.dispatchEvent(new CustomEvent<CardsCsvDetail>(kind, { detail, bubbles: true, composed: true }));
  }

  private async importFile(e: Event, type: string): Promise<void> {
    const input = e.target as HTMLInputElement;
    const f = input.files?.[0];
    input.value = '';
    if (f) this.csv('cards-import', { type, name: f.name, csv: await f.text() });
  }

  private select(id: string): void {
    this.dispatchEvent(new CustomEvent('card-select', { detail: { id }, bubbles: true, composed: true }));
  }

  protected override render() {
    const types = [...new Set(this.cards.map((c) => c.type))];
    const f = this.filter.toLowerCase();
    const shown = this.cards.filter((c) => (!this.typeFilter || c.type === this.typeFilter) && (!f || `${c.id} ${c.name ?? ''} ${fieldSummary(c)}`.toLowerCase().includes(f)));
    const copies = shown.reduce((a, c) => a + (typeof c.count === 'number' ? c.count : 1), 0);
    // the table's CSV is one card type's: the one chosen, or the only one
    const csvType = this.typeFilter || (types.length === 1 ? types[0]! : '');
    const why = csvType ? '' : 'Choose a card type first: a table holds the cards of one type';
    return html`
      <div class="bar">
        <input type="search" placeholder="Filter cards…" aria-label="filter cards" .value=${this.filter} @input=${(e: Event) => (this.filter = (e.target as HTMLInputElement).value)} />
        <select aria-label="card type" @change=${(e: Event) => (this.typeFilter = (e.target as HTMLSelectElement).value)}>
          <option value="">all types</option>
          ${types.map((t) => html`<option value=${t} ?selected=${t === this.typeFilter}>${t}</option>`)}
        </select>
        <button data-csv-export ?disabled=${!csvType} title=${why || `The ${csvType} cards as a spreadsheet table (CSV)`} @click=${() => this.csv('cards-export', { type: csvType })}>Export CSV</button>
        <label class="import ${csvType ? '' : 'off'}" title=${why || `Write a table of ${csvType} cards (CSV) into the ruleset`}>Import CSV
          <input type="file" data-csv-import accept=".csv,text/csv" ?disabled=${!csvType} @change=${(e: Event) => void this.importFile(e, csvType)} /></label>
      </div>
      <div class="wrap">
        <table>
          <thead><tr><th>id</th><th>name</th><th>type</th><th>count</th><th>fields</th></tr></thead>
          <tbody>
            ${shown.map(
              (c) => html`<tr class=${c.id === this.selected ? 'sel' : ''} data-card=${c.id} @click=${() => this.select(c.id)}>
                <td class="id">${c.id}</td>
                <td><input class="name" aria-label="name of ${c.id}" .value=${formValue(c.name ?? '')}
                  @change=${(e: Event) => this.edit(c.id, 'name', (e.target as HTMLInputElement).value)} /></td>
                <td>${c.type}</td>
                <td><input class="count" aria-label="count of ${c.id}" type="number" min="0" step="1" .value=${formValue(String(c.count ?? 1))}
                  @change=${(e: Event) => {
                    const v = Number((e.target as HTMLInputElement).value);
                    if (Number.isInteger(v) && v >= 0) this.edit(c.id, 'count', v);
                  }} /></td>
                <td class="fields" title=${fieldSummary(c)}>${fieldSummary(c)}</td>
              </tr>`,
            )}
          </tbody>
        </table>
      </div>
      <div class="total">${shown.length} card${shown.length === 1 ? '' : 's'}, ${copies} cop${copies === 1 ? 'y' : 'ies'}</div>
    `;
  }
}

customElements.define('bk-card-table', BkCardTable);
declare global {
  interface HTMLElementTagNameMap {
    'bk-card-table': BkCardTable;
  }
}
