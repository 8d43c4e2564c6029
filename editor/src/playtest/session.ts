// One playtest game, as the engine worker runs it: the engine's Match (bots decide from their own view and
// stream, people answer by position, undo only where nothing was revealed, replays), plus what only the
// playtest needs: which seats are people on this device, and stepping through an imported replay.
// Plain logic with no worker or DOM in it, so it is tested directly.

import { ALL_SEEING, Match, PERSON, SeatLogs, botOfSeat, playerName, view, type Action, type Game, type OpenPrompt, type PlayerView, type Replay, type SeatView, type State, type UndoState } from '../../../engine/index.js';
import type { SeatKind } from './protocol.js';

export { tableMeta } from '../../../engine/index.js';

export interface GameSetup {
  players: number;
  seed: number | string;
  seats: SeatKind[];
  options?: Record<string, number | boolean | string>;
}

export class Session {
  private m!: Match;
  /** each seat's log lines, rendered as the entries arrive (a view does not render the whole log again) */
  private logs = new SeatLogs();
  /** an imported replay being stepped through: its actions, and what is wrong with it */
  imported: { actions: Action[]; problems: string[]; replay: Replay } | null = null;

  constructor(readonly g: Game, public setup: GameSetup) {
    if (setup.seats.length !== setup.players) throw new RangeError(`give one seat kind per player (${setup.players}), not ${setup.seats.length}`);
    this.restart();
  }

  /** The game state (read only). */
  get s(): State {
    return this.m.state;
  }

  /** Every action taken so far. */
  get taken(): { action: Action }[] {
    return this.m.actions.map((action) => ({ action }));
  }

  /** A new game with the same seed, players, seats and options. */
  restart(): void {
    const o = this.setup;
    this.m = Match.start(this.g, { players: o.players, seed: o.seed, options: o.options, bots: o.seats.map(botOfSeat), log: true });
    this.imported = null;
  }

  /** The seats people play on this device. */
  get people(): number[] {
    return this.setup.seats.flatMap((k, i) => (k === PERSON ? [i] : []));
  }

  /** The next bot decision: the lowest bot seat with a decision open (bots answer before people). */
  nextBot(): OpenPrompt | null {
    if (this.imported) return null;
    const p = this.m.nextBotSeat();
    return p === null ? null : this.m.decision(p);
  }

  /** The person's seat to answer next (the lowest), once no bot has a decision open. */
  nextPerson(): number | null {
    if (this.imported) return null;
    return this.m.nextPersonSeat();
  }

  /** One bot decision, from the bot's own view and random stream. */
  botMove(): void {
    if (!this.nextBot()) throw new Error('no bot has a decision to take');
    this.m.botAct();
  }

  /** A person's answer, by the positions of the chosen options (face-down cards have no other name). */
  act(seat: number, positions: number[]): void {
    if (this.imported) throw new Error('this is a replay: resume it to play on');
    if (this.setup.seats[seat] !== PERSON) throw new Error(`${playerName(seat)} is a bot`);
    if (!this.m.decision(seat)) throw new Error(`${playerName(seat)} has no decision to make now`);
    this.m.actAt(seat, positions);
  }

  /** Whether the last person's action can be taken back (see Match.undoState). */
  undoState(): UndoState {
    if (this.imported) return { can: false };
    return this.m.undoState();
  }

  undo(): void {
    this.m.undo();
  }

  /** What `seat` may see (TABLE_VIEW: the table, only what everyone sees). In designer mode: everything on the table
   *  (every hand, role, hidden zone and value), with the seat's own decision; the seats and bots still see
   *  only what the rules show them. */
  view(seat: number, designer = false): PlayerView {
    return this.seatView(seat, designer).view;
  }

  /** The same view, with the generation of its log lines (engine/view-log.ts: a page sent the lines of a
   *  generation before is sent only the lines after them). */
  seatView(seat: number, designer = false): SeatView {
    if (!designer) return this.logs.view(this.m.state, this.g, seat);
    const all = this.logs.view(this.m.state, this.g, ALL_SEEING);
    const prompt = seat >= 0 ? view({ ...this.m.state, log: null }, this.g, seat).prompt : null;
    return { view: { ...all.view, viewer: seat, prompt }, generation: all.generation };
  }

  /** Designer mode: the game as it was after its first `n` decisions (replayed from the seed, so it works past
   *  a shuffle or a reveal, where a player's undo may not go); play goes on from there. */
  rewind(n: number): void {
    if (this.imported) throw new Error('this is a replay: step through it instead');
    this.m.rewind(n);
  }

  replay(file?: string): Replay {
    return this.m.toReplay(file);
  }

  /** Load a replay's text for stepping through; returns what is wrong with it (empty when it reproduces). */
  importReplay(text: string, seats: SeatKind[]): string[] {
    let r: unknown;
    try {
      r = JSON.parse(text);
    } catch (e) {
      throw new Error(`not a replay file: ${(e as Error).message}`);
    }
    const { match, problems, replay } = Match.fromReplay(this.g, r, { log: true });
    if (!match || !replay) throw new Error(problems[0] ?? 'not a babelkit replay');
    const fitted = Array.from({ length: replay.players }, (_, i) => seats[i] ?? 'greedy');
    this.setup = { players: replay.players, seed: replay.seed, seats: fitted, options: replay.options };
    match.setBots(fitted.map(botOfSeat));
    this.m = match;
    this.imported = { actions: replay.actions, problems, replay };
    return problems;
  }

  /** Stepping through an imported replay: the game after its first `n` actions. */
  stepTo(n: number): void {
    const imp = this.imported;
    if (!imp) throw new Error('no replay is loaded');
    const { match, problems } = Match.fromReplay(this.g, imp.replay, { upTo: n, log: true, bots: this.setup.seats.map(botOfSeat) });
    if (!match) throw new Error(problems[0] ?? 'the replay cannot start');
    for (const p of problems) if (!imp.problems.includes(p)) imp.problems.push(p);
    this.m = match;
  }

  /** Play on from the current step of an imported replay, with these seats. */
  resume(seats: SeatKind[]): void {
    if (!this.imported) throw new Error('no replay is loaded');
    this.setup = { ...this.setup, seats: Array.from({ length: this.setup.players }, (_, i) => seats[i] ?? 'greedy') };
    this.m.setBots(this.setup.seats.map(botOfSeat));
    this.imported = null;
  }
}
