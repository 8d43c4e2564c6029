// How the game looks to a person, compiled: the ruleset's `symbols` (a glyph or a vector shape, and a colour,
// each), which symbol each enumeration value is drawn as, the card fields' labels and symbols, what the
// playtest table shows on each card type (`table` on a card type), and the top-level `table` section (the
// seat summary, the zones the table leaves out). The table, the card preview and print all read these.

import type { CardTypeDef, EnumDef, FaceItem, Fn, SeatItem, TableDef } from '../../model.js';
import type { Hex } from '../../print-model.js';
import { pathDataProblem, readSvg, SvgError, type SymbolDef } from '../../symbols.js';
import { T } from '../../expr/types.js';
import { arr, hintOf, isObj, type CompileContext, type Obj } from './context.js';
import type { CompileHost } from './host.js';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const PLACEHOLDER = /\{([A-Za-z_][\w-]*)\}/g;
/** what a face template may name besides the card type's fields */
const CARD_KEYS = ['name', 'id', 'type'];
const own = (o: Obj, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** A name in words: "chainFrom" → "chain from". */
export function words(id: string): string {
  return id.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' ').toLowerCase();
}

/** The `symbols` section: each symbol checked (one look: glyph, shape or svg; its colour) and compiled. */
export function compileSymbols(cx: CompileContext, colors: ReadonlyMap<string, Hex>): Map<string, SymbolDef> {
  const out = new Map<string, SymbolDef>();
  const colour = (v: unknown, path: (string | number)[]): Hex | null => {
    if (typeof v !== 'string') return null;
    const named = colors.get(v);
    if (named) return named;
    if (HEX.test(v)) { const h = v.toLowerCase(); return h.length === 4 ? `#${h[1]}${h[1]}${h[2]}${h[2]}${h[3]}${h[3]}` : h; }
    cx.err(path, `unknown colour '${v}'${hintOf(v, colors.keys())}: use #rrggbb or one of ${[...colors.keys()].join(', ')}`);
    return null;
  };
  for (const [id, { item, index }] of cx.ids('symbols')) {
    const p = ['symbols', index];
    const looks = (['glyph', 'shape', 'svg'] as const).filter((k) => own(item, k));
    if (looks.length !== 1) {
      cx.err(looks.length ? [...p, looks[1]!] : p, `symbol '${id}' is drawn by one of glyph (a character of the bundled fonts), shape (SVG path data) or svg (a small SVG drawing)${looks.length ? `, not by ${looks.join(' and ')}` : ''}`);
      continue;
    }
    const color = colour(item.color ?? 'black', [...p, 'color']) ?? '#231f20';
    const def: SymbolDef = { id, name: typeof item.name === 'string' && item.name.trim() ? item.name : words(id), color, amount: item.amount === 'inside' ? 'inside' : 'repeat' };
    if (looks[0] === 'glyph') {
      const g = item.glyph;
      // a few characters at most, printable: a glyph is drawn as text in the bundled fonts
      if (typeof g !== 'string' || ![...g].length || [...g].length > 3 || /[\p{Cc}\p{Cf}\s]/u.test(g)) { cx.err([...p, 'glyph'], 'a glyph is one to three printable characters, e.g. "★"'); continue; }
      def.glyph = g;
    } else if (looks[0] === 'shape') {
      const d = item.shape;
      const bad = typeof d === 'string' ? pathDataProblem(d) : 'a shape is SVG path data in a 100 × 100 box, e.g. "M50 5 L95 95 L5 95 Z"';
      if (bad) { cx.err([...p, 'shape'], bad); continue; }
      def.shape = { box: [0, 0, 100, 100], parts: [{ d: (d as string).trim(), fill: 'current', stroke: null }] };
    } else {
      if (typeof item.svg !== 'string') { cx.err([...p, 'svg'], 'svg is the text of a small SVG drawing: <svg viewBox="0 0 100 100">…</svg>'); continue; }
      try {
        def.shape = readSvg(item.svg, { colour: (name) => colors.get(name) ?? null });
      } catch (e) {
        if (!(e instanceof SvgError)) throw e;
        cx.err([...p, 'svg'], `symbol '${id}': ${e.message}`, typeof e.cause === 'number' ? e.cause : undefined);
        continue;
      }
    }
    out.set(id, def);
  }
  return out;
}

/** Which symbol each enumeration value is drawn as: the enumeration's `symbols` map, else the symbol of the same name. */
export function enumSymbols(cx: CompileContext, symbols: ReadonlyMap<string, SymbolDef>): EnumDef[] {
  return [...cx.enums.values()].map((e) => {
    const { item, index } = cx.ids('enums').get(e.id)!;
    const map = isObj(item.symbols) ? item.symbols : {};
    for (const k of Object.keys(map)) {
      if (!e.index.has(k)) cx.err(['enums', index, 'symbols', k], `'${k}' is not a value of ${e.id}${hintOf(k, e.values)}`);
      else if (typeof map[k] !== 'string' || !symbols.has(map[k] as string)) cx.err(['enums', index, 'symbols', k], `unknown symbol '${String(map[k])}'${hintOf(map[k], symbols.keys())}`);
    }
    return { id: e.id, values: e.values, symbols: e.values.map((v) => (own(map, v) && typeof map[v] === 'string' ? map[v] as string : symbols.has(v) ? v : null)) };
  });
}

/** Field symbols checked, and each card type's `table` (what the playtest table shows on its cards). */
export function compileFaces(cx: CompileContext, symbols: ReadonlyMap<string, SymbolDef>): void {
  const items = cx.ids('cardTypes');
  for (const ct of cx.cardTypes) {
    const { item, index } = items.get(ct.id)!;
    for (const [name, f] of Object.entries(ct.fields)) {
      if (f.symbol === undefined) continue;
      const at = ['cardTypes', index, 'fields', name, 'symbol'];
      if (f.type !== 'number') cx.err(at, `a symbol draws a number field; '${name}' is ${f.type}${f.of ? ` (its values are drawn as the symbols of ${f.of})` : ''}`);
      else if (!symbols.has(f.symbol)) cx.err(at, `unknown symbol '${f.symbol}'${hintOf(f.symbol, symbols.keys())}${symbols.size ? '' : ' (declare it under symbols)'}`);
    }
    if (item.table === undefined) continue;
    ct.face = compileFace(cx, ct, item.table, ['cardTypes', index, 'table']);
  }
}

function compileFace(cx: CompileContext, ct: CardTypeDef, src: unknown, path: (string | number)[]): FaceItem[] {
  const known = [...Object.keys(ct.fields), ...CARD_KEYS];
  const field = (f: string, at: (string | number)[]) => {
    if (!known.includes(f)) cx.err(at, `card type '${ct.id}' has no field '${f}'${hintOf(f, known)}`);
  };
  return arr(src).flatMap((x, i): FaceItem[] => {
    const at = [...path, i];
    if (typeof x === 'string') { field(x, at); return [{ field: x }]; }
    if (!isObj(x)) return [];
    const out: FaceItem = {};
    if (typeof x.field === 'string') { field(x.field, [...at, 'field']); out.field = x.field; }
    if (typeof x.text === 'string') {
      for (const m of x.text.matchAll(PLACEHOLDER)) if (!known.includes(m[1]!)) cx.err([...at, 'text'], `card type '${ct.id}' has no field '${m[1]}'${hintOf(m[1], known)}`, m.index! + 1);
      out.text = x.text;
    }
    if ((out.field === undefined) === (out.text === undefined)) cx.err(at, 'a line of the table shows a `field` or a `text` (a template of {field} names), one of the two');
    if (typeof x.label === 'string') out.label = x.label;
    if (isObj(x.map)) {
      if (out.field === undefined) cx.err([...at, 'map'], 'a `map` gives the words shown for each value of `field`, and this line shows no `field`');
      out.map = Object.assign(Object.create(null) as Record<string, string>, Object.fromEntries(Object.entries(x.map).filter((e): e is [string, string] => typeof e[1] === 'string')));
    }
    for (const k of ['when', 'unless'] as const) if (typeof x[k] === 'string') { field(x[k] as string, [...at, k]); out[k] = x[k] as string; }
    return [out];
  });
}

/** The top-level `table`: the seat summary (expressions of $p, the seat). */
export function compileTable(cx: CompileContext, host: CompileHost, symbols: ReadonlyMap<string, SymbolDef>): TableDef {
  const t = isObj(cx.root.table) ? cx.root.table : {};
  const scope = host.bind(host.baseScope(false), 'p', T.player, ['table', 'seat']);
  const slot = host.env.slotOf('p');
  const seat: SeatItem[] = arr(t.seat).flatMap((x, i): SeatItem[] => {
    const at = ['table', 'seat', i];
    if (!isObj(x)) return [];
    if ((x.text === undefined) === (x.value === undefined)) { cx.err(at, 'a seat line shows a `value` (an expression of $p, the seat) or a `text` (a text with {expressions}), one of the two'); return []; }
    const text = x.text !== undefined ? host.text(x.text, [...at, 'text'], scope) : null;
    const value = x.value !== undefined ? host.expr(x.value, [...at, 'value'], scope) : null;
    const valueT = x.value !== undefined ? host.typeOf(x.value, [...at, 'value'], scope) : null;
    const when = x.when !== undefined ? host.expr(x.when, [...at, 'when'], scope, T.bool) as Fn<boolean> | null : null; // checked against that type
    let symbol: string | undefined;
    if (typeof x.symbol === 'string') {
      if (!symbols.has(x.symbol)) cx.err([...at, 'symbol'], `unknown symbol '${x.symbol}'${hintOf(x.symbol, symbols.keys())}`);
      else if (x.value === undefined) cx.err([...at, 'symbol'], 'a symbol draws a number `value`');
      else {
        if (valueT && valueT.k !== 'num') cx.err([...at, 'symbol'], 'a symbol draws a number `value`, and this value is not a number');
        symbol = x.symbol;
      }
    }
    return [{ label: typeof x.label === 'string' ? x.label : '', text, value, ...(valueT ? { valueT } : {}), when, slot, ...(symbol ? { symbol } : {}) }];
  });
  return { seat };
}
