// Values as a person reads them: a card's fields, counts of an enumeration, a number with its symbol, as a
// list of runs (text, and symbols from the ruleset's `symbols`). The playtest table, the card preview, print
// and the log all write values through here, so "cost: 0,0,0,0,0,1,0" never reaches a person: counts read as
// their symbols (or "1 stone"), and what reads as nothing (a 0, an empty list, a default) is left out.

import type { CardDef, CardTypeDef, FaceItem, FieldDef, Game } from './model.js';

/** Text, or a symbol: `n` is its amount (drawn as copies, or written in it: the symbol's `amount`), null for none. */
export type Run = { t: 'text'; s: string } | { t: 'sym'; id: string; n: number | null };

/** One line of a card's face: its label ('' for none) and its value. */
export interface FaceLine {
  field?: string;
  label: string;
  runs: Run[];
}

const text = (s: string): Run => ({ t: 'text', s });

/** A field's name as a label: "chainFrom" → "Chain from" (its own `label` when it gives one). */
export function fieldLabel(name: string, def?: FieldDef): string {
  if (def?.label !== undefined) return def.label;
  const w = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return w.charAt(0).toUpperCase() + w.slice(1);
}

function typeOf(g: Game, card: CardDef): CardTypeDef | undefined {
  return g.cardTypes.find((t) => t.id === card.type);
}

function fieldDef(ct: CardTypeDef | undefined, f: string): FieldDef | undefined {
  return ct && Object.prototype.hasOwnProperty.call(ct.fields, f) ? ct.fields[f] : undefined;
}

/**
 * Whether a card's field reads as "nothing here" to a player: a 0 where the type's default is 0 (a cost of
 * 0 stone), a yes/no equal to the type's default, an empty text or list, counts that are all 0, a text equal
 * to the type's default. Any other number is something (a default 1 point included, a 0 where the default
 * is not 0).
 */
export function readsAsNothing(v: unknown, def: FieldDef | undefined): boolean {
  const dflt = def?.default;
  if (v === undefined || v === null || v === '') return true;
  if (typeof v === 'boolean') return v === (dflt === true);
  if (typeof v === 'number') return v === 0 && (dflt === undefined || dflt === 0);
  if (Array.isArray(v)) return v.length === 0 || v.every((x) => x === 0);
  if (typeof v === 'string') return dflt !== undefined && v === dflt;
  return false;
}

/** Counts of an enumeration: each value it has, as its symbol with the count, else "2 stone". */
export function countsRuns(g: Game, enumId: string, counts: readonly number[]): Run[] {
  const e = g.enums.find((x) => x.id === enumId);
  const out: Run[] = [];
  counts.forEach((n, i) => {
    if (!n) return;
    const sym = e?.symbols[i];
    if (sym) out.push({ t: 'sym', id: sym, n });
    else out.push(text(`${out.length ? ', ' : ''}${n} ${e?.values[i] ?? i}`));
  });
  return out;
}

/** Values of an enumeration (one, or a list: "either of"), each as its symbol, else its name; `sep` between. */
export function kindsRuns(g: Game, enumId: string, values: readonly string[], sep = ' / '): Run[] {
  const e = g.enums.find((x) => x.id === enumId);
  const out: Run[] = [];
  values.forEach((v, k) => {
    if (k) out.push(text(sep));
    const i = e ? e.values.indexOf(v) : -1;
    const sym = i >= 0 ? e!.symbols[i] : null;
    out.push(sym ? { t: 'sym', id: sym, n: null } : text(v));
  });
  return out;
}

/** A card's field as runs (null: it reads as nothing). Roles by name, cells listed, counts as symbols. */
export function fieldRuns(g: Game, card: CardDef, field: string): Run[] | null {
  if (field === 'name') return [text(card.name)];
  if (field === 'id') return [text(card.id)];
  const ct = typeOf(g, card);
  if (field === 'type') return [text(ct?.name ?? card.type)];
  const def = fieldDef(ct, field);
  const v = card.fields[field];
  if (readsAsNothing(v, def)) return null;
  switch (def?.type) {
    case 'counts': return countsRuns(g, def.of!, v as number[]);
    case 'kind': return kindsRuns(g, def.of!, [v as string]);
    case 'kinds': return kindsRuns(g, def.of!, v as string[]);
    case 'number': return def.symbol ? [{ t: 'sym', id: def.symbol, n: v as number }] : [text(String(v))];
    case 'bool': return [text(v ? 'yes' : 'no')];
    case 'role': return [text(g.roles.find((r) => r.id === v)?.name ?? String(v))];
    case 'team': return [text(g.teams.find((r) => r.id === v)?.name ?? String(v))];
    case 'player': return [text(`Player ${(v as number) + 1}`)];
    case 'cellCounts': return [text((v as { cell: string; count: number }[]).map((x) => `${x.cell} ${x.count}`).join(', '))];
    case 'cells': case 'strings': return [text((v as string[]).join(', '))];
    default: return [text(String(v))];
  }
}

/** A `{field}` template as runs: each placeholder the field's runs (nothing where it reads as nothing). */
export function templateRuns(g: Game, card: CardDef, tpl: string): Run[] {
  const out: Run[] = [];
  let last = 0;
  for (const m of tpl.matchAll(/\{([A-Za-z_][\w-]*)\}/g)) {
    if (m.index! > last) out.push(text(tpl.slice(last, m.index)));
    out.push(...(fieldRuns(g, card, m[1]!) ?? []));
    last = m.index! + m[0].length;
  }
  if (last < tpl.length) out.push(text(tpl.slice(last)));
  return merge(out);
}

function merge(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (const r of runs) {
    const prev = out[out.length - 1];
    if (r.t === 'text' && prev?.t === 'text') prev.s += r.s;
    else if (r.t !== 'text' || r.s) out.push(r.t === 'text' ? { ...r } : r);
  }
  return out;
}

function truthy(card: CardDef, f: string, ct: CardTypeDef | undefined): boolean {
  if (f === 'name') return !!card.name;
  const v = card.fields[f];
  return !(v === undefined || v === null || v === false || v === '' || v === 0 || (Array.isArray(v) && (v.length === 0 || v.every((x) => x === 0)))) && !readsAsNothing(v, fieldDef(ct, f));
}

/**
 * What the table shows on a card: its card type's `table` lines, else every field that reads as something,
 * in the order declared. `skip` leaves out fields drawn otherwise (a grid of cells on the table).
 */
export function cardFace(g: Game, card: CardDef, skip: ReadonlySet<string> = new Set()): FaceLine[] {
  const ct = typeOf(g, card);
  if (!ct) return [];
  const items: FaceItem[] = ct.face ?? Object.keys(ct.fields).map((field) => ({ field }));
  const out: FaceLine[] = [];
  for (const it of items) {
    if (it.field && skip.has(it.field)) continue;
    if (it.when && !truthy(card, it.when, ct)) continue;
    if (it.unless && truthy(card, it.unless, ct)) continue;
    const mapped = it.map && it.field !== undefined ? it.map[String(card.fields[it.field])] : undefined;
    const runs = it.text !== undefined ? templateRuns(g, card, it.text) : mapped !== undefined ? (readsAsNothing(card.fields[it.field!], fieldDef(ct, it.field!)) ? null : [text(mapped)]) : fieldRuns(g, card, it.field!);
    if (!runs || runs.length === 0 || runs.every((r) => r.t === 'text' && !r.s.trim())) continue;
    // by default a text (or a role, a team) reads as itself, without a label; other fields are named
    const fd = it.field ? fieldDef(ct, it.field) : undefined;
    const plain = !ct.face && fd?.label === undefined && (fd?.type === 'string' || fd?.type === 'role' || fd?.type === 'team');
    const label = it.label ?? (it.field && !plain ? fieldLabel(it.field, fd) : '');
    out.push({ ...(it.field ? { field: it.field } : {}), label, runs });
  }
  return out;
}

/** Runs in words (a log line, a title, a screen reader): "2 stone, 1 ore", "wood / clay". */
export function runsText(g: Game, runs: readonly Run[]): string {
  let out = '';
  runs.forEach((r, i) => {
    if (r.t === 'text') { out += r.s; return; }
    const name = g.symbols.get(r.id)?.name ?? r.id;
    const prev = runs[i - 1];
    if (prev && prev.t === 'sym' && r.n !== null) out += ', ';
    out += r.n === null ? name : `${r.n} ${name}`;
  });
  return out;
}
