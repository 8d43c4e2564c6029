// Compile pass for card types and cards: field types (one type per field name across card types), each
// card's field values converted and checked, defaults, the entities (one per copy) and the column store
// of field values per entity that expressions read.

import type { CardDef, CardTypeDef, FieldType, RoleDef, TeamDef } from '../../model.js';
import { T, typeFromName } from '../../expr/types.js';
import { hintOf, isObj, type CompileContext, type Obj } from './context.js';
import { defaultValueOfTy } from './components.js';
import { NO_LAYOUT } from './print.js';

const FIELD_TYPES: FieldType[] = ['number', 'string', 'strings', 'bool', 'cell', 'cells', 'cellCounts', 'role', 'team', 'player', 'kind', 'kinds', 'counts'];
/** Field types whose values come from an enumeration, named by `of`. */
const ENUM_FIELDS: FieldType[] = ['kind', 'kinds', 'counts'];
/** Keys every card has; a card type cannot declare them as fields. */
const RESERVED_FIELDS = ['type', 'name', 'id', 'count', 'source', 'startIn'];
/** Keys a card entry may give besides its fields. */
/** field types a card type's `backShows` may name: one value per card */
const BACK_FIELD_TYPES = ['number', 'string', 'bool', 'kind'];
const CARD_KEYS = ['id', 'type', 'name', 'count', 'source', 'startIn', 'description', 'text', 'modifies'];
export const MAX_ENTITIES = 100_000;

const own = (o: Obj, k: string) => Object.prototype.hasOwnProperty.call(o, k);

export function compileCards(cx: CompileContext): void {
  const zoneIdMap = cx.ids('zones');
  for (const [id, { item, index }] of cx.ids('cardTypes')) {
    const fields: CardTypeDef['fields'] = Object.create(null);
    if (isObj(item.fields)) {
      for (const fname of Object.keys(item.fields)) {
        const fdef = item.fields[fname];
        const ft = (isObj(fdef) ? fdef.type : fdef) as FieldType;
        if (!FIELD_TYPES.includes(ft)) { cx.err(['cardTypes', index, 'fields', fname, 'type'], `unknown field type '${String(ft)}'${hintOf(ft, FIELD_TYPES)}`); continue; }
        if (RESERVED_FIELDS.includes(fname)) { cx.err(['cardTypes', index, 'fields', fname], `'${fname}' is reserved for every card`); continue; }
        let of: string | undefined;
        if (ENUM_FIELDS.includes(ft)) {
          of = isObj(fdef) && typeof fdef.of === 'string' ? fdef.of : undefined;
          if (!of || !cx.enums.has(of)) {
            cx.err(['cardTypes', index, 'fields', fname, ...(isObj(fdef) && fdef.of !== undefined ? ['of'] : [])], `a ${ft} field names its enumeration: { type: ${ft}, of: <enumeration> }${of ? `; there is no enumeration '${of}'${hintOf(of, cx.enums.keys())}` : ''}`);
            continue;
          }
        } else if (isObj(fdef) && fdef.of !== undefined) cx.err(['cardTypes', index, 'fields', fname, 'of'], `only kind, kinds and counts fields take 'of'`);
        const ty = ft === 'counts' ? { k: 'counts' as const, of: of! } : ft === 'kind' ? T.str : ft === 'kinds' || ft === 'strings' ? T.list(T.str) : typeFromName(ft)!;
        const kindName = of ? `${ft} of ${of}` : ft;
        const prev = cx.fieldKinds.get(fname);
        const prevName = prev ? (cx.fieldEnums.get(fname) ? `${prev} of ${cx.fieldEnums.get(fname)}` : prev) : '';
        if (prev && prevName !== kindName) cx.err(['cardTypes', index, 'fields', fname], `field '${fname}' is ${kindName} here but ${prevName} in another card type; use another name`);
        cx.fieldKinds.set(fname, ft);
        if (of) cx.fieldEnums.set(fname, of);
        cx.fieldTypes.set(fname, ty);
        fields[fname] = {
          type: ft, ...(of ? { of } : {}), default: isObj(fdef) && own(fdef, 'default') ? fdef.default : defaultOf(ft), description: isObj(fdef) ? (fdef.description as string) : undefined,
          // how it reads to a person (checked with the symbols: look.ts)
          ...(isObj(fdef) && typeof fdef.label === 'string' ? { label: fdef.label } : {}),
          ...(isObj(fdef) && typeof fdef.symbol === 'string' ? { symbol: fdef.symbol } : {}),
        };
      }
    }
    const startIn = typeof item.startIn === 'string' ? item.startIn : zoneIdMap.has('box') ? 'box' : cx.zones[0]?.id ?? '';
    if (cx.zones.length && !zoneIdMap.has(startIn)) cx.err(['cardTypes', index, 'startIn'], `unknown zone '${startIn}'${hintOf(startIn, zoneIdMap.keys())}`);
    // a field shown on the back: one value a card (not a list, not counts), so each card has one back
    let backShows: string | undefined;
    if (item.backShows !== undefined) {
      const f = typeof item.backShows === 'string' && own(fields, item.backShows) ? fields[item.backShows]! : null;
      if (!f) cx.err(['cardTypes', index, 'backShows'], `card type '${id}' has no field '${String(item.backShows)}'${hintOf(item.backShows, Object.keys(fields))}`);
      else if (!BACK_FIELD_TYPES.includes(f.type)) cx.err(['cardTypes', index, 'backShows'], `a back shows one value: field '${String(item.backShows)}' is ${f.type} (use a number, string, bool or kind field)`);
      else backShows = item.backShows as string;
    }
    cx.cardTypes.push({ id, name: String(item.name ?? id), fields, face: null, back: item.back as string, ...(backShows ? { backShows } : {}), component: item.component as string, startIn, layout: NO_LAYOUT });
  }
  for (const [id, { item, index }] of cx.ids('cards')) {
    const ct = cx.cardTypes.find((t) => t.id === item.type);
    if (!ct) { cx.err(['cards', index, 'type'], `unknown card type '${String(item.type)}'${hintOf(item.type, cx.cardTypes.map((t) => t.id))}`); continue; }
    const has = (k: string) => Object.prototype.hasOwnProperty.call(ct.fields, k);
    const fields: Obj = Object.create(null);
    for (const k of Object.keys(item)) {
      const v = item[k];
      if (CARD_KEYS.includes(k) && !has(k)) continue;
      if (!has(k)) { cx.err(['cards', index, k], `card type '${ct.id}' has no field '${k}'${hintOf(k, Object.keys(ct.fields))}`); continue; }
      const conv = convertField(ct.fields[k]!, v, cx);
      if (typeof conv === 'string') cx.err(['cards', index, k], conv);
      else fields[k] = conv.v;
    }
    for (const k of Object.keys(ct.fields)) {
      const fd = ct.fields[k]!;
      if (own(fields, k)) continue;
      if (fd.default === undefined) cx.err(['cards', index], `missing field '${k}' (${fd.type}) required by card type '${ct.id}'`);
      else {
        const conv = convertField(fd, fd.default, cx);
        fields[k] = typeof conv === 'string' ? fd.default : conv.v; // a bad default is reported at the card type
      }
    }
    const startZone = typeof item.startIn === 'string' ? item.startIn : ct.startIn;
    const zi = cx.zoneInfos.get(startZone);
    if (!zi && !cx.zones.length) continue;
    if (!zi) { cx.err(['cards', index, 'startIn'], `unknown zone '${startZone}'${hintOf(startZone, cx.zoneInfos.keys())}`); continue; }
    if (zi.perPlayer || zi.perCard || zi.cells) { cx.err(['cards', index, 'startIn'], `cards start in a shared zone, and '${startZone}' is ${zi.perPlayer ? 'per player' : zi.perCard ? 'per card' : 'a grid'}`); continue; }
    const count = item.count === undefined ? 1 : Number(item.count);
    if (!Number.isInteger(count) || count < 0 || count > 10000) { cx.err(['cards', index, 'count'], `count must be a whole number from 0 to 10000`); continue; }
    cx.cards.push({ id, index: cx.cards.length, type: ct.id, name: String(item.name ?? id), count, startZone: zi.base, fields, source: item.source as string });
  }
  // declared defaults must be valid values of their field type
  for (const [id, { item, index }] of cx.ids('cardTypes')) {
    if (!isObj(item.fields)) continue;
    for (const fname of Object.keys(item.fields)) {
      const fdef = item.fields[fname];
      if (!isObj(fdef) || !own(fdef, 'default')) continue;
      const ct = cx.cardTypes.find((t) => t.id === id);
      const fd = ct && Object.prototype.hasOwnProperty.call(ct.fields, fname) ? ct.fields[fname] : undefined;
      if (!fd) continue;
      const conv = convertField(fd, fdef.default, cx);
      if (typeof conv === 'string') cx.err(['cardTypes', index, 'fields', fname, 'default'], `default of '${fname}': ${conv}`);
    }
  }
  buildEntities(cx);
}

/** One entity per copy of each card, and per card field a column of values by entity. */
function buildEntities(cx: CompileContext): void {
  const entityCount = cx.cards.reduce((a, c) => a + c.count, 0);
  if (entityCount > MAX_ENTITIES) cx.err(['cards'], `${entityCount} cards in all; the limit is ${MAX_ENTITIES}`);
  const entityDef = new Int32Array(Math.min(entityCount, MAX_ENTITIES));
  let e = 0;
  for (const c of cx.cards) for (let k = 0; k < c.count && e < entityDef.length; k++) entityDef[e++] = c.index;
  cx.entityDef = entityDef;
  // a card whose type lacks a field reads it as that type's empty value (counts: all zero)
  const missing = (f: string) => {
    const t = cx.fieldTypes.get(f)!;
    return t.k === 'counts' ? Object.freeze(new Array(cx.enums.get(t.of)?.values.length ?? 0).fill(0)) : defaultValueOfTy(t);
  };
  for (const f of cx.fieldTypes.keys()) {
    const col = new Array(entityDef.length);
    for (let i = 0; i < entityDef.length; i++) {
      const cd = cx.cards[entityDef[i]!]!;
      col[i] = f === 'type' ? cd.type : f === 'name' ? cd.name : f === 'id' ? cd.id : f === 'source' ? cd.source ?? '' : own(cd.fields, f) ? cd.fields[f] : missing(f);
    }
    cx.columns.set(f, col);
  }
}

function defaultOf(t: FieldType): unknown {
  switch (t) {
    case 'number': return 0;
    case 'bool': return false;
    case 'string': return '';
    case 'cells': return [];
    case 'cellCounts': return {};
    case 'kinds': case 'strings': return [];
    case 'counts': return {};
    default: return undefined;
  }
}

function convertField(fd: { type: FieldType; of?: string }, v: unknown, cx: CompileContext): { v: unknown } | string {
  const t = fd.type, cells = cx.allCells, roles: RoleDef[] = cx.roles, teams: TeamDef[] = cx.teams;
  const en = fd.of ? cx.enums.get(fd.of) : undefined;
  const badKind = (x: unknown) => typeof x !== 'string' || !en || !en.index.has(x);
  const kindMsg = (x: unknown) => `'${String(x)}' is not a value of ${fd.of}${hintOf(x, en?.values ?? [])} (${en?.values.join(', ')})`;
  const badCell = (x: unknown) => typeof x !== 'string' || !cells.has(x);
  switch (t) {
    case 'number': return typeof v === 'number' ? { v } : `expected a number, got ${JSON.stringify(v)}`;
    case 'bool': return typeof v === 'boolean' ? { v } : `expected true or false, got ${JSON.stringify(v)}`;
    case 'string': return typeof v === 'string' ? { v } : typeof v === 'number' ? { v: String(v) } : `expected a text, got ${JSON.stringify(v)}`;
    case 'cell': return badCell(v) ? `'${String(v)}' is not a cell of any grid zone${hintOf(v, cells)}` : { v };
    case 'cells': {
      if (!Array.isArray(v)) return `expected a list of cells, got ${JSON.stringify(v)}`;
      const bad = v.find(badCell);
      return bad !== undefined ? `'${String(bad)}' is not a cell of any grid zone${hintOf(bad, cells)}` : { v: v.slice() };
    }
    case 'cellCounts': {
      if (!isObj(v)) return `expected a mapping of cells to numbers, e.g. { B2: 8 }, got ${JSON.stringify(v)}`;
      const out: { cell: string; count: number }[] = [];
      for (const k of Object.keys(v)) {
        const n = v[k];
        if (badCell(k)) return `'${k}' is not a cell of any grid zone${hintOf(k, cells)}`;
        if (typeof n !== 'number' || n < 0 || !Number.isInteger(n)) return `cell ${k} needs a whole number of at least 0, got ${JSON.stringify(n)}`;
        out.push({ cell: k, count: n });
      }
      return { v: out };
    }
    case 'role': return typeof v === 'string' && roles.some((r) => r.id === v) ? { v } : `unknown role '${String(v)}'${hintOf(v, roles.map((r) => r.id))}`;
    case 'team': return typeof v === 'string' && teams.some((r) => r.id === v) ? { v } : `unknown team '${String(v)}'${hintOf(v, teams.map((r) => r.id))}`;
    case 'player': return typeof v === 'number' ? { v: v - 1 } : `expected a seat number`;
    case 'kind': return badKind(v) ? kindMsg(v) : { v };
    case 'strings': {
      if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) return `expected a list of texts, got ${JSON.stringify(v)}`;
      return { v: Object.freeze(v.slice()) };
    }
    case 'kinds': {
      if (!Array.isArray(v)) return `expected a list of ${fd.of} values, e.g. [${en?.values.slice(0, 2).join(', ')}], got ${JSON.stringify(v)}`;
      const bad = v.find(badKind);
      return bad !== undefined ? kindMsg(bad) : { v: Object.freeze(v.slice()) };
    }
    case 'counts': {
      if (!isObj(v)) return `expected a mapping of ${fd.of} values to whole numbers, e.g. { ${en?.values[0]}: 2 }, got ${JSON.stringify(v)}`;
      const out = new Array(en?.values.length ?? 0).fill(0);
      for (const k of Object.keys(v)) {
        const n = v[k];
        if (badKind(k)) return kindMsg(k);
        if (typeof n !== 'number' || n < 0 || !Number.isInteger(n)) return `${k} needs a whole number of at least 0, got ${JSON.stringify(n)}`;
        out[en!.index.get(k)!] = n;
      }
      return { v: Object.freeze(out) };
    }
  }
}

/** For each card field, the texts it may hold: what expressions compare it with (see Env.literalDomains). */
export function literalDomainsOf(cx: CompileContext): Map<string, Set<string>> {
  const held = (f: (c: CardDef) => unknown) => new Set(cx.cards.map(f).filter((v): v is string => typeof v === 'string'));
  const out = new Map<string, Set<string>>([
    ['type', new Set(cx.cardTypes.map((t) => t.id))],
    ['id', held((c) => c.id)],
    ['name', held((c) => c.name)],
    ['source', held((c) => c.source)],
  ]);
  for (const [f, kind] of cx.fieldKinds) {
    if (kind === 'role') out.set(f, new Set(cx.roles.map((r) => r.id)));
    else if (kind === 'team') out.set(f, new Set(cx.teams.map((t) => t.id)));
    else if (kind === 'cell') out.set(f, cx.allCells);
    else if (kind === 'string') out.set(f, held((c) => c.fields[f]));
    else if (kind === 'strings') out.set(f, new Set(cx.cards.flatMap((c) => (Array.isArray(c.fields[f]) ? (c.fields[f] as string[]) : []))));
    else if (kind === 'kind' || kind === 'kinds') out.set(f, new Set(cx.enums.get(cx.fieldEnums.get(f)!)?.values ?? []));
  }
  return out;
}
