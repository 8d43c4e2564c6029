// Drawing cards, piles and grids from a seat's view and the ruleset's public data. Shared by the table
// and the prompt, so a card looks the same wherever it lies.

import { css, html, nothing, type TemplateResult } from 'lit';
import type { CardView, ZoneView } from '../../../engine/index.js';
import type { TableMeta } from './protocol.js';
import { runs, symbolStyles } from './symbols.js';

export const palette = css`
  :host {
    --pt-ink: #2b2622;
    --pt-muted: #776d63;
    --pt-paper: #fffdf8;
    --pt-table: #efe7d6;
    --pt-line: #d8ccb5;
    --pt-accent: #b5562f;
    --pt-gold: #d9a521;
    --pt-focus: #2f6e52;
    font-family: system-ui, -apple-system, 'Segoe UI', 'Noto Sans', sans-serif;
    color: var(--pt-ink);
  }
`;

export const cardStyles = css`
  ${symbolStyles}
  .card {
    position: relative;
    display: inline-flex;
    flex-direction: column;
    width: 118px;
    min-height: 150px;
    box-sizing: border-box;
    border-radius: 9px;
    background: var(--pt-paper);
    border: 1px solid var(--pt-line);
    box-shadow: 0 1px 2px rgba(60, 40, 20, 0.18), 0 3px 8px rgba(60, 40, 20, 0.08);
    overflow: hidden;
    font-size: 12px;
    text-align: left;
    vertical-align: top;
  }
  .card .band { height: 7px; background: var(--accent, #8a7f70); }
  .card .kind { padding: 5px 8px 0; font-size: 10px; letter-spacing: 0.04em; text-transform: uppercase; color: var(--pt-muted); }
  .card .name { padding: 1px 8px 4px; font-weight: 650; font-size: 13px; line-height: 1.2; }
  .card .art { display: block; width: calc(100% - 16px); max-height: 84px; margin: 0 8px 6px; object-fit: contain; }
  .card .fields { padding: 0 8px 8px; display: flex; flex-direction: column; gap: 4px; color: #4a423b; }
  .card .text { font-size: 11px; line-height: 1.3; color: #5a5048; }
  .card .fl { line-height: 1.35; }
  .card .fl .lb, .card .text .lb { color: var(--pt-muted); font-size: 11px; }
  .card.down {
    background: repeating-linear-gradient(135deg, #3b3f4a 0 8px, #343843 8px 16px);
    border-color: #23262d;
    color: #e9e3d6;
    align-items: center;
    justify-content: center;
  }
  .card.down .name { color: #e9e3d6; font-weight: 600; text-align: center; }
  .chip {
    display: inline-flex;
    align-items: center;
    gap: 5px;
    padding: 2px 8px 2px 6px;
    margin: 2px 3px 2px 0;
    border-radius: 999px;
    background: var(--pt-paper);
    border: 1px solid var(--pt-line);
    font-size: 12px;
    white-space: nowrap;
    max-width: 100%;
    min-width: 0;
    box-sizing: border-box;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .chip::before { content: ''; flex: none; width: 8px; height: 8px; border-radius: 50%; background: var(--accent, #8a7f70); }
  .chip .nm { overflow: hidden; text-overflow: ellipsis; }
  .chip.down { background: #3b3f4a; color: #e9e3d6; border-color: #23262d; }
  .mini { display: inline-grid; gap: 2px; margin-top: 2px; }
  .mini span {
    width: 18px;
    height: 18px;
    border-radius: 3px;
    background: #f1eadc;
    border: 1px solid #e2d7c1;
    font-size: 10px;
    display: flex;
    align-items: center;
    justify-content: center;
    color: #8a7f70;
  }
  .mini span.on { background: var(--accent, #b5562f); border-color: transparent; color: #fff; font-weight: 700; }
  .tokens { display: inline-flex; flex-wrap: wrap; gap: 2px; max-width: 150px; }
  .cube { width: 9px; height: 9px; border-radius: 2px; background: var(--pt-accent); box-shadow: inset -1px -1px 0 rgba(0, 0, 0, 0.25); }
`;

export function accentOf(meta: TableMeta, type: string): string {
  return meta.cardTypes[type]?.accent ?? '#8a7f70';
}

/** A card's own colour: its `color`/`colour` field when that names a colour (a red structure), else its
 *  type's accent. */
export function cardColour(meta: TableMeta, c: { id: string; type: string }): string {
  const known = meta.cards[c.id]?.colour;
  if (known && (/^#/.test(known) || typeof CSS === 'undefined' || CSS.supports('color', known))) return known;
  const f = meta.cards[c.id]?.fields ?? {};
  for (const k of ['color', 'colour']) {
    const v = f[k];
    if (typeof v === 'string' && (/^#[0-9a-f]{3,8}$/i.test(v) || (/^[a-z]+$/i.test(v) && (typeof CSS === 'undefined' || CSS.supports('color', v))))) return v;
  }
  return accentOf(meta, c.type);
}

function gridOf(meta: TableMeta, zoneId: string): { columns: string[]; rows: string[] } | null {
  const z = meta.zones.find((x) => x.id === zoneId);
  return z && z.columns && z.rows ? { columns: z.columns, rows: z.rows } : null;
}

/** A small grid drawing of a cell-valued field (cells lit, counts written in). */
export function miniGrid(meta: TableMeta, zoneId: string, value: unknown): TemplateResult | typeof nothing {
  const grid = gridOf(meta, zoneId);
  if (!grid) return nothing;
  const counts: Record<string, unknown> = Array.isArray(value) ? Object.fromEntries(value.map((c) => [c, true])) : ((value ?? {}) as Record<string, unknown>);
  return html`<div class="mini" style="grid-template-columns: repeat(${grid.columns.length}, 18px)">
    ${grid.rows.map((r) => grid.columns.map((c) => {
      const v = counts[`${c}${r}`];
      return html`<span class=${v ? 'on' : ''} title="${c}${r}">${typeof v === 'number' ? v : ''}</span>`;
    }))}
  </div>`;
}

/** What the card shows: its grids (cells lit), then its face as the ruleset says (labels, text, symbols):
 *  never a field that reads as nothing (a 0, an empty list, a default). */
function fieldLines(meta: TableMeta, c: CardView): TemplateResult[] {
  const def = meta.cards[c.id];
  const type = meta.cardTypes[c.type];
  if (!def || !type) return [];
  const out: TemplateResult[] = [];
  for (const f of type.gridFields) {
    const v = def.fields[f.field];
    if (v === undefined || v === null || (Array.isArray(v) && !v.length)) continue;
    out.push(miniGrid(meta, f.zone, v) as TemplateResult);
  }
  for (const line of def.face) {
    const long = line.runs.length === 1 && line.runs[0]!.t === 'text' && line.runs[0]!.s.length > 28;
    out.push(html`<div class=${long ? 'text' : 'fl'} data-field=${line.field ?? ''}>${line.label ? html`<span class="lb">${line.label}</span> ` : nothing}${runs(meta, line.runs)}</div>`);
  }
  return out;
}

/** The image a card shows on the table (the first image of its layout), as a data: URL. */
function artOf(meta: TableMeta, id: string): string | undefined {
  const key = meta.cards[id]?.art;
  return key !== undefined ? meta.art?.[key] : undefined;
}

/** A whole card: its type, name and fields (null: face down). */
export function cardTile(meta: TableMeta, c: CardView | null, label?: string): TemplateResult {
  if (!c) return html`<div class="card down"><div class="name">${label ?? 'face down'}</div></div>`;
  return html`<div class="card" style="--accent: ${cardColour(meta, c)}" title=${c.name} data-card-id=${c.id}>
    <div class="band"></div>
    <div class="kind">${meta.cardTypes[c.type]?.name ?? c.type}</div>
    <div class="name">${c.name}</div>
    ${artOf(meta, c.id) ? html`<img class="art" src=${artOf(meta, c.id)!} alt="" draggable="false" />` : nothing}
    <div class="fields">${fieldLines(meta, c)}${onCard(c)}</div>
  </div>`;
}

/** What lies on a card: its per-card values ("Charges 2") and the cards attached to it ("Taken: Squid"). */
function onCard(c: CardView): TemplateResult[] {
  const out: TemplateResult[] = [];
  for (const x of c.state ?? []) out.push(html`<div class="fl on" data-state=${x.name}><span class="lb">${x.name}</span> ${x.text}</div>`);
  for (const a of c.attached ?? []) {
    const names = a.cards.map((x) => (x ? x.name : 'a card'));
    out.push(html`<div class="fl on" data-attached=${a.zone}><span class="lb">${a.zone}</span> ${names.join(', ')}</div>`);
  }
  return out;
}

/** A card as a one-line chip (long piles). */
export function cardChip(meta: TableMeta, c: CardView | null, colour?: string): TemplateResult {
  if (!c) return html`<span class="chip down">face down</span>`;
  return html`<span class="chip" data-card=${c.id} title=${c.name} style="--accent: ${colour || accentOf(meta, c.type)}"><span class="nm">${c.name}</span></span>`;
}

/** A pile of tokens (material blocks and the like): counted, never named one by one. */
export function isTokens(meta: TableMeta, z: ZoneView): boolean {
  return !!z.cards && z.cards.length > 0 && z.cards.every((c) => c && meta.cardTypes[c.type]?.token);
}

export function tokens(n: number, colours?: readonly string[]): TemplateResult {
  return html`<span class="tokens" aria-label="${n} tokens">${Array.from({ length: Math.min(n, 40) }, (_, i) =>
    html`<i class="cube" style=${colours?.[i] ? `background:${colours[i]}` : ''}></i>`)}</span>`;
}

/** Human-readable zone names: `sealsReceived` → "seals received". */
export function zoneLabel(id: string): string {
  return id.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ').toLowerCase();
}
