// Built-in functions about players: others, role, team, seat, player, next, prev.

import { T } from '../types.js';
import type { FunctionDef } from './def.js';
import { rolesKey, track } from '../../memo.js';

const P = { name: 'p', shows: 'a player' };

export const others: FunctionDef = {
  name: 'others',
  doc: 'Every player but p, in seat order.',
  params: [P],
  returns: 'a list of players',
  compile({ args, sc, c }) {
    const pf = c.playerArg(args[0]!, sc).fn;
    return { fn: (x) => { const me = pf(x); const out: number[] = []; for (let i = 0; i < x.s.n; i++) if (i !== me) out.push(i); return out; }, t: T.list(T.player) };
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
    const pf = c.playerArg(args[0]!, sc).fn;
    return { fn: (x) => pf(x) + 1, t: T.num };
  },
};

export const player: FunctionDef = {
  name: 'player',
  doc: 'The player in seat n (none if there is no such seat).',
  params: [{ name: 'n', shows: 'a number' }],
  returns: 'a player',
  compile({ args, sc, c }) {
    const a = c.value(args[0]!, sc);
    c.need(a, T.num, args[0]!);
    const af = a.fn;
    return { fn: (x) => { const k = af(x) - 1; return Number.isInteger(k) && k >= 0 && k < x.s.n ? k : -1; }, t: T.player };
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
      c.need(k, T.num, args[1] ?? args[0]!);
      const pf = p.fn, kf = k.fn;
      return {
        fn: (x) => {
          const n2 = x.s.n, p0 = pf(x);
          if (p0 < 0) return -1; // the neighbour of nobody is nobody
          return (((p0 + dir * Math.trunc(kf(x))) % n2) + n2) % n2;
        },
        t: T.player,
      };
    },
  };
}
export const next = neighbour('next', 'The player k seats after p (clockwise; default 1).');
export const prev = neighbour('prev', 'The player k seats before p (default 1).');
