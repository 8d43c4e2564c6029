// <bk-playtest>: hot-seat playtest of the ruleset being edited. The engine runs in a Web Worker
// (engine-worker.ts, PlaytestApi in protocol.ts) that sends this page only the view of the seat in front of
// the screen; between two different human seats a pass-the-device screen hides everything until the next
// player confirms. `source` is the ruleset to play: its virtual path and every file (so `extends` resolves).

import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import type { PlayerView } from '../../../engine/index.js';
import type { Replay } from '../../../engine/index.js';
import type { LoadResult, PlaytestApi, Problem, ReplayExport, SeatKind, SessionInfo, TableMeta, ViewEvent } from './protocol.js';
import { RpcClient } from '../shared/rpc-client.js';
import { RpcError, type Args, type MethodName, type Res } from '../shared/rpc.js';
import { palette, zoneLabel } from './cards.js';
import { download } from '../files.js';
import './bk-pt-prompt.js';
import './bk-pt-table.js';

export interface PlaytestSource {
  path: string;
  files: Record<string, string>;
}

type Phase = 'idle' | 'problems' | 'handoff' | 'play' | 'replay';

const DELAYS = [0, 150, 400, 900];

/** A log line with the players' names set in bold. */
function logLine(line: string) {
  const parts = line.split(/(Player \d+)/);
  return parts.map((p, i) => (i % 2 ? html`<b>${p}</b>` : p));
}

export class BkPlaytest extends LitElement {
  static override properties = {
    source: { attribute: false },
    meta: { state: true },
    problems: { state: true },
    phase: { state: true },
    view: { state: true },
    info: { state: true },
    handoffSeat: { state: true },
    players: { state: true },
    seed: { state: true },
    seats: { state: true },
    optionValues: { state: true },
    botDelay: { state: true },
    note: { state: true },
    error: { state: true },
    crashed: { state: true },
    watchAs: { state: true },
  };

  declare source: PlaytestSource | null;
  declare meta: TableMeta | null;
  declare problems: Problem[];
  declare phase: Phase;
  declare view: PlayerView | null;
  declare info: SessionInfo | null;
  declare handoffSeat: number;
  declare players: number;
  declare seed: string;
  declare seats: SeatKind[];
  declare optionValues: Record<string, number | boolean | string>;
  declare botDelay: number;
  declare note: { kind: 'ok' | 'warn'; text: unknown } | null;
  declare error: string;
  /** the engine worker died: the game in progress is lost, and the ruleset must be read again */
  declare crashed: boolean;
  declare watchAs: number;

  private engine: RpcClient<PlaytestApi> | null = null;
  private loadedKey = '';
  private loadTimer: ReturnType<typeof setTimeout> | undefined;
  /** the ruleset as it was when the current game started */
  private started: { path: string; text: string } | null = null;
  private seq = 0;
  /** the open decision has been answered; waiting for the worker's next view */
  private answered = false;
  private logLength = 0;
  private seenLog = 0;

  constructor() {
    super();
    this.source = null;
    this.meta = null;
    this.problems = [];
    this.phase = 'idle';
    this.view = null;
    this.info = null;
    this.handoffSeat = -1;
    this.players = 0;
    this.seed = '1';
    this.seats = [];
    this.optionValues = {};
    this.botDelay = 0;
    this.note = null;
    this.error = '';
    this.crashed = false;
    this.watchAs = -1;
  }

  static override styles = [
    palette,
    css`
      :host { display: block; background: var(--pt-table); min-height: 100%; position: relative; }
      .bar { padding: 10px 18px 12px; background: #2f2a26; color: #f3ece0; display: flex; flex-direction: column; gap: 8px; }
      .bar .row { display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: flex-end; }
      .bar label { display: flex; flex-direction: column; gap: 3px; font-size: 11px; letter-spacing: 0.04em; text-transform: uppercase; color: #c9bda9; }
      .bar input, .bar select {
        font: inherit; font-size: 14px; text-transform: none; letter-spacing: 0;
        background: #463f39; color: #fff; border: 1px solid #5d554d; border-radius: 6px; padding: 5px 7px;
      }
      .bar select.human { background: #6b5420; border-color: var(--pt-gold); }
      .bar input[type='text'] { width: 90px; }
      .bar input[type='number'] { width: 56px; }
      .bar .opts { border-top: 1px solid #463f39; padding-top: 8px; }
      .bar .opts label { flex-direction: row; align-items: center; gap: 6px; text-transform: none; letter-spacing: 0; font-size: 13px; }
      .bar .opts select, .bar .opts input { font-size: 13px; padding: 3px 6px; }
      .bar .optlab { font-size: 11px; letter-spacing: 0.04em; text-transform: uppercase; color: #c9bda9; align-self: center; }
      .bar .spacer { flex: 1; }
      .bar .filebtn {
        font-size: 14px; text-transform: none; letter-spacing: 0; color: #f3ece0; cursor: pointer;
        padding: 7px 14px; border-radius: 7px; border: 1px solid #6d645a; background: #463f39;
      }
      .bar .filebtn input { display: none; }
      .bar button, .tools button {
        font: inherit; font-size: 14px; padding: 7px 14px; border-radius: 7px; cursor: pointer;
        border: 1px solid #6d645a; background: #463f39; color: #f3ece0;
      }
      .bar button.primary { background: var(--pt-gold); border-color: var(--pt-gold); color: #2b2622; font-weight: 700; }
      button:disabled { opacity: 0.45; cursor: default; }
      .tools { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; padding: 10px 18px; background: #e4d9c3; border-bottom: 1px solid var(--pt-line); font-size: 13px; }
      .tools select { font: inherit; font-size: 13px; padding: 4px 6px; border-radius: 6px; border: 1px solid var(--pt-line); background: var(--pt-paper); }
      .tools button { background: var(--pt-paper); color: var(--pt-ink); border-color: var(--pt-line); font-size: 13px; padding: 5px 12px; }
      .tools .why { color: var(--pt-muted); font-size: 12px; }
      .tools .facts { margin-left: auto; color: var(--pt-muted); font-size: 12px; }
      .body { display: grid; grid-template-columns: minmax(0, 1fr) 330px; gap: 18px; padding: 16px 18px 24px; align-items: start; }
      .turn {
        background: var(--pt-paper); border-radius: 12px; padding: 14px 16px; margin-bottom: 16px;
        border: 1px solid var(--pt-line); border-left: 6px solid var(--pt-gold);
        box-shadow: 0 2px 10px rgba(60, 40, 20, 0.08);
      }
      .turn.wait { border-left-color: #a89c8b; color: var(--pt-muted); }
      .turn .asked { margin-top: 6px; color: var(--pt-ink); }
      .turn .who { font-size: 12px; letter-spacing: 0.05em; text-transform: uppercase; color: var(--pt-muted); margin-bottom: 6px; }
      .ended { background: #2f6e52; color: #fff; border-radius: 12px; padding: 16px 18px; margin-bottom: 16px; }
      .ended.lost { background: #6b3a3a; }
      .ended h2 { margin: 0 0 4px; font-size: 20px; }
      .ended p { margin: 0; opacity: 0.92; }
      .log { background: var(--pt-paper); border: 1px solid var(--pt-line); border-radius: 12px; padding: 10px 0 10px 12px; position: sticky; top: 12px; }
      .log h3 { margin: 0 0 6px; font-size: 12px; letter-spacing: 0.06em; text-transform: uppercase; color: var(--pt-muted); }
      .log ol { margin: 0; padding: 0 12px 0 0; list-style: none; max-height: 70vh; overflow-y: auto; font-size: 13px; line-height: 1.45; }
      .log li { padding: 3px 6px; border-radius: 5px; }
      .log li:nth-child(even) { background: #f7f2e8; }
      .log li.new { background: #fff1c9; }
      .log li b { font-weight: 650; }
      .problems { margin: 16px 18px; background: #fff; border: 1px solid #e0b4ad; border-left: 6px solid #9b2f2a; border-radius: 10px; padding: 12px 16px; }
      .problems h2 { margin: 0 0 8px; font-size: 16px; color: #9b2f2a; }
      .problems li { font-family: ui-monospace, 'SFMono-Regular', Menlo, monospace; font-size: 13px; margin: 3px 0; }
      .note { margin: 12px 18px 0; padding: 10px 14px; border-radius: 10px; font-size: 13.5px; background: #e2f0e6; border: 1px solid #b8d8c3; }
      .note.warn { background: #fff4d6; border-color: #ecd28a; }
      .note code { background: rgba(0, 0, 0, 0.06); padding: 1px 5px; border-radius: 4px; }
      .error { margin: 12px 18px 0; padding: 10px 14px; border-radius: 10px; background: #fbe3e0; color: #7a231e; }
      .error button { margin-left: 10px; font: inherit; font-size: 13px; padding: 4px 10px; border-radius: 6px; border: 1px solid #d9a49e; background: #fff; color: #7a231e; cursor: pointer; }
      .intro { padding: 36px 18px; max-width: 640px; color: #4a423b; line-height: 1.5; }
      .intro h2 { margin-top: 0; }
      .handoff {
        position: absolute; inset: 0; z-index: 5; min-height: 420px;
        background: radial-gradient(circle at 50% 30%, #3b3530, #221e1b);
        color: #f3ece0; display: flex; flex-direction: column; align-items: center; justify-content: flex-start; padding-top: 120px; gap: 14px; text-align: center;
      }
      .handoff h2 { font-size: 30px; margin: 0; }
      .handoff p { margin: 0; color: #c9bda9; max-width: 420px; }
      .handoff button { font: inherit; font-size: 17px; font-weight: 700; padding: 12px 26px; border-radius: 10px; border: none; background: var(--pt-gold); color: #2b2622; cursor: pointer; }
      .stepper { display: flex; align-items: center; gap: 8px; }
      .stepper input[type='range'] { width: 220px; }
      .stale { color: #8a5b00; font-weight: 600; }
    `,
  ];

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.engine) {
      const engine = new RpcClient<PlaytestApi>(() => new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module' }), {
        name: 'the playtest engine',
      });
      engine.on('view', (m) => this.onView(m));
      engine.on('handoff', (m) => this.onHandoff(m.seat));
      engine.on('error', (m) => this.fail(new Error(m.message)));
      // the game in progress is lost with the worker; the next call starts a new one
      engine.onCrash((e) => {
        this.fail(e);
        this.loadedKey = '';
      });
      this.engine = engine;
    }
    this.loadedKey = '';
    this.scheduleLoad(0);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.engine?.terminate();
    this.engine = null;
  }

  /** Calls the engine; a failure is shown (and resolves undefined). */
  private async send<M extends MethodName<PlaytestApi>>(method: M, ...args: Args<PlaytestApi, M>): Promise<Res<PlaytestApi, M> | undefined> {
    if (!this.engine) return undefined;
    try {
      return await this.engine.call(method, ...args);
    } catch (e) {
      this.fail(e);
      return undefined;
    }
  }

  /** After a crash: a new engine reads the ruleset again (a game is then started as usual). */
  private restartEngine(): void {
    this.crashed = false;
    this.error = '';
    this.view = null;
    this.info = null;
    if (this.phase !== 'problems') this.phase = 'idle';
    this.loadedKey = '';
    this.scheduleLoad(0);
  }

  /** Shows what went wrong; a crashed engine also offers to start a new one. */
  private fail(e: unknown): void {
    if (e instanceof RpcError && e.reason === 'cancelled') return; // this element stopped the engine
    this.error = e instanceof Error ? e.message : String(e);
    this.crashed = e instanceof RpcError && e.reason === 'crashed';
    this.answered = false;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('source')) this.scheduleLoad(400);
  }

  private stateName(): string {
    if (this.phase === 'play' && this.view) {
      if (this.view.ended) return 'ended';
      if (this.view.prompt) return 'turn';
      return 'waiting';
    }
    return this.phase;
  }

  /** Read the ruleset again (debounced) when its text changed: player range, options, problems. */
  private scheduleLoad(ms: number): void {
    clearTimeout(this.loadTimer);
    this.loadTimer = setTimeout(() => {
      const src = this.source;
      const engine = this.engine;
      if (!src || !engine) return;
      const key = `${src.path}\n${JSON.stringify(src.files)}`;
      if (key === this.loadedKey) return;
      this.loadedKey = key;
      // a newer text overtakes a load not yet answered
      engine.latest('load', { path: src.path, files: src.files }).then(
        (r) => r && this.onLoaded(r),
        (e: unknown) => this.fail(e),
      );
    }, ms);
  }

  /** The ruleset as the engine read it: its public data and player range, or the problems that stop it. */
  private onLoaded(r: LoadResult): void {
    const m = r.meta;
    this.problems = r.problems.filter((p) => p.severity === 'error');
    if (!m) {
      if (this.phase !== 'play' && this.phase !== 'replay') this.phase = 'problems';
      return;
    }
    const first = !this.meta || this.meta.game !== m.game || this.meta.minPlayers !== m.minPlayers || this.meta.maxPlayers !== m.maxPlayers;
    this.meta = m;
    if (first || this.players < m.minPlayers || this.players > m.maxPlayers) this.setPlayers(m.minPlayers);
    if (this.phase === 'problems') this.phase = 'idle';
  }

  private onHandoff(seat: number): void {
    this.view = null;
    this.info = null;
    this.handoffSeat = seat;
    this.phase = 'handoff';
    this.seenLog = this.logLength;
  }

  private onView(m: ViewEvent): void {
    if (this.phase === 'handoff' || (this.view && this.view.viewer !== m.view.viewer)) this.seenLog = 0;
    else if (this.view?.prompt && !m.view.prompt) this.seenLog = this.logLength;
    this.view = m.view;
    this.info = m.info;
    this.answered = false;
    this.logLength = m.view.log.length;
    this.phase = m.info.replay ? 'replay' : 'play';
    this.seq++;
  }

  private async exportReplay(): Promise<void> {
    const m: ReplayExport | undefined = await this.send('exportReplay');
    if (!m) return;
    this.download(m.replay, m.fileName);
    this.note = m.bundled
      ? { kind: 'ok', text: html`Replay saved as <code>${m.fileName}</code>. Check it from the project folder with <code>npx babelkit replay ${m.fileName}</code>.` }
      : {
          kind: 'warn',
          text: html`Replay saved as <code>${m.fileName}</code>. This game used an <b>edited</b> ruleset: the replay needs it saved beside it as
            <code>${m.rulesetFile}</code> <button @click=${() => this.downloadRuleset(m.rulesetFile)}>Download the ruleset</button>
            (with any file it extends), or give it with <code>npx babelkit replay ${m.fileName} --ruleset FILE</code>.`,
        };
  }

  private setPlayers(n: number): void {
    this.players = n;
    this.seats = Array.from({ length: n }, (_, i) => this.seats[i] ?? (i === 0 ? 'human' : 'greedy'));
  }

  private seedValue(): number | string {
    const t = this.seed.trim() || '1';
    return /^\d+$/.test(t) ? Number(t) : t;
  }

  private start(): void {
    const src = this.source;
    if (!src) return;
    this.error = '';
    this.note = null;
    this.view = null;
    this.seenLog = 0;
    this.started = { path: src.path, text: src.files[src.path] ?? '' };
    void this.send('start', {
      path: src.path, files: src.files, players: this.players, seed: this.seedValue(), seats: this.seats.slice(), options: { ...this.optionValues }, botDelay: this.botDelay,
    }).then((r) => r && this.onLoaded(r));
  }

  private choose(positions: number[]): void {
    // one answer per decision: a second click before the next view arrives is ignored
    if (!this.view?.prompt || this.answered) return;
    this.answered = true;
    this.error = '';
    void this.send('act', { seat: this.view.viewer, positions });
  }

  private download(data: Replay | string, name: string): void {
    const blob = new Blob([typeof data === 'string' ? data : JSON.stringify(data, null, 1)], { type: typeof data === 'string' ? 'text/yaml' : 'application/json' });
    download(name, blob);
  }

  private downloadRuleset(name: string): void {
    if (this.started) this.download(this.started.text, name);
  }

  private async importFile(e: Event): Promise<void> {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file || !this.source) return;
    const text = await file.text();
    this.error = '';
    this.note = null;
    this.started = { path: this.source.path, text: this.source.files[this.source.path] ?? '' };
    this.watchAs = -1;
    const r = await this.send('importReplay', { path: this.source.path, files: this.source.files, botDelay: this.botDelay, seats: this.seats.slice(), text, watchAs: -1 });
    if (r) this.onLoaded(r);
  }

  private step(to: number, watchAs = this.watchAs): void {
    this.watchAs = watchAs;
    void this.send('step', { to, watchAs });
  }

  private renderBar() {
    const meta = this.meta;
    const range = meta ? Array.from({ length: meta.maxPlayers - meta.minPlayers + 1 }, (_, i) => meta.minPlayers + i) : [];
    const options = meta?.options ?? [];
    return html`<div class="bar">
      <div class="row">
        <label>Players
          <select data-players @change=${(e: Event) => this.setPlayers(Number((e.target as HTMLSelectElement).value))}>
            ${range.map((n) => html`<option value=${n} ?selected=${n === this.players}>${n}</option>`)}
          </select>
        </label>
        <label>Seed <input type="text" data-seed .value=${this.seed} @input=${(e: Event) => (this.seed = (e.target as HTMLInputElement).value)} /></label>
        ${this.seats.map((k, i) => html`<label>Seat ${i + 1}
          <select data-seat=${i} class=${k === 'human' ? 'human' : ''} @change=${(e: Event) => { const s = this.seats.slice(); s[i] = (e.target as HTMLSelectElement).value as SeatKind; this.seats = s; }}>
            ${(['human', 'greedy', 'random'] as SeatKind[]).map((o) => html`<option value=${o} ?selected=${o === k}>${o === 'human' ? 'Human' : o === 'greedy' ? 'Greedy bot' : 'Random bot'}</option>`)}
          </select></label>`)}
        <label>Bot pace
          <select data-delay @change=${(e: Event) => { this.botDelay = Number((e.target as HTMLSelectElement).value); void this.send('setDelay', { botDelay: this.botDelay }); }}>
            ${DELAYS.map((d) => html`<option value=${d} ?selected=${d === this.botDelay}>${d === 0 ? 'instant' : `${d} ms`}</option>`)}
          </select>
        </label>
        <span class="spacer"></span>
        <button class="primary" data-start ?disabled=${!meta || !this.source} @click=${() => this.start()}>${this.phase === 'play' ? 'New game' : 'Start game'}</button>
        <label class="filebtn" title="Load a replay file to step through it or play on from any step">Import replay
          <input type="file" accept=".json,application/json" data-import @change=${(e: Event) => this.importFile(e)} />
        </label>
      </div>
      ${options.length
        ? html`<div class="row opts"><span class="optlab">Rule options</span>
            ${options.map((o) => html`<label title=${o.description ?? ''}>${zoneLabel(o.id)}
              ${o.type === 'bool'
                ? html`<select data-option-id=${o.id} @change=${(e: Event) => this.setOption(o.id, (e.target as HTMLSelectElement).value === 'true', o.default)}>
                    ${[false, true].map((b) => html`<option value=${String(b)} ?selected=${(this.optionValues[o.id] ?? o.default) === b}>${b ? 'yes' : 'no'}</option>`)}
                  </select>`
                : html`<input data-option-id=${o.id} type=${o.type === 'number' ? 'number' : 'text'} .value=${String(this.optionValues[o.id] ?? o.default)}
                    @change=${(e: Event) => { const v = (e.target as HTMLInputElement).value; this.setOption(o.id, o.type === 'number' ? Number(v) : v, o.default); }} />`}
            </label>`)}
          </div>`
        : nothing}
    </div>`;
  }

  private setOption(id: string, v: number | boolean | string, def: number | boolean | string): void {
    const o = { ...this.optionValues };
    if (v === def || (typeof v === 'number' && Number.isNaN(v))) delete o[id];
    else o[id] = v;
    this.optionValues = o;
  }

  private renderTools() {
    const info = this.info;
    if (!info || !this.view) return nothing;
    const stale = this.started && this.source && (this.source.path !== this.started.path || this.source.files[this.source.path] !== this.started.text);
    const r = info.replay;
    return html`<div class="tools">
      ${r
        ? html`<span class="stepper">
            <button data-step-first title="to the start" @click=${() => this.step(0)} ?disabled=${r.at === 0}>|◀</button>
            <button data-step-back title="one action back" @click=${() => this.step(r.at - 1)} ?disabled=${r.at === 0}>◀</button>
            <input type="range" min="0" max=${r.of} .value=${String(r.at)} @input=${(e: Event) => this.step(Number((e.target as HTMLInputElement).value))} />
            <button data-step-next title="one action on" @click=${() => this.step(r.at + 1)} ?disabled=${r.at >= r.of}>▶</button>
            <button data-step-last title="to the end" @click=${() => this.step(r.of)} ?disabled=${r.at >= r.of}>▶|</button>
            <span>action ${r.at} of ${r.of}</span>
            <select data-watch @change=${(e: Event) => this.step(r.at, Number((e.target as HTMLSelectElement).value))}>
              <option value="-1" ?selected=${this.watchAs === -1}>watch as the table</option>
              ${this.view.seats.map((s) => html`<option value=${s.seat} ?selected=${this.watchAs === s.seat}>watch as ${s.name}</option>`)}
            </select>
            <button data-resume @click=${() => this.send('resume', { seats: this.seats.slice() })} ?disabled=${!!this.view.ended}>Play on from here</button>
          </span>`
        : html`
            <button data-undo ?disabled=${!info.canUndo} @click=${() => this.send('undo')}>Undo</button>
            ${!info.canUndo && info.undoBlocked && this.view.prompt ? html`<span class="why">undo not possible: ${info.undoBlocked}</span>` : nothing}
            <button data-restart @click=${() => { this.note = null; this.seenLog = 0; void this.send('restart'); }}>Restart (same seed)</button>`}
      <button data-export @click=${() => this.exportReplay()}>Export replay</button>
      ${stale ? html`<span class="stale">The ruleset changed since this game started — “New game” plays the new rules.</span>` : nothing}
      <span class="facts">seed ${String(info.seed)} · ${info.actions} decisions taken</span>
    </div>`;
  }

  private renderEnded(v: PlayerView) {
    const e = v.ended!;
    const meta = this.meta!;
    if (e.truncated) return html`<div class="ended lost" data-ended><h2>The game stopped</h2><p>${e.message ?? 'it never reached an ending'}</p></div>`;
    const ending = e.ending ? meta.endings[e.ending] : undefined;
    const winner = e.winner ? meta.teams[e.winner]?.name ?? e.winner : 'nobody';
    const mine = v.viewer >= 0 ? v.seats[v.viewer]?.team : null;
    const won = mine && e.winner === mine;
    return html`<div class="ended ${mine && !won ? 'lost' : ''}" data-ended>
      <h2>${mine ? (won ? 'You win' : 'You lose') : 'Game over'} — ${winner} ${e.winner === 'none' ? '' : 'wins'}</h2>
      <p>${e.ending}${ending?.description ? `: ${ending.description}` : ''}</p>
    </div>`;
  }

  private renderTurn(v: PlayerView) {
    if (v.ended) return this.renderEnded(v);
    const info = this.info!;
    if (v.prompt && !info.replay) {
      return html`<div class="turn" data-turn>
        <div class="who">${v.seats[v.viewer]?.name} — your decision</div>
        <bk-pt-prompt .prompt=${v.prompt} .meta=${this.meta} .view=${v} @choose=${(e: CustomEvent<{ positions: number[] }>) => this.choose(e.detail.positions)}></bk-pt-prompt>
      </div>`;
    }
    if (info.replay) {
      const r = info.replay;
      return html`<div class="turn wait" data-replay-status>
        Stepping through a replay of ${r.of} actions${r.problems.length ? html` — <b>${r.problems.join('; ')}</b>` : ' — it reproduces to its end'}.
        Step with the arrows, watch as the table or as one seat, or play on from here with the seats above.
        ${v.prompt ? html`<div class="asked">${v.seats[v.viewer]?.name} is to decide: <b>${v.prompt.text}</b></div>` : nothing}
      </div>`;
    }
    const who = info.thinking !== null ? `${v.seats[info.thinking]?.name} is thinking…` : `Waiting for ${v.waiting.map((p) => v.seats[p]?.name).join(', ')}…`;
    return html`<div class="turn wait">${who}</div>`;
  }

  protected override updated(): void {
    const ol = this.renderRoot.querySelector('.log ol');
    if (ol) ol.scrollTop = ol.scrollHeight;
    // `data-state` and `data-seq` (views received) change once the table and prompt show the new view
    const seq = this.seq;
    const state = this.stateName();
    const kids = [...this.renderRoot.querySelectorAll('bk-pt-prompt, bk-pt-table')] as LitElement[];
    void Promise.all(kids.map((k) => k.updateComplete)).then(() => {
      if (seq !== this.seq) return;
      this.dataset.state = state;
      this.dataset.seq = String(seq);
    });
  }

  protected override render() {
    const v = this.view;
    return html`
      ${this.renderBar()}
      ${this.phase === 'problems' && this.problems.length
        ? html`<section class="problems" data-problems>
            <h2>The ruleset does not load — fix these first</h2>
            <ul>${this.problems.map((p) => html`<li>${p.file}:${p.line}:${p.col}: ${p.message}</li>`)}</ul>
          </section>`
        : nothing}
      ${this.error
        ? html`<div class="error" data-error>${this.error}
            ${this.crashed ? html`<button data-restart-engine @click=${() => this.restartEngine()}>Start the engine again</button>` : nothing}</div>`
        : nothing}
      ${this.note ? html`<div class="note ${this.note.kind}" data-note>${this.note.text}</div>` : nothing}
      ${this.phase === 'handoff'
        ? html`<div class="handoff" data-handoff>
            <h2>Pass the device to Player ${this.handoffSeat + 1}</h2>
            <p>The previous player's hand and role are hidden. Player ${this.handoffSeat + 1}, take the device and confirm.</p>
            <button data-ready @click=${() => this.send('ready')}>I am Player ${this.handoffSeat + 1} — show my table</button>
          </div>`
        : nothing}
      ${v && this.meta && (this.phase === 'play' || this.phase === 'replay')
        ? html`${this.renderTools()}
            <div class="body">
              <div>
                ${this.renderTurn(v)}
                <bk-pt-table .view=${v} .meta=${this.meta} .info=${this.info}></bk-pt-table>
              </div>
              <aside class="log" data-log>
                <h3>Log${v.viewer >= 0 ? ` (as ${v.seats[v.viewer]?.name} sees it)` : ' (public)'}</h3>
                <ol>${v.log.map((l, i) => html`<li class=${i >= this.seenLog && this.seenLog > 0 ? 'new' : ''}>${logLine(l)}</li>`)}</ol>
              </aside>
            </div>`
        : this.phase === 'idle' || (this.phase === 'problems' && !this.problems.length)
          ? html`<div class="intro">
              <h2>Playtest ${this.meta?.name ?? ''}</h2>
              <p>Choose the number of players, a seed, and who sits at each seat — a human or a bot — then start.
                The rules are the ones in the editor, including unsaved changes. With several human seats, the screen asks
                to pass the device between them and hides each player's hand and role in between.</p>
            </div>`
          : nothing}
    `;
  }
}

if (!customElements.get('bk-playtest')) customElements.define('bk-playtest', BkPlaytest);

declare global {
  interface HTMLElementTagNameMap {
    'bk-playtest': BkPlaytest;
  }
}
