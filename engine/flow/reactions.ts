// Reactions: the ruleset's state-based rules, run after every step and decision until nothing they watch changes.

import type { Ctx, Game, State } from '../model.js';
import { RuleError } from '../expr/env.js';
import { ctxEnter, ctxLeave } from './context.js';

/**
 * State-based rules, checked after every step and decision. Every change marks the reactions it may
 * wake (see `dirty` in the state): a move marks those watching its zones (all of them when a reaction
 * watches nothing), for the zone's owner; a role, variable or reveal marks every reaction for every seat.
 * A reaction whose watched zones are all per player is re-checked only for the seats whose own zones
 * changed. Reactions may wake each other: passes repeat until nothing is marked, within a bound.
 */
export function runReactions(s: State, g: Game, c: Ctx): void {
  const dirty = s.dirty;
  for (let pass = 0; pass < MAX_REACTION_PASSES; pass++) {
    if (s.ended) return;
    let any = false;
    for (let k = 0; k < dirty.length; k++) {
      const mask = dirty[k]!;
      if (mask === 0) continue;
      any = true;
      dirty[k] = 0; // what this reaction changes from here on marks it again for the next pass
      const r = g.reactions[k]!;
      if (r.players) {
        const ps = r.players(c) as number[];
        const save = c.bindings[r.slot];
        const every = mask === -1 || !r.perPlayerWatch;
        // an indexed loop: `for…of` here allocated an iterator result per seat (this runs after every step)
        for (let i = 0; i < ps.length; i++) {
          const p = ps[i]!;
          if (!every && (mask & (1 << p)) === 0) continue;
          c.bindings[r.slot] = p;
          if (r.when(c)) r.effects(c);
          if (s.ended) break;
        }
        c.bindings[r.slot] = save;
      } else if (r.when(c)) r.effects(c);
    }
    if (!any) return;
  }
  if (!s.ended && s.dirty.some((m) => m !== 0)) {
    throw new RuleError(`reactions kept changing the game after ${MAX_REACTION_PASSES} passes (they trigger each other)`);
  }
}

const MAX_REACTION_PASSES = 16;

/** Reactions after a step of a thread: they run with the main flow's bindings. */
export function reactMain(s: State, g: Game): void {
  const c = ctxEnter(s, g, s.bindings);
  try { runReactions(s, g, c); } finally { ctxLeave(); }
}
