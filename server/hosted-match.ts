// One match hosted by the server: the engine's Match, its file in the store, and the pages watching it.
// Everything that reads or changes the match runs one after another (a promise chain), and a change is
// acknowledged and shown to anyone only once it is on disk. A seat's page is sent its view when — and only
// when — that view changed, so the timing and size of what a seat receives follow what it may see; the log
// lines it already has are not sent again (nor rendered again).

import { basename } from 'node:path';
import {
  IllegalAction, Match, SeatLogs, TABLE_VIEW, logFrom, logSent, playerName, seatKindOf, tableMeta, type Action, type Game, type LogSent, type PlayerView, type Replay, type SeatView, type TableMeta,
} from '../engine/index-node.js';
import type { ErrorCode, MatchStatus, SeatKind, ServerMessage } from './protocol.js';
import { StoreError, type MatchFile, type MatchStart } from './store.js';
import { findToken } from './tokens.js';

/** A refused request: what to tell the client (HTTP status and message code). */
export class MatchRefusal extends Error {
  constructor(readonly code: ErrorCode, readonly status: number, message: string) {
    super(message);
  }
}

/** The seat number of the host's page (its token's, its connection's): it is shown the table's public view,
 *  what every player sees, and plays no seat. */
export const HOST = TABLE_VIEW;

/** A page watching the match: a seat (its own view) or the host (HOST: the public table). */
export interface Watcher {
  seat: number;
  send(text: string): void;
  /** what was last sent, but the log (as JSON) */
  last?: string;
  /** what was sent of the log so far (a line that continues another amends it: then it is sent again) */
  sent?: LogSent;
}

/** Bot decisions taken in one go before the result is stored and shown (an all-bot game goes on in steps). */
const BOT_BATCH = 40;

const metaCache = new WeakMap<Game, TableMeta>();

/** Plays the stored actions again. Bot decisions are decided again (so each bot's random stream is where it
 * was) and must come out as stored; if the engine now decides otherwise, the stored actions are applied as
 * they are (the game is the same, the bots' next draws differ). */
export function replayStored(game: Game, start: MatchStart, actions: readonly Action[]): { match: Match; exact: boolean } {
  const setup = { players: start.players, seed: start.seed, options: start.options, bots: start.bots, log: true };
  const m = Match.start(game, setup);
  let exact = true;
  for (const a of actions) {
    if (start.bots[a.player] === null) { m.act(a); continue; }
    const b = m.botAct(a.player);
    if (b.step !== a.step || JSON.stringify(b.choice) !== JSON.stringify(a.choice)) { exact = false; break; }
  }
  if (exact) return { match: m, exact };
  const again = Match.start(game, setup);
  for (const a of actions) again.act(a);
  return { match: again, exact };
}

export class HostedMatch {
  private m: Match;
  /** per seat: the decisions it has answered */
  private decisions: number[];
  private chain: Promise<unknown> = Promise.resolve();
  private watchers = new Set<Watcher>();
  /** per seat: the log lines rendered so far */
  private logs = new SeatLogs();
  private online: number[];
  /** the match's file failed and could not be restored: nothing more is taken */
  private broken: string | null = null;
  private closed = false;
  /** called with an error from the bots' turns (no request is waiting to be told) */
  onError: (e: unknown) => void = () => undefined;

  /** false when a stored bot decision came out otherwise on replay (the bots' streams then start afresh) */
  readonly exact: boolean;

  constructor(readonly start: MatchStart, readonly game: Game, private file: MatchFile, actions: readonly Action[] = []) {
    const r = replayStored(game, start, actions);
    this.m = r.match;
    this.exact = r.exact;
    this.decisions = this.countDecisions();
    this.online = start.bots.map(() => 0);
  }

  get id(): string {
    return this.start.id;
  }

  get ended(): boolean {
    return !!this.m.ended;
  }

  /** Every action taken so far (people's and bots'), in order. */
  get actions(): Action[] {
    return this.m.actions;
  }

  get meta(): TableMeta {
    let meta = metaCache.get(this.game);
    if (!meta) metaCache.set(this.game, (meta = tableMeta(this.game)));
    return meta;
  }

  get seatKinds(): SeatKind[] {
    return this.start.bots.map(seatKindOf);
  }

  private countDecisions(): number[] {
    const d = this.start.bots.map(() => 0);
    for (const a of this.m.actions) d[a.player]!++;
    return d;
  }

  /** Runs `f` after everything queued before it. */
  private serial<T>(f: () => T | Promise<T>): Promise<T> {
    const run = this.chain.then(f);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Which seat a token is for (HOST: the host's), or null. */
  who(token: string): number | null {
    const i = findToken(token, [...this.start.seatKeys, this.start.hostKey]);
    if (i < 0) return null;
    return i === this.start.seatKeys.length ? HOST : i;
  }

  /** Lets bots play until a person must answer (at most BOT_BATCH decisions now) and stores the result. */
  pump(): Promise<void> {
    return this.serial(async () => {
      if (this.broken || this.closed || this.m.ended) return;
      const before = this.m.actions.length;
      this.m.runBots(BOT_BATCH);
      await this.commit(before);
    });
  }

  /** A person's answer to their open decision; resolves with the seat's decision count once it is stored. */
  act(seat: number, decision: number, positions: unknown): Promise<number> {
    return this.serial(async () => {
      if (this.broken) throw new MatchRefusal('unavailable', 503, this.broken);
      if (this.closed) throw new MatchRefusal('unavailable', 503, 'the server is stopping');
      const name = playerName(seat);
      if (this.m.ended) throw new MatchRefusal('ended', 409, 'the game is over');
      if (this.start.bots[seat] !== null) throw new MatchRefusal('forbidden', 403, `${name} is played by a bot`);
      if (!Number.isInteger(decision)) throw new MatchRefusal('bad-message', 400, "'decision' must be the number of the decision answered");
      if (decision !== this.decisions[seat]) {
        throw new MatchRefusal('stale', 409, `decision ${decision} is not open: ${name} has answered ${this.decisions[seat]} decisions (answer decision ${this.decisions[seat]})`);
      }
      if (!this.m.decision(seat)) throw new MatchRefusal('not-your-turn', 409, `${name} has no decision to make now`);
      if (!Array.isArray(positions) || positions.length > 10_000) throw new MatchRefusal('bad-message', 400, "'positions' must be a list of option positions");
      const before = this.m.actions.length;
      try {
        this.m.actAt(seat, positions as number[]);
      } catch (e) {
        if (e instanceof IllegalAction) throw new MatchRefusal('illegal', 422, e.message);
        throw e;
      }
      this.m.runBots(BOT_BATCH);
      await this.commit(before);
      return this.decisions[seat]!;
    });
  }

  /** Stores the actions taken since `before` (one write, fsynced), then tells the watchers. If the write
   * fails, the match goes back to what is on disk and the request is refused. */
  private async commit(before: number): Promise<void> {
    const all = this.m.actions;
    const fresh = all.slice(before);
    if (!fresh.length) return;
    try {
      await this.file.append(before, fresh);
    } catch (e) {
      this.m = replayStored(this.game, this.start, all.slice(0, before)).match;
      this.logs.clear();
      if (!(e instanceof StoreError)) throw e;
      if (/could not be restored/.test(e.message)) this.broken = e.message;
      throw new MatchRefusal('unavailable', 503, `the action could not be stored, nothing changed: ${e.message}`);
    }
    for (const a of fresh) this.decisions[a.player]!++;
    this.notify();
    // an all-bot stretch longer than one batch goes on after other requests had their turn
    if (!this.m.ended && this.m.nextBotSeat() !== null) setImmediate(() => this.pump().catch((e: unknown) => this.onError(e)));
  }

  /**
   * A seat's view (HOST: the public table), as the engine's view() makes it, but with the log rendered only
   * for the entries new since the last time (engine/view-log.ts). (The tests compare these views with the
   * engine's own.)
   */
  private viewOf(seat: number): SeatView {
    return this.logs.view(this.m.state, this.game, seat);
  }

  /**
   * Sends each watcher what changed for it: nothing if its view is the same; else its view, whose log holds
   * only the lines after those it was sent already (`logFrom`).
   */
  private notify(): void {
    const bySeat = new Map<number, { now: SeatView; body: string }>();
    for (const w of this.watchers) {
      let seen = bySeat.get(w.seat);
      if (!seen) {
        const now = this.viewOf(w.seat);
        const v = now.view;
        const rest = w.seat >= 0 ? { decision: this.decisions[w.seat]!, view: { ...v, log: [], lines: [] } } : { view: { ...v, log: [], lines: [] }, status: this.status() };
        bySeat.set(w.seat, (seen = { now, body: JSON.stringify(rest) }));
      }
      const { now, body } = seen;
      const from = logFrom(w.sent ?? null, w.seat, now);
      if (body === w.last && from === now.view.log.length) continue;
      const view = { ...now.view, log: now.view.log.slice(from), lines: now.view.lines.slice(from) };
      const msg: ServerMessage = w.seat >= 0
        ? { t: 'view', decision: this.decisions[w.seat]!, view, logFrom: from }
        : { t: 'table', view, status: this.status(), logFrom: from };
      w.last = body;
      w.sent = logSent(w.seat, now);
      w.send(JSON.stringify(msg));
    }
  }

  status(): MatchStatus {
    return {
      id: this.id,
      ruleset: this.start.ruleset.path,
      players: this.start.players,
      secretSeed: this.start.seedGiven === false,
      seats: this.seatKinds.map((kind, seat) => ({ seat, kind, online: this.online[seat]! > 0 })),
      ended: !!this.m.ended,
    };
  }

  /** Starts sending a page its seat's messages (the current one at once); returns how to stop. */
  watch(w: Watcher): Promise<() => void> {
    return this.serial(() => {
      this.watchers.add(w);
      if (w.seat >= 0) this.online[w.seat]!++;
      this.notify();
      return () => {
        if (!this.watchers.delete(w)) return;
        if (w.seat >= 0) this.online[w.seat]!--;
        void this.serial(() => this.notify());
      };
    });
  }

  /** A seat's view and its decision count (HOST: the public table), as stored. */
  view(seat: number): Promise<{ decision: number | null; view: PlayerView }> {
    return this.serial(() => {
      return { decision: seat >= 0 ? this.decisions[seat]! : null, view: this.viewOf(seat).view };
    });
  }

  /** The replay of an ended match (the file `babelkit replay` checks); null while it is being played. */
  replay(): Promise<Replay | null> {
    return this.serial(() => {
      if (!this.m.ended) return null;
      const r = this.start.ruleset;
      // a shipped ruleset is named by its path in the package (the CLI finds it there); an edited one by its
      // file name, to be saved beside the replay
      return this.m.toReplay(r.bundled ? r.path : basename(r.path));
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.serial(() => this.file.close());
  }
}
