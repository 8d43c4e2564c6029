// A match: one game in progress, and every verb a client needs on it — start (players and options checked
// once, with clear errors), the open decisions, act (by a seat, checked), let a bot decide (from its own
// seat's view, with its own random stream), undo where nothing was revealed, rewind, and replays (export,
// and the one replay checker). The CLI's replay, the editor's playtest and a server all use it; batch
// playouts keep their in-place fast path (sim/playout.ts) but share its checks and its bot seeding.

import type { Action, Ended, Game, OpenPrompt, State } from './model.js';
import { actionAt, activePlayers, applyInPlace, IllegalAction, legalActions, newGame, promptOf } from './flow.js';
import { cloneState } from './state.js';
import { view, type PlayerView } from './view.js';
import { cardVisibleTo, roleVisibleTo, varVisibleTo } from './visibility.js';
import { makeReplay, REPLAY_FORMAT, replayShapeProblem, stateHash, type Replay } from './replay.js';
import { botChoice, botProblem, botStreams, parseBot, type BotKind } from './bots/index.js';
import { playerName } from './render.js';
import { NO_PLAYER, PERSON } from './seats.js';

export { IllegalAction } from './flow.js';
export { MatchError, checkPlayers, checkOptions, parseOptionAssignments } from './start.js';
import { MatchError, checkPlayers, checkOptions } from './start.js';

import type { OptionValues } from './start.js';
export type { OptionValues } from './start.js';

/** Who sits at a seat, as seat lists write it: a person (PERSON), or the bot that plays it (`greedy`,
 *  `ismcts:400`). No bot may take the name PERSON (bots/registry.ts). */
export type SeatKind = typeof PERSON | BotKind;

/** A seat's kind from a match's bot list entry (null: a person). */
export const seatKindOf = (bot: BotKind | null): SeatKind => bot ?? PERSON;

/** The bot at a seat of this kind, or null for a person. */
export const botOfSeat = (kind: SeatKind): BotKind | null => (kind === PERSON ? null : kind);

/** A match's start: who plays, the seed, option values, and which seats bots play. */
export interface MatchSetup {
  players: number;
  seed: number | string;
  options?: OptionValues;
  /** per seat: the bot that plays it, or null for a person (default: every seat a person) */
  bots?: (BotKind | null)[];
  /** keep a log (default true; a client shows it) */
  log?: boolean;
}

/** Checks a seat list: one entry per seat, each a known bot or null (a person). */
export function checkBots(bots: unknown, players: number): (BotKind | null)[] {
  if (bots === undefined) return Array.from({ length: players }, () => null);
  if (!Array.isArray(bots) || bots.length !== players) throw new MatchError(`give one entry per seat (${players}): a bot name or none for a person`);
  return bots.map((b, i) => {
    if (b === null || b === false) return null;
    const kind = parseBot(b);
    if (kind) return kind;
    throw new MatchError(`seat ${i + 1}: ${botProblem(b)}`);
  });
}

interface Taken {
  action: Action;
  /** asked in the open (not inside a simultaneous step): everyone saw that this seat decided */
  open: boolean;
  /** a bot's decision: its seat's random stream after deciding (rewinding restores it) */
  rng?: Uint32Array;
}

interface Snapshot {
  state: State;
  rngs: Uint32Array[];
  /** actions taken before the person's action */
  at: number;
  seat: number;
}

export interface UndoState {
  can: boolean;
  /** why not, when there is something to undo */
  why?: string;
}

export class Match {
  private s: State;
  private taken: Taken[] = [];
  private rngs: Uint32Array[];
  private snaps: Snapshot[] = [];
  readonly setup: Required<Omit<MatchSetup, 'bots'>> & { bots: (BotKind | null)[] };

  private constructor(readonly game: Game, setup: MatchSetup) {
    const players = checkPlayers(game, setup.players);
    if (typeof setup.seed !== 'number' && typeof setup.seed !== 'string') throw new MatchError('the seed is a number or a text');
    this.setup = {
      players,
      seed: setup.seed,
      options: checkOptions(game, setup.options),
      bots: checkBots(setup.bots, players),
      log: setup.log ?? true,
    };
    this.s = this.fresh();
    this.rngs = botStreams(this.setup.seed, players);
  }

  /** A new match: throws a MatchError when the ruleset cannot be played so. */
  static start(g: Game, setup: MatchSetup): Match {
    return new Match(g, setup);
  }

  private fresh(): State {
    const o = this.setup;
    return newGame(this.game, { players: o.players, seed: o.seed, options: o.options, log: o.log });
  }

  /** The game state (read it; change it only through the match). */
  get state(): State {
    return this.s;
  }

  /** Every action taken so far, in order. */
  get actions(): Action[] {
    return this.taken.map((t) => t.action);
  }

  get ended(): Ended | null {
    return this.s.ended;
  }

  /** Seats with a decision open now. */
  seatsToAct(): number[] {
    return activePlayers(this.s);
  }

  /** The open decision of a seat, if any. */
  decision(seat: number): OpenPrompt | null {
    return promptOf(this.s, seat);
  }

  /** Every legal action of a seat now. */
  legal(seat: number): Action[] {
    return legalActions(this.s, this.game, seat);
  }

  /** Takes an action after checking it against the seat's open decision (IllegalAction when it is not). */
  act(a: Action): void {
    if (!a || typeof a !== 'object' || !Number.isInteger(a.player) || typeof a.step !== 'string' || !Array.isArray(a.choice)) {
      throw new IllegalAction('an action is { player, step, choice: [...] }');
    }
    if (a.player < 0 || a.player >= this.s.players) throw new IllegalAction(`there is no seat ${a.player + 1}`);
    const snap: Snapshot | null = this.setup.bots[a.player] === null
      ? { state: cloneState(this.s), rngs: this.rngs.map((r) => r.slice()), at: this.taken.length, seat: a.player }
      : null;
    const open = !this.s.simultaneous;
    applyInPlace(this.s, this.game, a);
    this.taken.push({ action: { player: a.player, step: a.step, choice: a.choice.slice() }, open });
    if (snap) this.snaps.push(snap);
  }

  /** Answers a seat's open decision by the positions of the chosen options (a card shown face down has no
   *  other name). Returns the action taken. */
  actAt(seat: number, positions: number[]): Action {
    if (!Array.isArray(positions)) throw new IllegalAction('positions must be a list');
    const a = actionAt(this.s, this.game, seat, positions);
    this.act(a);
    return a;
  }

  /** The lowest bot seat with a decision open (bots answer before people), or null. */
  nextBotSeat(): number | null {
    for (const p of activePlayers(this.s)) if (this.setup.bots[p] !== null) return p;
    return null;
  }

  /** The lowest person's seat to answer, once no bot has a decision open. */
  nextPersonSeat(): number | null {
    if (this.nextBotSeat() !== null) return null;
    for (const p of activePlayers(this.s)) if (this.setup.bots[p] === null) return p;
    return null;
  }

  /** One bot decision, from the bot's own view and random stream; returns the action taken. A seat played by a
   *  person can be given to a bot for one decision with `as`. */
  botAct(seat?: number, as?: BotKind): Action {
    const p = seat === undefined ? this.nextBotSeat() : seat;
    if (p === null) throw new IllegalAction('no bot has a decision to take');
    const pr = promptOf(this.s, p);
    if (!pr) throw new IllegalAction(`${playerName(p)} has no decision to make now`);
    const kind = as ?? this.setup.bots[p] ?? 'random';
    const choice = botChoice(kind, this.s, this.game, pr, this.rngs[p]!);
    const a: Action = { player: p, step: this.game.promptSteps[pr.key]!.path, choice };
    const open = !this.s.simultaneous;
    applyInPlace(this.s, this.game, a);
    this.taken.push({ action: a, open, rng: this.rngs[p]!.slice() });
    return a;
  }

  /** Lets bots decide until a person must act or the game ends (at most `max` decisions); returns how many. */
  runBots(max = Infinity): number {
    let k = 0;
    while (k < max && !this.s.ended && this.nextBotSeat() !== null) {
      this.botAct();
      k++;
    }
    return k;
  }

  /**
   * Whether the last person's action can be taken back. It can when it revealed nothing to that person:
   * the same seat is to answer again, the game's random stream was not used since (no shuffle, no random
   * draw), no other seat took a decision in the open since, and no card, role or secret value came into
   * that seat's view.
   */
  undoState(): UndoState {
    const snap = this.snaps[this.snaps.length - 1];
    if (!snap) return { can: false };
    const s = this.s, g = this.game, before = snap.state, me = snap.seat;
    if (s.ended) return { can: false, why: 'the game is over' };
    if (this.nextPersonSeat() !== me) return { can: false, why: 'another player is to play' };
    for (let i = 0; i < 4; i++) if (s.rng[i] !== before.rng[i]) return { can: false, why: 'a shuffle or random draw happened since' };
    // any decision asked in the open counts, forced or not (whether it was forced may be a secret)
    for (const t of this.taken.slice(snap.at + 1)) {
      if (t.action.player !== me && t.open) return { can: false, why: `${playerName(t.action.player)} has decided since` };
    }
    for (let e = 0; e < s.loc.length; e++) {
      if (cardVisibleTo(s, g, e, me) && !cardVisibleTo(before, g, e, me)) return { can: false, why: 'a card you had not seen came into view' };
    }
    for (let p = 0; p < s.players; p++) {
      if (roleVisibleTo(s, p, me) && !roleVisibleTo(before, p, me)) return { can: false, why: 'a role was revealed' };
    }
    if (s.roles[me] !== before.roles[me]) return { can: false, why: 'your role changed' };
    for (let i = 0; i < g.vars.length; i++) {
      const v = g.vars[i]!;
      if (v.visibility.kind === 'public') continue;
      const owners = v.perPlayer ? Array.from({ length: s.players }, (_, p) => p) : v.perCard ? Array.from({ length: s.loc.length }, (_, e) => e) : [NO_PLAYER];
      for (const o of owners) {
        if (!varVisibleTo(s, g, v, o, me)) continue;
        const now = o < 0 ? s.vars[i] : (s.vars[i] as unknown[])[o];
        const was = o < 0 ? before.vars[i] : (before.vars[i] as unknown[])[o];
        if (!varVisibleTo(before, g, v, o, me) || JSON.stringify(now) !== JSON.stringify(was)) return { can: false, why: 'a secret value you can see changed' };
      }
    }
    return { can: true };
  }

  /** Takes back the last person's action (and the bot decisions after it); throws when undoState() says no. */
  undo(): void {
    const u = this.undoState();
    if (!u.can) throw new IllegalAction(`cannot undo: ${u.why ?? 'nothing to undo'}`);
    const snap = this.snaps.pop()!;
    this.s = snap.state;
    this.rngs = snap.rngs;
    this.taken.length = snap.at;
  }

  /** The game as it was after its first `n` actions (replayed from the start); play goes on from there, with
   *  each bot's random stream as it was at that point. */
  rewind(n: number): void {
    const want = Math.max(0, Math.min(Math.floor(n), this.taken.length));
    const keep = this.taken.slice(0, want);
    this.s = this.fresh();
    this.rngs = botStreams(this.setup.seed, this.setup.players);
    this.taken = [];
    this.snaps = [];
    for (const t of keep) {
      if (t.rng) {
        applyInPlace(this.s, this.game, t.action);
        this.taken.push(t);
        this.rngs[t.action.player] = t.rng.slice();
      } else this.act(t.action);
    }
  }

  /** Hands seats to bots or people from now on (e.g. resuming a replay with other seats). */
  setBots(bots: (BotKind | null)[]): void {
    (this.setup as { bots: (BotKind | null)[] }).bots = checkBots(bots, this.setup.players);
  }

  /** What a seat may see (TABLE_VIEW: the table, only what everyone sees; ALL_SEEING: everything). */
  view(seat: number): PlayerView {
    return view(this.s, this.game, seat);
  }

  /** The game so far as a replay (a file others can check with `babelkit replay`). */
  toReplay(file?: string): Replay {
    const o = this.setup;
    return makeReplay(this.game, this.s, { seed: o.seed, players: o.players, options: o.options, actions: this.actions, file });
  }

  /**
   * The one replay checker: the replay's shape, the ruleset it was made with, its options, each action's
   * legality, the result and the final state. Returns the match replayed as far as its actions are legal
   * (null when it cannot even start) and every problem found (none: it reproduces). `upTo` stops after that
   * many actions (stepping through a replay); then the result and final state are not compared.
   */
  static fromReplay(g: Game, r: unknown, o: { upTo?: number; log?: boolean; bots?: (BotKind | null)[] } = {}): { match: Match | null; problems: string[]; replay: Replay | null } {
    const shape = replayShapeProblem(r);
    if (shape) return { match: null, problems: [`not a babelkit replay: ${shape}`], replay: null };
    const rp = r as Replay;
    if (rp.format !== REPLAY_FORMAT) return { match: null, problems: [`not a babelkit replay (format '${String(rp.format)}', expected '${REPLAY_FORMAT}')`], replay: null };
    const problems: string[] = [];
    if (rp.ruleset.hash !== g.hash) problems.push(`the replay was made with another version of the ruleset (hash ${rp.ruleset.hash}, this one is ${g.hash})`);
    let m: Match;
    try {
      // the player count is checked before anything is sized by it: a replay may claim a billion seats
      checkPlayers(g, rp.players);
      m = Match.start(g, { players: rp.players, seed: rp.seed, options: rp.options, log: o.log ?? false, bots: o.bots ?? Array.from({ length: rp.players }, () => null) });
    } catch (e) {
      if (e instanceof MatchError) return { match: null, problems: [...problems, e.message], replay: rp };
      throw e;
    }
    const upTo = o.upTo === undefined ? rp.actions.length : Math.max(0, Math.min(o.upTo, rp.actions.length));
    for (let i = 0; i < upTo; i++) {
      const a = rp.actions[i]!;
      try {
        // replayed actions are applied as recorded, whoever (bot or person) took them
        const open = !m.s.simultaneous;
        applyInPlace(m.s, g, a);
        m.taken.push({ action: { player: a.player, step: a.step, choice: a.choice.slice() }, open });
      } catch (e) {
        if (!(e instanceof IllegalAction)) throw e;
        problems.push(`action ${i + 1} (${JSON.stringify(a)}) is not legal: ${e.message}`);
        return { match: m, problems, replay: rp };
      }
    }
    if (upTo === rp.actions.length) {
      const s = m.s;
      const got = { ending: s.ended?.ending ?? null, winner: s.ended?.winner ?? null, truncated: s.ended?.truncated ?? false };
      const want = { ending: rp.result.ending ?? null, winner: rp.result.winner ?? null, truncated: rp.result.truncated ?? false };
      if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`the result differs: replay says ${JSON.stringify(rp.result)}, replaying gives ${JSON.stringify(got)}`);
      const h = stateHash(s);
      if (h !== rp.finalHash) problems.push(`the final state differs (hash ${h}, replay says ${rp.finalHash})`);
    }
    return { match: m, problems, replay: rp };
  }
}

export interface ReplayCheck {
  ok: boolean;
  problems: string[];
  /** the state reached (as far as the actions were legal), or null when the game could not start */
  state: State | null;
}

/** Replays a replay on a fresh game and checks it reproduces (see Match.fromReplay). */
export function checkReplay(g: Game, r: unknown, log = false): ReplayCheck {
  const { match, problems } = Match.fromReplay(g, r, { log });
  return { ok: problems.length === 0, problems, state: match ? match.state : null };
}

/** A replay as one seat may see it: its view after every action (hidden information stays hidden). */
export function replayViews(g: Game, r: Replay, viewer: number): PlayerView[] {
  const m = Match.start(g, { players: r.players, seed: r.seed, options: r.options, log: true });
  const out = [m.view(viewer)];
  for (const a of r.actions) {
    m.act(a);
    out.push(m.view(viewer));
  }
  return out;
}
