// Compile passes for named quantities and the modifiers cards carry for them (see engine/modifiers.ts):
// declared first (so any expression may call a quantity), compiled once every name is known; a quantity
// that depends on itself, through its modifiers or the definitions they use, is an error.

import type { Fn, ModifierDef, QuantityDef } from '../../model.js';
import type { QuantityInfo, Scope } from '../../expr/env.js';
import { T, typeFromName, type Ty } from '../../expr/types.js';
import type { Path } from '../../effects/index.js';
import { arr, hintOf, isObj, type CompileContext, type Obj } from './context.js';
import type { CompileHost } from './host.js';
import { instanceCountOf, instances } from '../../instances.js';
import { recordingId, track } from '../../memo.js';

const PARAM_TYPES = ['number', 'bool', 'string', 'player', 'players', 'card', 'cards', 'cell', 'cells'];
const OPS = ['set', 'add', 'atLeast', 'atMost'] as const;
const COMBINE = ['first', 'last', 'min', 'max'] as const;
/** bindings every modifier sees besides the quantity's parameters */
const MOD_BINDS = ['owner', 'this'];

/** Declares every quantity (its parameters and type) so expressions can call it. */
export function declareQuantities(cx: CompileContext): void {
  for (const [id, { item, index }] of cx.ids('quantities')) {
    const type = item.type === 'bool' ? 'bool' : item.type === 'counts' ? 'counts' : 'number';
    const of = type === 'counts' && typeof item.of === 'string' && cx.enums.has(item.of) ? item.of : undefined;
    if (type === 'counts' && !of) cx.err(['quantities', index, ...(item.of === undefined ? [] : ['of'])], `a counts quantity names its enumeration: { type: counts, of: <enumeration> }${typeof item.of === 'string' ? hintOf(item.of, cx.enums.keys()) : ''}`);
    const params: { name: string; t: Ty }[] = [];
    if (item.params !== undefined && !isObj(item.params)) cx.err(['quantities', index, 'params'], 'params is a mapping of names to types, e.g. { buyer: player, kind: string }');
    if (isObj(item.params)) {
      for (const name of Object.keys(item.params)) {
        const tn = item.params[name];
        const t = typeof tn === 'string' && PARAM_TYPES.includes(tn) ? typeFromName(tn) : cx.enums.has(String(tn)) ? T.str : undefined;
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) { cx.err(['quantities', index, 'params', name], `a parameter is a name such as buyer (used as $buyer)`); continue; }
        if (MOD_BINDS.includes(name) || name === 'self') { cx.err(['quantities', index, 'params', name], `'$${name}' is reserved (modifiers see $owner and $this)`); continue; }
        if (!t) { cx.err(['quantities', index, 'params', name], `unknown parameter type '${String(tn)}'${hintOf(tn, [...PARAM_TYPES, ...cx.enums.keys()])}`); continue; }
        params.push({ name, t });
      }
    }
    cx.quantityInfos.set(id, { id, index: cx.quantityInfos.size, params, t: type === 'bool' ? T.bool : type === 'counts' ? { k: 'counts', of: of ?? '' } : T.num });
  }
}

/** Compiles each quantity's base and bounds and every modifier of card types and cards. */
export function compileQuantities(cx: CompileContext, h: CompileHost): QuantityDef[] {
  const out: QuantityDef[] = [];
  const items = cx.ids('quantities');
  const deps = new Map<string, Set<string>>();
  const scopeOf = (q: QuantityInfo, modifier = true): Scope => {
    const binds = new Map<string, Ty>([['self', T.player]]);
    for (const p of q.params) binds.set(p.name, p.t);
    if (modifier) {
      binds.set('owner', T.player);
      binds.set('this', T.card);
    }
    return { binds, it: null, random: false };
  };
  // quantities whose values cannot be cached (a part reads `$self` or calls a random or opaque function)
  const opaque = new Set<string>();
  let inPlayOpaque = false;
  // collect dependencies while a quantity's parts compile
  const tracking = (id: string, f: () => void) => {
    const d = deps.get(id) ?? new Set<string>();
    deps.set(id, d);
    const prev = cx.env.onQuantityCall, prevOpaque = cx.env.onOpaque;
    cx.env.onQuantityCall = (callee) => d.add(callee);
    cx.env.onOpaque = () => opaque.add(id);
    try { f(); } finally { cx.env.onQuantityCall = prev; cx.env.onOpaque = prevOpaque; }
  };
  for (const q of cx.quantityInfos.values()) {
    const { item, index } = items.get(q.id)!;
    const scope = scopeOf(q, false);
    const slots = q.params.map((p) => cx.slotOf(p.name));
    let base: Fn | null = null;
    const dflt = q.t.k === 'bool' ? false : q.t.k === 'counts' ? `countsBy(${q.t.of}, 0)` : 0;
    tracking(q.id, () => { base = h.expr(item.base ?? dflt, ['quantities', index, 'base'], scope, q.t); });
    const bound = (k: 'min' | 'max') => {
      if (item[k] === undefined) return null;
      if ((q.t.k !== 'num' && q.t.k !== 'counts') || typeof item[k] !== 'number') { cx.err(['quantities', index, k], `${k} is a number, for a number or counts quantity`); return null; }
      return item[k] as number;
    };
    const combine = (item.combine ?? 'last') as QuantityDef['combine'];
    if (!COMBINE.includes(combine)) cx.err(['quantities', index, 'combine'], `combine is ${COMBINE.join(', ')}, not ${JSON.stringify(item.combine)}`);
    if (q.t.k === 'bool' && (combine === 'min' || combine === 'max')) cx.err(['quantities', index, 'combine'], `a yes/no quantity combines its sets by first or last`);
    const literal = item.base === undefined ? (q.t.k === 'bool' ? false : 0) : typeof item.base === 'number' || typeof item.base === 'boolean' ? item.base : undefined;
    out.push({
      id: q.id, index: q.index, type: q.t.k === 'bool' ? 'bool' : q.t.k === 'counts' ? 'counts' : 'number', slots, ownerSlot: cx.slotOf('owner'), cardSlot: cx.slotOf('this'),
      base: base ?? (() => 0), constBase: literal === undefined ? undefined : clampConst(literal, bound('min'), bound('max')), min: bound('min'), max: bound('max'), combine, mods: [], cache: null,
    });
  }
  // modifiers: on card types (every card of the type) and on cards (its copies)
  const byType = new Map<string, number[]>();
  const byDef = new Map<number, number[]>();
  cx.entityDef.forEach((d, e) => {
    const card = cx.cards[d]!;
    (byDef.get(d) ?? byDef.set(d, []).get(d)!).push(e);
    (byType.get(card.type) ?? byType.set(card.type, []).get(card.type)!).push(e);
  });
  const inPlayOf = new Map<string, Fn<boolean> | null>();
  for (const [id, { item, index }] of cx.ids('cardTypes')) {
    const prevOpaque = cx.env.onOpaque;
    cx.env.onOpaque = () => { inPlayOpaque = true; };
    let general: Fn<boolean> | null;
    try {
      general = item.inPlay === undefined ? null : h.expr(item.inPlay, ['cardTypes', index, 'inPlay'], { ...h.baseScope(false), it: T.card }, T.bool) as Fn<boolean> | null;
    } finally { cx.env.onOpaque = prevOpaque; }
    inPlayOf.set(id, general && typeof item.inPlay === 'string' ? inZoneCheck(item.inPlay, cx) ?? general : general);
    if (item.modifies !== undefined) addMods(item.modifies, ['cardTypes', index, 'modifies'], Int32Array.from(byType.get(id) ?? []), id);
  }
  for (const [, { item, index }] of cx.ids('cards')) {
    if (item.modifies === undefined) continue;
    const def = cx.cards.findIndex((c) => c.id === item.id);
    if (def < 0) continue; // the card itself was reported
    addMods(item.modifies, ['cards', index, 'modifies'], Int32Array.from(byDef.get(def) ?? []), cx.cards[def]!.type);
  }
  reportCycles(cx, deps);
  markCacheable(out, deps, inPlayOpaque ? new Set(out.map((q) => q.id)) : opaque);
  return out;

  function addMods(src: unknown, path: Path, entities: Int32Array, typeId: string): void {
    if (!Array.isArray(src)) { cx.err(path, 'modifies is a list of { quantity, set | add | atLeast | atMost, when }'); return; }
    src.forEach((m, k) => {
      const p = [...path, k];
      if (!isObj(m)) { cx.err(p, 'a modifier is a mapping: { quantity: <name>, set: <value>, when: <condition> }'); return; }
      const qi = typeof m.quantity === 'string' ? cx.quantityInfos.get(m.quantity) : undefined;
      if (!qi) { cx.err([...p, 'quantity'], `unknown quantity '${String(m.quantity)}'${hintOf(m.quantity, cx.quantityInfos.keys())}; declare it under quantities`); return; }
      const ops = OPS.filter((o) => (m as Obj)[o] !== undefined);
      if (ops.length !== 1) { cx.err(p, ops.length ? `one of ${OPS.join(', ')} per modifier, found ${ops.join(' and ')}` : `a modifier needs one of ${OPS.join(', ')}`); return; }
      for (const key of Object.keys(m)) if (key !== 'quantity' && key !== 'when' && !(OPS as readonly string[]).includes(key)) cx.err([...p, key], `'${key}' is not a key of a modifier (quantity, ${OPS.join(', ')}, when)`);
      const op = ops[0]!;
      if (qi.t.k === 'bool' && op !== 'set') { cx.err([...p, op], `quantity '${qi.id}' is yes/no: a modifier sets it`); return; }
      const scope = scopeOf(qi);
      let value: Fn | null = null, when: Fn<boolean> | null = null;
      tracking(qi.id, () => {
        value = h.expr(m[op], [...p, op], scope, qi.t);
        when = m.when === undefined ? null : (h.expr(m.when, [...p, 'when'], scope, T.bool) as Fn<boolean> | null);
      });
      if (!value || (m.when !== undefined && !when)) return;
      out[qi.index]!.mods.push({ op, value, when, entities, inPlay: inPlayOf.get(typeId) ?? null } satisfies ModifierDef);
    });
  }
}

/** `zoneOf(it) == 'zone'`, the usual in-play test, as two array reads instead of an expression. What it read,
 *  for the definition cache: the instance the card lies in, or, when it lies elsewhere, every instance of the
 *  zone (the card coming into one changes that one). */
function inZoneCheck(src: string, cx: CompileContext): Fn<boolean> | null {
  const m = /^\s*zoneOf\(it\)\s*==\s*'([A-Za-z_][A-Za-z0-9_]*)'\s*$/.exec(src);
  const zi = m ? cx.zoneInfos.get(m[1]!) : undefined;
  if (!zi) return null;
  const z = zi.index;
  let noted = 0; // the recording that has every instance of the zone already (a quantity asks for card after card)
  return (c) => {
    const k = c.s.loc[c.it as number]!; // `it`: a card, the modifier's own
    if (instances(c.g).zone[k] === z) { track(c.s, k); return true; }
    const r = recordingId();
    if (r !== 0 && r !== noted) {
      const zd = c.g.zones[z]!;
      for (let i = zd.base, end = zd.base + instanceCountOf(c.g, zd); i < end; i++) track(c.s, i);
      noted = r;
    }
    return false;
  };
}

/** Which quantities may be cached: none that reads what the cache cannot follow, or reads such a quantity. */
function markCacheable(out: QuantityDef[], deps: Map<string, Set<string>>, opaque: Set<string>): void {
  const no = new Set(opaque);
  for (let grew = true; grew;) {
    grew = false;
    for (const [id, callees] of deps) {
      if (no.has(id)) continue;
      for (const d of callees) if (no.has(d)) { no.add(id); grew = true; break; }
    }
  }
  for (const q of out) q.cache = no.has(q.id) ? null : { values: new Map(), hits: 0, misses: 0, work: 0, off: false };
}

/** A constant base within the quantity's bounds (what quantityValue would make of it). */
function clampConst(v: number | boolean, min: number | null, max: number | null): number | boolean {
  if (typeof v !== 'number') return v;
  let n = v;
  if (min !== null && n < min) n = min;
  if (max !== null && n > max) n = max;
  return n;
}

/** A quantity that, through its base, its modifiers or the definitions they use, reads itself. */
function reportCycles(cx: CompileContext, deps: Map<string, Set<string>>): void {
  const items = cx.ids('quantities');
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const visit = (id: string): void => {
    const s = state.get(id);
    if (s === 2) return;
    if (s === 1) {
      const loop = [...stack.slice(stack.indexOf(id)), id];
      cx.err(['quantities', items.get(id)!.index, 'id'], `quantity '${id}' depends on itself (${loop.join(' → ')}): a modifier or base of one reads the other`);
      return;
    }
    state.set(id, 1);
    stack.push(id);
    for (const d of deps.get(id) ?? []) visit(d);
    stack.pop();
    state.set(id, 2);
  };
  for (const id of deps.keys()) visit(id);
}

export { arr };
