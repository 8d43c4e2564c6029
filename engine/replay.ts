// Replays: a game is (ruleset hash, seed, players, options, actions). Replaying them reproduces every
// state; the final state's hash is stored so a replay can prove it still reproduces. This file is the
// format; the one checker is `Match.fromReplay` / `checkReplay` (match.ts).

import type { Action, Game, State } from './model.js';
import { hashText } from './rng.js';

export const REPLAY_FORMAT = 'babelkit-replay/1';

export interface Replay {
  format: typeof REPLAY_FORMAT;
  ruleset: { id: string; hash: string; file?: string };
  seed: number | string;
  players: number;
  options?: Record<string, number | boolean | string>;
  actions: Action[];
  result: { ending: string | null; winner: string | null; truncated: boolean };
  finalHash: string;
}

/** A hash of everything that defines a state (not the log). */
export function stateHash(s: State): string {
  // everything but the log: zones, roles, variables, the random stream, the flow position, open decisions
  const text = JSON.stringify([
    s.zones, Array.from(s.roles), Array.from(s.dealtRoles), Array.from(s.roleShown), Array.from(s.shown), s.vars, s.opts,
    Array.from(s.rng), s.b, s.stack, s.prompt, s.par, s.ended, s.actions, s.steps,
  ]);
  return hashText(text).toString(16).padStart(8, '0') + hashText(`#${text}`).toString(16).padStart(8, '0');
}

export function makeReplay(g: Game, s: State, o: { seed: number | string; players: number; options?: Replay['options']; actions: Action[]; file?: string }): Replay {
  return {
    format: REPLAY_FORMAT,
    ruleset: { id: g.id, hash: g.hash, ...(o.file ? { file: o.file } : {}) },
    seed: o.seed,
    players: o.players,
    ...(o.options && Object.keys(o.options).length ? { options: o.options } : {}),
    actions: o.actions,
    result: { ending: s.ended?.ending ?? null, winner: s.ended?.winner ?? null, truncated: s.ended?.truncated ?? false },
    finalHash: stateHash(s),
  };
}

/** What is wrong with the shape of a parsed replay file, or null when it looks like a replay. */
export function replayShapeProblem(r: unknown): string | null {
  if (!r || typeof r !== 'object' || Array.isArray(r)) return 'expected a JSON object';
  const o = r as Record<string, unknown>;
  if (o.format !== REPLAY_FORMAT) return `format is ${JSON.stringify(o.format)}, expected '${REPLAY_FORMAT}'`;
  const rs = o.ruleset as Record<string, unknown> | undefined;
  if (!rs || typeof rs !== 'object' || typeof rs.hash !== 'string') return "'ruleset' must name the ruleset's id and hash";
  if (typeof o.seed !== 'number' && typeof o.seed !== 'string') return "'seed' must be a number or a text";
  if (!Number.isInteger(o.players)) return "'players' must be a whole number";
  if (!Array.isArray(o.actions)) return "'actions' must be a list";
  for (let i = 0; i < o.actions.length; i++) {
    const a = o.actions[i] as Record<string, unknown>;
    if (!a || typeof a !== 'object' || !Number.isInteger(a.player) || typeof a.step !== 'string' || !Array.isArray(a.choice)) {
      return `action ${i + 1} must be { player, step, choice: [...] }`;
    }
  }
  if (o.options !== undefined && (typeof o.options !== 'object' || o.options === null || Array.isArray(o.options))) return "'options' must be a mapping";
  if (!o.result || typeof o.result !== 'object' || typeof o.finalHash !== 'string') return "'result' and 'finalHash' are missing";
  return null;
}
