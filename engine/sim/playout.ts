// One complete game played by bots, fast: state is mutated in place, no log unless a replay is wanted.

import type { Action, Game, OpenPrompt, State } from '../model.js';
import { newGame, nextPrompt, resolve, stillOpen } from '../flow.js';
import { spareDecision } from '../flow/decision.js';
import { randomChoice } from '../bots/random.js';
import { botPrompt } from '../bots/options.js';
import { beliefWorthKeeping, botChoice, botStreams, usesBelief, type BotKind } from '../bots/index.js';
import { Belief } from '../bots/belief.js';
import { restrictPrompt, type CompiledRestriction } from './restrict.js';
import { withCache } from '../memo.js';
export { botChoice, botNames, type BotKind } from '../bots/index.js';
export { nextPrompt } from '../flow.js';

export interface PlayoutOptions {
  players: number;
  seed: number | string;
  bot: BotKind;
  /** one bot kind per seat (overrides `bot`) */
  seats?: BotKind[];
  options?: Record<string, number | boolean | string>;
  /** record the actions (for a replay) */
  record?: boolean;
  log?: boolean;
  /** keep rule warnings (in the result's state: `state.warns`, by site; see warnings.ts) */
  warnings?: boolean;
  /** restricted play: options some seats' bots never take (restrict.ts) */
  restrict?: CompiledRestriction[];
  /** the state of an earlier playout of the same game that nothing reads any more: this game is played in its
   *  lists (see NewGameOptions.reuse); the result's state is then that object */
  reuse?: State;
}

export interface PlayoutResult {
  /** the winning team ('all', 'none'), or the winning players as 'Player N' (several joined by ' + ') */
  outcome: string | null;
  /** the seats that won (a team's seats, every seat for 'all', the winning players) */
  winningSeats: number[];
  ending: string | null;
  truncated: boolean;
  actions: number;
  message?: string;
  recorded?: Action[];
  /** restricted play: the decisions where a restriction took options away */
  restricted?: number;
  state: State;
}

export function playout(g: Game, o: PlayoutOptions): PlayoutResult {
  // the definition cache (memo.ts) on for the whole game, the game's own flow included: an option list or a
  // condition the flow asks again (a cost worked out for a prompt, then for its payment step) reuses what
  // nothing has changed since; the same game either way (test/engine's cache comparisons)
  return withCache(() => play(g, o));
}

function play(g: Game, o: PlayoutOptions): PlayoutResult {
  // a table of random seats never plans on a copy: nothing would read the seats' memory of hidden cards
  let planned = false;
  for (let p = 0; p < o.players; p++) if ((o.seats?.[p] ?? o.bot) !== 'random') planned = true;
  const s = newGame(g, { players: o.players, seed: o.seed, options: o.options, log: o.log, warnings: o.warnings, reuse: o.reuse, memory: planned });
  const rngs = botStreams(o.seed, o.players);
  const viewers: number[] = [];
  for (let p = 0; p < o.players; p++) if (usesBelief(o.seats?.[p] ?? o.bot)) viewers.push(p);
  if (viewers.length && beliefWorthKeeping(g, s)) s.belief = Belief.start(g, s, viewers, o.seed, o.options);
  const recorded: Action[] | undefined = o.record ? [] : undefined;
  const restrict = o.restrict?.length ? o.restrict : null;
  let restricted = 0;
  const scratch: Action['choice'] = [];
  while (!s.ended) {
    const p = nextPrompt(s);
    if (!p) break;
    const kind = o.seats?.[p.player] ?? o.bot;
    let q = p;
    if (restrict) {
      for (const r of restrict) {
        const x = restrictPrompt(s, g, q, r);
        if (x.removed) { q = x.prompt; restricted++; }
      }
    }
    // a random seat in a game nothing records or observes: its choice is written in one list, and the decision,
    // once answered, lends its object to the next (nothing else holds either: the flow copies what it keeps)
    const plain = kind === 'random' && !recorded && !s.belief && q === p;
    const choice = plain ? randomChoice(botPrompt(s, g, q), rngs[p.player]!, scratch) : botChoice(kind, s, g, q, rngs[p.player]!);
    if (recorded) recorded.push({ player: p.player, step: g.promptSteps[p.key]!.path, choice });
    resolve(s, g, p, choice);
    if (plain && !stillOpen(s, p)) spareDecision(p); // (a rule error stops the game before the decision is closed)
  }
  const e = s.ended;
  return {
    outcome: e && !e.truncated ? outcomeOf(e) : null,
    winningSeats: e && !e.truncated ? winningSeats(g, s) : [],
    ending: e && !e.truncated ? e.ending : null,
    truncated: !e || e.truncated,
    actions: s.actions,
    message: e?.message,
    recorded,
    ...(restrict ? { restricted } : {}),
    state: s,
  };
}

/** How a game ended, as a simulation counts it: the team, or the winning players. */
export function outcomeOf(e: NonNullable<State['ended']>): string | null {
  if (e.winners) return e.winners.length ? e.winners.map((p) => `Player ${p + 1}`).join(' + ') : 'none';
  return e.winner;
}

/** The seats that won a finished game. */
export function winningSeats(g: Game, s: State): number[] {
  const e = s.ended;
  if (!e || e.truncated) return [];
  if (e.winners) return e.winners.slice();
  if (!e.winner || e.winner === 'none') return [];
  const out: number[] = [];
  for (let p = 0; p < s.players; p++) {
    const r = s.roles[p]!;
    if (e.winner === 'all' || (r >= 0 && g.teams[g.roles[r]!.team]!.id === e.winner)) out.push(p);
  }
  return out;
}
