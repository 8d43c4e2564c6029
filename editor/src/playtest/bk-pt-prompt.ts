// <bk-pt-prompt>: one open decision as controls. Cards (face-down ones by position), players, cells on a
// grid (each kind's renderer: prompt-renderers.ts), or plain options read by their labels; the count the ruleset asks for (min/max) decides between "click to choose" and
// "select, then confirm". Emits `choose` with the chosen options' positions, in the order picked.

import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import type { CardView, PlayerView, Seg } from '../../../engine/index.js';
import type { TableMeta } from './protocol.js';
import { cardStyles, cardTile, palette } from './cards.js';
import { segs } from './symbols.js';
import { cardColourOf } from './game-parts.js';

import { rendererOf, type PromptView } from './prompt-renderers.js';

export type { PromptView } from './prompt-renderers.js';

export class BkPtPrompt extends LitElement {
  static override properties = {
    prompt: { attribute: false },
    meta: { attribute: false },
    view: { attribute: false },
    picked: { state: true },
  };

  declare prompt: PromptView | null;
  declare meta: TableMeta | null;
  declare view: PlayerView | null;
  declare picked: number[];
  private promptKey = '';

  constructor() {
    super();
    this.prompt = null;
    this.meta = null;
    this.view = null;
    this.picked = [];
  }

  static override styles = [
    palette,
    cardStyles,
    css`
      :host { display: block; }
      .head { display: flex; align-items: baseline; gap: 12px; flex-wrap: wrap; margin-bottom: 10px; }
      .ptext { font-size: 17px; font-weight: 650; }
      .count { color: var(--pt-muted); font-size: 13px; }
      .options { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; }
      .options.column { flex-direction: column; align-items: stretch; gap: 6px; }
      .options.column .pill { text-align: left; }
      button.opt {
        font: inherit;
        border: 2px solid transparent;
        background: none;
        padding: 0;
        border-radius: 11px;
        cursor: pointer;
        position: relative;
      }
      button.opt:hover .card, button.opt:focus-visible .card { transform: translateY(-3px); box-shadow: 0 6px 14px rgba(60, 40, 20, 0.22); }
      button.opt .card { transition: transform 0.12s, box-shadow 0.12s; }
      button.opt.sel { border-color: var(--pt-focus); }
      button.opt .order {
        position: absolute; top: -8px; right: -8px; z-index: 1;
        width: 22px; height: 22px; border-radius: 50%;
        background: var(--pt-focus); color: #fff; font-size: 12px; font-weight: 700;
        display: flex; align-items: center; justify-content: center;
      }
      button.pill {
        font: inherit; font-size: 14px; cursor: pointer;
        padding: 8px 14px; border-radius: 999px;
        border: 1px solid var(--pt-line); background: var(--pt-paper);
        display: inline-flex; flex-direction: column; align-items: flex-start; gap: 1px;
      }
      button.pill small { color: var(--pt-muted); font-size: 11px; }
      button.pill:hover { border-color: var(--pt-accent); }
      button.pill.sel { background: var(--pt-focus); border-color: var(--pt-focus); color: #fff; }
      button.pill.sel small { color: #d7eadf; }
      .grid { display: inline-grid; gap: 6px; padding: 8px; background: #e4d9c3; border-radius: 10px; }
      .grid .lbl { font-size: 11px; color: var(--pt-muted); display: flex; align-items: center; justify-content: center; }
      .grid button, .grid .cell {
        width: 64px; height: 64px; border-radius: 7px; font: inherit;
        border: 1px solid #cdbfa6; background: #f6f0e3;
        display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 3px;
        font-size: 12px; color: var(--pt-muted);
      }
      .grid button { cursor: pointer; background: #fff7e0; border: 2px solid var(--pt-gold); color: var(--pt-ink); font-weight: 650; }
      .grid button:hover { background: #ffe9a8; }
      .grid button.sel { background: var(--pt-focus); color: #fff; border-color: var(--pt-focus); }
      .hand { display: flex; flex-wrap: wrap; gap: 14px 12px; align-items: flex-start; }
      .hand .group { display: flex; flex-direction: column; gap: 4px; width: 138px; }
      .hand .group .card { width: 138px; min-height: 0; }
      .hand .group .card .fields { padding-bottom: 6px; }
      .acts { display: flex; flex-direction: column; gap: 4px; }
      button.act {
        font: inherit; font-size: 12px; text-align: left; cursor: pointer; line-height: 1.25;
        padding: 4px 7px; border-radius: 7px; border: 1px solid var(--pt-line); background: var(--pt-paper);
        display: flex; flex-direction: column; gap: 2px;
      }
      button.act:hover { border-color: var(--pt-accent); background: #fff7e8; }
      button.act.sel { background: var(--pt-focus); border-color: var(--pt-focus); color: #fff; }
      button.act .dt { font-size: 11px; color: #5f564d; }
      button.act.sel .dt { color: #d7eadf; }
      button.act:disabled { cursor: default; opacity: 1; background: #f1ece2; border-style: dashed; color: #8a8075; }
      button.act:disabled .dt { color: #9a5a3a; }
      .options .pill .dt { font-size: 11px; color: var(--pt-muted); }
      .actions { margin-top: 12px; display: flex; gap: 8px; }
      .actions button {
        font: inherit; font-size: 14px; padding: 7px 16px; border-radius: 8px; cursor: pointer;
        border: 1px solid var(--pt-line); background: var(--pt-paper);
      }
      .actions button.primary { background: var(--pt-focus); border-color: var(--pt-focus); color: #fff; font-weight: 600; }
      .actions button:disabled { opacity: 0.45; cursor: default; }
    `,
  ];

  protected override willUpdate(): void {
    const key = JSON.stringify(this.prompt);
    if (key !== this.promptKey) { this.promptKey = key; this.picked = []; }
  }

  private get single(): boolean {
    const p = this.prompt!;
    return p.max === 1 && p.min === 1;
  }

  private pick(i: number): void {
    if (this.single) { this.emit([i]); return; }
    const p = this.prompt!;
    const at = this.picked.indexOf(i);
    if (at >= 0) this.picked = this.picked.filter((x) => x !== i);
    else if (p.max === 1) this.picked = [i];
    else if (this.picked.length < p.max) this.picked = [...this.picked, i];
  }

  private emit(positions: number[]): void {
    this.dispatchEvent(new CustomEvent('choose', { detail: { positions }, bubbles: true, composed: true }));
  }

  private countText(): string {
    const p = this.prompt!;
    if (p.min === p.max) return p.min === 1 ? 'choose one' : `choose ${p.min}`;
    if (p.min === 0 && p.max === 1) return 'choose one, or none';
    return `choose ${p.min} to ${p.max}`;
  }

  private mark(i: number): TemplateResult | typeof nothing {
    const k = this.picked.indexOf(i);
    return k >= 0 && this.prompt!.max > 1 ? html`<span class="order">${k + 1}</span>` : nothing;
  }

  private renderChoices(): TemplateResult {
    const p = this.prompt!;
    const sel = (i: number) => (this.picked.includes(i) ? 'sel' : '');
    // a kind drawn its own way (cards, players, cells), else values read by their labels
    const own = rendererOf(p.choose);
    if (own) return own({ prompt: p, meta: this.meta!, view: this.view, sel, pick: (i) => this.pick(i), mark: (i) => this.mark(i) });
    if (p.cards && p.cards.some((c) => c)) return this.renderByCard();
    // values chosen by what they read as: the ruleset's label (a record such as "Build Palace, 2 to the
    // left") with its symbols and its detail line, else the value itself
    const long = (p.labels ?? []).some((l) => l.length > 24);
    return html`<div class="options ${long ? 'column' : ''}">${p.options.map((o, i) => html`<button class="pill ${sel(i)}" data-option=${i} @click=${() => this.pick(i)}>${this.optionText(o, i)}${this.detail(i)}</button>`)}
      ${(p.unavailable ?? []).map((u) => html`<button class="pill" disabled data-unavailable>${this.pieces(u.label)}<small class="dt">${this.pieces(u.why)}</small></button>`)}</div>`;
  }

  private pieces(xs: readonly Seg[]): TemplateResult {
    return segs(this.meta!, xs, (q) => this.view?.seats[q]?.name ?? `Player ${q + 1}`, (c) => cardColourOf(this.meta!, c));
  }

  private optionText(o: unknown, i: number): TemplateResult | string {
    const p = this.prompt!;
    const rich = p.rich?.[i];
    if (rich) return this.pieces(rich.label);
    return p.labels?.[i] ?? (o === true ? 'Yes' : o === false ? 'No' : String(o));
  }

  private detail(i: number): TemplateResult | typeof nothing {
    const d = this.prompt!.rich?.[i]?.detail;
    return d && d.length ? html`<small class="dt" data-detail>${this.pieces(d)}</small>` : nothing;
  }

  /** Options that are records with a card (a card and what to do with it): each card drawn once, its options
   *  as buttons under it, with what each costs and would pay, and what cannot be done now with why. */
  private renderByCard(): TemplateResult {
    const p = this.prompt!;
    const meta = this.meta!;
    const groups: { card: CardView | null; options: number[]; blocked: NonNullable<typeof p.unavailable> }[] = [];
    const groupOf = (c: CardView | null) => {
      let g = c ? groups.find((x) => x.card?.e === c.e) : undefined;
      if (!g) groups.push((g = { card: c, options: [], blocked: [] }));
      return g;
    };
    p.options.forEach((_, i) => groupOf(p.cards?.[i] ?? null).options.push(i));
    for (const u of p.unavailable ?? []) groupOf(u.card).blocked.push(u);
    const sel = (i: number) => (this.picked.includes(i) ? 'sel' : '');
    return html`<div class="hand">${groups.map((g) => html`<div class="group" data-card-group=${g.card?.id ?? ''}>
      ${g.card ? cardTile(meta, g.card) : nothing}
      <div class="acts">
        ${g.options.map((i) => html`<button class="act ${sel(i)}" data-option=${i} @click=${() => this.pick(i)}>${this.mark(i)}<span>${this.optionText(p.options[i], i)}</span>${this.detail(i)}</button>`)}
        ${g.blocked.map((u) => html`<button class="act" disabled data-unavailable title="cannot be done now"><span>${this.pieces(u.label)}</span>${u.why.length ? html`<small class="dt">${this.pieces(u.why)}</small>` : nothing}</button>`)}
      </div>
    </div>`)}</div>`;
  }

  protected override render() {
    const p = this.prompt;
    if (!p || !this.meta) return nothing;
    const ok = this.picked.length >= p.min && this.picked.length <= p.max;
    return html`
      <div class="head"><span class="ptext">${p.text}</span><span class="count">${this.countText()}</span></div>
      ${this.renderChoices()}
      ${this.single
        ? nothing
        : html`<div class="actions">
            <button class="primary" data-confirm ?disabled=${!ok} @click=${() => this.emit(this.picked)}>
              ${this.picked.length === 0 && p.min === 0 ? 'Choose none' : 'Confirm'}
            </button>
            ${this.picked.length ? html`<button @click=${() => (this.picked = [])}>Clear</button>` : nothing}
          </div>`}
    `;
  }
}

if (!customElements.get('bk-pt-prompt')) customElements.define('bk-pt-prompt', BkPtPrompt);

declare global {
  interface HTMLElementTagNameMap {
    'bk-pt-prompt': BkPtPrompt;
  }
}
