// Built-in functions about cards and chance: revealed, randomOf.

import { randInt } from '../../rng.js';
import { T, type Ty } from '../types.js';
import type { FunctionDef } from './def.js';
import { track } from '../../memo.js';

export const revealed: FunctionDef = {
  name: 'revealed',
  doc: 'Whether a card lies face up for everyone (turned up by reveal, not moved since).',
  params: [{ name: 'card', shows: 'a card' }],
  returns: 'yes/no',
  compile({ args, sc, c }) {
    const a = c.value(args[0]!, sc);
    const af = c.card(a, args[0]!);
    return { fn: (x) => { const e = af(x); if (e === undefined || e < 0) return false; track(x.s, x.s.loc[e]!); return x.s.shown[e] === 1; }, t: T.bool };
  },
};

export const randomOf: FunctionDef = {
  name: 'randomOf',
  doc: 'A random item of a list; only in effects, not in conditions, prompts, objectives or scores.',
  params: [{ name: 'list', shows: 'a list' }],
  returns: 'an item',
  random: true,
  compile({ args, sc, c }) {
    const l = c.listArg(args[0]!, sc);
    const lf = l.fn;
    return { fn: (x) => { const xs = lf(x); return xs.length ? xs[randInt(x.s.rng, xs.length)] : -1; }, t: (l.t as { of: Ty }).of };
  },
};
