// Reading parts of a value: a card's field, a record's, a count's, a table row's column (a.b), and indexing
// (a[b]): a per-player or per-card variable, a zone by player, card or cell, a table by key, a list by position.

import type { Node } from './parse.js';
import { T, hasField, showType, type Value, type ValueRecord } from './types.js';
import type { Fn } from '../model.js';
import { ExprError, RuleError, type Compiled, type Scope } from './env.js';
import { emptyOf } from './value.js';
import { track, varKey } from '../memo.js';
import type { NodeCompiler } from './functions/def.js';
import { cardIndex, playerIndex, suggest } from './indices.js';
import { didYouMean } from '../suggest.js';
import { irOf } from './ir.js';

export function compileField(cx: NodeCompiler, n: Node & { k: 'field' }, sc: Scope): Compiled {
  const o = cx.value(n.obj, sc);
  const name = n.name;
  const f = o.fn;
  if (o.t.k === 'card' || o.t.k === 'any') {
    // a card (its number; undefined where nothing is bound) by its type: the type checker says so
    cx.cardFields.add(n);
    cx.env.reads?.add(`field:${name}`);
    const ft = cx.env.fields.get(name);
    if (!ft) {
      const hint = didYouMean(name, cx.env.fields.keys());
      throw new ExprError(`no card type has a field '${name}'${hint ? ` (did you mean '${hint}'?)` : ''}`, n.at);
    }
    const env = cx.env;
    // a column's values were checked against the field's type when the cards loaded
    let col: Value[] | undefined;
    const column = () => env.gameColumns().get(name)! as Value[];
    // a field of "no card" (none: the top of an empty pile) is its type's empty value: 0, '', no, [], none
    const empty = emptyOf(ft, cx.env);
    if (n.obj.k === 'it') {
      // `it.field` (filters over whole zones): read the column straight from the current item
      return {
        fn: (c) => {
          const e = c.it as number | undefined;
          if (e === undefined || e < 0) return empty;
          return (col ??= column())[e];
        },
        t: ft,
        ir: { k: 'field', e: { k: 'it' }, name, empty, env },
      };
    }
    return {
      fn: (c) => {
        const e = f(c) as number | undefined;
        if (e === undefined || e < 0) return empty;
        return (col ??= column())[e];
      },
      t: ft,
      ir: { k: 'field', e: irOf(o), name, empty, env },
    };
  }
  if (o.t.k === 'rec') {
    if (!hasField(o.t, name)) throw new ExprError(`${showType(o.t)} has no field '${name}'${suggest(name, Object.keys(o.t.f))}`, n.at);
    const ft = o.t.f[name]!;
    // a record not there (a decision skipped for lack of options binds nothing) reads as empty values
    const empty = emptyOf(ft, cx.env);
    const rf = f as Fn<ValueRecord | null | undefined>; // a record by its type
    return { fn: (c) => { const r = rf(c); return r === null || r === undefined ? empty : r[name]; }, t: ft };
  }
  if (o.t.k === 'counts') {
    const en = cx.env.enums.get(o.t.of)!;
    const i = en.index.get(name);
    if (i === undefined) throw new ExprError(`${o.t.of} has no value '${name}'${suggest(name, en.values)}`, n.at);
    const cf = f as Fn<readonly number[] | null | undefined>; // counts by its type: a number per value
    return { fn: (c) => { const v = cf(c); return v ? v[i] : 0; }, t: T.num };
  }
  if (o.t.k === 'row') {
    const tab = cx.env.tables.get(o.t.table)!;
    const ft = tab.cols.get(name);
    if (!ft) throw new ExprError(`table '${tab.id}' has no column '${name}'${suggest(name, tab.cols.keys())}`, n.at);
    cx.env.reads?.add(`column:${tab.id}.${name}`);
    const tid = tab.id, key = tab.key;
    cx.warnSites++;
    // with warnings kept, the cell is remembered: a count that asks too much is reported at its table value
    const rf = f as Fn<ValueRecord>; // a table's row by its type (indexing a table throws on a missing key)
    return {
      fn: (c) => {
        const r = rf(c), w = c.s.lastCell;
        if (w) { w.seen = true; w.table = tid; w.key = key; w.col = name; w.row = r; }
        return r[name];
      },
      t: ft,
    };
  }
  throw new ExprError(`${showType(o.t)} has no fields (found '.${name}')`, n.at);
}

export function compileIndex(cx: NodeCompiler, n: Node & { k: 'index' }, sc: Scope): Compiled {
  if (n.obj.k === 'name') {
    const pv = cx.env.vars.get(n.obj.name);
    if (pv?.perPlayer) {
      const ix = cx.value(n.index, sc);
      // the variable holds a list with one value per seat
      const xf = cx.player(ix, n.index), i = pv.index;
      return { fn: (c) => { const p = playerIndex(xf(c), c); track(c.s, varKey(c.s, i)); return (c.s.vars[i] as Value[])[p]; }, t: pv.t, ir: { k: 'pvar', i, p: irOf(ix) } };
    }
    if (pv?.perCard) {
      const ix = cx.value(n.index, sc);
      // the variable holds a list with one value per card
      const xf = cx.card(ix, n.index), i = pv.index;
      return { fn: (c) => { const e = cardIndex(xf(c), c); track(c.s, varKey(c.s, i)); return (c.s.vars[i] as Value[])[e]; }, t: pv.t, ir: { k: 'cvar', i, e: irOf(ix) } };
    }
  }
  const o = cx.expr(n.obj, sc);
  if (o.t.k === 'zone') {
    const zt = o.t;
    if (!zt.need.length) throw new ExprError(`zone '${zt.zone}' takes no more indices`, n.at);
    const z = cx.env.zones.get(zt.zone)!;
    const kind = zt.need[0]!;
    const rest = zt.need.slice(1);
    const of = o.fn as Fn<number>; // a zone reference gives its first instance's number
    const stride = z.cells ? z.cells.length : 1;
    if (kind === 'player') {
      const ix = cx.value(n.index, sc);
      const xf = cx.player(ix, n.index);
      return { fn: (c) => of(c) + playerIndex(xf(c), c) * stride, t: { k: 'zone', zone: zt.zone, need: rest }, ir: { k: 'zplayer', z: irOf(o), p: irOf(ix), stride } };
    }
    if (kind === 'card') {
      const ix = cx.value(n.index, sc);
      const xf = cx.card(ix, n.index);
      return { fn: (c) => of(c) + cardIndex(xf(c), c), t: { k: 'zone', zone: zt.zone, need: rest }, ir: { k: 'zcard', z: irOf(o), e: irOf(ix) } };
    }
    if (n.index.k === 'str') {
      const ci = z.cellIndex.get(n.index.v);
      if (ci === undefined) throw new ExprError(`zone '${z.id}' has no cell '${n.index.v}'${suggest(n.index.v, z.cells!)}`, n.index.at);
      return { fn: (c) => of(c) + ci, t: { k: 'zone', zone: zt.zone, need: rest }, ir: { k: 'zcell', z: irOf(o), ci } };
    }
    const ix = cx.value(n.index, sc);
    const xf = cx.cell(ix, n.index);
    const cells = z.cellIndex, zid = z.id;
    return {
      // the cell first, then the zone
      fn: (c) => { const ci = cellAt(cells, xf(c), zid); return of(c) + ci; },
      t: { k: 'zone', zone: zt.zone, need: rest },
      ir: { k: 'zcellOf', z: irOf(o), cell: irOf(ix), cells, zone: zid },
    };
  }
  if (o.t.k === 'table') {
    const tab = cx.env.tables.get(o.t.table)!;
    const ix = cx.value(n.index, sc);
    const xf = ix.fn;
    const rows = tab.rows;
    return {
      fn: (c) => {
        const k = String(xf(c));
        const r = rows.get(k);
        if (!r) throw new RuleError(`table '${tab.id}' has no row with ${tab.key} = ${k}`);
        return r as ValueRecord; // its cells were checked against the columns' types when the table loaded
      },
      t: { k: 'row', table: tab.id },
    };
  }
  const v = cx.toValue(o, n.obj); // n.obj compiled once (compiling it again doubles the work per level)
  if (v.t.k === 'list') {
    const ix = cx.value(n.index, sc);
    const lf = v.fn as Fn<readonly Value[]>, xf = cx.num(ix, n.index); // a list by its type, just checked
    return {
      fn: (c) => {
        const xs = lf(c), i = xf(c);
        if (!Number.isInteger(i) || i < 0 || i >= xs.length) throw new RuleError(`list index ${i} is outside the list (${xs.length} items)`);
        return xs[i];
      },
      t: v.t.of,
    };
  }
  throw new ExprError(`${showType(o.t)} cannot be indexed with [...]`, n.at);
}

/** A grid zone's cell index by the cell's name; a name it has not is a rule broken. */
export function cellAt(cells: ReadonlyMap<string, number>, cell: string, zone: string): number {
  // the last one found is kept (a rule often reads one cell several times in a row; a zone's cells never change)
  if (cell === lastCell && cells === lastCells) return lastIndex;
  const ci = cells.get(cell);
  if (ci === undefined) throw new RuleError(`zone '${zone}' has no cell '${cell}'`);
  lastCells = cells;
  lastCell = cell;
  lastIndex = ci;
  return ci;
}
let lastCells: ReadonlyMap<string, number> | null = null;
let lastCell: unknown;
let lastIndex = 0;
