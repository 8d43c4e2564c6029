// Compile pass for the names expressions use: zones, variables, options, tables and definitions share one
// namespace (and cannot take a reserved word); the expression environment (Env) built from every pass
// before; definitions checked once for their own errors.

import type { Game } from '../../model.js';
import { BUILTIN_NAMES, RESERVED_WORDS, compileSource } from '../../expr/compile.js';
import { FUNCTIONS } from '../../expr/functions/index.js';
import { T } from '../../expr/types.js';
import type { Path } from '../../effects/index.js';
import { arr, type CompileContext } from './context.js';
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
    vars: new Map(cx.vars.map((v) => [v.id, { index: v.index, t: v.type, perPlayer: v.perPlayer }])),
    options: new Map(cx.options.map((o) => [o.id, { index: o.index, t: o.type === 'number' ? T.num : o.type === 'bool' ? T.bool : T.str }])),
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
    maxPlayers: cx.maxPlayers,
    slotOf: cx.slotOf,
    getGame,
  };
}

/** Definitions without parameters are compiled once here for their own errors (those with parameters are
 *  checked at each call, with the real argument types). */
export function checkDefinitions(cx: CompileContext, host: CompileHost): void {
  const defIds = cx.ids('definitions');
  for (const [id, d] of cx.defs) {
    if (d.params.length) continue;
    try { compileSource(id, cx.env, host.baseScope(false)); } catch (e) { host.reportExpr(['definitions', defIds.get(id)!.index, 'value'], e); }
  }
}
