// The selected card: its text, number and yes/no fields as a form (`card-edit` { id, key, value }, as the
// card table sends), each cell-count field as a blueprint grid on the ruleset's grid zone
// (`card-cell-set` { id, field, cell, count }), and the card as it prints. Light DOM: styled by app.css.
import { LitElement, html, nothing } from 'lit';
import { formValue } from './form-value.js';
import type { RulesetValue } from '../validation/api.js';
import type { PreviewState } from '../print/print-controller.js';
import type { CardEditDetail } from './bk-card-table.js';
import type { CellSetDetail } from './bk-blueprint-grid.js';
import './bk-blueprint-grid.js';
import './bk-card-preview.js';

export interface CardCellSetDetail extends CellSetDetail {
  id: string;
  field: string;
}

export class BkCardDetail extends LitElement {
  static override properties = {
    value: { attribute: false },
    card: {},
    preview: { attribute: false },
  };

  declare value: RulesetValue | undefined;
  /** the id of the card shown ('' for none) */
  declare card: string;
  declare preview: PreviewState | null;

  constructor() {
    super();
    this.value = undefined;
    this.card = '';
    this.preview = null;
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  private edit(detail: CardEditDetail): void {
    this.dispatchEvent(new CustomEvent<CardEditDetail>('card-edit', { detail, bubbles: true }));
  }

  private cellSet(e: CustomEvent<CellSetDetail>, id: string, field: string): void {
    e.stopPropagation(); // said again below with the card and field it belongs to
    this.dispatchEvent(new CustomEvent<CardCellSetDetail>('card-cell-set', { detail: { ...e.detail, id, field }, bubbles: true }));
  }

  protected override render() {
    const v = this.value;
    const card = v?.cards?.find((c) => c.id === this.card);
    if (!card) return html`<p class="bk-hint">Select a card in the table to edit its cells and preview it.</p>`;
    const type = v?.cardTypes?.find((t) => t.id === card.type);
    const fields = Object.entries(type?.fields ?? {});
    const gridFields = fields.filter(([, f]) => f.type === 'cellCounts').map(([k]) => k);
    const zone = v?.zones?.find((z) => z.grid?.columns?.length && z.grid?.rows?.length);
    const scalars = fields.filter(([, f]) => f.type === 'string' || f.type === 'number' || f.type === 'bool');
    const edit = (key: string, value: CardEditDetail['value']) => this.edit({ id: card.id, key, value });
    const p = this.preview;
    return html`
      <div class="bk-card-detail">
        <h3>${card.name ?? card.id} <span class="bk-muted">${card.id} · ${type?.name ?? card.type}</span></h3>
        ${scalars.length
          ? html`<div class="bk-fields">
              ${scalars.map(([k, f]) => {
                const val = card[k] ?? f.default;
                if (f.type === 'bool') {
                  return html`<label><input type="checkbox" .checked=${formValue(val === true)} aria-label="${k} of ${card.id}"
                    @change=${(e: Event) => edit(k, (e.target as HTMLInputElement).checked)} /> ${k}</label>`;
                }
                if (f.type === 'number') {
                  return html`<label>${k} <input type="number" .value=${formValue(val === undefined ? '' : String(val))} aria-label="${k} of ${card.id}"
                    @change=${(e: Event) => {
                      const t = (e.target as HTMLInputElement).value;
                      if (t !== '' && Number.isFinite(Number(t))) edit(k, Number(t));
                    }} /></label>`;
                }
                return html`<label class="wide">${k} <textarea rows="2" .value=${formValue(val === undefined ? '' : String(val))} aria-label="${k} of ${card.id}"
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
                    @cell-set=${(e: CustomEvent<CellSetDetail>) => this.cellSet(e, card.id, f)}></bk-blueprint-grid>
                </div>`,
              )
            : nothing}
          <bk-card-preview .front=${p?.front ?? ''} .back=${p?.back ?? ''} .error=${p?.error ?? ''} ?busy=${p?.busy ?? false} .size=${p?.size ?? null} .note=${p?.note ?? ''}></bk-card-preview>
        </div>
      </div>
    `;
  }
}

customElements.define('bk-card-detail', BkCardDetail);

declare global {
  interface HTMLElementTagNameMap {
    'bk-card-detail': BkCardDetail;
  }
}
