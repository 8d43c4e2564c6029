// Semantic checks and compilation: a schema-valid ruleset value becomes a `Game` — names resolved,
// expressions type-checked and compiled to closures, steps and effects compiled. Every problem is
// reported with the path of the offending value (the caller turns paths into file:line:col).

import type {
  CardDef, CardTypeDef, EndingDef, Eff, FieldType, Fn, Game, OptionDef, PhaseDef, PromptDef, ReactionDef, RoleDef,
  StepDef, StepList, TeamDef, VarDef, Visibility, ZoneDef, Ctx, LogEntry,
} from '../model.js';
import { compileEffects, type EffectHost, type Path } from '../effects.js';
import { BUILTIN_FUNCTIONS, compileNode, compileSource, compileZoneSource, DefError, ExprError, type CellGeometry, type DefInfo, type Env, type Scope, type TableInfo, type ZoneInfo } from '../expr/compile.js';
import { parseTemplate, ExprSyntaxError } from '../expr/parse.js';
import { T, typeFromName, type Ty, showType, assignable } from '../expr/types.js';
import { didYouMean } from '../suggest.js';
import { hashText } from '../rng.js';
import { seenMask } from '../visibility.js';
import { renderPlain } from '../render.js';
import { compilePrint, NO_LAYOUT } from './compile-print.js';

export interface Reporter {
  /** `at`: a character offset inside the string value at `path` (for expression errors) */
  error(path: Path, message: string, at?: number): void;
}

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => !!x && typeof x === 'object' && !Array.isArray(x);
const arr = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const FIELD_TYPES: FieldType[] = ['number', 'string', 'bool', 'cell', 'cells', 'cellCounts', 'role', 'team', 'player'];
const STEP_KINDS = ['do', 'prompt', 'while', 'forEach', 'simultaneous'];
const PROMPT_KEYS = ['player', 'choose', 'from', 'count', 'min', 'max', 'optional', 'text', 'score', 'as', 'description', 'alwaysAsk', 'botsNever'];
const DEFAULT_MAX_STEPS = 200_000;

export function compileRuleset(src: unknown, r: Reporter): Game | null {
  if (!isObj(src)) { r.error([], 'a ruleset is a mapping (id, name, players, zones, phases, …)'); return null; }
  const root = src;
  let ok = true;
  const err = (path: Path, msg: string, at?: number) => { ok = false; r.error(path, msg, at); };

  const minPlayers = Number((root.players as Obj | undefined)?.min ?? 1);
  const maxPlayers = Number((root.players as Obj | undefined)?.max ?? minPlayers);
  if (maxPlayers < minPlayers) err(['players', 'max'], `max (${maxPlayers}) is below min (${minPlayers})`);
  if (maxPlayers > 30) err(['players', 'max'], `at most 30 players are supported, not ${maxPlayers}`);

  // ---- ids: unique within each list ----
  function ids(key: string): Map<string, { item: Obj; index: number }> {
    const m = new Map<string, { item: Obj; index: number }>();
    arr(root[key]).forEach((x, i) => {
      if (!isObj(x) || typeof x.id !== 'string') return;
      if (m.has(x.id)) err([key, i, 'id'], `duplicate id '${x.id}' in ${key} (first at item ${m.get(x.id)!.index + 1})`);
      else m.set(x.id, { item: x, index: i });
    });
    return m;
  }

  // ---- options ----
  const options: OptionDef[] = [];
  for (const [id, { item, index }] of ids('options')) {
    const type = (item.type as OptionDef['type']) ?? (typeof item.default === 'boolean' ? 'bool' : typeof item.default === 'number' ? 'number' : 'string');
    const js = type === 'bool' ? 'boolean' : type;
    if (typeof item.default !== js) err(['options', index, 'default'], `option '${id}' is a ${type}, but its default is ${JSON.stringify(item.default)}`);
    options.push({ id, index: options.length, type, default: item.default as never, description: item.description as string });
  }

  // ---- tables ----
  const tables = new Map<string, TableInfo>();
  arr(root.tables).forEach((t, ti) => {
    if (!isObj(t) || typeof t.id !== 'string') return;
    const key = typeof t.key === 'string' ? t.key : 'id';
    const rows = new Map<string, Obj>();
    const cols = new Map<string, Ty>();
    arr(t.rows).forEach((row, ri) => {
      if (!isObj(row)) return;
      if (!(key in row)) { err(['tables', ti, 'rows', ri], `row has no '${key}' (the table's key)`); return; }
      const k = String(row[key]);
      if (rows.has(k)) err(['tables', ti, 'rows', ri, key], `two rows with ${key} = ${k}`);
      rows.set(k, row);
      for (const [c, v] of Object.entries(row)) {
        const ty = typeof v === 'number' ? T.num : typeof v === 'boolean' ? T.bool : T.str;
        const prev = cols.get(c);
        if (prev && prev.k !== ty.k) err(['tables', ti, 'rows', ri, c], `column '${c}' holds ${showType(prev)} in the rows above, but here ${JSON.stringify(v)}`);
        else cols.set(c, ty);
      }
    });
    // every row has the same columns: a column that only some rows have is a misspelling or a missing value
    // (a variant's `sealz: 4` would otherwise be kept beside the base's `seals` and never read)
    const rowList = arr(t.rows).map((row, ri) => ({ row, ri })).filter((x): x is { row: Obj; ri: number } => isObj(x.row) && key in x.row);
    const full = [...cols.keys()].filter((c) => rowList.every(({ row }) => c in row));
    for (const c of cols.keys()) {
      const having = rowList.filter(({ row }) => c in row);
      if (having.length === rowList.length) continue;
      if (having.length * 2 <= rowList.length) {
        for (const { ri } of having) err(['tables', ti, 'rows', ri, c], `column '${c}' is in only ${having.length} of the ${rowList.length} rows${hintOf(c, full)}`);
      } else {
        for (const { row, ri } of rowList) if (!(c in row)) err(['tables', ti, 'rows', ri], `row ${JSON.stringify(String(row[key]))} has no '${c}' (the other rows have it)`);
      }
    }
    tables.set(t.id, { id: t.id, key, rows, cols });
  });

  // ---- teams and roles ----
  const teamIds = ids('teams');
  const teams: TeamDef[] = [...teamIds.keys()].map((id, index) => ({ id, index, name: String(teamIds.get(id)!.item.name ?? id), objective: null }));
  const roles: RoleDef[] = [];
  for (const [id, { item, index }] of ids('roles')) {
    const team = teams.findIndex((t) => t.id === item.team);
    if (team < 0) err(['roles', index, 'team'], `unknown team '${String(item.team)}'${hintOf(item.team, teamIds.keys())}`);
    roles.push({ id, index: roles.length, name: String(item.name ?? id), team: Math.max(0, team) });
  }

  // ---- zones ----
  const zones: ZoneDef[] = [];
  const zoneInfos = new Map<string, ZoneInfo>();
  let base = 0;
  const zoneIdMap = ids('zones');
  const allCells = new Set<string>();
  const cellGeometry = new Map<string, CellGeometry>();
  for (const [id, { item }] of zoneIdMap) {
    const grid = isObj(item.grid) ? item.grid : null;
    let cells: string[] | null = null;
    let columns: string[] | null = null, rowsG: string[] | null = null;
    if (grid) {
      columns = arr(grid.columns).map(String);
      rowsG = arr(grid.rows).map(String);
      // a grid with `levels: N` is spatial: every column × row spot exists on levels 1..N, named A1@1 … A1@N
      const levels = grid.levels === undefined ? 0 : Number(grid.levels);
      if (grid.levels !== undefined && !(Number.isInteger(levels) && levels >= 1 && levels <= 64)) {
        err(['zones', zoneIdMap.get(id)!.index, 'grid', 'levels'], `levels is a whole number from 1 to 64, not ${JSON.stringify(grid.levels)}`);
      }
      cells = [];
      const geoms: [string, CellGeometry][] = [];
      const nameOf = (ci: number, ri: number, l: number) => `${columns![ci]}${rowsG![ri]}${levels ? `@${l}` : ''}`;
      for (let l = 1; l <= Math.max(1, levels); l++) {
        for (let ri = 0; ri < rowsG.length; ri++) for (let ci = 0; ci < columns.length; ci++) {
          const name = nameOf(ci, ri, l);
          if (cells.includes(name)) err(['zones', zoneIdMap.get(id)!.index, 'grid'], `two cells of this grid are both named '${name}'; use distinct column and row names`);
          cells.push(name);
          const nb: string[] = [];
          if (ri > 0) nb.push(nameOf(ci, ri - 1, l));
          if (ci > 0) nb.push(nameOf(ci - 1, ri, l));
          if (ci + 1 < columns.length) nb.push(nameOf(ci + 1, ri, l));
          if (ri + 1 < rowsG.length) nb.push(nameOf(ci, ri + 1, l));
          geoms.push([name, {
            level: l,
            neighbours: nb,
            above: levels && l < levels ? [nameOf(ci, ri, l + 1)] : [],
            below: levels && l > 1 ? [nameOf(ci, ri, l - 1)] : [],
          }]);
        }
      }
      for (const [name, geo] of geoms) {
        const prev = cellGeometry.get(name);
        if (prev && JSON.stringify(prev) !== JSON.stringify(geo)) {
          err(['zones', zoneIdMap.get(id)!.index, 'grid'], `cell '${name}' also belongs to another grid where it lies elsewhere (other neighbours or levels); give the grids distinct cell names`);
        } else if (!prev) cellGeometry.set(name, geo);
      }
      cells.forEach((x) => allCells.add(x));
    }
    const perPlayer = item.per === 'player';
    if ((item.visibility === 'owner' || item.visibility === 'others') && !perPlayer) {
      err(['zones', zoneIdMap.get(id)!.index, 'visibility'], `'${String(item.visibility)}' needs a per-player zone (per: player); a shared zone has no owner`);
    }
    const zd: ZoneDef = {
      id, index: zones.length, perPlayer, cells, columns, rows: rowsG, levels: grid && grid.levels !== undefined ? Number(grid.levels) || 0 : 0, visibility: { kind: 'public' },
      anonymous: item.anonymous === true, knownType: item.knownType === true, description: item.description as string | undefined,
    };
    zones.push(zd);
    const cellIndex = new Map<string, number>();
    cells?.forEach((x, i) => cellIndex.set(x, i));
    zoneInfos.set(id, { id, index: zd.index, base, perPlayer, cells, cellIndex });
    base += (perPlayer ? maxPlayers : 1) * (cells ? cells.length : 1);
  }

  // ---- card types and cards ----
  const cardTypes: CardTypeDef[] = [];
  const fieldTypes = new Map<string, Ty>([['type', T.str], ['name', T.str], ['id', T.str], ['source', T.str]]);
  const fieldKinds = new Map<string, FieldType>();
  for (const [id, { item, index }] of ids('cardTypes')) {
    const fields: CardTypeDef['fields'] = {};
    if (isObj(item.fields)) {
      for (const [fname, fdef] of Object.entries(item.fields)) {
        const ft = (isObj(fdef) ? fdef.type : fdef) as FieldType;
        if (!FIELD_TYPES.includes(ft)) { err(['cardTypes', index, 'fields', fname, 'type'], `unknown field type '${String(ft)}'${hintOf(ft, FIELD_TYPES)}`); continue; }
        if (['type', 'name', 'id', 'count', 'source', 'startIn'].includes(fname)) { err(['cardTypes', index, 'fields', fname], `'${fname}' is reserved for every card`); continue; }
        const ty = typeFromName(ft)!;
        const prev = fieldKinds.get(fname);
        if (prev && prev !== ft) err(['cardTypes', index, 'fields', fname], `field '${fname}' is ${ft} here but ${prev} in another card type; use another name`);
        fieldKinds.set(fname, ft);
        fieldTypes.set(fname, ty);
        fields[fname] = { type: ft, default: isObj(fdef) && 'default' in fdef ? fdef.default : defaultOf(ft), description: isObj(fdef) ? (fdef.description as string) : undefined };
      }
    }
    const startIn = typeof item.startIn === 'string' ? item.startIn : zoneIdMap.has('box') ? 'box' : zones[0]?.id ?? '';
    if (zones.length && !zoneIdMap.has(startIn)) err(['cardTypes', index, 'startIn'], `unknown zone '${startIn}'${hintOf(startIn, zoneIdMap.keys())}`);
    cardTypes.push({ id, name: String(item.name ?? id), fields, back: item.back as string, component: item.component as string, startIn, layout: NO_LAYOUT });
  }
  const cards: CardDef[] = [];
  const cardIdMap = ids('cards');
  for (const [id, { item, index }] of cardIdMap) {
    const ct = cardTypes.find((t) => t.id === item.type);
    if (!ct) { err(['cards', index, 'type'], `unknown card type '${String(item.type)}'${hintOf(item.type, cardTypes.map((t) => t.id))}`); continue; }
    const fields: Obj = {};
    for (const [k, v] of Object.entries(item)) {
      if (['id', 'type', 'name', 'count', 'source', 'startIn', 'description', 'text'].includes(k) && !(k in ct.fields)) continue;
      const fd = ct.fields[k];
      if (!fd) { err(['cards', index, k], `card type '${ct.id}' has no field '${k}'${hintOf(k, Object.keys(ct.fields))}`); continue; }
      const conv = convertField(fd.type, v, allCells, roles, teams);
      if (typeof conv === 'string') err(['cards', index, k], conv);
      else fields[k] = conv.v;
    }
    for (const [k, fd] of Object.entries(ct.fields)) {
      if (!(k in fields)) {
        if (fd.default === undefined) err(['cards', index], `missing field '${k}' (${fd.type}) required by card type '${ct.id}'`);
        else {
          const conv = convertField(fd.type, fd.default, allCells, roles, teams);
          fields[k] = typeof conv === 'string' ? fd.default : conv.v; // a bad default is reported at the card type
        }
      }
    }
    const startZone = typeof item.startIn === 'string' ? item.startIn : ct.startIn;
    const zi = zoneInfos.get(startZone);
    if (!zi && !zones.length) continue;
    if (!zi) { err(['cards', index, 'startIn'], `unknown zone '${startZone}'${hintOf(startZone, zoneInfos.keys())}`); continue; }
    if (zi.perPlayer || zi.cells) { err(['cards', index, 'startIn'], `cards start in a shared zone, and '${startZone}' is ${zi.perPlayer ? 'per player' : 'a grid'}`); continue; }
    const count = item.count === undefined ? 1 : Number(item.count);
    if (!Number.isInteger(count) || count < 0 || count > 10000) { err(['cards', index, 'count'], `count must be a whole number from 0 to 10000`); continue; }
    cards.push({ id, index: cards.length, type: ct.id, name: String(item.name ?? id), count, startZone: zi.base, fields, source: item.source as string });
  }
  // declared defaults must be valid values of their field type
  for (const [id, { item, index }] of ids('cardTypes')) {
    if (!isObj(item.fields)) continue;
    for (const [fname, fdef] of Object.entries(item.fields)) {
      if (!isObj(fdef) || !('default' in fdef)) continue;
      const fd = cardTypes.find((t) => t.id === id)?.fields[fname];
      if (!fd) continue;
      const conv = convertField(fd.type, fdef.default, allCells, roles, teams);
      if (typeof conv === 'string') err(['cardTypes', index, 'fields', fname, 'default'], `default of '${fname}': ${conv}`);
    }
  }
  const print = compilePrint(root, err, { cardTypes, cards, zones });
  const entityCount = cards.reduce((a, c) => a + c.count, 0);
  if (entityCount > 100_000) err(['cards'], `${entityCount} cards in all; the limit is 100000`);
  const entityDef = new Int32Array(Math.min(entityCount, 100_000));
  {
    let e = 0;
    for (const c of cards) for (let k = 0; k < c.count && e < entityDef.length; k++) entityDef[e++] = c.index;
  }
  const columns = new Map<string, unknown[]>();
  for (const f of fieldTypes.keys()) {
    const col = new Array(entityDef.length);
    for (let e = 0; e < entityDef.length; e++) {
      const cd = cards[entityDef[e]!]!;
      col[e] = f === 'type' ? cd.type : f === 'name' ? cd.name : f === 'id' ? cd.id : f === 'source' ? cd.source ?? '' : f in cd.fields ? cd.fields[f] : defaultValueOfTy(fieldTypes.get(f)!);
    }
    columns.set(f, col);
  }

  // ---- variables ----
  const vars: VarDef[] = [];
  for (const [id, { item, index }] of ids('vars')) {
    const ty = typeof item.type === 'string' ? typeFromName(item.type) : undefined;
    if (!ty) { err(['vars', index, 'type'], `unknown variable type '${String(item.type)}'${hintOf(item.type, ['number', 'bool', 'string', 'player', 'players', 'card', 'cards', 'cell', 'cells'])}`); continue; }
    let initial: unknown = 'default' in item ? item.default : defaultValueOfTy(ty);
    if ('default' in item) {
      const okDefault = ty.k === 'num' ? typeof initial === 'number' : ty.k === 'bool' ? typeof initial === 'boolean' : ty.k === 'str' ? typeof initial === 'string' : ty.k === 'list' ? Array.isArray(initial) && initial.length === 0 : false;
      if (!okDefault) err(['vars', index, 'default'], `a default for a ${String(item.type)} variable must be ${ty.k === 'list' ? 'an empty list []' : ty.k === 'num' ? 'a number' : ty.k === 'bool' ? 'true or false' : ty.k === 'str' ? 'a text' : 'left out (it starts as none)'}, not ${JSON.stringify(initial)}`);
    }
    if (ty.k === 'player' && initial === undefined) initial = -1;
    const perPlayer = item.per === 'player';
    if ((item.visibility === 'owner' || item.visibility === 'others') && !perPlayer) err(['vars', index, 'visibility'], `'${String(item.visibility)}' needs a per-player variable (per: player)`);
    vars.push({ id, index: vars.length, type: ty, initial, perPlayer, visibility: { kind: 'public' }, description: item.description as string });
  }

  // ---- names must not clash across namespaces ----
  const taken = new Map<string, string>();
  const claim = (name: string, kind: string, path: Path) => {
    const prev = taken.get(name);
    if (prev) err(path, `'${name}' is already the name of ${prev}; names of zones, variables, options, tables and definitions must differ`);
    else taken.set(name, `${kind} '${name}'`);
  };
  zones.forEach((z) => claim(z.id, 'zone', ['zones', zoneIdMap.get(z.id)!.index, 'id']));
  vars.forEach((v) => claim(v.id, 'variable', ['vars', v.index, 'id']));
  options.forEach((o) => claim(o.id, 'option', ['options', o.index, 'id']));
  for (const [id] of tables) claim(id, 'table', ['tables']);
  const defIds = ids('definitions');
  for (const [id, { index }] of defIds) claim(id, 'definition', ['definitions', index, 'id']);
  for (const reserved of ['players', 'playerCount', 'none', 'it', 'true', 'false', 'and', 'or', 'not', 'in']) {
    if (taken.has(reserved)) err([], `'${reserved}' is a reserved word and cannot be used as ${taken.get(reserved)}`);
  }

  // ---- expression environment ----
  const slots: string[] = ['self'];
  let game: Game | null = null;
  const defs = new Map<string, DefInfo>();
  for (const [id, { item, index }] of defIds) {
    if (BUILTIN_FUNCTIONS.includes(id)) err(['definitions', index, 'id'], `'${id}' is a built-in function; give the definition another name`);
    defs.set(id, { id, params: arr(item.params).map(String), src: String(item.value ?? ''), where: `definitions.${index}` });
  }
  const env: Env = {
    zones: zoneInfos,
    vars: new Map(vars.map((v) => [v.id, { index: v.index, t: v.type, perPlayer: v.perPlayer }])),
    options: new Map(options.map((o) => [o.id, { index: o.index, t: o.type === 'number' ? T.num : o.type === 'bool' ? T.bool : T.str }])),
    tables,
    defs,
    fields: fieldTypes,
    roles: new Set(roles.map((x) => x.id)),
    teams: new Set(teams.map((x) => x.id)),
    cardTypes: new Set(cardTypes.map((x) => x.id)),
    cardIds: new Set(cards.map((x) => x.id)),
    allCells,
    literalDomains: literalDomainsOf(cardTypes, cards, fieldKinds, roles, teams, allCells),
    cellGeometry,
    maxPlayers,
    slotOf(name) {
      let i = slots.indexOf(name);
      if (i < 0) { i = slots.length; slots.push(name); }
      return i;
    },
    getGame() { return game!; },
  };
  const reportExpr = (path: Path, e: unknown) => {
    if (e instanceof DefError) {
      const d = defIds.get(e.def.id)!;
      err(['definitions', d.index, 'value'], `in definition '${e.def.id}': ${e.message}`, e.at);
    } else if (e instanceof ExprError) err(path, e.message, e.at);
    else throw e;
  };
  const baseScope = (random: boolean): Scope => ({ binds: new Map([['self', T.player]]), it: null, random });

  const host: EffectHost = {
    env,
    inThread: false,
    error: err,
    expr(v, path, scope, expected) {
      if (typeof v === 'number' || typeof v === 'boolean') {
        const c = typeof v === 'number' ? T.num : T.bool;
        if (expected && !assignable(c, expected)) { err(path, `expected ${showType(expected)}, got ${JSON.stringify(v)}`); return null; }
        return () => v;
      }
      if (Array.isArray(v) && v.length === 0) return () => [];
      if (typeof v !== 'string') { err(path, `expected an expression (text), got ${v === null ? 'nothing' : Array.isArray(v) ? 'a list' : typeof v}`); return null; }
      try {
        return compileSource(v, env, scope, expected).fn;
      } catch (e) {
        reportExpr(path, e);
        return null;
      }
    },
    typeOf(v, _path, scope) {
      if (typeof v === 'number') return T.num;
      if (typeof v === 'boolean') return T.bool;
      if (typeof v !== 'string') return null;
      try { return compileSource(v, env, scope).t; } catch { return null; }
    },
    zone(v, path, scope) {
      if (typeof v !== 'string') { err(path, 'expected a zone, e.g. deck or hand[$p]'); return null; }
      try { return compileZoneSource(v, env, { ...scope, random: false }); } catch (e) { reportExpr(path, e); return null; }
    },
    text(v, path, scope) {
      if (typeof v !== 'string') { err(path, 'expected a text'); return null; }
      let tpl: ReturnType<typeof parseTemplate>;
      try { tpl = parseTemplate(v); } catch (e) {
        if (e instanceof ExprSyntaxError) { err(path, e.message, e.at); return null; }
        throw e;
      }
      const holes: { fn: Fn; t: Ty }[] = [];
      for (const h of tpl.holes) {
        try { holes.push(compileNode(h.node, env, scope)); } catch (e) { reportExpr(path, e); return null; }
      }
      const parts = tpl.parts;
      return (c: Ctx): LogEntry => {
        const out: LogEntry = { kind: 'text', parts, holes: holes.map((h) => {
          const v2 = h.fn(c);
          const t = h.t;
          if (t.k === 'player') return { t: 'player' as const, v: v2 };
          if (t.k === 'card') return { t: 'card' as const, v: v2 };
          if (t.k === 'list' && t.of.k === 'card') return { t: 'cards' as const, v: (v2 as number[]).slice() };
          if (t.k === 'list' && t.of.k === 'player') return { t: 'value' as const, v: (v2 as number[]).map((p) => `Player ${p + 1}`) };
          return { t: 'value' as const, v: Array.isArray(v2) ? v2.slice() : v2 };
        }) };
        // cards named in a text are shown only to those who see them at the moment it is written
        out.seen = out.holes!.map((h) => {
          if (h.t === 'card') return h.v < 0 ? -1 : seenMask(c.s, c.g, h.v);
          if (h.t === 'cards') return (h.v as number[]).reduce((m, e) => m & seenMask(c.s, c.g, e), -1);
          return -1;
        });
        return out;
      };
    },
    phase(id, path) {
      const i = arr(root.phases).findIndex((p) => isObj(p) && p.id === id);
      if (i < 0) err(path, `unknown phase '${String(id)}'${hintOf(id, arr(root.phases).map((p) => (isObj(p) ? String(p.id) : '')))}`);
      return i;
    },
    ending(id, path) {
      const e = endings.find((x) => x.id === id);
      if (!e) err(path, `unknown ending '${String(id)}'${hintOf(id, endings.map((x) => x.id))}; declare it under endings`);
      return e ?? null;
    },
    bind(scope, name, t, path) {
      if (typeof name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) { err(path, `'as' needs a name such as p (used as $p)`); return scope; }
      if (scope.binds.has(name) && name !== 'self') err(path, `'$${name}' is already bound here; pick another name`);
      if (name === 'self') err(path, `'$self' is reserved (the player a bot or objective is evaluated for)`);
      env.slotOf(name);
      const binds = new Map(scope.binds);
      binds.set(name, t);
      return { ...scope, binds };
    },
  };

  // ---- endings ----
  const endings: EndingDef[] = [];
  for (const [id, { item, index }] of ids('endings')) {
    const w = String(item.winner ?? 'none');
    if (w !== 'none' && w !== 'all' && !teamIds.has(w)) err(['endings', index, 'winner'], `unknown team '${w}'${hintOf(w, teamIds.keys())} (or 'none', 'all')`);
    endings.push({ id, index: endings.length, winner: w, description: item.description as string });
  }

  // ---- definitions: compile each once for its own errors ----
  for (const [id, d] of defs) {
    if (d.params.length) continue; // checked at each call site with real argument types
    try { compileSource(id, env, baseScope(false)); } catch (e) { reportExpr(['definitions', defIds.get(id)!.index, 'value'], e); }
  }
  teams.forEach((t) => {
    const item = teamIds.get(t.id)!;
    if (item.item.objective !== undefined) t.objective = host.expr(item.item.objective, ['teams', item.index, 'objective'], baseScope(false), T.num) as Fn<number>;
  });

  // ---- setup ----
  const setup = compileEffects(root.setup, ['setup'], baseScope(true), host);

  // ---- reactions ----
  const reactions: ReactionDef[] = [];
  ids('reactions');
  arr(root.reactions).forEach((rx, i) => {
    if (!isObj(rx)) return;
    let scope = baseScope(false);
    let players: Fn<number[]> | null = null;
    let slot = -1;
    if (rx.forEach !== undefined) {
      players = host.expr(rx.forEach, ['reactions', i, 'forEach'], scope, T.list(T.player));
      scope = host.bind(scope, rx.as ?? 'p', T.player, ['reactions', i, 'as']);
      slot = env.slotOf(String(rx.as ?? 'p'));
    }
    const when = host.expr(rx.when ?? true, ['reactions', i, 'when'], scope, T.bool);
    const effects = compileEffects(rx.do, ['reactions', i, 'do'], { ...scope, random: true }, host);
    let watch: number[] | null = null;
    if (rx.watch !== undefined) {
      watch = [];
      arr(rx.watch).forEach((z, k) => {
        const zi = zoneInfos.get(String(z));
        if (!zi) err(['reactions', i, 'watch', k], `unknown zone '${String(z)}'${hintOf(z, zoneInfos.keys())}`);
        else watch!.push(zi.index);
      });
    }
    const perPlayerWatch = watch !== null && watch.every((zi) => zones[zi]!.perPlayer);
    if (when) reactions.push({ id: String(rx.id ?? i), watch, perPlayerWatch, players, slot, when, effects });
  });

  // ---- phases and steps ----
  const lists: StepList[] = [];
  const promptSteps: (StepDef & { kind: 'prompt' })[] = [];
  const phases: PhaseDef[] = [];
  const phaseIds = ids('phases');
  if (phaseIds.size === 0) err(['phases'], 'a ruleset needs at least one phase');

  function compileSteps(src: unknown, path: Path, scope: Scope, prefix: string, thread: boolean): number {
    const list: StepList = { index: lists.length, steps: [] };
    lists.push(list);
    const seen = new Set<string>();
    let sc = scope;
    arr(src).forEach((st, i) => {
      const p = [...path, i];
      if (!isObj(st)) { err(p, 'a step is a mapping with an id and one of do, prompt, while, forEach, simultaneous'); return; }
      const id = typeof st.id === 'string' ? st.id : `${i + 1}`;
      if (seen.has(id)) err([...p, 'id'], `duplicate step id '${id}'`);
      seen.add(id);
      const stepPath = `${prefix}/${id}`;
      const kinds = STEP_KINDS.filter((k) => k in st && !(k === 'do' && 'prompt' in st));
      if (kinds.length !== 1) {
        err(p, kinds.length === 0 ? `step '${id}' has nothing to do: give it one of ${STEP_KINDS.join(', ')}` : `step '${id}' mixes ${kinds.join(' and ')}; use one per step`);
        return;
      }
      const when = st.when !== undefined ? host.expr(st.when, [...p, 'when'], { ...sc, random: false }, T.bool) : null;
      const kind = kinds[0]!;
      if (thread && kind !== 'do' && kind !== 'prompt') { err([...p, kind], `inside a simultaneous step only 'do' and 'prompt' steps are allowed`); return; }
      host.inThread = thread;
      switch (kind) {
        case 'do': {
          const effects = compileEffects(st.do, [...p, 'do'], { ...sc, random: true }, host);
          list.steps.push({ kind: 'do', id, path: stepPath, when, effects });
          break;
        }
        case 'prompt': {
          const res = compilePrompt(st.prompt, [...p, 'prompt'], sc);
          if (!res) return;
          sc = res.scope;
          const effects = st.do !== undefined ? compileEffects(st.do, [...p, 'do'], { ...sc, random: true }, host) : null;
          const step = { kind: 'prompt' as const, id, path: stepPath, when, prompt: res.prompt, effects, key: promptSteps.length };
          promptSteps.push(step);
          list.steps.push(step);
          break;
        }
        case 'while': {
          const test = host.expr(st.while, [...p, 'while'], { ...sc, random: false }, T.bool);
          const body = compileSteps(st.steps, [...p, 'steps'], sc, stepPath, false);
          if (test) list.steps.push({ kind: 'while', id, path: stepPath, when, test, body });
          break;
        }
        case 'forEach': case 'simultaneous': {
          const expected = kind === 'simultaneous' ? T.list(T.player) : undefined;
          const fn = host.expr(st[kind], [...p, kind], { ...sc, random: false }, expected);
          const lt = host.typeOf(st[kind], [...p, kind], sc);
          const itemT = lt && lt.k === 'list' ? lt.of : T.any;
          if (lt && lt.k !== 'list') err([...p, kind], `${kind} needs a list, but this is ${showType(lt)}`);
          const inner = host.bind(sc, st.as ?? 'p', itemT, [...p, 'as']);
          const slot = env.slotOf(String(st.as ?? 'p'));
          const body = compileSteps(st.steps, [...p, 'steps'], inner, stepPath, kind === 'simultaneous');
          host.inThread = thread;
          if (fn) {
            if (kind === 'forEach') list.steps.push({ kind: 'forEach', id, path: stepPath, when, list: fn, slot, body });
            else list.steps.push({ kind: 'simultaneous', id, path: stepPath, when, players: fn, slot, body });
          }
          break;
        }
      }
      for (const k of Object.keys(st)) {
        if (!['id', 'when', 'description', 'as', 'steps', ...STEP_KINDS].includes(k)) err([...p, k], `unknown step key '${k}'${hintOf(k, ['id', 'when', 'description', 'as', 'steps', ...STEP_KINDS])}`);
      }
    });
    host.inThread = thread;
    return list.index;
  }

  function compilePrompt(src: unknown, path: Path, scope: Scope): { prompt: PromptDef; scope: Scope } | null {
    if (!isObj(src)) { err(path, 'a prompt is a mapping: player, choose, from, …'); return null; }
    for (const k of Object.keys(src)) {
      if (!PROMPT_KEYS.includes(k)) err([...path, k], `unknown prompt key '${k}'${hintOf(k, PROMPT_KEYS)}`);
    }
    const choose = src.choose as PromptDef['choose'];
    const itemT: Ty | undefined = choose === 'players' ? T.player : choose === 'cards' ? T.card : choose === 'cells' ? T.cell : choose === 'options' ? T.str : undefined;
    if (!itemT) { err([...path, 'choose'], `choose is one of players, cards, cells, options, not '${String(choose)}'${hintOf(choose, ['players', 'cards', 'cells', 'options'])}`); return null; }
    const noRandom = { ...scope, random: false };
    const player = host.expr(src.player, [...path, 'player'], noRandom, T.player);
    const from = host.expr(src.from, [...path, 'from'], noRandom, T.list(itemT));
    let min: Fn<number> | null, max: Fn<number> | null;
    let single = false;
    if (src.count !== undefined) {
      min = max = host.expr(src.count, [...path, 'count'], noRandom, T.num);
      single = src.count === 1;
    } else if (src.min !== undefined || src.max !== undefined) {
      min = host.expr(src.min ?? 0, [...path, 'min'], noRandom, T.num);
      max = host.expr(src.max ?? 1, [...path, 'max'], noRandom, T.num);
      single = (src.max ?? 1) === 1;
    } else {
      min = max = () => 1;
      single = true;
    }
    if (src.optional === true && min) { min = () => 0; }
    let next = scope;
    let slot = -1;
    if (src.as !== undefined) {
      next = host.bind(scope, src.as, single ? itemT : T.list(itemT), [...path, 'as']);
      slot = env.slotOf(String(src.as));
    }
    const text = src.text !== undefined ? host.text(src.text, [...path, 'text'], noRandom) : null;
    const itemScope: Scope = { ...noRandom, it: itemT };
    const score = src.score !== undefined ? host.expr(src.score, [...path, 'score'], itemScope, T.num) : null;
    const botsNever = src.botsNever !== undefined ? host.expr(src.botsNever, [...path, 'botsNever'], itemScope, T.bool) as Fn<boolean> | null : null;
    if (!player || !from || !min || !max) return null;
    const textFn = text ? (c: Ctx) => renderPlain(text(c), c) : null;
    return { prompt: { player, choose, from, min, max, slot, single, text: textFn, score, alwaysAsk: src.alwaysAsk === true, botsNever }, scope: next };
  }

  const phaseList = arr(root.phases);
  phaseList.forEach((ph, i) => {
    if (!isObj(ph)) return;
    const id = String(ph.id ?? i);
    const body = compileSteps(ph.steps, ['phases', i, 'steps'], baseScope(false), id, false);
    let repeat: Fn<boolean> | null = null;
    if (ph.repeat === true) repeat = () => true;
    else if (ph.repeat !== undefined && ph.repeat !== false) repeat = host.expr(ph.repeat, ['phases', i, 'repeat'], baseScope(false), T.bool);
    phases.push({ id, index: phases.length, repeat, body });
  });

  const maxSteps = isObj(root.limits) && typeof root.limits.steps === 'number' ? root.limits.steps : DEFAULT_MAX_STEPS;

  if (!ok) return null;
  game = {
    id: String(root.id ?? 'ruleset'),
    name: String(root.name ?? root.id ?? 'ruleset'),
    hash: rulesetHash(root),
    minPlayers,
    maxPlayers,
    zones,
    zoneIds: new Map(zones.map((z) => [z.id, z])),
    cardTypes,
    cards,
    entityDef,
    columns,
    teams,
    roles,
    vars,
    options,
    endings,
    endingIds: new Map(endings.map((e) => [e.id, e])),
    phases,
    lists,
    promptSteps,
    setup,
    reactions,
    // a reaction without `watch` wakes on a change of any zone
    zoneWatchers: zones.map((z) => reactions.flatMap((r, k) => (!r.watch || r.watch.includes(z.index) ? [k] : []))),
    slots,
    maxSteps,
    print,
  };
  // zone and variable visibilities refer to expressions (e.g. 'to: master'); compile them last
  for (const [id, { item, index }] of zoneIdMap) {
    const z = game.zoneIds.get(id)!;
    z.visibility = visibilityOf(item.visibility, ['zones', index, 'visibility']) ?? z.visibility;
  }
  const varItems = ids('vars');
  for (const v of vars) {
    const { item, index } = varItems.get(v.id)!;
    v.visibility = visibilityOf(item.visibility, ['vars', index, 'visibility']) ?? v.visibility;
  }
  if (!ok) return null;
  return game;

  function visibilityOf(v: unknown, path: Path): Visibility | null {
    if (v === undefined || v === 'public') return { kind: 'public' };
    if (v === 'nobody' || v === 'owner' || v === 'others') return { kind: v };
    if (isObj(v) && v.to !== undefined) {
      const f = host.expr(v.to, [...path, 'to'], baseScope(false));
      const t = host.typeOf(v.to, [...path, 'to'], baseScope(false));
      if (t && !(t.k === 'player' || (t.k === 'list' && t.of.k === 'player'))) err([...path, 'to'], `visibility 'to' needs a player or a list of players, but this is ${showType(t)}`);
      return f ? { kind: 'to', who: f as Fn<number | number[]>, src: String(v.to) } : null;
    }
    err(path, `visibility is public, owner, others, nobody, or { to: <players> }${hintOf(v, ['public', 'owner', 'others', 'nobody'])}`);
    return null;
  }
}

function hintOf(name: unknown, options: Iterable<string>): string {
  if (typeof name !== 'string') return '';
  const h = didYouMean(name, options);
  return h ? ` (did you mean '${h}'?)` : '';
}

function defaultOf(t: FieldType): unknown {
  switch (t) {
    case 'number': return 0;
    case 'bool': return false;
    case 'string': return '';
    case 'cells': return [];
    case 'cellCounts': return {};
    default: return undefined;
  }
}

function defaultValueOfTy(t: Ty): unknown {
  switch (t.k) {
    case 'num': return 0;
    case 'bool': return false;
    case 'str': return '';
    case 'list': return [];
    case 'player': case 'card': return -1;
    default: return null;
  }
}

function convertField(t: FieldType, v: unknown, cells: Set<string>, roles: RoleDef[], teams: TeamDef[]): { v: unknown } | string {
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
      for (const [k, n] of Object.entries(v)) {
        if (badCell(k)) return `'${k}' is not a cell of any grid zone${hintOf(k, cells)}`;
        if (typeof n !== 'number' || n < 0 || !Number.isInteger(n)) return `cell ${k} needs a whole number of at least 0, got ${JSON.stringify(n)}`;
        out.push({ cell: k, count: n });
      }
      return { v: out };
    }
    case 'role': return typeof v === 'string' && roles.some((r) => r.id === v) ? { v } : `unknown role '${String(v)}'${hintOf(v, roles.map((r) => r.id))}`;
    case 'team': return typeof v === 'string' && teams.some((r) => r.id === v) ? { v } : `unknown team '${String(v)}'${hintOf(v, teams.map((r) => r.id))}`;
    case 'player': return typeof v === 'number' ? { v: v - 1 } : `expected a seat number`;
  }
}

/** A stable hash of the ruleset value (key order as written). */
export function rulesetHash(v: unknown): string {
  const text = JSON.stringify(v);
  const a = hashText(text);
  const b = hashText(`${text.length}:${text}`);
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

export type { Eff };

/** For each card field, the texts it may hold: what expressions compare it with (see Env.literalDomains). */
function literalDomainsOf(cardTypes: CardTypeDef[], cards: CardDef[], kinds: Map<string, FieldType>, roles: { id: string }[], teams: { id: string }[], cells: Set<string>): Map<string, Set<string>> {
  const held = (f: (c: CardDef) => unknown) => new Set(cards.map(f).filter((v): v is string => typeof v === 'string'));
  const out = new Map<string, Set<string>>([
    ['type', new Set(cardTypes.map((t) => t.id))],
    ['id', held((c) => c.id)],
    ['name', held((c) => c.name)],
    ['source', held((c) => c.source)],
  ]);
  for (const [f, kind] of kinds) {
    if (kind === 'role') out.set(f, new Set(roles.map((r) => r.id)));
    else if (kind === 'team') out.set(f, new Set(teams.map((t) => t.id)));
    else if (kind === 'cell') out.set(f, cells);
    else if (kind === 'string') out.set(f, held((c) => c.fields[f]));
  }
  return out;
}
