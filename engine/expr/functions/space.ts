// Built-in functions about grids and where cards lie: cells, level, neighbours, above, below, cellOf, ownerOf.

import type { Ctx } from '../../model.js';
import { ExprError, RuleError, type CellGeometry } from '../env.js';
import { irOf, type Ir } from '../ir.js';
import { T } from '../types.js';
import { instances } from '../../instances.js';
import type { FunctionDef } from './def.js';
import { track } from '../../memo.js';
import { NO_PLAYER } from '../../seats.js';

export const cells: FunctionDef = {
  name: 'cells',
  doc: 'The cells of a grid zone, row by row (level by level in a spatial grid); with a level, those of that level.',
  params: [{ name: 'zone', shows: 'a grid zone' }, { name: 'level', shows: 'a number', optional: true }],
  returns: 'a list of cells',
  compile({ args, sc, c }) {
    const r = c.expr(args[0]!, sc);
    if (r.t.k !== 'zone' || r.t.need[r.t.need.length - 1] !== 'cell' || r.t.need.length !== 1) {
      throw new ExprError(`cells() needs a grid zone (with its player index if it has one), e.g. cells(board)`, args[0]!.at);
    }
    const all = c.env.zones.get(r.t.zone)!.cells!;
    if (args.length === 1) return { fn: () => all, t: T.list(T.cell), ir: { k: 'const', v: all } };
    // cells(zone, level): the cells of one level of a spatial grid (built once per level)
    const lv = c.value(args[1]!, sc);
    const lf = c.num(lv, args[1]!);
    const byLevel: string[][] = [];
    for (const x of all) {
      const l = c.env.cellGeometry.get(x)?.level ?? 1;
      (byLevel[l] ??= []).push(x);
    }
    byLevel.forEach((xs) => Object.freeze(xs));
    const empty: string[] = Object.freeze([]) as unknown as string[];
    return { fn: (x) => byLevel[lf(x)] ?? empty, t: T.list(T.cell), ir: { k: 'levelCells', byLevel, empty, l: irOf(lv) } };
  },
};

function geometry(name: 'level' | 'neighbours' | 'above' | 'below', doc: string): FunctionDef {
  return {
    name,
    doc,
    params: [{ name: 'c', shows: 'a cell' }],
    returns: name === 'level' ? 'a number' : 'a list of cells',
    compile({ args, sc, c }) {
      // spatial grids: a cell's level, its orthogonal neighbours on that level, the cell above / below it
      const geo = c.env.cellGeometry;
      const lit = args[0]!;
      // a text literal naming a cell of some grid is that cell: neighbours('A1@2')
      const a = lit.k === 'str' && geo.has(lit.v) ? { fn: () => lit.v, t: T.cell } : c.value(lit, sc);
      const af = c.cell(a, args[0]!);
      const ir: Ir = { k: 'geo', geo, prop: name, cell: irOf(a) };
      if (name === 'level') return { fn: (x) => geoAt(geo, af(x)).level, t: T.num, ir };
      return { fn: (x) => geoAt(geo, af(x))[name], t: T.list(T.cell), ir };
    },
  };
}
/** A cell's geometry; a value that is no cell of any grid is a rule broken. The last one found is kept: a rule
 *  often asks about one cell several times in a row (its level, the cell below, its level again), and a grid's
 *  geometry never changes once a cell has it. */
export function geoAt(geo: ReadonlyMap<string, CellGeometry>, cell: string): CellGeometry {
  if (cell === lastCell && geo === lastGeo) return lastFound!;
  const g = geo.get(cell);
  if (!g) throw new RuleError(`'${cell === null || cell === undefined ? 'no cell' : String(cell)}' is not a cell of any grid`);
  lastGeo = geo;
  lastCell = cell;
  lastFound = g;
  return g;
}
let lastGeo: ReadonlyMap<string, CellGeometry> | null = null;
let lastCell: unknown;
let lastFound: CellGeometry | null = null;

export const level = geometry('level', "A cell's level (1 on a flat grid).");
export const neighbours = geometry('neighbours', "A cell's orthogonal neighbours on its level.");
export const above = geometry('above', 'The cell directly above, as a list (empty at the top).');
export const below = geometry('below', 'The cell directly below, as a list (empty at the bottom).');

export const cellOf: FunctionDef = {
  name: 'cellOf',
  doc: 'The grid cell a card lies in (an error if its zone is not a grid).',
  params: [{ name: 'card', shows: 'a card' }],
  returns: 'a cell',
  compile({ args, sc, c }) {
    const a = c.value(args[0]!, sc);
    const af = c.card(a, args[0]!);
    return {
      fn: (x) => {
        const e = af(x);
        if (e === undefined || e < 0) throw new RuleError('cellOf(): no card');
        const inst = instances(x.g), k = x.s.loc[e]!;
        track(x.s, k);
        const ci = inst.cell[k]!;
        if (ci < 0) throw new RuleError(`cellOf(): the card lies in zone '${x.g.zones[inst.zone[k]!]!.id}', which is not a grid`);
        return x.g.zones[inst.zone[k]!]!.cells![ci];
      },
      t: T.cell,
    };
  },
};

export const ownerOf: FunctionDef = {
  name: 'ownerOf',
  doc: 'The player whose per-player zone holds a card (none for a shared zone).',
  params: [{ name: 'card', shows: 'a card' }],
  returns: 'a player',
  compile({ args, sc, c }) {
    const a = c.value(args[0]!, sc);
    const af = c.card(a, args[0]!);
    return { fn: (x) => { const e = af(x); if (e === undefined || e < 0) return NO_PLAYER; const k = x.s.loc[e]!; track(x.s, k); return instances(x.g).owner[k]!; }, t: T.player };
  },
};

export const zoneOf: FunctionDef = {
  name: 'zoneOf',
  doc: "The id of the zone a card lies in ('' for no card): zoneOf(it) == 'city'.",
  params: [{ name: 'card', shows: 'a card' }],
  returns: 'a text',
  compile({ args, sc, c }) {
    const a = c.value(args[0]!, sc);
    const af = c.card(a, args[0]!);
    return { fn: (x) => { const e = af(x); if (e === undefined || e < 0) return ''; const k = x.s.loc[e]!; track(x.s, k); return x.g.zones[instances(x.g).zone[k]!]!.id; }, t: T.str };
  },
};
