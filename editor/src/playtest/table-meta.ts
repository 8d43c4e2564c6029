// The ruleset's public data as the table pages draw it (TableMeta): names, card definitions, zone shapes,
// roles, teams, endings. The same for every seat — it is printed on the cards and in the rules — so the
// playtest worker and the match server both send it as it is. Imports only engine types, so Node uses it too.

import { cardFace, type Game } from '../../../engine/index.js';
import type { TableMeta } from './protocol.js';

/** The ruleset's public data for the table: names, card definitions, zone shapes. */
export function tableMeta(g: Game): TableMeta {
  const cardTypes: TableMeta['cardTypes'] = {};
  for (const t of g.cardTypes) {
    // the grids the card's layout draws (its compiled layout: colours resolved, zones checked)
    const gridFields = t.layout.elements.flatMap((el) => (el.type === 'grid' ? [{ field: el.field, zone: el.zone }] : []));
    cardTypes[t.id] = {
      name: t.name,
      token: t.component === 'token',
      // the layout's accent, else the colour of the back if the card type gives one
      accent: t.layout.accent ?? (t.back !== undefined ? t.layout.back.color : null),
      fields: Object.fromEntries(Object.entries(t.fields).map(([k, f]) => [k, f.type])),
      gridFields,
    };
  }
  const tyKind = (t: { k: string; of?: { k: string } }) => (t.k === 'list' ? `${t.of?.k ?? 'any'}s` : t.k);
  return {
    game: g.id,
    name: g.name,
    minPlayers: g.minPlayers,
    maxPlayers: g.maxPlayers,
    options: g.options.map((o) => ({ id: o.id, type: o.type, default: o.default, choices: o.choices, description: o.description })),
    zones: g.zones.map((z) => ({
      id: z.id,
      perPlayer: z.perPlayer,
      visibility: z.visibility.kind,
      columns: z.columns,
      rows: z.rows,
      levels: z.levels ?? 0,
      description: z.description,
      ...(z.name ? { name: z.name } : {}),
    })),
    cardTypes,
    // a card's face leaves out the fields the table draws as a grid
    cards: Object.fromEntries(g.cards.map((c) => {
      const colour = colourOf(g, c.type, c.fields);
      return [c.id, { name: c.name, type: c.type, fields: plainFields(g, c.type, c.fields), face: cardFace(g, c, new Set(cardTypes[c.type]?.gridFields.map((x) => x.field) ?? [])), ...(colour ? { colour } : {}) }];
    })),
    symbols: Object.fromEntries([...g.symbols.values()].map((x) => [x.id, { name: x.name, color: x.color, amount: x.amount, ...(x.glyph ? { glyph: x.glyph } : {}), ...(x.shape ? { shape: x.shape } : {}) }])),
    scores: g.scoring?.categories.map((c) => ({ id: c.id, name: c.name })) ?? [],
    // per-card zones are drawn on their cards, not as piles of the table
    hide: g.zones.filter((z) => z.hidden || z.perCard).map((z) => z.id),
    summary: g.table.seat.length > 0,
    roles: Object.fromEntries(g.roles.map((r) => [r.id, { name: r.name, team: g.teams[r.team]!.id }])),
    teams: Object.fromEntries(g.teams.map((t) => [t.id, { name: t.name }])),
    endings: Object.fromEntries(g.endings.map((e) => [e.id, { winner: e.winner, description: e.description }])),
    // bookkeeping variables are not shown on the table
    // (per-card variables are drawn on their cards)
    vars: Object.fromEntries(g.vars.filter((v) => !v.internal && !v.perCard).map((v) => [v.id, { kind: tyKind(v.type as { k: string; of?: { k: string } }), perPlayer: v.perPlayer, ...(v.name ? { name: v.name } : {}) }])),
  };
}

/** A card's own colour, from its `color`/`colour` field: the colour of that value's symbol, else of the print
 *  colour of that name, else the value itself when it is #rrggbb or a plain colour word (for the page to try). */
function colourOf(g: Game, type: string, fields: Record<string, unknown>): string | undefined {
  const defs = g.cardTypes.find((t) => t.id === type)?.fields ?? {};
  for (const k of ['color', 'colour']) {
    const v = fields[k];
    if (typeof v !== 'string' || !Object.prototype.hasOwnProperty.call(defs, k)) continue;
    const d = defs[k]!;
    const e = d.of ? g.enums.find((x) => x.id === d.of) : undefined;
    const sym = e ? e.symbols[e.values.indexOf(v)] : null;
    if (sym) return g.symbols.get(sym)?.color;
    const named = g.print.colors.get(v);
    if (named) return named;
    if (/^#[0-9a-f]{3,8}$|^[a-z]+$/i.test(v)) return v;
  }
  return undefined;
}

/** Field values as written in the ruleset (a cell-count list becomes a mapping again: { B2: 8 }). */
function plainFields(g: Game, type: string, fields: Record<string, unknown>): Record<string, unknown> {
  const defs = g.cardTypes.find((t) => t.id === type)?.fields ?? {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    out[k] = defs[k]?.type === 'cellCounts' && Array.isArray(v) ? Object.fromEntries((v as { cell: string; count: number }[]).map((x) => [x.cell, x.count])) : v;
  }
  return out;
}
