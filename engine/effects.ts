// Effects: the bounded set of things a ruleset can do to the state, compiled once into closures.
//
//   move        cards: <cards> | from: <zone> [count: <n>|all] [refill: <zone>]   to: <zone>   [at: top|bottom]
//   deal        from: <zone>  to: <per-player zone>  count: <n>  [players: <players>] [refill: <zone>]   (one at a time, in turn)
//               refill: when `from` runs out part-way, the refill zone (a discard pile) is shuffled into it first
//   shuffle     <zone>
//   set         { <variable>: <value>, … }
//   setRole     player: <player>  role: <role id or text expression>
//   reveal      <cards>                      (face up for everyone until they move)
//   revealRole  <player or players>
//   if          <condition>  then: [effects]  else: [effects]
//   forEach     <list>  as: <name>  do: [effects]
//   log         <text with {expressions}>  [to: <players>]
//   end         <ending id>  [winner: <team id expression>]
//   goto        <phase id>

import type { Ctx, Eff, EndingDef, Fn, LogEntry } from './model.js';
import type { Env, Scope } from './expr/compile.js';
import { T, type Ty } from './expr/types.js';
import { log, moveEntities, moveTop, shuffleZone, touchAll } from './state.js';
import { RuleError } from './expr/compile.js';
import { didYouMean } from './suggest.js';

export type Path = (string | number)[];

/** What the effect compiler needs from the ruleset compiler. */
export interface EffectHost {
  env: Env;
  error(path: Path, message: string, at?: number): void;
  /** compile a value: YAML numbers/bools are constants, strings are expressions */
  expr(src: unknown, path: Path, scope: Scope, expected?: Ty): Fn | null;
  /** the type of a value expression, or null when it does not compile (errors are reported by expr) */
  typeOf(src: unknown, path: Path, scope: Scope): Ty | null;
  /** compile a zone reference that must name one concrete zone instance */
  zone(src: unknown, path: Path, scope: Scope): Fn<number> | null;
  /** compile a text with {expression} holes */
  text(src: unknown, path: Path, scope: Scope): ((c: Ctx) => LogEntry) | null;
  phase(id: unknown, path: Path): number;
  ending(id: unknown, path: Path): EndingDef | null;
  /** declare a binding (checks for clashes) and return the scope with it */
  bind(scope: Scope, name: unknown, t: Ty, path: Path): Scope;
  /** true while compiling effects that run inside a simultaneous step (goto is not allowed there) */
  inThread: boolean;
}

const KINDS = ['move', 'deal', 'shuffle', 'set', 'setRole', 'reveal', 'revealRole', 'if', 'forEach', 'log', 'end', 'goto'];
const PARAMS: Record<string, string[]> = {
  if: ['then', 'else'],
  forEach: ['as', 'do'],
  log: ['to'],
  end: ['winner'],
};

const NOOP: Eff = () => {};

export function compileEffects(src: unknown, path: Path, scope: Scope, h: EffectHost): Eff {
  if (src === undefined || src === null) return NOOP;
  if (!Array.isArray(src)) {
    h.error(path, 'expected a list of effects');
    return NOOP;
  }
  const fs: Eff[] = [];
  src.forEach((e, i) => {
    const f = compileEffect(e, [...path, i], scope, h);
    if (f) fs.push(f);
  });
  if (fs.length === 0) return NOOP;
  if (fs.length === 1) {
    const f0 = fs[0]!;
    return (c) => { f0(c); };
  }
  return (c) => {
    const s = c.s;
    for (let i = 0; i < fs.length; i++) {
      fs[i]!(c);
      if (s.ended || s.jump >= 0) return;
    }
  };
}

function compileEffect(e: unknown, path: Path, scope: Scope, h: EffectHost): Eff | null {
  if (!e || typeof e !== 'object' || Array.isArray(e)) {
    h.error(path, `an effect is a mapping such as 'move: {…}', not ${Array.isArray(e) ? 'a list' : JSON.stringify(e)}`);
    return null;
  }
  const o = e as Record<string, unknown>;
  const kinds = Object.keys(o).filter((k) => KINDS.includes(k));
  if (kinds.length !== 1) {
    if (kinds.length === 0) {
      const k0 = Object.keys(o)[0] ?? '';
      const hint = didYouMean(k0, KINDS);
      h.error([...path, k0], `unknown effect '${k0}'${hint ? ` (did you mean '${hint}'?)` : ''}; effects are ${KINDS.join(', ')}`);
    } else h.error(path, `one effect per list item, found ${kinds.join(' and ')}`);
    return null;
  }
  const kind = kinds[0]!;
  for (const k of Object.keys(o)) {
    if (k !== kind && !(PARAMS[kind] ?? []).includes(k)) {
      h.error([...path, k], `'${k}' is not a parameter of '${kind}'${PARAMS[kind] ? ` (it takes ${PARAMS[kind]!.join(', ')})` : ''}`);
    }
  }
  const arg = o[kind];
  const at = [...path, kind];
  switch (kind) {
    case 'move': return move(arg, at, scope, h);
    case 'deal': return deal(arg, at, scope, h);
    case 'shuffle': {
      const z = h.zone(arg, at, scope);
      if (!z) return null;
      return (c) => shuffleZone(c.s, z(c));
    }
    case 'set': {
      if (!arg || typeof arg !== 'object' || Array.isArray(arg)) { h.error(at, "set takes a mapping of variable names to values, e.g. set: { round: 'round + 1' }"); return null; }
      const fs: { i: number; who: Fn<number> | null; f: Fn }[] = [];
      for (const [key, v] of Object.entries(arg)) {
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
        if (vd.perPlayer) {
          if (!m[2]) { h.error([...at, key], `variable '${name}' has one value per player: set '${name}[$p]'`); continue; }
          who = h.expr(m[2], [...at, key], scope, T.player) as Fn<number> | null;
          if (!who) continue;
        } else if (m[2]) { h.error([...at, key], `variable '${name}' is not per player; set '${name}'`); continue; }
        const f = h.expr(v, [...at, key], scope, vd.t);
        if (f) fs.push({ i: vd.index, who, f });
      }
      return (c) => {
        // evaluate every value before assigning any: `set: {a: b, b: a}` swaps
        const vals = fs.map((x) => x.f(c));
        const whos = fs.map((x) => (x.who ? x.who(c) : -1));
        for (let k = 0; k < fs.length; k++) {
          const d = fs[k]!;
          if (d.who) {
            const p = whos[k]!;
            if (p < 0 || p >= c.s.n) throw new RuleError(`no such player to set ${c.g.vars[d.i]!.id} for`);
            const arr2 = (c.s.vars[d.i] as unknown[]).slice();
            arr2[p] = Array.isArray(vals[k]) ? (vals[k] as unknown[]).slice() : vals[k];
            c.s.vars[d.i] = arr2;
          } else c.s.vars[d.i] = Array.isArray(vals[k]) ? (vals[k] as unknown[]).slice() : vals[k];
        }
        touchAll(c.s);
      };
    }
    case 'setRole': {
      const a = mapping(arg, at, h, ['player', 'role']);
      if (!a) return null;
      for (const k of Object.keys(a)) if (k !== 'player' && k !== 'role') h.error([...at, k], `'${k}' is not a parameter of setRole (player, role)`);
      const p = h.expr(a.player, [...at, 'player'], scope, T.player);
      let roleFn: Fn<string> | null;
      if (typeof a.role === 'string' && h.env.roles.has(a.role)) { const r = a.role; roleFn = () => r; }
      else roleFn = h.expr(a.role, [...at, 'role'], scope, T.str);
      if (!p || !roleFn) return null;
      return (c) => {
        const id = roleFn!(c);
        const r = c.g.roles.findIndex((x) => x.id === id);
        if (r < 0) throw new RuleError(`no role '${id}'`);
        const pl = p(c);
        if (!Number.isInteger(pl) || pl < 0 || pl >= c.s.n) throw new RuleError(`setRole: no such player (${pl < 0 ? 'none' : pl})`);
        if (c.s.roles[pl] === r) return;
        c.s.roles[pl] = r;
        touchAll(c.s);
        log(c.s, { kind: 'role', player: pl, role: r });
      };
    }
    case 'reveal': {
      const f = h.expr(arg, at, scope, T.list(T.card));
      if (!f) return null;
      return (c) => {
        const xs = f(c) as number[];
        for (const e of xs) c.s.shown[e] = 1;
        touchAll(c.s);
        if (c.s.log && xs.length) c.s.log.push({ kind: 'text', parts: ['Revealed: ', ''], holes: [{ t: 'cards', v: xs.slice() }] });
      };
    }
    case 'revealRole': {
      const f = h.expr(arg, at, scope);
      const t = f ? h.typeOf(arg, at, scope) : null;
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
    }
    case 'if': {
      const test = h.expr(arg, at, { ...scope, random: false }, T.bool);
      const th = compileEffects(o.then, [...path, 'then'], scope, h);
      const el = compileEffects(o.else, [...path, 'else'], scope, h);
      if (!test) return null;
      return (c) => { if (test(c)) th(c); else el(c); };
    }
    case 'forEach': {
      const list = h.expr(arg, at, scope);
      const lt = list ? h.typeOf(arg, at, scope) : null;
      if (lt && lt.k !== 'list') h.error(at, 'forEach needs a list (of players, cards or cells)');
      const itemT = lt && lt.k === 'list' ? lt.of : T.any;
      const inner = h.bind(scope, o.as, itemT, [...path, 'as']);
      const body = compileEffects(o.do, [...path, 'do'], inner, h);
      if (!list) return null;
      const slot = typeof o.as === 'string' ? h.env.slotOf(o.as) : -1;
      return (c) => {
        const xs = (list(c) as any[]).slice();
        const save = c.b[slot];
        for (const x of xs) {
          c.b[slot] = x;
          body(c);
          if (c.s.ended || c.s.jump >= 0) break;
        }
        c.b[slot] = save;
      };
    }
    case 'log': {
      // no randomness in texts: a game must not depend on whether it keeps a log
      const t = h.text(arg, at, { ...scope, random: false });
      const to = o.to !== undefined ? h.expr(o.to, [...path, 'to'], { ...scope, random: false }) : null;
      const toT = to ? h.typeOf(o.to, [...path, 'to'], scope) : null;
      if (toT && !(toT.k === 'player' || (toT.k === 'list' && (toT.of.k === 'player' || toT.of.k === 'any')))) h.error([...path, 'to'], 'log to: needs a player or a list of players');
      if (!t) return null;
      return (c) => {
        if (!c.s.log) return;
        const entry = t(c);
        if (to) { const v = to(c); entry.to = Array.isArray(v) ? v.slice() : [v]; }
        c.s.log.push(entry);
      };
    }
    case 'end': {
      const d = h.ending(arg, at);
      if (!d) return null;
      const ending = d.id, winner = d.winner;
      if (o.winner === undefined) return (c) => { if (!c.s.ended) c.s.ended = { ending, winner, truncated: false }; };
      // `winner:` names the winning team when the game ends (e.g. the team of the player who finished first)
      const w = h.expr(o.winner, [...path, 'winner'], { ...scope, random: false }, T.str) as Fn<string> | null;
      if (!w) return null;
      return (c) => {
        if (c.s.ended) return;
        const team = w(c);
        if (team !== 'none' && team !== 'all' && !c.g.teams.some((t) => t.id === team)) throw new RuleError(`end ${ending}: '${team}' is not a team (or 'none', 'all')`);
        c.s.ended = { ending, winner: team, truncated: false };
      };
    }
    case 'goto': {
      if (h.inThread) { h.error(at, 'goto is not allowed inside a simultaneous step'); return null; }
      const ph = h.phase(arg, at);
      if (ph < 0) return null;
      return (c) => { c.s.jump = ph; };
    }
  }
  return null;
}

function mapping(arg: unknown, path: Path, h: EffectHost, keys: string[]): Record<string, unknown> | null {
  if (!arg || typeof arg !== 'object' || Array.isArray(arg)) {
    h.error(path, `expected a mapping with ${keys.join(', ')}`);
    return null;
  }
  return arg as Record<string, unknown>;
}

function move(arg: unknown, path: Path, scope: Scope, h: EffectHost): Eff | null {
  const a = mapping(arg, path, h, ['cards or from', 'to']);
  if (!a) return null;
  for (const k of Object.keys(a)) {
    if (!['cards', 'from', 'to', 'count', 'at', 'refill'].includes(k)) h.error([...path, k], `'${k}' is not a parameter of move (cards, from, count, refill, to, at)`);
  }
  const to = h.zone(a.to, [...path, 'to'], scope);
  const bottom = a.at === 'bottom';
  if (a.at !== undefined && a.at !== 'top' && a.at !== 'bottom') h.error([...path, 'at'], `at is 'top' or 'bottom', not ${JSON.stringify(a.at)}`);
  if (a.cards !== undefined && a.from !== undefined) { h.error(path, "move takes either 'cards' or 'from', not both"); return null; }
  if (a.refill !== undefined && a.from === undefined) { h.error([...path, 'refill'], "refill goes with 'from' (the zone it refills when it runs out)"); return null; }
  if (a.cards !== undefined) {
    const cards = h.expr(a.cards, [...path, 'cards'], scope);
    const t = cards ? h.typeOf(a.cards, [...path, 'cards'], scope) : null;
    if (t && !(t.k === 'card' || (t.k === 'list' && (t.of.k === 'card' || t.of.k === 'any')) || t.k === 'any')) {
      h.error([...path, 'cards'], `expected a card or a list of cards`);
      return null;
    }
    if (!cards || !to) return null;
    const single = t?.k === 'card';
    return (c) => {
      const v = cards(c);
      const list = single ? (v >= 0 ? [v] : []) : (v as number[]);
      moveEntities(c.s, c.g, list, to(c), bottom);
    };
  }
  if (a.from === undefined) { h.error(path, "move needs 'cards' (which cards) or 'from' (a zone to take from the top of)"); return null; }
  const from = h.zone(a.from, [...path, 'from'], scope);
  const all = a.count === undefined || a.count === 'all';
  const count = all ? null : h.expr(a.count, [...path, 'count'], scope, T.num);
  const refill = a.refill !== undefined ? h.zone(a.refill, [...path, 'refill'], scope) : null;
  if (!from || !to || (!all && !count) || (a.refill !== undefined && !refill)) return null;
  if (refill) {
    if (all) { h.error([...path, 'refill'], 'refill needs a count (with count: all the zone never runs out part-way)'); return null; }
    return (c) => {
      const f = from(c), d = to(c), r = refill(c);
      let n = Math.floor(count!(c));
      while (n > 0) {
        if (c.s.zones[f]!.length === 0) refillZone(c, f, r);
        const k = moveTop(c.s, c.g, f, d, Math.min(n, Math.max(1, c.s.zones[f]!.length)), bottom);
        if (k === 0) return; // both empty: fewer cards move
        n -= k;
      }
    };
  }
  return (c) => {
    const f = from(c);
    const n = count ? count(c) : c.s.zones[f]!.length;
    moveTop(c.s, c.g, f, to(c), n, bottom);
  };
}

function deal(arg: unknown, path: Path, scope: Scope, h: EffectHost): Eff | null {
  const a = mapping(arg, path, h, ['from', 'to', 'count']);
  if (!a) return null;
  for (const k of Object.keys(a)) if (!['from', 'to', 'count', 'players', 'refill'].includes(k)) h.error([...path, k], `'${k}' is not a parameter of deal (from, to, count, players, refill)`);
  const from = h.zone(a.from, [...path, 'from'], scope);
  const refill = a.refill !== undefined ? h.zone(a.refill, [...path, 'refill'], scope) : null;
  const zi = typeof a.to === 'string' ? h.env.zones.get(a.to) : undefined;
  if (!zi || !zi.perPlayer || zi.cells) {
    const hint = typeof a.to === 'string' ? didYouMean(a.to, h.env.zones.keys()) : undefined;
    h.error([...path, 'to'], `deal needs the name of a per-player zone${zi ? ` ('${zi.id}' is not per player)` : hint ? ` (did you mean '${hint}'?)` : ''}`);
    return null;
  }
  const count = h.expr(a.count ?? 1, [...path, 'count'], scope, T.num);
  const players = a.players !== undefined ? h.expr(a.players, [...path, 'players'], scope, T.list(T.player)) : null;
  if (!from || !count || (a.refill !== undefined && !refill)) return null;
  const base = zi.base;
  return (c) => {
    const f = from(c);
    const n = count(c);
    const r = refill ? refill(c) : -1;
    const ps: number[] = players ? (players(c) as number[]).filter((p) => Number.isInteger(p) && p >= 0 && p < c.s.n) : Array.from({ length: c.s.n }, (_, i) => i);
    for (let k = 0; k < n; k++) {
      for (const p of ps) {
        if (c.s.zones[f]!.length === 0 && r >= 0) refillZone(c, f, r);
        if (c.s.zones[f]!.length === 0) return;
        moveTop(c.s, c.g, f, base + p, 1);
      }
    }
  };
}

/** An empty draw pile is refilled: every card of the refill zone (a discard pile) moves into it, shuffled. */
function refillZone(c: Ctx, f: number, r: number): void {
  if (r === f || c.s.zones[r]!.length === 0) return;
  moveTop(c.s, c.g, r, f, c.s.zones[r]!.length);
  shuffleZone(c.s, f);
}
