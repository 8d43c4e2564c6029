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
    s.zones, Array.from(s.roles), Array.from(s.dealtRoles), Array.from(s.roleShown), Array.from(s.shown), s.vars, s.options,
    Array.from(s.rng), s.bindings, s.stack, s.prompt, s.simultaneous, s.ended, s.actions, s.steps,
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

/** A value as shown in a message: JSON, cut short when long. */
function shown(v: unknown): string {
  const text = v === undefined ? 'missing' : JSON.stringify(v) ?? String(v);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

const isMapping = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const own = (o: Record<string, unknown>, k: string): unknown => (Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined);
const isWhole = (v: unknown, min: number): boolean => typeof v === 'number' && Number.isSafeInteger(v) && v >= min;

/** Wrong actions named one by one before the rest are counted. */
const MAX_ACTION_PROBLEMS = 5;

/**
 * Every field of a parsed replay file that has the wrong shape, each named (`'ruleset.file' must be a text
 * (a path), not 42`); empty when it looks like a replay. Only own properties are read.
 */
export function replayShapeProblems(r: unknown): string[] {
  if (!isMapping(r)) return ['expected a JSON object'];
  const format = own(r, 'format');
  if (format !== REPLAY_FORMAT) return [`format is ${JSON.stringify(format)}, expected '${REPLAY_FORMAT}'`];
  const out: string[] = [];
  const need = (ok: boolean, name: string, what: string, v: unknown) => {
    if (!ok) out.push(`'${name}' must be ${what}, not ${shown(v)}`);
  };

  const rs = own(r, 'ruleset');
  if (!isMapping(rs)) out.push(`'ruleset' must be a mapping with the ruleset's id and hash, not ${shown(rs)}`);
  else {
    need(typeof own(rs, 'id') === 'string', 'ruleset.id', 'a text', own(rs, 'id'));
    need(typeof own(rs, 'hash') === 'string', 'ruleset.hash', 'a text', own(rs, 'hash'));
    const file = own(rs, 'file');
    need(file === undefined || typeof file === 'string', 'ruleset.file', 'a text (a path)', file);
  }
  const seed = own(r, 'seed');
  need((typeof seed === 'number' && Number.isFinite(seed)) || typeof seed === 'string', 'seed', 'a number or a text', seed);
  need(isWhole(own(r, 'players'), 1), 'players', 'a whole number of at least 1', own(r, 'players'));
  const options = own(r, 'options');
  if (options !== undefined) {
    if (!isMapping(options)) out.push(`'options' must be a mapping of option values, not ${shown(options)}`);
    else {
      for (const [k, v] of Object.entries(options)) {
        need(typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string', `options.${k}`, 'a number, true or false, or a text', v);
      }
    }
  }
  const actions = own(r, 'actions');
  if (!Array.isArray(actions)) out.push(`'actions' must be a list, not ${shown(actions)}`);
  else {
    const wrong: string[] = [];
    actions.forEach((a: unknown, i) => {
      const name = `actions[${i + 1}]`;
      if (!isMapping(a)) {
        wrong.push(`'${name}' must be a mapping { player, step, choice }, not ${shown(a)}`);
        return;
      }
      if (!isWhole(own(a, 'player'), 0)) wrong.push(`'${name}.player' must be a whole number of at least 0, not ${shown(own(a, 'player'))}`);
      if (typeof own(a, 'step') !== 'string') wrong.push(`'${name}.step' must be a text, not ${shown(own(a, 'step'))}`);
      if (!Array.isArray(own(a, 'choice'))) wrong.push(`'${name}.choice' must be a list, not ${shown(own(a, 'choice'))}`);
    });
    out.push(...wrong.slice(0, MAX_ACTION_PROBLEMS));
    if (wrong.length > MAX_ACTION_PROBLEMS) out.push(`${wrong.length - MAX_ACTION_PROBLEMS} more problems in 'actions'`);
  }
  const result = own(r, 'result');
  if (!isMapping(result)) out.push(`'result' must be a mapping { ending, winner, truncated }, not ${shown(result)}`);
  else {
    for (const k of ['ending', 'winner']) {
      const v = own(result, k);
      need(v === null || typeof v === 'string', `result.${k}`, 'a text or null', v);
    }
    need(typeof own(result, 'truncated') === 'boolean', 'result.truncated', 'true or false', own(result, 'truncated'));
  }
  need(typeof own(r, 'finalHash') === 'string', 'finalHash', 'a text', own(r, 'finalHash'));
  return out;
}

/** What is wrong with the shape of a parsed replay file (every wrong field, separated by '; '), or null when it looks like a replay. */
export function replayShapeProblem(r: unknown): string | null {
  const problems = replayShapeProblems(r);
  return problems.length ? problems.join('; ') : null;
}
