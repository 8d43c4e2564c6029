// <bk-pt-table>: the table as one seat sees it, drawn generically from `view()` and the ruleset's public
// data: the seats (role when known, what lies before them), shared grids with their stacks (and the goal
// a face-up card sets for them), shared piles (face-down ones as counts), the public values, and the
// viewer's own zones as whole cards.

import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { NO_PLAYER, PERSON, type PlayerView, type ZoneView } from '../../../engine/index.js';
import type { SessionInfo, TableMeta } from './protocol.js';
import { cardChip, cardStyles, cardTile, isTokens, palette, tokens, zoneLabel } from './cards.js';
import { segs } from './symbols.js';
import { cardColourOf } from './game-parts.js';

/** A seat's value with nothing to show: none yet, a player variable naming nobody, a card variable holding no
 *  card (a number is shown whatever it is, -1 included). */
const unset = (kind: string, val: unknown): boolean =>
  val === null || val === undefined || (kind === 'player' && val === NO_PLAYER) || (kind === 'card' && val === -1);

type Grid = Record<string, ZoneView>;

const TEAM_COLOURS = ['#2f6e52', '#9b2f2a', '#3f6aa1', '#a66a00', '#6b4c9a', '#4a6b6b'];

/** Whether a word names a CSS colour (red, white, #3a8a4f…). */
function isColour(v: string): boolean {
  return typeof CSS !== 'undefined' && typeof CSS.supports === 'function' ? CSS.supports('color', v) : /^(#[0-9a-f]{3,8}|[a-z]+)$/i.test(v);
}

export class BkPtTable extends LitElement {
  static override properties = {
    view: { attribute: false },
    meta: { attribute: false },
    info: { attribute: false },
  };

  declare view: PlayerView | null;
  declare meta: TableMeta | null;
  declare info: SessionInfo | null;

  constructor() {
    super();
    this.view = null;
    this.meta = null;
    this.info = null;
  }

  static override styles = [
    palette,
    cardStyles,
    css`
      :host { display: block; }
      h3 { margin: 0 0 8px; font-size: 12px; letter-spacing: 0.06em; text-transform: uppercase; color: var(--pt-muted); font-weight: 650; }
      .seats { display: grid; grid-template-columns: repeat(auto-fill, minmax(210px, 1fr)); gap: 10px; margin-bottom: 16px; }
      .seat { background: var(--pt-paper); border: 1px solid var(--pt-line); border-radius: 10px; padding: 9px 11px; font-size: 13px; min-height: 74px; min-width: 0; overflow: hidden; }
      .seat .summary { margin: 4px 0 4px; display: grid; grid-template-columns: auto minmax(0, 1fr); gap: 2px 8px; align-items: baseline; }
      .seat .summary .sl { display: contents; }
      .seat .summary .sl .lb { color: var(--pt-muted); font-size: 11.5px; }
      .seat .summary .sl .v { min-width: 0; overflow-wrap: anywhere; }
      .seat .summary .sl.full .v { grid-column: 1 / -1; }
      .seat.me { border: 2px solid var(--pt-focus); padding: 8px 10px; }
      .seat.active { box-shadow: 0 0 0 3px rgba(217, 165, 33, 0.45); }
      .seat .top { display: flex; justify-content: space-between; align-items: baseline; gap: 6px; }
      .seat .who { font-weight: 700; font-size: 14px; }
      .seat .kind { font-size: 11px; color: var(--pt-muted); }
      .role { display: inline-block; margin: 4px 0 2px; padding: 1px 8px; border-radius: 999px; color: #fff; font-size: 11.5px; font-weight: 600; }
      .role.unknown { background: #d9d0c0; color: #6b6157; }
      .seat .zones { margin-top: 4px; display: flex; flex-direction: column; gap: 2px; color: #4a423b; }
      .seat .z { display: flex; gap: 2px 6px; align-items: center; flex-wrap: wrap; min-width: 0; }
      .seat .z b { font-variant-numeric: tabular-nums; }
      .status { font-size: 11.5px; color: #8a5b00; font-weight: 600; }
      .middle { display: flex; gap: 22px; flex-wrap: wrap; align-items: flex-start; margin-bottom: 16px; }
      .tower { background: #e4d9c3; border-radius: 12px; padding: 10px 12px 12px; }
      .tgrid { display: inline-grid; gap: 6px; }
      .tgrid .lbl { font-size: 11px; color: var(--pt-muted); display: flex; align-items: center; justify-content: center; }
      .tcell {
        width: 78px; height: 78px; border-radius: 8px; background: #f6f0e3; border: 1px solid #cdbfa6;
        display: flex; flex-direction: column; align-items: center; justify-content: flex-end; padding: 4px; box-sizing: border-box;
        position: relative;
      }
      .tcell .n { position: absolute; top: 4px; left: 6px; font-size: 11px; color: var(--pt-muted); }
      .tcell .h { font-size: 22px; font-weight: 750; line-height: 1; }
      .tcell .goal { font-size: 11px; color: var(--pt-muted); }
      .tcell.target { background: #fff4d6; border: 2px solid var(--pt-gold); }
      .tcell.met { background: #e2f0e6; border: 2px solid var(--pt-focus); }
      .stack { display: flex; flex-direction: column-reverse; gap: 1px; margin-bottom: 2px; }
      .stack i { width: 26px; height: 3px; border-radius: 1px; background: var(--pt-accent); }
      .floors { display: inline-flex; flex-direction: column; gap: 2px; margin: 4px 0 2px; padding: 4px 6px; background: #eee5d3; border-radius: 6px; }
      .floor { display: flex; gap: 2px; align-items: center; }
      .floor i { width: 16px; height: 12px; border-radius: 2px; background: #fbf7ee; border: 1px dashed #cdbfa6; box-sizing: border-box; }
      .floor i.b { border: 1px solid rgba(0, 0, 0, 0.35); }
      .floor .fl { width: 10px; font-size: 9px; color: var(--pt-muted); text-align: right; margin-right: 2px; }
      .floor .cl { width: 16px; font-size: 8px; color: var(--pt-muted); text-align: center; }
      .piles { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; flex: 1; min-width: 280px; }
      .pile { background: rgba(255, 253, 248, 0.7); border: 1px solid var(--pt-line); border-radius: 10px; padding: 8px 10px; font-size: 13px; max-width: 100%; }
      .pile .lab { display: flex; gap: 8px; align-items: baseline; margin-bottom: 5px; }
      .pile .lab span { font-weight: 650; }
      .pile .lab small { color: var(--pt-muted); }
      .deck { width: 54px; height: 72px; border-radius: 7px; background: repeating-linear-gradient(135deg, #3b3f4a 0 7px, #343843 7px 14px); color: #e9e3d6; display: flex; align-items: center; justify-content: center; font-weight: 700; box-shadow: 2px 2px 0 #23262d, 4px 4px 0 #555a66; }
      .empties { font-size: 12px; color: var(--pt-muted); margin-top: 4px; }
      .vars { display: flex; flex-wrap: wrap; gap: 6px 16px; font-size: 13px; margin-bottom: 16px; }
      .vars span b { font-weight: 650; }
      .mine { background: rgba(255, 253, 248, 0.55); border: 1px solid var(--pt-line); border-radius: 12px; padding: 12px 14px; margin-bottom: 16px; }
      .mine .row { display: flex; gap: 20px; flex-wrap: wrap; }
      .mine .zone { display: flex; flex-direction: column; gap: 6px; }
      .mine .cards { display: flex; gap: 8px; flex-wrap: wrap; }
      details summary { cursor: pointer; color: var(--pt-muted); font-size: 12px; }
    `,
  ];

  private teamColour(team: string | null): string {
    // a team named after a colour (a nation: red, blue…) wears it
    if (team && isColour(team)) return team;
    const ids = Object.keys(this.meta?.teams ?? {});
    const i = team ? ids.indexOf(team) : -1;
    return i >= 0 ? TEAM_COLOURS[i % TEAM_COLOURS.length]! : '#8a7f70';
  }

  /** A card's colour on the table: its `color`/`colour` field when it names one, else its type's accent. */
  private cardColour(id: string, type: string): string {
    const meta = this.meta!;
    const known = meta.cards[id]?.colour;
    if (known && (known.startsWith('#') || isColour(known))) return known;
    const f = meta.cards[id]?.fields ?? {};
    for (const k of ['color', 'colour']) {
      const v = f[k];
      if (typeof v === 'string' && isColour(v)) return v;
    }
    return meta.cardTypes[type]?.accent ?? '#8a6d4b';
  }

  /** A spatial grid with floors, seen from the front: the top floor first, each floor's cells side by side,
   *  each filled with the colour of the block on it. */
  private renderFloors(id: string, grid: Record<string, ZoneView> | undefined, columns: string[], rows: string[], levels: number, seat?: number): TemplateResult {
    const cells = rows.flatMap((r) => columns.map((c) => `${c}${r}`));
    const floors = Array.from({ length: levels }, (_, i) => levels - i);
    const filled = cells.reduce((n, c) => n + floors.filter((f) => (grid?.[`${c}@${f}`]?.count ?? 0) > 0).length, 0);
    return html`<div class="floors" data-floors=${id} data-seat=${seat ?? NO_PLAYER} title="${this.label(id)}: ${filled} block${filled === 1 ? '' : 's'}">
      ${floors.map((f) => html`<div class="floor" data-floor=${f}><span class="fl">${f}</span>${cells.map((c) => {
        const cv = grid?.[`${c}@${f}`];
        const card = cv?.cards?.[cv.cards.length - 1] ?? null;
        const colour = card ? this.cardColour(card.id, card.type) : cv && cv.count > 0 ? '#8a7f70' : '';
        return html`<i class=${colour ? 'b' : ''} data-cell=${`${c}@${f}`} data-color=${card?.id ?? ''} title=${`${c}@${f}${card ? `: ${card.name}` : ''}`}
          style=${colour ? `background:${colour}` : ''}></i>`;
      })}</div>`)}
      <div class="floor lbls"><span class="fl"></span>${cells.map((c) => html`<span class="cl">${c}</span>`)}</div>
    </div>`;
  }

  private roleBadge(role: string | null, team: string | null): TemplateResult | typeof nothing {
    // a game without roles (7 Wonders, Babel On!) has nothing hidden to show
    if (!role && Object.keys(this.meta?.roles ?? {}).length === 0) return nothing;
    if (!role) return html`<span class="role unknown">role hidden</span>`;
    return html`<span class="role" style="background:${this.teamColour(team)}">${this.meta!.roles[role]?.name ?? role}</span>`;
  }

  /** How a zone or variable is called on the table: its declared name ("the draw deck" → "draw deck"), else
   *  its id in words. */
  private label(id: string): string {
    const m = this.meta;
    const named = m?.zones.find((z) => z.id === id)?.name ?? (m && Object.prototype.hasOwnProperty.call(m.vars, id) ? m.vars[id]!.name : undefined);
    return named ? named.replace(/^the /i, '') : zoneLabel(id);
  }

  /** A card held by a variable, by name when this seat sees it somewhere on the table, else "a card". */
  private cardName(e: unknown): string {
    if (typeof e !== 'number' || e < 0) return 'none';
    const walk = (z: unknown): string | null => {
      if (!z || typeof z !== 'object') return null;
      if (Array.isArray(z)) { for (const x of z) { const n = walk(x); if (n) return n; } return null; }
      const zv = z as { count?: number; cards?: ({ e: number; name: string } | null)[] };
      if (typeof zv.count === 'number') return zv.cards?.find((c) => c?.e === e)?.name ?? null;
      for (const x of Object.values(z)) { const n = walk(x); if (n) return n; }
      return null;
    };
    return walk(this.view?.zones) ?? 'a card';
  }

  private value(kind: string, v: unknown): string {
    const seat = (p: unknown) => (typeof p === 'number' && p >= 0 ? this.view!.seats[p]?.name ?? `Player ${p + 1}` : 'nobody');
    if (kind === 'player') return seat(v);
    if (kind === 'players' && Array.isArray(v)) return v.length ? v.map(seat).join(', ') : 'nobody';
    if (kind === 'card') return this.cardName(v);
    if (kind === 'cards' && Array.isArray(v)) return v.length ? v.map((e) => this.cardName(e)).join(', ') : 'none';
    if (typeof v === 'boolean') return v ? 'yes' : 'no';
    if (Array.isArray(v)) return v.length ? v.join(', ') : '—';
    return String(v);
  }

  private smallZone(z: ZoneView): TemplateResult {
    const meta = this.meta!;
    if (isTokens(meta, z)) return html`${tokens(z.count, z.cards?.map((c) => (c ? this.cardColour(c.id, c.type) : '')))}`;
    if (z.cards) return html`${this.byColour(z.cards).map((c) => cardChip(meta, c, c ? this.cardColour(c.id, c.type) : undefined))}`;
    return html``;
  }

  /** Cards in front of a player grouped by their `color`/`colour` field (a city by colour), in the order each
   *  colour first appears; cards without one, and face-down ones, keep their place after them. */
  private byColour<C extends { id: string } | null>(cards: readonly C[]): C[] {
    const colourOf = (c: C) => {
      if (!c) return undefined;
      const f = this.meta!.cards[c.id]?.fields ?? {};
      for (const k of ['color', 'colour']) if (Object.prototype.hasOwnProperty.call(f, k) && typeof f[k] === 'string') return f[k] as string;
      return undefined;
    };
    const order: string[] = [];
    for (const c of cards) { const k = colourOf(c); if (k !== undefined && !order.includes(k)) order.push(k); }
    if (order.length < 2) return cards.slice();
    const rank = (c: C) => { const k = colourOf(c); return k === undefined ? order.length : order.indexOf(k); };
    return cards.map((c, i) => ({ c, i })).sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i).map((x) => x.c);
  }

  private renderSeat(p: number): TemplateResult {
    const v = this.view!;
    const meta = this.meta!;
    const seat = v.seats[p]!;
    const me = v.viewer === p;
    const kind = this.info?.seats[p];
    const active = v.waiting.includes(p);
    const zones: TemplateResult[] = [];
    for (const z of meta.zones) {
      if (meta.hide.includes(z.id)) continue;
      // a player's own tower (a spatial grid of theirs), drawn floor by floor for everyone, the viewer too
      if (z.perPlayer && z.columns && z.rows && z.levels > 0) {
        zones.push(this.renderFloors(z.id, (v.zones[z.id] as Record<string, ZoneView>[])[p], z.columns, z.rows, z.levels, p));
        continue;
      }
      if (!z.perPlayer || z.columns || me) continue;
      const zv = (v.zones[z.id] as ZoneView[])[p];
      if (!zv || zv.count === 0) continue;
      zones.push(html`<div class="z" data-zone=${z.id}>${this.label(z.id)} <b>${zv.count}</b> ${this.smallZone(zv)}</div>`);
    }
    // the ruleset's seat summary stands for the seat's variables
    for (const [id, d] of meta.summary ? [] : Object.entries(meta.vars)) {
      if (!d.perPlayer) continue;
      const val = (v.vars[id] as unknown[] | undefined)?.[p];
      if (unset(d.kind, val)) continue;
      zones.push(html`<div class="z">${this.label(id)}: <b>${this.value(d.kind, val)}</b></div>`);
    }
    const thinking = this.info?.thinking === p;
    return html`<div class="seat ${me ? 'me' : ''} ${active ? 'active' : ''}" data-seat=${p}>
      <div class="top"><span class="who">${seat.name}${me ? ' (you)' : ''}</span><span class="kind">${kind === PERSON ? 'person' : kind ? `${kind} bot` : ''}</span></div>
      ${this.roleBadge(seat.role, seat.team)}
      ${thinking ? html`<div class="status">thinking…</div>` : active ? html`<div class="status">to decide</div>` : nothing}
      ${this.renderSummary(p)}
      <div class="zones">${zones}</div>
    </div>`;
  }

  /** The ruleset's summary of a seat (its wonder, coins, shields…), as this viewer may see it. */
  private renderSummary(p: number): TemplateResult | typeof nothing {
    const lines = this.view?.summary?.[p];
    if (!lines?.length) return nothing;
    const meta = this.meta!;
    return html`<div class="summary" data-summary>${lines.map((l) => html`<div class="sl ${l.label ? '' : 'full'}">${l.label ? html`<span class="lb">${l.label}</span>` : nothing}<span class="v">${segs(meta, l.segs, (q) => this.view!.seats[q]?.name ?? `Player ${q + 1}`, (c) => cardColourOf(meta, c))}</span></div>`)}</div>`;
  }

  /** Goals a face-up card sets on a grid: a single visible card whose type draws a cell-count field on it. */
  private goals(gridId: string): Record<string, number> {
    const v = this.view!;
    const meta = this.meta!;
    const out: Record<string, number> = {};
    for (const z of meta.zones) {
      if (z.perPlayer || z.columns) continue;
      const zv = v.zones[z.id] as ZoneView;
      if (zv.count !== 1 || !zv.cards?.[0]) continue;
      const c = zv.cards[0];
      const t = meta.cardTypes[c.type];
      for (const f of t?.gridFields ?? []) {
        if (f.zone !== gridId || t!.fields[f.field] !== 'cellCounts') continue;
        Object.assign(out, meta.cards[c.id]?.fields[f.field] ?? {});
      }
    }
    return out;
  }

  private renderGrid(id: string, columns: string[], rows: string[]): TemplateResult {
    const grid = this.view!.zones[id] as Grid;
    const goals = this.goals(id);
    return html`<div class="tower" data-zone=${id}>
      <h3>${this.label(id)}</h3>
      <div class="tgrid" style="grid-template-columns: 16px repeat(${columns.length}, 78px)">
        <span></span>${columns.map((c) => html`<span class="lbl">${c}</span>`)}
        ${rows.map((r) => html`<span class="lbl">${r}</span>${columns.map((c) => {
          const cell = `${c}${r}`;
          const n = grid[cell]?.count ?? 0;
          const goal = goals[cell];
          const cls = goal === undefined ? '' : n >= goal ? 'met' : 'target';
          return html`<div class="tcell ${cls}" data-cell=${cell} title="${cell}: ${n}${goal !== undefined ? ` of ${goal}` : ''}">
            <span class="n">${cell}</span>
            <span class="stack">${Array.from({ length: Math.min(n, 14) }, () => html`<i></i>`)}</span>
            <span class="h">${n}</span>${goal !== undefined ? html`<span class="goal">of ${goal}</span>` : nothing}
          </div>`;
        })}`)}
      </div>
    </div>`;
  }

  private renderPile(id: string, z: ZoneView, description?: string): TemplateResult {
    const meta = this.meta!;
    let body: TemplateResult;
    if (!z.cards) body = html`<div class="deck" title="face down">${z.count}</div>`;
    else if (isTokens(meta, z)) body = tokens(z.count, z.cards.map((c) => (c ? this.cardColour(c.id, c.type) : '')));
    else if (z.cards.length === 1) body = cardTile(meta, z.cards[0]!);
    else if (z.cards.length <= 10) body = html`<div>${z.cards.map((c) => cardChip(meta, c))}</div>`;
    else body = html`<details><summary>show the ${z.cards.length} cards</summary>${z.cards.map((c) => cardChip(meta, c))}</details>`;
    return html`<div class="pile" data-zone=${id} title=${description ?? ''}>
      <div class="lab"><span>${this.label(id)}</span><small>${z.count} ${z.cards ? '' : 'face down'}</small></div>
      ${body}
    </div>`;
  }

  private renderMine(): TemplateResult | typeof nothing {
    const v = this.view!;
    const meta = this.meta!;
    const me = v.viewer;
    if (me < 0) return nothing;
    const zones = meta.zones.filter((z) => z.perPlayer && !z.columns && !meta.hide.includes(z.id)).map((z) => ({ z, zv: (v.zones[z.id] as ZoneView[])[me]! })).filter((x) => x.zv && x.zv.count > 0);
    const vars = (meta.summary ? [] : Object.entries(meta.vars)).filter(([, d]) => d.perPlayer).map(([id, d]) => ({ id, d, val: (v.vars[id] as unknown[] | undefined)?.[me] })).filter((x) => !unset(x.d.kind, x.val));
    return html`<section class="mine" data-mine>
      <h3>In front of you (${v.seats[me]!.name})</h3>
      <div class="row">
        ${zones.map(({ z, zv }) => html`<div class="zone" data-zone=${z.id}>
          <small>${this.label(z.id)} · ${zv.count}</small>
          <div class="cards">${isTokens(meta, zv) ? tokens(zv.count, zv.cards?.map((c) => (c ? this.cardColour(c.id, c.type) : ''))) : this.byColour(zv.cards ?? Array.from({ length: zv.count }, () => null)).map((c) => cardTile(meta, c))}</div>
        </div>`)}
        ${vars.length ? html`<div class="zone">${vars.map((x) => html`<small>${this.label(x.id)}: <b>${this.value(x.d.kind, x.val)}</b></small>`)}</div>` : nothing}
      </div>
    </section>`;
  }

  protected override render() {
    const v = this.view;
    const meta = this.meta;
    if (!v || !meta) return nothing;
    const grids: TemplateResult[] = [];
    const piles: TemplateResult[] = [];
    const empty: string[] = [];
    for (const z of meta.zones) {
      if (z.perPlayer || meta.hide.includes(z.id)) continue;
      if (z.columns && z.rows && z.levels > 0) { grids.push(html`<div class="tower" data-zone=${z.id}><h3>${this.label(z.id)}</h3>${this.renderFloors(z.id, v.zones[z.id] as Record<string, ZoneView>, z.columns, z.rows, z.levels)}</div>`); continue; }
      if (z.columns && z.rows) { grids.push(this.renderGrid(z.id, z.columns, z.rows)); continue; }
      const zv = v.zones[z.id] as ZoneView;
      if (zv.count === 0) empty.push(this.label(z.id));
      else piles.push(this.renderPile(z.id, zv, z.description));
    }
    const shared = Object.entries(meta.vars).filter(([id, d]) => !d.perPlayer && id in v.vars);
    return html`
      <h3>Seats</h3>
      <div class="seats">${v.seats.map((s) => this.renderSeat(s.seat))}</div>
      ${this.renderMine()}
      ${shared.length ? html`<div class="vars">${shared.map(([id, d]) => html`<span>${this.label(id)}: <b>${this.value(d.kind, v.vars[id])}</b></span>`)}</div>` : nothing}
      <div class="middle">
        ${grids}
        <div class="piles">
          ${piles}
          ${empty.length ? html`<div class="empties">empty: ${empty.join(', ')}</div>` : nothing}
        </div>
      </div>
    `;
  }
}

if (!customElements.get('bk-pt-table')) customElements.define('bk-pt-table', BkPtTable);

declare global {
  interface HTMLElementTagNameMap {
    'bk-pt-table': BkPtTable;
  }
}
