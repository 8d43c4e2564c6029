// Replays: a game is (ruleset hash, seed, players, options, actions). Replaying them reproduces every
// state; the final state's hash is stored so a replay can prove it still reproduces.

import type { Action, Game, State } from './model.js';
import { applyInPlace, newGame } from './flow.js';
import { hashText } from './rng.js';
import { view, type PlayerView } from './view.js';

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
  const text = JSON.stringify([s.zones, Array.from(s.roles), Array.from(s.roleShown), Array.from(s.shown), s.vars, s.ended, s.actions]);
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

export interface ReplayCheck {
  ok: boolean;
  problems: string[];
  state: State | null;
}

/** Replays the actions on a fresh game and checks legality, the result and the final state's hash. */
export function checkReplay(g: Game, r: Replay, log = false): ReplayCheck {
  const problems: string[] = [];
  if (r.format !== REPLAY_FORMAT) return { ok: false, problems: [`not a babelkit replay (format '${String(r.format)}', expected '${REPLAY_FORMAT}')`], state: null };
  if (r.ruleset.hash !== g.hash) problems.push(`the ruleset has changed since this game was played (hash ${g.hash}, replay made with ${r.ruleset.hash})`);
  let s: State;
  try {
    s = newGame(g, { players: r.players, seed: r.seed, options: r.options, log });
  } catch (e) {
    return { ok: false, problems: [...problems, (e as Error).message], state: null };
  }
  for (let i = 0; i < r.actions.length; i++) {
    try {
      applyInPlace(s, g, r.actions[i]!);
    } catch (e) {
      problems.push(`action ${i + 1} (${JSON.stringify(r.actions[i])}) is not legal: ${(e as Error).message}`);
      return { ok: false, problems, state: s };
    }
  }
  const got = { ending: s.ended?.ending ?? null, winner: s.ended?.winner ?? null, truncated: s.ended?.truncated ?? false };
  if (JSON.stringify(got) !== JSON.stringify(r.result)) problems.push(`the result differs: replay says ${JSON.stringify(r.result)}, replaying gives ${JSON.stringify(got)}`);
  const h = stateHash(s);
  if (h !== r.finalHash) problems.push(`the final state differs (hash ${h}, replay says ${r.finalHash})`);
  return { ok: problems.length === 0, problems, state: s };
}

/** A replay as one player may see it: their view after every action (hidden information stays hidden). */
export function replayViews(g: Game, r: Replay, viewer: number): PlayerView[] {
  const s = newGame(g, { players: r.players, seed: r.seed, options: r.options, log: true });
  const out = [view(s, g, viewer)];
  for (const a of r.actions) {
    applyInPlace(s, g, a);
    out.push(view(s, g, viewer));
  }
  return out;
}
