// Effects: the bounded set of things a ruleset can do to the state, compiled once into closures. One
// registry (EFFECTS) lists them; each entry (cards.ts, values.ts, control.ts) holds its parameters, its
// description and its compile function. The dispatcher here checks what every effect shares: one effect key
// per item, no unknown keys beside it or inside a mapping argument, required keys present.

import type { Eff } from '../model.js';
import type { Scope } from '../expr/env.js';
import { Registry, paramNames, type Param } from '../lang/registry.js';
import { didYouMean } from '../suggest.js';
import { deal, move, reveal, rotate, show, shuffle, swap } from './cards.js';
import { revealRole, set, setRole } from './values.js';
import { end, forEach, goto, ifEffect, logEffect, quietEffect } from './control.js';
import type { EffectDef, EffectHost, Path } from './host.js';

export type { EffectDef, EffectHost, EffectInput, Path } from './host.js';

export const EFFECTS = new Registry<EffectDef>('effect', [move, deal, shuffle, rotate, swap, set, setRole, reveal, show, revealRole, ifEffect, forEach, logEffect, quietEffect, end, goto]);

const NOOP: Eff = () => {};

export function compileEffects(src: unknown, path: Path, scope: Scope, h: EffectHost, registry: Registry<EffectDef> = EFFECTS): Eff {
  if (src === undefined || src === null) return NOOP;
  if (!Array.isArray(src)) {
    h.error(path, 'expected a list of effects');
    return NOOP;
  }
  const fs: Eff[] = [];
  src.forEach((e, i) => {
    const f = compileEffect(e, [...path, i], scope, h, registry);
    if (f) fs.push(f);
  });
  if (fs.length === 0) return NOOP;
  // one effect is that effect (no layer around it: these run on every step of every playout)
  if (fs.length === 1) return fs[0]!;
  if (fs.length === 2) {
    const f0 = fs[0]!, f1 = fs[1]!;
    return (c) => {
      f0(c);
      if (c.s.ended || c.s.gotoPhase >= 0) return;
      f1(c);
    };
  }
  return (c) => {
    const s = c.s;
    for (let i = 0; i < fs.length; i++) {
      fs[i]!(c);
      if (s.ended || s.gotoPhase >= 0) return;
    }
  };
}

function compileEffect(e: unknown, path: Path, scope: Scope, h: EffectHost, registry: Registry<EffectDef>): Eff | null {
  if (!e || typeof e !== 'object' || Array.isArray(e)) {
    h.error(path, `an effect is a mapping such as 'move: {…}', not ${Array.isArray(e) ? 'a list' : JSON.stringify(e)}`);
    return null;
  }
  const item = e as Record<string, unknown>;
  const keys = Object.keys(item);
  const kinds = keys.filter((k) => registry.has(k));
  if (kinds.length !== 1) {
    if (kinds.length === 0) {
      const k0 = keys[0] ?? '';
      const hint = didYouMean(k0, registry.names());
      h.error([...path, k0], `unknown effect '${k0}'${hint ? ` (did you mean '${hint}'?)` : ''}; effects are ${registry.names().join(', ')}`);
    } else h.error(path, `one effect per list item, found ${kinds.join(' and ')}`);
    return null;
  }
  const def = registry.get(kinds[0]!)!;
  const kind = def.name;
  const beside = paramNames(def.params);
  for (const k of keys) {
    if (k !== kind && !beside.includes(k)) {
      h.error([...path, k], `'${k}' is not a parameter of '${kind}'${beside.length ? ` (it takes ${beside.join(', ')})` : ''}`);
    }
  }
  const at = [...path, kind];
  const arg = item[kind];
  if (def.arg.type.k === 'record' && arg && typeof arg === 'object' && !Array.isArray(arg)) {
    checkRecord(arg as Record<string, unknown>, def.arg.type.params, kind, at, h);
  }
  return def.compile({ arg, item, path, at, scope, h });
}

/** Unknown keys inside a mapping argument (a missing required key is the schema's to report, and the
 *  effect's own compile function says what it needs). */
function checkRecord(a: Record<string, unknown>, params: Param[], kind: string, at: Path, h: EffectHost): boolean {
  const names = paramNames(params);
  for (const k of Object.keys(a)) {
    if (!names.includes(k)) {
      const hint = didYouMean(k, names);
      h.error([...at, k], `'${k}' is not a parameter of ${kind}${hint ? ` (did you mean '${hint}'?)` : ` (${names.join(', ')})`}`);
    }
  }
  return true;
}
