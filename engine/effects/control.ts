// Effects that steer: if, forEach, log, quiet, end, goto.

import type { Eff, Fn } from '../model.js';
import { T, type Value } from '../expr/types.js';
import { RuleError } from '../expr/env.js';
import type { EffectDef } from './host.js';
import { scoreOf, scoreWinners } from '../scores.js';
import type { Ctx } from '../model.js';
import { budget, logLine, overBudget } from '../budget.js';
import { runQuietly } from '../state.js';

export const ifEffect: EffectDef = {
  name: 'if',
  doc: 'Runs `then` when the condition holds, otherwise `else`.',
  arg: { type: { k: 'expr', shows: 'a yes/no condition' }, doc: 'A yes/no condition (no randomOf here).', examples: ['playerCount >= 6'] },
  params: [
    { name: 'then', type: { k: 'effects' }, doc: 'Effects run when the condition holds.' },
    { name: 'else', type: { k: 'effects' }, doc: 'Effects run when it does not.' },
  ],
  compile(x) {
    const { h, scope, at, item, path } = x;
    const test = h.expr(x.arg, at, { ...scope, random: false }, T.bool);
    const th = h.effects(item.then, [...path, 'then'], scope);
    const el = h.effects(item.else, [...path, 'else'], scope);
    if (!test) return null;
    return (c) => { if (test(c)) th(c); else el(c); };
  },
};

export const forEach: EffectDef = {
  name: 'forEach',
  doc: 'Runs `do` once for each item of a list (players, cards or cells), with the item bound to the name given in `as`.',
  arg: { type: { k: 'expr', shows: 'a list' }, doc: 'A list expression (players, cards or cells).', examples: ['players', 'chosen'] },
  params: [
    { name: 'as', type: { k: 'binding' }, required: true, doc: 'Name of the current item, used as $name inside `do` (required here).' },
    { name: 'do', type: { k: 'effects' }, doc: 'Effects run for each item.' },
  ],
  compile(x) {
    const { h, scope, at, item, path } = x;
    const list = h.expr(x.arg, at, scope);
    const lt = list ? h.typeOf(x.arg, at, scope) : null;
    if (lt && lt.k !== 'list') h.error(at, 'forEach needs a list (of players, cards or cells)');
    const itemT = lt && lt.k === 'list' ? lt.of : T.any;
    const inner = h.bind(scope, item.as, itemT, [...path, 'as']);
    const body = h.effects(item.do, [...path, 'do'], inner);
    if (!list) return null;
    const slot = typeof item.as === 'string' ? h.env.slotOf(item.as) : -1;
    return (c) => {
      // a list by its type, checked above (a ruleset where it is not does not load)
      const xs = (list(c) as Value[]).slice();
      if ((budget.work += xs.length) > budget.limit) overBudget();
      const save = c.bindings[slot];
      for (let i = 0; i < xs.length; i++) {
        c.bindings[slot] = xs[i];
        body(c);
        if (c.s.ended || c.s.gotoPhase >= 0) break;
      }
      c.bindings[slot] = save;
    };
  },
};

export const logEffect: EffectDef = {
  name: 'log',
  doc: 'Writes a line to the game log, shown to everyone or only to the players in `to`.',
  arg: { type: { k: 'text' }, doc: 'The message; {expressions} in braces are filled in.', examples: ['{leader} starts.'] },
  params: [
    { name: 'to', type: { k: 'expr', shows: 'a player or a list of players' }, doc: 'A player or list-of-players expression: only they see the line (default: everyone).', examples: ['$p'] },
    { name: 'join', type: { k: 'bool' }, default: false, doc: 'true: the text continues the line just written (after a space, or right after it when the text starts with punctuation: ", paying 2 coins") instead of starting a new one, so one event reads as one line ("Player 2 reveals Stone. 2 blocks on B1."). When the reader did not see the line before, it starts a line of its own.' },
    { name: 'heading', type: { k: 'bool' }, default: false, doc: 'true: the line is a heading that separates the log, e.g. "Round {round}" at the start of each round (shown as "── Round 3 ──").' },
  ],
  compile(x) {
    const { h, scope, at, item, path } = x;
    // no randomness in texts: a game must not depend on whether it keeps a log
    const t = h.text(x.arg, at, { ...scope, random: false });
    const to = item.to !== undefined ? h.expr(item.to, [...path, 'to'], { ...scope, random: false }) : null;
    const toT = to ? h.typeOf(item.to, [...path, 'to'], scope) : null;
    if (toT && !(toT.k === 'player' || (toT.k === 'list' && (toT.of.k === 'player' || toT.of.k === 'any')))) h.error([...path, 'to'], 'log to: needs a player or a list of players');
    if (item.join === true && item.heading === true) h.error([...path, 'heading'], 'a heading starts its own line: not together with join');
    const join = item.join === true, heading = item.heading === true;
    if (!t) return null;
    return (c) => {
      if (!c.s.log) return;
      const entry = t(c);
      if (to) { const v = to(c); entry.to = Array.isArray(v) ? v.slice() : [v]; }
      if (join) entry.join = true;
      if (heading) entry.heading = true;
      logLine();
      c.s.log.push(entry);
    };
  },
};

export const quietEffect: EffectDef = {
  name: 'quiet',
  doc: "Runs effects without the log's own lines for their moves, shuffles and reveals (\"a card: Player 2's hand → the discard pile\", \"Revealed: …\"), for when the ruleset's `log` lines say what happened in the game's words. Lines written by `log` inside are kept.",
  arg: { type: { k: 'effects' }, doc: 'The effects to run.' },
  params: [],
  compile(x) {
    const body = x.h.effects(x.arg, x.at, x.scope);
    // without a log there are no plain lines to hold back: the body runs as it is (collecting, if asked, as before)
    // (the quiet run in a function of its own: a closure over `c` here would make V8 allocate a context for `c` on
    // every run, log or not)
    return (c) => { if (c.s.log === null) body(c); else quietly(body, c); };
  },
};

export const end: EffectDef = {
  name: 'end',
  doc: "Ends the game with an ending declared under endings; its winner wins (or the team named by `winner`, or the players listed by `winners`). An ending whose winner is `scores` is won by the best score.",
  arg: { type: { k: 'id', of: 'ending' }, doc: 'The id of an ending.', examples: ['deck-exhausted'] },
  params: [
    { name: 'winner', type: { k: 'expr', shows: 'a team id (text)' }, doc: "A text expression naming the winning team when the game ends (a team id, 'all' or 'none'); overrides the ending's own winner, e.g. team($w) for the player who finished first.", examples: ['team($w)'] },
    { name: 'winners', type: { k: 'expr', shows: 'a list of players' }, doc: 'A list-of-players expression: the players who win (several share the win); for games where each plays for themselves.', examples: ['[$w]', 'scoreWinners()'] },
  ],
  compile(x) {
    const { h, scope, at, item, path } = x;
    const d = h.ending(x.arg, at);
    if (!d) return null;
    const ending = d.id, winner = d.winner;
    if (item.winner !== undefined && item.winners !== undefined) { h.error(path, "end takes 'winner' (a team) or 'winners' (players), not both"); return null; }
    if (item.winners !== undefined) {
      const ws = h.expr(item.winners, [...path, 'winners'], { ...scope, random: false }, T.list(T.player)) as Fn<number[]> | null;
      if (!ws) return null;
      return (c) => {
        if (c.s.ended) return;
        c.s.ended = { ending, winner: null, winners: [...new Set(ws(c))].filter((p) => Number.isInteger(p) && p >= 0 && p < c.s.players).sort((a, b) => a - b), truncated: false };
      };
    }
    if (item.winner === undefined) {
      if (winner === 'scores') return (c) => { if (!c.s.ended) { logScores(c); c.s.ended = { ending, winner: null, winners: scoreWinners(c), truncated: false }; } };
      return (c) => { if (!c.s.ended) c.s.ended = { ending, winner, truncated: false }; };
    }
    // `winner:` names the winning team when the game ends (e.g. the team of the player who finished first)
    const w = h.expr(item.winner, [...path, 'winner'], { ...scope, random: false }, T.str) as Fn<string> | null;
    if (!w) return null;
    return (c) => {
      if (c.s.ended) return;
      const team = w(c);
      if (team !== 'none' && team !== 'all' && !c.g.teams.some((t) => t.id === team)) throw new RuleError(`end ${ending}: '${team}' is not a team (or 'none', 'all')`);
      c.s.ended = { ending, winner: team, truncated: false };
    };
  },
};

export const goto: EffectDef = {
  name: 'goto',
  doc: 'Leaves the current phase and continues at the start of the given phase. Not allowed inside a simultaneous step.',
  arg: { type: { k: 'id', of: 'phase' }, doc: 'The id of a phase.', examples: ['scoring'] },
  params: [],
  compile(x) {
    const { h, at } = x;
    if (h.inThread) { h.error(at, 'goto is not allowed inside a simultaneous step'); return null; }
    const ph = h.phase(x.arg, at);
    if (ph < 0) return null;
    return (c) => { c.s.gotoPhase = ph; };
  },
};

/** A game decided by scores ends with them in the log: a heading, then each player's total and categories. */
function logScores(c: Ctx): void {
  const sc = c.g.scoring;
  if (!c.s.log || !sc) return;
  logLine();
  c.s.log.push({ kind: 'text', parts: ['Final scores'], holes: [], seen: [], heading: true });
  for (let p = 0; p < c.s.players; p++) {
    const cats = sc.categories.map((cat, k) => `${cat.name} ${scoreOf(c, p, k)}`).join(', ');
    logLine();
    c.s.log.push({ kind: 'text', parts: ['', `: ${scoreOf(c, p)} points (${cats})`], holes: [{ t: 'player', v: p }], seen: [-1] });
  }
}

/** Runs effects quietly (see `runQuietly`). */
function quietly(body: Eff, c: Ctx): void {
  runQuietly(() => body(c));
}
