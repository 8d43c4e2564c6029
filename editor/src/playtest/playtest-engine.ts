// The page's side of the playtest engine worker (engine-worker.ts, PlaytestApi in protocol.ts): what the
// engine has said — the ruleset's public data or its problems, the one view on screen, a handoff, an
// error — and the commands a player gives. Says 'change' whenever any of it changed.
import { NO_PLAYER, type PlayerView } from '../../../engine/index.js';
import { RpcClient } from '../shared/rpc-client.js';
import { RpcError, type Args, type MethodName, type Res } from '../shared/rpc.js';
import type { RulesetSource } from '../shared/source.js';
import { withCompileSetting } from '../shared/compile-setting.js';
import type { ImportRequest, LoadResult, PlaytestApi, Problem, ReplayExport, SeatKind, SessionInfo, StartRequest, TableMeta, ViewEvent } from './protocol.js';

export type Phase = 'idle' | 'problems' | 'handoff' | 'play' | 'replay';

export class PlaytestEngine extends EventTarget {
  /** the ruleset as last read: the setup's player range and options */
  meta: TableMeta | null = null;
  /**
   * the ruleset of the game on screen, as it was read when the game started (the text may have changed since:
   * a view must be drawn with the names and zones of its own game); null until the game's start is answered
   */
  gameMeta: TableMeta | null = null;
  /** the errors that keep the ruleset from loading */
  problems: Problem[] = [];
  phase: Phase = 'idle';
  /** the view on screen (null while nobody's is shown) */
  view: PlayerView | null = null;
  info: SessionInfo | null = null;
  /** the seat to take the device next (phase 'handoff'; before any, nobody) */
  handoffSeat = NO_PLAYER;
  error = '';
  /** the worker died: the game in progress is lost, and the ruleset must be read again */
  crashed = false;
  /** views received so far */
  seq = 0;
  /** log lines of the current view the player had seen before (the rest are new to them) */
  seenLog = 0;
  private logLength = 0;
  /** the log as the engine has sent it so far (a view brings only the lines after those sent before) */
  private keptLog: string[] = [];
  private keptLines: PlayerView['lines'] = [];
  /** the open decision has been answered; waiting for the next view */
  private answered = false;
  private client: RpcClient<PlaytestApi> | null = null;
  private loadedKey = '';
  private loadTimer: ReturnType<typeof setTimeout> | undefined;

  /** What the page is showing, for `data-state`: idle, problems, handoff, turn, waiting, ended or replay. */
  get state(): string {
    if (this.phase === 'play' && this.view) {
      if (this.view.ended) return 'ended';
      if (this.view.prompt) return 'turn';
      return 'waiting';
    }
    return this.phase;
  }

  /** Starts talking to a worker (started on the first call). */
  connect(): void {
    if (this.client) return;
    const client = new RpcClient<PlaytestApi>(() => new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module' }), {
      name: 'the playtest engine',
    });
    client.on('view', (m) => this.onView(m));
    client.on('handoff', (m) => this.onHandoff(m.seat));
    client.on('error', (m) => this.fail(new Error(m.message)));
    // the game in progress is lost with the worker; the next call starts a new one
    client.onCrash((e) => {
      this.fail(e);
      this.loadedKey = '';
      this.gameMeta = null;
    });
    this.client = client;
    this.loadedKey = '';
  }

  /** Stops the worker (the element left the page). */
  disconnect(): void {
    clearTimeout(this.loadTimer);
    this.client?.terminate();
    this.client = null;
  }

  /** Reads the ruleset again after `ms` if it changed since: its player range, options and problems. */
  load(source: RulesetSource, ms: number): void {
    const src = withCompileSetting(source);
    clearTimeout(this.loadTimer);
    this.loadTimer = setTimeout(() => {
      const client = this.client;
      if (!client) return;
      const key = `${src.path}\n${src.compile}\n${JSON.stringify(src.files)}\n${Object.entries(src.images ?? {}).map(([k, b]) => `${k}:${b.length}`).join(",")}`;
      if (key === this.loadedKey) return;
      this.loadedKey = key;
      // a newer text overtakes a load not yet answered
      client.latest('load', src).then(
        (r) => r && this.onLoaded(r),
        (e: unknown) => this.fail(e),
      );
    }, ms);
  }

  /** After a crash: a new worker reads the ruleset (a game is then started as usual). */
  restartEngine(src: RulesetSource): void {
    this.crashed = false;
    this.error = '';
    this.view = null;
    this.gameMeta = null;
    this.info = null;
    if (this.phase !== 'problems') this.phase = 'idle';
    this.loadedKey = '';
    this.changed();
    this.load(src, 0);
  }

  start(req: StartRequest): void {
    this.error = '';
    this.view = null;
    this.gameMeta = null;
    this.seenLog = 0;
    this.changed();
    void this.send('start', withCompileSetting(req)).then((r) => r && this.onLoaded(r, true));
  }

  async importReplay(req: ImportRequest): Promise<void> {
    this.error = '';
    this.gameMeta = null;
    this.changed();
    const r = await this.send('importReplay', withCompileSetting(req));
    if (r) this.onLoaded(r, true);
  }

  /** Answers the open decision; a second answer before the next view arrives is ignored. */
  choose(positions: number[]): void {
    if (!this.view?.prompt || this.answered) return;
    this.answered = true;
    this.error = '';
    this.changed();
    void this.send('act', { seat: this.view.viewer, positions });
  }

  ready(): void {
    void this.send('ready');
  }

  undo(): void {
    void this.send('undo');
  }

  /** Designer mode: the table shows every hand, role and hidden zone; rewinding is allowed. */
  designer = false;

  setDesigner(on: boolean): void {
    this.designer = on;
    this.changed();
    void this.send('designer', { on });
  }

  rewind(to: number): void {
    this.seenLog = 0;
    void this.send('rewind', { to });
  }

  restart(): void {
    this.seenLog = 0;
    void this.send('restart');
  }

  step(to: number, watchAs: number): void {
    void this.send('step', { to, watchAs });
  }

  resume(seats: SeatKind[]): void {
    void this.send('resume', { seats });
  }

  setDelay(botDelay: number): void {
    void this.send('setDelay', { botDelay });
  }

  exportReplay(): Promise<ReplayExport | undefined> {
    return this.send('exportReplay');
  }

  /** Calls the engine; a failure is shown (and resolves undefined). */
  private async send<M extends MethodName<PlaytestApi>>(method: M, ...args: Args<PlaytestApi, M>): Promise<Res<PlaytestApi, M> | undefined> {
    if (!this.client) return undefined;
    try {
      return await this.client.call(method, ...args);
    } catch (e) {
      this.fail(e);
      return undefined;
    }
  }

  /** A ruleset read: for the setup, and (`game`: the answer to a start or an import) for the game it begins. */
  private onLoaded(r: LoadResult, game = false): void {
    const m = r.meta;
    this.problems = r.problems.filter((p) => p.severity === 'error');
    if (!m) {
      if (this.phase !== 'play' && this.phase !== 'replay') this.phase = 'problems';
    } else {
      this.meta = m;
      if (game) this.gameMeta = m;
      if (this.phase === 'problems') this.phase = 'idle';
    }
    this.changed();
  }

  private onHandoff(seat: number): void {
    this.view = null;
    this.info = null;
    this.handoffSeat = seat;
    this.phase = 'handoff';
    this.seenLog = this.logLength;
    this.changed();
  }

  private onView(m: ViewEvent): void {
    // the view brings the log's lines from logFrom on; the lines before are those of the views before
    const from = Math.min(m.logFrom, this.keptLog.length);
    this.keptLog = this.keptLog.slice(0, from).concat(m.view.log);
    this.keptLines = this.keptLines.slice(0, from).concat(m.view.lines);
    const v: PlayerView = { ...m.view, log: this.keptLog, lines: this.keptLines };
    if (this.phase === 'handoff' || (this.view && this.view.viewer !== v.viewer)) this.seenLog = 0;
    else if (this.view?.prompt && !v.prompt) this.seenLog = this.logLength;
    this.view = v;
    this.info = m.info;
    this.answered = false;
    this.logLength = v.log.length;
    this.phase = m.info.replay ? 'replay' : 'play';
    this.seq++;
    this.changed();
  }

  /** Shows what went wrong; a crashed engine also offers to start a new one. */
  private fail(e: unknown): void {
    if (e instanceof RpcError && e.reason === 'cancelled') return; // the page stopped the engine
    this.error = e instanceof Error ? e.message : String(e);
    this.crashed = e instanceof RpcError && e.reason === 'crashed';
    this.answered = false;
    this.changed();
  }

  private changed(): void {
    this.dispatchEvent(new Event('change'));
  }
}
