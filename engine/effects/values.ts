// Effects on variables and roles: set, setRole, revealRole.

import type { Ctx, Fn } from '../model.js';
import { T, type Value } from '../expr/types.js';
import { RuleError } from '../expr/env.js';
import { changed, log, rolesKey, touchAll, varKey } from '../state.js';
import { didYouMean } from '../suggest.js';
import { record, type EffectDef } from './host.js';
import { NO_PLAYER } from '../seats.js';

export const set: EffectDef = {
  name: 'set',
  doc: "Sets variables: each key is a variable declared under vars, each value an expression of that variable's type. All values are computed before any is assigned (so `{a: b, b: a}` swaps).",
  arg: {
    doc: 'Variable name → new value (an expression of the variable\'s type). For a per-player variable the key names the player: "name[$p]".',
    type: {
      k: 'schema',
      shows: 'variable → value',
      schema: {
        type: 'object',
        minProperties: 1,
        propertyNames: { pattern: '^[A-Za-z][A-Za-z0-9_]*(\\[.+\\])?$' },
        additionalProperties: { $ref: '#/$defs/expression', description: "The new value: an expression of the variable's type." },
      },
    },
    examples: [{ leader: '$next', chosen: '[]' }, { flagged: true }, { 'target[$s]': '$pick' }],
  },
  params: [],
  compile(x) {
    const { h, scope, at } = x;
    const arg = record(x);
    if (!arg) { h.error(at, "set takes a mapping of variable names to values, e.g. set: { round: 'round + 1' }"); return null; }
    const fs: { i: number; who: Fn<number> | null; f: Fn }[] = [];
    for (const key of Object.keys(arg)) {
      const v = arg[key];
      // `name` sets a variable; `name[<player>]` sets one player's entry of a per-player variable
      const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[(.+)\])?$/.exec(key.trim());
      const name = m?.[1] ?? key;
      const vd = h.env.vars.get(name);
      if (!m || !vd) {
        const hint = didYouMean(name, h.env.vars.keys());
        h.error([...at, key], `unknown variable '${name}'${hint ? ` (did you mean '${hint}'?)` : ''}; declare it under vars`);
        continue;
      }
      let who: Fn<number> | null = null;
      if (vd.perPlayer || vd.perCard) {
        if (!m[2]) { h.error([...at, key], `variable '${name}' has one value per ${vd.perCard ? 'card' : 'player'}: set '${name}[${vd.perCard ? '$c' : '$p'}]'`); continue; }
        who = h.expr(m[2], [...at, key], scope, vd.perCard ? T.card : T.player) as Fn<number> | null;
        if (!who) continue;
      } else if (m[2]) { h.error([...at, key], `variable '${name}' is not per player or per card; set '${name}'`); continue; }
      const f = h.expr(v, [...at, key], scope, vd.t);
      if (f) fs.push({ i: vd.index, who, f });
    }
    // one value (the usual case): no lists of values in between
    if (fs.length === 1) {
      const d = fs[0]!;
      return (c) => {
        const v = d.f(c);
        assignVar(c, d, d.who ? d.who(c) : NO_PLAYER, v);
        touchAll(c.s);
      };
    }
    // the values and seats of one run, in lists kept with the effect: an expression runs no effects, so a `set`
    // never runs inside itself
    const vals: Value[] = fs.map(() => undefined);
    const whos: number[] = fs.map(() => NO_PLAYER);
    return (c) => {
      // evaluate every value before assigning any: `set: {a: b, b: a}` swaps
      for (let k = 0; k < fs.length; k++) vals[k] = fs[k]!.f(c);
      for (let k = 0; k < fs.length; k++) { const d = fs[k]!; whos[k] = d.who ? d.who(c) : NO_PLAYER; }
      try {
        for (let k = 0; k < fs.length; k++) assignVar(c, fs[k]!, whos[k]!, vals[k]);
      } finally { for (let k = 0; k < fs.length; k++) vals[k] = undefined; } // hold no value past the run
      touchAll(c.s);
    };
  },
};

/** One variable of a `set` takes its value (for a player or card `p` when it is per player or per card). */
function assignVar(c: Ctx, d: { i: number; who: unknown }, p: number, v: Value): void {
  if (d.who) {
    const perCard = c.g.vars[d.i]!.perCard === true;
    if (p < 0 || p >= (perCard ? c.s.loc.length : c.s.players)) throw new RuleError(`no such ${perCard ? 'card' : 'player'} to set ${c.g.vars[d.i]!.id} for`);
    const arr2 = (c.s.vars[d.i] as Value[]).slice(); // a per-player or per-card variable: one value per seat or card
    arr2[p] = Array.isArray(v) ? (v as Value[]).slice() : v;
    c.s.vars[d.i] = arr2;
  } else c.s.vars[d.i] = Array.isArray(v) ? (v as Value[]).slice() : v;
  changed(c.s, varKey(c.s, d.i));
}

export const setRole: EffectDef = {
  name: 'setRole',
  doc: 'Gives a player a new role (for instance, a converted player). Their team follows the role.',
  arg: {
    doc: 'Which player gets which role.',
    type: {
      k: 'record',
      params: [
        { name: 'player', type: { k: 'expr', shows: 'a player' }, required: true, doc: 'A player expression.', examples: ['$p'] },
        { name: 'role', type: { k: 'expr', shows: 'a role id or text' }, required: true, doc: 'A role id, or a text expression giving one.', examples: ['converted', 'top(roleDeck[$p]).role'] },
      ],
      examples: [{ player: '$p', role: 'converted' }],
    },
  },
  params: [],
  compile(x) {
    const { h, scope, at } = x;
    const a = record(x);
    if (!a) { h.error(at, 'expected a mapping with player, role'); return null; }
    const p = h.expr(a.player, [...at, 'player'], scope, T.player) as Fn<number> | null; // checked against that type
    let roleFn: Fn<string> | null;
    if (typeof a.role === 'string' && h.env.roles.has(a.role)) { const r = a.role; roleFn = () => r; }
    else roleFn = h.expr(a.role, [...at, 'role'], scope, T.str) as Fn<string> | null; // checked against that type
    if (!p || !roleFn) return null;
    return (c) => {
      const id = roleFn!(c);
      let r = -1; // (a loop: a `findIndex` callback over `id` is a closure and a context made per run)
      for (let k = 0; k < c.g.roles.length; k++) if (c.g.roles[k]!.id === id) { r = k; break; }
      if (r < 0) throw new RuleError(`no role '${id}'`);
      const pl = p(c);
      if (!Number.isInteger(pl) || pl < 0 || pl >= c.s.players) throw new RuleError(`setRole: no such player (${pl < 0 ? 'none' : pl})`);
      if (c.s.roles[pl] === r) return;
      c.s.roles[pl] = r;
      changed(c.s, rolesKey(c.s));
      touchAll(c.s);
      log(c.s, { kind: 'role', player: pl, role: r });
    };
  },
};

export const revealRole: EffectDef = {
  name: 'revealRole',
  doc: 'Shows the role of a player, or of each player in a list, to everyone.',
  arg: { type: { k: 'expr', shows: 'a player or a list of players' }, doc: 'A player or list-of-players expression.', examples: ["filter(players, role(it) == 'converted')"] },
  params: [],
  compile(x) {
    const { h, scope, at } = x;
    const f = h.expr(x.arg, at, scope);
    const t = f ? h.typeOf(x.arg, at, scope) : null;
    if (t && !(t.k === 'player' || (t.k === 'list' && (t.of.k === 'player' || t.of.k === 'any')))) { h.error(at, 'revealRole needs a player or a list of players'); return null; }
    if (!f) return null;
    return (c) => {
      const v = f(c);
      const ps: number[] = Array.isArray(v) ? v : [v];
      for (const p of ps) {
        if (p < 0 || c.s.roleShown[p]) continue;
        c.s.roleShown[p] = 1;
        log(c.s, { kind: 'role', player: p, parts: ['shown'], role: c.s.roles[p]! });
      }
    };
  },
};
