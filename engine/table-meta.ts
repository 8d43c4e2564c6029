// The ruleset's public data as a table draws it (TableMeta): names, card definitions, zone shapes, roles,
// teams, endings. The same for every seat — it is printed on the cards and in the rules — so the playtest
// worker and the match server both send it as it is.

import type { Game } from './model.js';
import type { ImageAsset } from './images.js';
import { cardFace, type FaceLine } from './present.js';
import type { Shape } from './symbols.js';
import { base64 } from './base64.js';

/** Public data of the ruleset: the same for every seat (it is printed on the cards and in the rules). */
export interface TableMeta {
  game: string;
  name: string;
  minPlayers: number;
  maxPlayers: number;
  options: { id: string; type: 'number' | 'bool' | 'string'; default: number | boolean | string; choices?: (number | string)[]; description?: string }[];
  zones: {
    id: string;
    perPlayer: boolean;
    visibility: string;
    columns: string[] | null;
    rows: string[] | null;
    /** a spatial grid's floors (cells named A1@1 … A1@levels), 0 for a flat grid */
    levels: number;
    description?: string;
    /** how the zone reads to a person (the log's name, e.g. "the draw deck") */
    name?: string;
  }[];
  /** card types: name, whether a token (counted, not named), field types, an accent colour, and the
   * fields their print layout draws on a grid zone (a card's target cells on a board) */
  cardTypes: Record<string, { name: string; token: boolean; accent: string | null; fields: Record<string, string>; gridFields: { field: string; zone: string }[] }>;
  /** card definition id → name, type, fields, what the table shows on it (its face: labels, text, symbols) and
   * its own colour (from its colour field) */
  cards: Record<string, { name: string; type: string; fields: Record<string, unknown>; face: FaceLine[]; colour?: string; art?: string }>;
  /** the images cards show (a data: URL each: the PNG or JPEG the loader checked, an SVG rewritten from its drawing parts), by key */
  art?: Record<string, string>;
  /** the ruleset's symbols: how values look (drawn from this data only: inert by construction) */
  symbols: Record<string, { name: string; color: string; glyph?: string; shape?: Shape; amount: 'repeat' | 'inside' }>;
  /** score categories, in the ruleset's order (a game decided by scores) */
  scores: { id: string; name: string }[];
  /** zones the table does not draw (a zone's `hidden: true`) */
  hide: string[];
  /** the ruleset declares a seat summary: the seats show it instead of their variables */
  summary: boolean;
  roles: Record<string, { name: string; team: string }>;
  teams: Record<string, { name: string }>;
  endings: Record<string, { winner: string; description?: string }>;
  /** variables: id → kind of value (for display) */
  vars: Record<string, { kind: string; perPlayer: boolean; name?: string }>;
}

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
      const art = artKey(g, c.id, c.type);
      // a card's face leaves out what the table draws otherwise: grids, and the file names of its images
      const drawn = new Set([...(cardTypes[c.type]?.gridFields.map((x) => x.field) ?? []), ...imageFields(g, c.type)]);
      return [c.id, { name: c.name, type: c.type, fields: plainFields(g, c.type, c.fields), face: cardFace(g, c, drawn), ...(colour ? { colour } : {}), ...(art ? { art } : {}) }];
    })),
    ...(g.images.size ? { art: Object.fromEntries([...g.images].map(([k, img]) => [k, dataUrl(img)])) } : {}),
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

/** The fields of a card type that name its image files (a file name means nothing to a player). */
function imageFields(g: Game, type: string): string[] {
  return (g.cardTypes.find((x) => x.id === type)?.layout.elements ?? []).flatMap((el) => (el.type === 'image' && el.field !== undefined ? [el.field] : []));
}

/** The image a card shows on the table: the first image element of its layout that has one for it. */
function artKey(g: Game, id: string, type: string): string | undefined {
  const t = g.cardTypes.find((x) => x.id === type);
  for (const el of t?.layout.elements ?? []) {
    if (el.type !== 'image') continue;
    const key = el.byCard?.get(id) ?? el.key;
    if (key !== undefined && g.images.has(key)) return key;
  }
  return undefined;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An image as a data: URL: PNG and JPEG as the loader checked them; SVG written anew from its drawing parts only. */
function dataUrl(img: ImageAsset): string {
  if (!img.shape) return `data:image/${img.format === 'png' ? 'png' : 'jpeg'};base64,${base64(img.bytes!)}`;
  const [x, y, w, h] = img.shape.box;
  const paint = (v: string | null) => (v === null ? 'none' : v === 'current' ? '#000000' : v);
  const parts = img.shape.parts.map((p) => {
    const t = (p.ops ?? []).map((o) => (o.op === 'translate' ? `translate(${o.x} ${o.y})` : o.op === 'scale' ? `scale(${o.k})` : `rotate(${o.a} ${o.x} ${o.y})`)).join(' ');
    return `<path d="${esc(p.d)}" fill="${esc(paint(p.fill))}" stroke="${esc(paint(p.stroke))}"${p.width !== undefined ? ` stroke-width="${p.width}"` : ''}${p.rule ? ` fill-rule="${p.rule}"` : ''}${p.cap ? ` stroke-linecap="${p.cap}"` : ''}${p.opacity !== undefined ? ` opacity="${p.opacity}"` : ''}${t ? ` transform="${t}"` : ''}/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${x} ${y} ${w} ${h}">${parts}</svg>`;
  return `data:image/svg+xml;base64,${base64(new TextEncoder().encode(svg))}`;
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
