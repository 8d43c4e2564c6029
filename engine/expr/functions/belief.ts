// belief(p, team) and beliefRole(p, role): what the deciding player ($self) believes of another's side or role,
// for bot heuristics (bots/belief.ts keeps the belief).

import { ExprError } from '../env.js';
import { T } from '../types.js';
import { didYouMean } from '../../suggest.js';
import { roleVisibleTo } from '../../visibility.js';
import type { Ctx, Game, State } from '../../model.js';
import type { CallInput, FunctionDef } from './def.js';
import { NO_PLAYER } from '../../seats.js';

export const belief: FunctionDef = {
  name: 'belief',
  // the belief changes as the game is played, with no version the definition cache follows
  opaque: true,
  doc:
    "The chance, as the deciding player ($self) judges it from what they saw, that player p is on the team named: 1 or 0 where they " +
    "know p's role; otherwise what the bots inferred from play (who was chosen when a sabotage card came out, what was revealed), or, " +
    'without such a belief, the roles as dealt shared out evenly among the seats whose roles they do not know. For bot heuristics: ' +
    "belief($p, 'saboteurs').",
  params: [{ name: 'p', shows: 'a player' }, { name: 'team', shows: 'a team id (text)' }],
  returns: 'a number from 0 to 1',
  compile(x) {
    const id = named(x, 'team', x.c.env.teams);
    return chanceFn(x, (g) => {
      const team = g.teams.findIndex((t) => t.id === id);
      return (r) => r >= 0 && g.roles[r]!.team === team;
    });
  },
};

export const beliefRole: FunctionDef = {
  name: 'beliefRole',
  opaque: true,
  doc:
    "The chance, as the deciding player ($self) judges it from what they saw, that player p holds the role named (see belief): " +
    "beliefRole($p, 'spy').",
  params: [{ name: 'p', shows: 'a player' }, { name: 'role', shows: 'a role id (text)' }],
  returns: 'a number from 0 to 1',
  compile(x) {
    const id = named(x, 'role', x.c.env.roles);
    return chanceFn(x, (g) => {
      const role = g.roles.findIndex((r) => r.id === id);
      return (r) => r === role;
    });
  },
};

/** The second argument: a text naming one of `ids`. */
function named({ args }: CallInput, what: string, ids: Set<string>): string {
  const a = args[1]!;
  const all = [...ids];
  if (a.k !== 'str') throw new ExprError(`the ${what} is a text naming one of ${all.join(', ')}`, a.at);
  if (!ids.has(a.v)) {
    const hint = didYouMean(a.v, all);
    throw new ExprError(`no ${what} '${a.v}'${hint ? ` (did you mean '${hint}'?)` : ''}; ${what}s are ${all.join(', ')}`, a.at);
  }
  return a.v;
}

function chanceFn({ args, sc, c }: CallInput, test: (g: Game) => (role: number) => boolean) {
  const pf = c.playerArg(args[0]!, sc).fn;
  const tests = new WeakMap<Game, (role: number) => boolean>();
  return {
    fn: (x: Ctx) => {
      let is = tests.get(x.g);
      if (!is) tests.set(x.g, (is = test(x.g)));
      return chance(x, pf(x), is);
    },
    t: T.num,
  };
}

function chance(x: Ctx, p: number, is: (role: number) => boolean): number {
  const { s } = x;
  if (p < 0 || p >= s.players) return 0;
  const me = typeof x.bindings[0] === 'number' ? (x.bindings[0] as number) : NO_PLAYER;
  if (me >= 0 && me < s.players && roleVisibleTo(s, p, me)) return is(s.roles[p]!) ? 1 : 0;
  if (me >= 0 && me < s.players) {
    const own = s.belief;
    if (own && own.tracks(me)) {
      const v = own.chance(me, p, is);
      if (Number.isFinite(v)) return v;
    }
    const src = s.beliefOf;
    if (src && src.tracker.tracks(src.viewer)) {
      // a copy planned from `viewer`'s belief: its own seat reads it as it is; another seat is judged to believe
      // what the viewer does, knowing its own role as this copy gives it
      const v = src.viewer === me ? src.tracker.chance(me, p, is) : src.tracker.chance(src.viewer, p, is, { seat: me, role: s.roles[me]! });
      if (Number.isFinite(v)) return v;
    }
  }
  return prior(s, x.g, me, p, is);
}

/** The roles as dealt to the seats `me` does not know the roles of, shared out evenly among them. */
function prior(s: State, _g: Game, me: number, p: number, is: (role: number) => boolean): number {
  let hidden = 0, on = 0;
  for (let q = 0; q < s.players; q++) {
    if (q === me || (me >= 0 && roleVisibleTo(s, q, me))) continue;
    hidden++;
    if (is(s.dealtRoles[q]!)) on++;
  }
  return hidden > 0 ? on / hidden : 0;
}
