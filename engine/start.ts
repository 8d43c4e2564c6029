// What a game needs to start, checked once with clear errors: a player count the ruleset allows, and
// option values of the ruleset's own options and types. newGame, Match and batch simulation all use these.

import type { Game, OptionDef } from './model.js';

export type OptionValues = Record<string, number | boolean | string>;

/** A start the ruleset cannot play (player count, options, seats): the message says what and why. */
export class MatchError extends RangeError {}

/** Throws a MatchError unless the ruleset is for `players` players. */
export function checkPlayers(g: Game, players: unknown): number {
  if (typeof players !== 'number' || !Number.isInteger(players) || players < g.minPlayers || players > g.maxPlayers) {
    const range = g.minPlayers === g.maxPlayers ? `${g.minPlayers}` : `${g.minPlayers}–${g.maxPlayers}`;
    throw new MatchError(`${g.name} is for ${range} players, not ${typeof players === 'number' ? players : JSON.stringify(players)}`);
  }
  return players;
}

/** Checks option values against the ruleset's options (known ids, right types); returns them as a fresh
 *  null-prototype-free plain object holding only own, declared keys. */
export function checkOptions(g: Game, options: unknown): OptionValues {
  const out: OptionValues = Object.create(null);
  if (options === undefined || options === null) return out;
  if (typeof options !== 'object' || Array.isArray(options)) throw new MatchError('options must be a mapping of option names to values');
  for (const k of Object.keys(options)) {
    const v = (options as Record<string, unknown>)[k];
    const d = g.options.find((o) => o.id === k);
    if (!d) {
      const have = g.options.map((o) => o.id).join(', ');
      throw new MatchError(`unknown option '${k}'; ${have ? `this ruleset has ${have}` : 'this ruleset has no options'}`);
    }
    const js = d.type === 'bool' ? 'boolean' : d.type;
    if (typeof v !== js || (typeof v === 'number' && !Number.isFinite(v))) throw new MatchError(`option '${k}' is ${d.type === 'bool' ? 'true or false' : `a ${d.type}`}, not ${JSON.stringify(v)}`);
    const problem = optionProblem(d, v as number | string | boolean);
    if (problem) throw new MatchError(`option ${problem}`);
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** What is wrong with a value of an option (its range or choices), or null: "size is from 1 to 9, not 12". */
export function optionProblem(d: OptionDef, v: number | string | boolean): string | null {
  if (d.choices && !d.choices.includes(v as number | string)) return `${d.id} is one of ${d.choices.join(', ')}, not ${typeof v === 'string' ? `'${v}'` : String(v)}`;
  if (typeof v === 'number') {
    const lo = d.min ?? -Infinity, hi = d.max ?? Infinity;
    if (v < lo || v > hi) return `${d.id} is ${d.min !== undefined && d.max !== undefined ? `from ${d.min} to ${d.max}` : d.min !== undefined ? `at least ${d.min}` : `at most ${d.max}`}, not ${v}`;
  }
  return null;
}

/** Options written as text (`NAME=VALUE`, as on a command line), typed by the ruleset and checked. */
export function parseOptionAssignments(g: Game, list: readonly string[]): OptionValues {
  const raw: Record<string, unknown> = {};
  for (const kv of list) {
    const m = /^([^=]+)=(.*)$/.exec(kv);
    if (!m) throw new MatchError(`an option is NAME=VALUE, not '${kv}'`);
    const name = m[1]!, text = m[2]!;
    const d = g.options.find((o) => o.id === name);
    if (!d) checkOptions(g, { [name]: text }); // throws: unknown option
    let v: unknown = text;
    if (d!.type === 'number') {
      if (!/^-?\d+(\.\d+)?$/.test(text)) throw new MatchError(`option ${name} is a number, not '${text}'`);
      v = Number(text);
    } else if (d!.type === 'bool') {
      if (text !== 'true' && text !== 'false') throw new MatchError(`option ${name} is true or false, not '${text}'`);
      v = text === 'true';
    }
    Object.defineProperty(raw, name, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return checkOptions(g, raw);
}

