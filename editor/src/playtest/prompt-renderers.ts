// How the playtest draws a decision's options, one renderer per prompt kind (engine/prompt-kinds.ts) that must look
// different from plain values: cards as card faces (face-down ones by position), players by seat name and role,
// cells on their grid. A kind without an entry here is drawn as values read by their labels (<bk-pt-prompt>'s
// own), so a new kind needs an entry only when a person must see it otherwise.

import { html, type nothing, type TemplateResult } from 'lit';
import type { PlayerView, ZoneView } from '../../../engine/index.js';
import type { TableMeta } from './protocol.js';
import { cardTile, tokens } from './cards.js';

export type PromptView = NonNullable<PlayerView['prompt']>;

/** What a renderer uses of the prompt element: the decision, the table, and picking an option. */
export interface PromptDrawing {
  prompt: PromptView;
  meta: TableMeta;
  view: PlayerView | null;
  /** the class of option `i` (picked or not) */
  sel(i: number): string;
  pick(i: number): void;
  /** the order mark of a picked option (several picked) */
  mark(i: number): TemplateResult | typeof nothing;
}

type Renderer = (d: PromptDrawing) => TemplateResult;

function cards(d: PromptDrawing): TemplateResult {
  let down = 0;
  return html`<div class="options">${d.prompt.options.map((o, i) => {
    const label = o ? undefined : `face-down card ${++down}`;
    return html`<button class="opt ${d.sel(i)}" data-option=${i} aria-label=${o ? (o as { name: string }).name : label!} @click=${() => d.pick(i)}>
      ${d.mark(i)}${cardTile(d.meta, o as never, label)}
    </button>`;
  })}</div>`;
}

function players(d: PromptDrawing): TemplateResult {
  const name = (p: number) => {
    const seat = d.view?.seats[p];
    const role = seat?.role ? d.meta.roles[seat.role]?.name ?? seat.role : null;
    return html`${seat?.name ?? `Player ${p + 1}`}${role ? html`<small>${role}</small>` : ''}`;
  };
  return html`<div class="options">${d.prompt.options.map((o, i) => html`<button class="pill ${d.sel(i)}" data-option=${i} @click=${() => d.pick(i)}>${name(o as number)}</button>`)}</div>`;
}

/** The shared grid zone whose cells include every option (null: draw plain buttons). */
function gridFor(meta: TableMeta, cells: string[]): { id: string; columns: string[]; rows: string[] } | null {
  for (const z of meta.zones) {
    if (!z.columns || !z.rows || z.perPlayer) continue;
    const all = new Set(z.rows.flatMap((r) => z.columns!.map((c) => `${c}${r}`)));
    if (cells.every((c) => all.has(c))) return { id: z.id, columns: z.columns, rows: z.rows };
  }
  return null;
}

function cells(d: PromptDrawing): TemplateResult {
  const cells = d.prompt.options.map(String);
  const grid = gridFor(d.meta, cells);
  if (grid) {
    const counts = (d.view?.zones[grid.id] ?? {}) as Record<string, ZoneView>;
    return html`<div class="grid" style="grid-template-columns: 18px repeat(${grid.columns.length}, 64px)">
      <span></span>${grid.columns.map((c) => html`<span class="lbl">${c}</span>`)}
      ${grid.rows.map((r) => html`<span class="lbl">${r}</span>${grid.columns.map((c) => {
        const cell = `${c}${r}`;
        const i = cells.indexOf(cell);
        const n = counts[cell]?.count ?? 0;
        return i >= 0
          ? html`<button class=${d.sel(i)} data-option=${i} aria-label=${cell} @click=${() => d.pick(i)}>${cell}<span>${n}</span></button>`
          : html`<span class="cell">${cell}<span>${n ? tokens(n) : ''}</span></span>`;
      })}`)}
    </div>`;
  }
  return html`<div class="options">${cells.map((c, i) => html`<button class="pill ${d.sel(i)}" data-option=${i} @click=${() => d.pick(i)}>${c}</button>`)}</div>`;
}

/** Renderers by the kind's name (`choose`); own entries only. */
export const PROMPT_RENDERERS: Readonly<Record<string, Renderer>> = Object.assign(Object.create(null) as Record<string, Renderer>, { cards, players, cells });

/** The renderer of a kind, or null: draw its options as labelled values. */
export function rendererOf(kind: string): Renderer | null {
  return Object.hasOwn(PROMPT_RENDERERS, kind) ? PROMPT_RENDERERS[kind]! : null;
}
