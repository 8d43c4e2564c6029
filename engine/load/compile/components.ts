// Compile passes for the declarations that are not cards or zones: the player range, options, tables,
// teams and roles, variables.

import type { OptionDef } from '../../model.js';
import { optionProblem } from '../../start.js';
import { T, showType, typeFromName, type Ty, type Value } from '../../expr/types.js';
import { arr, hintOf, isObj, type CompileContext, type Obj } from './context.js';
import { NO_PLAYER } from '../../seats.js';

export const MAX_PLAYERS = 30;

export function compilePlayers(cx: CompileContext): void {
  const p = cx.root.players as Obj | undefined;
  cx.minPlayers = Number(p?.min ?? 1);
  cx.maxPlayers = Number(p?.max ?? cx.minPlayers);
  if (cx.maxPlayers < cx.minPlayers) cx.err(['players', 'max'], `max (${cx.maxPlayers}) is below min (${cx.minPlayers})`);
  if (cx.maxPlayers > MAX_PLAYERS) cx.err(['players', 'max'], `at most ${MAX_PLAYERS} players are supported, not ${cx.maxPlayers}`);
}

export function compileOptions(cx: CompileContext): void {
  for (const [id, { item, index }] of cx.ids('options')) {
    const type = (item.type as OptionDef['type']) ?? (typeof item.default === 'boolean' ? 'bool' : typeof item.default === 'number' ? 'number' : 'string');
    const js = type === 'bool' ? 'boolean' : type;
    if (typeof item.default !== js) cx.err(['options', index, 'default'], `option '${id}' is a ${type}, but its default is ${JSON.stringify(item.default)}`);
    const d: OptionDef = { id, index: cx.options.length, type, default: item.default as never, description: item.description as string };
    for (const k of ['min', 'max'] as const) {
      if (item[k] === undefined) continue;
      if (type !== 'number' || typeof item[k] !== 'number') cx.err(['options', index, k], `${k} is a number, for a number option`);
      else d[k] = item[k] as number;
    }
    if (d.min !== undefined && d.max !== undefined && d.min > d.max) cx.err(['options', index, 'max'], `max (${d.max}) is below min (${d.min})`);
    if (item.choices !== undefined) {
      const cs = arr(item.choices);
      if (type === 'bool' || cs.length === 0 || cs.some((c) => typeof c !== js)) cx.err(['options', index, 'choices'], `choices is a list of ${type === 'number' ? 'numbers' : 'texts'} for a ${type} option`);
      else d.choices = cs as (number | string)[];
    }
    if (typeof item.default === js) {
      const bad = optionProblem(d, item.default as never);
      if (bad) cx.err(['options', index, 'default'], `default ${JSON.stringify(item.default)} is not ${bad.replace(/^.*? is (.*), not .*$/, '$1')}`);
    }
    cx.options.push(d);
  }
}

/** Enumerations: named lists of distinct text values (resource kinds, colours) that fields and counts use. */
export function compileEnums(cx: CompileContext): void {
  for (const [id, { item, index }] of cx.ids('enums')) {
    const values: string[] = [];
    const index2 = new Map<string, number>();
    arr(item.values).forEach((v, k) => {
      if (typeof v !== 'string' || !/^[A-Za-z][A-Za-z0-9_]*$/.test(v)) { cx.err(['enums', index, 'values', k], `an enumeration value is a name (letters, digits, _), not ${JSON.stringify(v)}`); return; }
      if (index2.has(v)) { cx.err(['enums', index, 'values', k], `'${v}' is listed twice`); return; }
      index2.set(v, values.length);
      values.push(v);
    });
    if (values.length === 0) cx.err(['enums', index, 'values'], `enumeration '${id}' needs at least one value`);
    cx.enums.set(id, { id, values, index: index2 });
  }
}

export function compileTables(cx: CompileContext): void {
  arr(cx.root.tables).forEach((t, ti) => {
    if (!isObj(t) || typeof t.id !== 'string') return;
    const key = typeof t.key === 'string' ? t.key : 'id';
    const rows = new Map<string, Obj>();
    const cols = new Map<string, Ty>();
    const has = (row: Obj, c: string) => Object.prototype.hasOwnProperty.call(row, c);
    arr(t.rows).forEach((row, ri) => {
      if (!isObj(row)) return;
      if (!has(row, key)) { cx.err(['tables', ti, 'rows', ri], `row has no '${key}' (the table's key)`); return; }
      const k = String(row[key]);
      if (rows.has(k)) cx.err(['tables', ti, 'rows', ri, key], `two rows with ${key} = ${k}`);
      rows.set(k, row);
      for (const c of Object.keys(row)) {
        const v = row[c];
        const ty = typeof v === 'number' ? T.num : typeof v === 'boolean' ? T.bool : T.str;
        const prev = cols.get(c);
        if (prev && prev.k !== ty.k) cx.err(['tables', ti, 'rows', ri, c], `column '${c}' holds ${showType(prev)} in the rows above, but here ${JSON.stringify(v)}`);
        else cols.set(c, ty);
      }
    });
    // every row has the same columns: a column that only some rows have is a misspelling or a missing value
    // (a variant's `tokenz: 4` would otherwise be kept beside the base's `tokens` and never read)
    const rowList = arr(t.rows).map((row, ri) => ({ row, ri })).filter((x): x is { row: Obj; ri: number } => isObj(x.row) && has(x.row, key));
    const full = [...cols.keys()].filter((c) => rowList.every(({ row }) => has(row, c)));
    for (const c of cols.keys()) {
      const having = rowList.filter(({ row }) => has(row, c));
      if (having.length === rowList.length) continue;
      if (having.length * 2 <= rowList.length) {
        for (const { ri } of having) cx.err(['tables', ti, 'rows', ri, c], `column '${c}' is in only ${having.length} of the ${rowList.length} rows${hintOf(c, full)}`);
      } else {
        for (const { row, ri } of rowList) if (!has(row, c)) cx.err(['tables', ti, 'rows', ri], `row ${JSON.stringify(String(row[key]))} has no '${c}' (the other rows have it)`);
      }
    }
    cx.tables.set(t.id, { id: t.id, key, rows, cols });
  });
}

export function compileTeamsAndRoles(cx: CompileContext): void {
  const teamIds = cx.ids('teams');
  cx.teams = [...teamIds.keys()].map((id, index) => ({ id, index, name: String(teamIds.get(id)!.item.name ?? id), objective: null }));
  for (const [id, { item, index }] of cx.ids('roles')) {
    const team = cx.teams.findIndex((t) => t.id === item.team);
    if (team < 0) cx.err(['roles', index, 'team'], `unknown team '${String(item.team)}'${hintOf(item.team, teamIds.keys())}`);
    cx.roles.push({ id, index: cx.roles.length, name: String(item.name ?? id), team: Math.max(0, team) });
  }
}

const VAR_TYPES = ['number', 'bool', 'string', 'player', 'players', 'card', 'cards', 'cell', 'cells'];

export function compileVars(cx: CompileContext): void {
  for (const [id, { item, index }] of cx.ids('vars')) {
    const ty = typeof item.type === 'string' ? typeFromName(item.type) : undefined;
    if (!ty) { cx.err(['vars', index, 'type'], `unknown variable type '${String(item.type)}'${hintOf(item.type, VAR_TYPES)}`); continue; }
    const hasDefault = Object.prototype.hasOwnProperty.call(item, 'default');
    let initial: unknown = hasDefault ? item.default : defaultValueOfTy(ty);
    if (hasDefault) {
      const okDefault = ty.k === 'num' ? typeof initial === 'number' : ty.k === 'bool' ? typeof initial === 'boolean' : ty.k === 'str' ? typeof initial === 'string' : ty.k === 'list' ? Array.isArray(initial) && initial.length === 0 : false;
      if (!okDefault) cx.err(['vars', index, 'default'], `a default for a ${String(item.type)} variable must be ${ty.k === 'list' ? 'an empty list []' : ty.k === 'num' ? 'a number' : ty.k === 'bool' ? 'true or false' : ty.k === 'str' ? 'a text' : 'left out (it starts as none)'}, not ${JSON.stringify(initial)}`);
    }
    if (ty.k === 'player' && initial === undefined) initial = NO_PLAYER;
    const perPlayer = item.per === 'player';
    const perCard = item.per === 'card';
    if ((item.visibility === 'owner' || item.visibility === 'others') && !perPlayer) {
      cx.err(['vars', index, 'visibility'], perCard
        ? 'a per-card variable has no owner: leave visibility out (its values are seen as their card is), or give public, nobody or { to: … }'
        : `'${String(item.visibility)}' needs a per-player variable (per: player)`);
    }
    cx.vars.push({
      // initial: a value of the variable's type, checked above (a ruleset where it is not does not load)
      id, index: cx.vars.length, type: ty, initial: initial as Value, perPlayer, ...(perCard ? { perCard: true } : {}), visibility: { kind: 'public' }, description: item.description as string,
      ...(item.internal === true ? { internal: true } : {}),
      ...(typeof item.name === 'string' && item.name.trim() ? { name: item.name } : {}),
    });
  }
}

export function defaultValueOfTy(t: Ty): unknown {
  switch (t.k) {
    case 'num': return 0;
    case 'bool': return false;
    case 'str': return '';
    case 'list': return [];
    case 'player': return NO_PLAYER;
    case 'card': return -1; // no card
    default: return null;
  }
}
