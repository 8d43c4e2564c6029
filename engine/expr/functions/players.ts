// Built-in functions about players: others, role, team, seat, player, next, prev, and the seats in order from a
// player: seatsFrom, nextWhere, prevWhere ("the first player clockwise who …").

import { T } from '../types.js';
import type { CallInput, FunctionDef } from './def.js';
import { irOf } from '../ir.js';
import { rolesKey, track } from '../../memo.js';
import { ExprError } from '../env.js';
import { didYouMean } from '../../suggest.js';
import { budget, overBudget } from '../../budget.js';
import { exactCopy, giveScratch, takeScratch } from '../../list-room.js';
import type { Node } from '../parse.js';
import { NO_PLAYER } from '../../seats.js';

const P = { name: 'p', shows: 'a player' };

export const others: FunctionDef = {
  name: 'others',
  doc: 'Every player but p, in seat order.',
  params: [P],
  returns: 'a list of players',
  compile({ args, sc, c }) {
    const pf = c.playerArg(args[0]!, sc).fn;
    // built in scratch and copied at its size (list-room.ts); nothing in between can throw
    return {
      fn: (x) => {
        const me = pf(x);
        const tmp = takeScratch(true);
        let k = 0;
        for (let i = 0; i < x.s.players; i++) if (i !== me) tmp[k++] = i;
        giveScratch();
        return exactCopy(tmp, k) as number[];
      },
      t: T.list(T.player),
      fresh: true,
    };
  },
};

export const role: FunctionDef = {
  name: 'role',
  doc: "The id of a player's role ('' if none).",
  params: [P],
  returns: 'a text',
  compile({ args, sc, c }) {
    const pf = c.playerArg(args[0]!, sc).fn;
    return { fn: (x) => { const i = pf(x); if (i < 0) return ''; track(x.s, rolesKey(x.s)); return x.g.roles[x.s.roles[i]!]?.id ?? ''; }, t: T.str };
  },
};

export const team: FunctionDef = {
  name: 'team',
  doc: "The id of a player's team ('' if none).",
  params: [P],
  returns: 'a text',
  compile({ args, sc, c }) {
    const pf = c.playerArg(args[0]!, sc).fn;
    return { fn: (x) => { const i = pf(x); if (i >= 0) track(x.s, rolesKey(x.s)); const r = i < 0 ? undefined : x.g.roles[x.s.roles[i]!]; return r ? x.g.teams[r.team]!.id : ''; }, t: T.str };
  },
};

export const seat: FunctionDef = {
  name: 'seat',
  doc: "A player's seat number (1 = first).",
  params: [P],
  returns: 'a number',
  compile({ args, sc, c }) {
    const p = c.playerArg(args[0]!, sc), pf = p.fn;
    return { fn: (x) => pf(x) + 1, t: T.num, ir: { k: 'bin', op: '+', a: irOf(p), b: { k: 'int', v: 1 } } };
  },
};

export const player: FunctionDef = {
  name: 'player',
  doc: 'The player in seat n (none if there is no such seat).',
  params: [{ name: 'n', shows: 'a number' }],
  returns: 'a player',
  compile({ args, sc, c }) {
    const a = c.value(args[0]!, sc);
    const af = c.num(a, args[0]!);
    return { fn: (x) => { const k = af(x) - 1; return Number.isInteger(k) && k >= 0 && k < x.s.players ? k : NO_PLAYER; }, t: T.player };
  },
};

function neighbour(name: 'next' | 'prev', doc: string): FunctionDef {
  const dir = name === 'next' ? 1 : -1;
  return {
    name,
    doc,
    params: [P, { name: 'k', shows: 'a number (default 1)', optional: true }],
    returns: 'a player',
    compile({ args, sc, c }) {
      const p = c.playerArg(args[0]!, sc);
      const k = args[1] ? c.value(args[1], sc) : { fn: () => 1, t: T.num };
      const pf = p.fn, kf = c.num(k, args[1] ?? args[0]!);
      return {
        fn: (x) => {
          const n2 = x.s.players, p0 = pf(x);
          if (p0 < 0) return NO_PLAYER; // the neighbour of nobody is nobody
          return (((p0 + dir * Math.trunc(kf(x))) % n2) + n2) % n2;
        },
        t: T.player,
      };
    },
  };
}
export const next = neighbour('next', 'The player k seats after p (clockwise; default 1).');
export const prev = neighbour('prev', 'The player k seats before p (default 1).');

const DIRECTIONS = ['clockwise', 'counterclockwise'];

/** A direction written as a text in quotes ('clockwise' or 'counterclockwise'): +1 or -1, checked at load. */
function directionOf(n: Node | undefined, fn: string): 1 | -1 {
  if (!n) return 1;
  if (n.k !== 'str') throw new ExprError(`${fn}()'s direction is 'clockwise' or 'counterclockwise', written in quotes`, n.at);
  if (n.v === 'clockwise') return 1;
  if (n.v === 'counterclockwise') return -1;
  const hint = didYouMean(n.v, DIRECTIONS);
  throw new ExprError(`'${n.v}' is not a direction${hint ? ` (did you mean '${hint}'?)` : ''}: 'clockwise' or 'counterclockwise'`, n.at);
}

export const seatsFrom: FunctionDef = {
  name: 'seatsFrom',
  doc: "Every player in seat order starting with p: clockwise (next(p) second), or 'counterclockwise'. filter(seatsFrom(next($p)), it != $p) is everyone else, the nearest first.",
  params: [P, { name: 'direction', shows: "'clockwise' (default) or 'counterclockwise'", optional: true }],
  returns: 'a list of players',
  compile({ args, sc, c }) {
    const pf = c.playerArg(args[0]!, sc).fn;
    const dir = directionOf(args[1], 'seatsFrom');
    return {
      fn: (x) => {
        const n2 = x.s.players, p0 = pf(x);
        if (p0 < 0) return []; // the seats from nobody: none
        const out: number[] = new Array(n2);
        for (let i = 0; i < n2; i++) out[i] = (((p0 + dir * i) % n2) + n2) % n2;
        return out;
      },
      t: T.list(T.player),
    };
  },
};

/** nextWhere / prevWhere: the nearest player after p in one direction for whom the condition holds. */
function searchFrom(name: 'nextWhere' | 'prevWhere', dir: 1 | -1, doc: string): FunctionDef {
  return {
    name,
    doc,
    params: [P, { name: 'cond', shows: 'a condition on it (a player)' }],
    returns: 'a player',
    compile({ args, sc, c }: CallInput) {
      const pf = c.playerArg(args[0]!, sc).fn;
      const b = c.value(args[1]!, { ...sc, it: T.player });
      c.need(b, T.bool, args[1]!);
      const bf = b.fn;
      return {
        fn: (x) => {
          const n2 = x.s.players, p0 = pf(x);
          if (p0 < 0) return NO_PLAYER;
          if ((budget.work += n2) > budget.limit) overBudget();
          const save = x.it;
          let found: number = NO_PLAYER;
          for (let i = 1; i < n2 && found < 0; i++) {
            const q = (((p0 + dir * i) % n2) + n2) % n2;
            x.it = q;
            if (bf(x)) found = q;
          }
          x.it = save;
          return found;
        },
        t: T.player,
      };
    },
  };
}
export const nextWhere = searchFrom('nextWhere', 1, 'The first player after p, clockwise, for whom the condition holds (it: the player), or none; p itself is not asked: nextWhere($p, alive[it]).');
export const prevWhere = searchFrom('prevWhere', -1, 'The first player before p, counterclockwise, for whom the condition holds (it: the player), or none; p itself is not asked.');
