// Restricted play (Jaffe et al. 2012): one seat's bot never takes the options a condition holds for, so a
// comparison measures how much a kind of play matters ("greedy bots always take this action: how much does it win them?").
// A restriction is written `SEAT:never=EXPR`, EXPR a condition on one option (`it`), like a prompt's
// `botsNever` but for one seat and given from outside the ruleset. It is compiled against every decision of
// the game whose options it can be read on (`it.act` reads records with an `act`, not cards); it must fit one
// at least. As with `botsNever`, a decision where it forbids every option is left whole.

import type { Ctx, Fn, Game, OpenPrompt, State } from '../model.js';
import { compileSource } from '../expr/compile.js';
import { T } from '../expr/types.js';

/** One seat's restriction: the seat (0 = first) and the condition's text. */
export interface SeatRestriction {
  seat: number;
  never: string;
}

export class RestrictionError extends RangeError {}

/** Reads `SEAT:never=EXPR` (the seat from 1); a RestrictionError says what is wrong. */
export function parseRestriction(text: string, players?: number): SeatRestriction {
  const m = /^\s*(\d{1,3})\s*:\s*never\s*=([\s\S]*)$/.exec(text);
  if (!m) throw new RestrictionError(`a restriction is SEAT:never=CONDITION (e.g. 1:never="it.act == 'discard'"), not '${text}'`);
  const seat = Number(m[1]);
  const never = m[2]!.trim();
  if (seat < 1 || (players !== undefined && seat > players)) throw new RestrictionError(`restriction '${text}': seat ${seat} is not a seat of a ${players ?? '?'}-player game (seats go from 1)`);
  if (never === '') throw new RestrictionError(`restriction '${text}': give the condition after never=, about one option (it)`);
  return { seat: seat - 1, never };
}

/** A restriction compiled: per prompt key, the condition (null where it cannot be read on that decision's options). */
export interface CompiledRestriction {
  seat: number;
  never: string;
  byPrompt: (Fn<boolean> | null)[];
}

const compiled = new WeakMap<Game, Map<string, CompiledRestriction>>();

/** Compiles a restriction against a game (cached per game); a RestrictionError when it fits no decision. */
export function compileRestriction(g: Game, r: SeatRestriction): CompiledRestriction {
  let byGame = compiled.get(g);
  if (!byGame) compiled.set(g, (byGame = new Map()));
  const key = `${r.seat}\u0000${r.never}`;
  const hit = byGame.get(key);
  if (hit) return hit;
  const problems: string[] = [];
  const byPrompt = g.promptSteps.map((step) => {
    const itemT = step.prompt.itemT;
    if (!itemT) return null;
    try {
      return compileSource(r.never, g.env, { binds: new Map([['self', T.player]]), it: itemT, random: false }, T.bool).fn as Fn<boolean>;
    } catch (e) {
      problems.push((e as Error).message);
      return null;
    }
  });
  if (!byPrompt.some((f) => f)) {
    // the message the condition gets on the most decisions says best what is wrong with it
    const counts = new Map<string, number>();
    for (const p of problems) counts.set(p, (counts.get(p) ?? 0) + 1);
    const why = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'the game asks no decisions';
    throw new RestrictionError(`seat ${r.seat + 1}: never=${r.never} fits none of the game's decisions: ${why}`);
  }
  const out = { seat: r.seat, never: r.never, byPrompt };
  byGame.set(key, out);
  return out;
}

/**
 * The decision as the restricted seat's bot sees it: without the options the restriction forbids; the decision
 * unchanged when the restriction says nothing about it, or forbids every option. `removed` counts the options
 * taken away.
 */
export function restrictPrompt(s: State, g: Game, p: OpenPrompt, r: CompiledRestriction): { prompt: OpenPrompt; removed: number } {
  const never = r.byPrompt[p.key];
  if (!never || p.player !== r.seat) return { prompt: p, removed: 0 };
  const bindings = s.simultaneous ? s.simultaneous.threads.find((t) => t.player === p.player)?.bindings ?? s.bindings : s.bindings;
  const c: Ctx = { s, g, bindings: bindings.slice(), it: undefined };
  c.bindings[0] = p.player; // $self
  const options = p.options.filter((x) => { c.it = x; return !never(c); });
  if (options.length === 0 || options.length === p.options.length) return { prompt: p, removed: 0 };
  const max = Math.min(p.max, options.length);
  return { prompt: { ...p, options, max, min: Math.min(p.min, max) }, removed: p.options.length - options.length };
}
