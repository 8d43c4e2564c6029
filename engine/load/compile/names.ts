// Compile pass for the names expressions use: zones, variables, options, tables and definitions share one
// namespace (and cannot take a reserved word); the expression environment (Env) built from every pass
// before; definitions checked once for their own errors.

import type { Game } from '../../model.js';
import { BUILTIN_NAMES, MAX_RULESET_EXPANSION, RESERVED_WORDS, compileSource } from '../../expr/compile.js';
import { FUNCTIONS } from '../../expr/functions/index.js';
import { DefError, GrowthError, RulesetGrowthError } from '../../expr/env.js';
import { T } from '../../expr/types.js';
import type { Path } from '../../effects/index.js';
import { arr, isObj, type CompileContext } from './context.js';
import type { CardTypeDef } from '../../model.js';
import { literalDomainsOf } from './cards.js';
import type { CompileHost } from './host.js';

export function checkNamespaces(cx: CompileContext): void {
  const taken = new Map<string, string>();
  const claim = (name: string, kind: string, path: Path) => {
    const prev = taken.get(name);
    if (prev) cx.err(path, `'${name}' is already the name of ${prev}; names of zones, variables, options, tables, definitions, enumerations and quantities must differ`);
    else taken.set(name, `${kind} '${name}'`);
  };
  const zoneIds = cx.ids('zones');
  cx.zones.forEach((z) => claim(z.id, 'zone', ['zones', zoneIds.get(z.id)!.index, 'id']));
  cx.vars.forEach((v) => claim(v.id, 'variable', ['vars', v.index, 'id']));
  cx.options.forEach((o) => claim(o.id, 'option', ['options', o.index, 'id']));
  for (const [id] of cx.tables) claim(id, 'table', ['tables']);
  for (const [id, { index }] of cx.ids('definitions')) claim(id, 'definition', ['definitions', index, 'id']);
  for (const [id, { index }] of cx.ids('enums')) claim(id, 'enumeration', ['enums', index, 'id']);
  for (const [id, { index }] of cx.ids('quantities')) {
    claim(id, 'quantity', ['quantities', index, 'id']);
    if (FUNCTIONS.has(id)) cx.err(['quantities', index, 'id'], `'${id}' is a built-in function; give the quantity another name`);
  }
  for (const reserved of [...BUILTIN_NAMES, ...RESERVED_WORDS]) {
    if (taken.has(reserved)) cx.err([], `'${reserved}' is a reserved word and cannot be used as ${taken.get(reserved)}`);
  }
}

/** The expression environment: every name an expression may use, resolved to where it lives. */
export function buildEnv(cx: CompileContext, getGame: () => Game): void {
  for (const [id, { item, index }] of cx.ids('definitions')) {
    if (FUNCTIONS.has(id)) cx.err(['definitions', index, 'id'], `'${id}' is a built-in function; give the definition another name`);
    cx.defs.set(id, { id, params: arr(item.params).map(String), src: String(item.value ?? ''), where: `definitions.${index}` });
  }
  cx.env = {
    zones: cx.zoneInfos,
    vars: new Map(cx.vars.map((v) => [v.id, { index: v.index, t: v.type, perPlayer: v.perPlayer, perCard: v.perCard }])),
    options: new Map(cx.options.map((o) => [o.id, { index: o.index, t: o.type === 'number' ? T.num : o.type === 'bool' ? T.bool : T.str, choices: o.choices }])),
    optionLiterals: new Map(),
    expansionLeft: MAX_RULESET_EXPANSION,
    tables: cx.tables,
    defs: cx.defs,
    fields: cx.fieldTypes,
    roles: new Set(cx.roles.map((x) => x.id)),
    teams: new Set(cx.teams.map((x) => x.id)),
    cardTypes: new Set(cx.cardTypes.map((x) => x.id)),
    cardIds: new Set(cx.cards.map((x) => x.id)),
    allCells: cx.allCells,
    literalDomains: literalDomainsOf(cx),
    cellGeometry: cx.cellGeometry,
    enums: cx.enums,
    quantities: cx.quantityInfos,
    scoreCategories: cx.scoreCategories,
    reads: new Set(),
    maxPlayers: cx.maxPlayers,
    slotOf: cx.slotOf,
    gameColumns: () => getGame().columns,
  };
}

/** Definitions without parameters are compiled once here for their own errors (those with parameters are
 *  checked at each call, with the real argument types). */
export function checkDefinitions(cx: CompileContext, host: CompileHost): void {
  const defIds = cx.ids('definitions');
  // compiling a definition on its own reads nothing on behalf of the rules
  const reads = cx.env.reads;
  cx.env.reads = undefined;
  try {
    for (const [id, d] of cx.defs) {
      if (d.params.length) continue;
      try {
        compileSource(id, cx.env, host.baseScope(false));
      } catch (e) {
        // a definition that grows too large on its own is said at the definition, as every use of it says it
        const own = e instanceof GrowthError && !(e instanceof RulesetGrowthError) ? new DefError(d, e.message, e.at) : e;
        host.reportExpr(['definitions', defIds.get(id)!.index, 'value'], own);
      }
    }
  } finally {
    cx.env.reads = reads;
  }
}

/** Warnings for what the ruleset declares and no rule reads: an option, a table column, a card field (not
 *  shown by a print layout or on the playtest table either), a definition. A misspelt or forgotten name shows here. */
export function reportUnread(cx: CompileContext): void {
  const reads = cx.env.reads;
  if (!reads) return;
  for (const o of cx.options) if (!reads.has(`option:${o.id}`)) cx.warn(['options', o.index, 'id'], `option '${o.id}' is never read`);
  // a text option the rules compare with texts but that takes any text: a typo in a value plays as none of them
  for (const o of cx.options) {
    const lits = cx.env.optionLiterals?.get(o.id);
    if (o.type !== 'string' || o.choices || !lits?.size) continue;
    const quoted = [...lits].map((l) => `'${l}'`);
    const listed = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
    const choices = [...new Set([String(o.default), ...lits])].join(', ');
    cx.warn(['options', o.index, 'id'], `option '${o.id}' is compared with ${listed} but declares no choices, so any text is accepted and a misspelt value plays as none of them; declare choices: [${choices}]`);
  }
  for (const [id, { index }] of cx.ids('definitions')) if (!reads.has(`definition:${id}`)) cx.warn(['definitions', index, 'id'], `definition '${id}' is never used`);
  arr(cx.root.tables).forEach((t, ti) => {
    if (!isObj(t) || typeof t.id !== 'string') return;
    const info = cx.tables.get(t.id);
    if (!info) return;
    for (const col of info.cols.keys()) {
      if (col === info.key || col === 'id' || reads.has(`column:${t.id}.${col}`)) continue;
      const ri = arr(t.rows).findIndex((r) => isObj(r) && Object.prototype.hasOwnProperty.call(r, col));
      cx.warn(['tables', ti, 'rows', ri, col], `column '${col}' is never read`);
    }
  });
  const shown = new Set<string>();
  for (const ct of cx.cardTypes) for (const f of layoutFields(ct)) shown.add(f);
  // what the playtest table shows on a card counts as shown too
  for (const ct of cx.cardTypes) {
    for (const it of ct.face ?? []) {
      for (const f of [it.field, it.when, it.unless]) if (f) shown.add(f);
      for (const m of (it.text ?? '').matchAll(/\{([A-Za-z_][\w-]*)\}/g)) shown.add(m[1]!);
    }
  }
  for (const [, { item, index }] of cx.ids('cardTypes')) {
    if (!isObj(item.fields)) continue;
    for (const f of Object.keys(item.fields)) {
      if (reads.has(`field:${f}`) || shown.has(f)) continue;
      cx.warn(['cardTypes', index, 'fields', f], `field '${f}' is never read by a rule nor printed`);
    }
  }
}

/** The fields a card type's print layout shows (every field, for a layout made from the fields). */
function layoutFields(ct: CardTypeDef): string[] {
  const l = ct.layout;
  if (!l.declared) return Object.keys(ct.fields);
  const out: string[] = [];
  const holes = (t: string | undefined) => { for (const m of (t ?? '').matchAll(/\{([A-Za-z_][\w-]*)\}/g)) out.push(m[1]!); };
  for (const el of l.elements as unknown as Record<string, unknown>[]) {
    for (const k of ['field', 'when', 'unless']) if (typeof el[k] === 'string') out.push(el[k] as string);
    if (typeof el.repeat === 'string') out.push(el.repeat);
    if (Array.isArray(el.fields)) for (const f of el.fields) if (typeof f === 'string') out.push(f);
    if (typeof el.text === 'string') holes(el.text);
    if (typeof el.value === 'string') holes(el.value);
    if (Array.isArray(el.match)) for (const m of el.match) if (Array.isArray(m)) out.push(...m.filter((f): f is string => typeof f === 'string'));
    if (typeof el.sort === 'string') out.push(el.sort);
  }
  return out;
}
