// <bk-playtest>: hot-seat playtest of the ruleset being edited. The engine runs in a Web Worker
// (engine-worker.ts) reached through PlaytestEngine (playtest-engine.ts), which hands this page only the
// view of the seat in front of the screen; between two different people's seats a pass-the-device screen
// hides everything until the next player confirms. `source` is the ruleset to play: its virtual path and
// every file (so `extends` resolves). The setup bar is <bk-pt-setup>, the table <bk-pt-table>, the
// decision <bk-pt-prompt>.

import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { TABLE_VIEW, botOfSeat, type PlayerView, type Replay } from '../../../engine/index.js';
import { palette } from './cards.js';
import { download } from '../files.js';
import { Watch } from '../shared/watch.js';
import type { RulesetSource } from '../shared/source.js';
import { PlaytestEngine } from './playtest-engine.js';
import { createMatch, CreateMatchError, serverInfo } from '../remote/host-api.js';
import type { BkPtSetup, GameSetup } from './bk-pt-setup.js';
import './bk-pt-setup.js';
import './bk-pt-prompt.js';
import './bk-pt-table.js';
import { endedPanel, gamePartStyles, logHeading, logPanel } from './game-parts.js';

export type PlaytestSource = RulesetSource;

export class BkPlaytest extends LitElement {
  static override properties = {
    source: { attribute: false },
    note: { state: true },
    watchAs: { state: true },
    canHost: { state: true },
  };

  declare source: PlaytestSource | null;
  declare note: { kind: 'ok' | 'warn'; text: unknown } | null;
  /** the seat an imported replay is watched as (TABLE_VIEW: the table) */
  declare watchAs: number;
  /** served by `babelkit serve`: the game can be hosted there for several devices */
  declare canHost: boolean;

  private readonly engine = new PlaytestEngine();
  /** the ruleset as it was when the current game started */
  private started: { path: string; text: string } | null = null;

  constructor() {
    super();
    this.source = null;
    this.note = null;
    this.watchAs = TABLE_VIEW;
    this.canHost = false;
    new Watch(this).watch(this.engine);
  }

  static override styles = [
    palette,
    gamePartStyles,
    css`
      :host { display: block; background: var(--pt-table); min-height: 100%; position: relative; }
      .tools button {
        font: inherit; font-size: 14px; padding: 7px 14px; border-radius: 7px; cursor: pointer;
        border: 1px solid #6d645a; background: #463f39; color: #f3ece0;
      }
      button:disabled { opacity: 0.45; cursor: default; }
      .designer-banner { background: #5b3a6b; color: #fff; padding: 6px 18px; font-size: 13px; font-weight: 600; }
      .designer-switch { display: inline-flex; align-items: center; gap: 4px; font-weight: 600; color: #5b3a6b; }
      .rewind { display: inline-flex; align-items: center; gap: 6px; }
      .rewind input { width: 64px; font: inherit; }
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
      .log { position: sticky; top: 12px; }
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
    this.engine.connect();
    if (this.source) this.engine.load(this.source, 0);
    void serverInfo().then((i) => (this.canHost = !!i));
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.engine.disconnect();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // the text changed in the editor: read it again once the typing pauses
    if (changed.has('source') && this.source) this.engine.load(this.source, changed.get('source') ? 400 : 0);
  }

  private get setup(): BkPtSetup | null {
    return this.renderRoot.querySelector('bk-pt-setup');
  }

  private start(g: GameSetup): void {
    const src = this.source;
    if (!src) return;
    this.note = null;
    this.started = { path: src.path, text: src.files[src.path] ?? '' };
    this.engine.start({ path: src.path, files: src.files, images: src.images, ...g });
  }

  /** Hosts the ruleset as edited (every file it may extend included) on the server this page came from. */
  private async host(g: GameSetup): Promise<void> {
    const src = this.source;
    if (!src) return;
    this.note = { kind: 'ok', text: 'Creating the match on the server…' };
    try {
      // no seed: the server draws a secret one (the playtest's seed, 1 by default, would let a seat work out
      // every hidden card)
      const m = await createMatch({
        ruleset: { path: src.path, files: src.files },
        players: g.players,
        options: g.options,
        bots: g.seats.map((k) => botOfSeat(k) ?? false),
      });
      this.note = {
        kind: 'ok',
        text: html`Match created. <a href=${m.host.url} target="_blank" rel="noreferrer" data-host-link>Open the host page</a>: it shows a join link and a QR code for each person's seat.`,
      };
    } catch (e) {
      const list = e instanceof CreateMatchError ? e.problems : [];
      this.note = { kind: 'warn', text: html`The server did not create the match: ${(e as Error).message}${list.length ? html`<ul>${list.map((p) => html`<li>${p}</li>`)}</ul>` : nothing}` };
    }
  }

  private async importReplay(text: string): Promise<void> {
    const src = this.source;
    if (!src) return;
    const g = this.setup?.setup();
    this.note = null;
    this.started = { path: src.path, text: src.files[src.path] ?? '' };
    this.watchAs = TABLE_VIEW;
    await this.engine.importReplay({ path: src.path, files: src.files, images: src.images, botDelay: g?.botDelay ?? 0, seats: g?.seats ?? [], text, watchAs: TABLE_VIEW });
  }

  private async exportReplay(): Promise<void> {
    const m = await this.engine.exportReplay();
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

  private download(data: Replay | string, name: string): void {
    const blob = new Blob([typeof data === 'string' ? data : JSON.stringify(data, null, 1)], { type: typeof data === 'string' ? 'text/yaml' : 'application/json' });
    download(name, blob);
  }

  private downloadRuleset(name: string): void {
    if (this.started) this.download(this.started.text, name);
  }

  private step(to: number, watchAs = this.watchAs): void {
    this.watchAs = watchAs;
    this.engine.step(to, watchAs);
  }

  private restart(): void {
    this.note = null;
    this.engine.restart();
  }

  private renderTools() {
    const { info, view } = this.engine;
    if (!info || !view) return nothing;
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
              <option value=${TABLE_VIEW} ?selected=${this.watchAs === TABLE_VIEW}>watch as the table</option>
              ${view.seats.map((s) => html`<option value=${s.seat} ?selected=${this.watchAs === s.seat}>watch as ${s.name}</option>`)}
            </select>
            <button data-resume @click=${() => this.engine.resume(this.setup?.setup().seats ?? [])} ?disabled=${!!view.ended}>Play on from here</button>
          </span>`
        : html`
            <button data-undo ?disabled=${!info.canUndo} @click=${() => this.engine.undo()}>Undo</button>
            ${!info.canUndo && info.undoBlocked && view.prompt ? html`<span class="why">undo not possible: ${info.undoBlocked}</span>` : nothing}
            <button data-restart @click=${() => this.restart()}>Restart (same seed)</button>
            <label class="designer-switch" title="See every hand, role and hidden zone, and rewind to any earlier decision. The seats and bots still see only what the rules show them.">
              <input type="checkbox" data-designer .checked=${this.engine.designer} @change=${(e: Event) => this.engine.setDesigner((e.target as HTMLInputElement).checked)} /> Designer mode</label>
            ${this.engine.designer && info.actions > 0 ? html`<span class="rewind">rewind to decision
              <input type="number" data-rewind-to min="0" max=${info.actions - 1} .value=${String(Math.max(0, info.actions - 1))} />
              <button data-rewind @click=${(e: Event) => this.engine.rewind(Number(((e.target as HTMLElement).previousElementSibling as HTMLInputElement).value))}>Rewind</button></span>` : nothing}`}
      <button data-export @click=${() => this.exportReplay()}>Export replay</button>
      ${stale ? html`<span class="stale">The ruleset changed since this game started — “New game” plays the new rules.</span>` : nothing}
      <span class="facts">seed ${String(info.seed)} · ${info.actions} decisions taken</span>
    </div>`;
  }

  private renderTurn(v: PlayerView) {
    if (v.ended) return endedPanel(v, this.engine.gameMeta!);
    const info = this.engine.info!;
    if (v.prompt && !info.replay) {
      return html`<div class="turn" data-turn>
        <div class="who">${v.seats[v.viewer]?.name} — your decision</div>
        <bk-pt-prompt .prompt=${v.prompt} .meta=${this.engine.gameMeta} .view=${v} @choose=${(e: CustomEvent<{ positions: number[] }>) => this.engine.choose(e.detail.positions)}></bk-pt-prompt>
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
    const { seq, state } = this.engine;
    const kids = [...this.renderRoot.querySelectorAll('bk-pt-prompt, bk-pt-table')] as LitElement[];
    void Promise.all(kids.map((k) => k.updateComplete)).then(() => {
      if (seq !== this.engine.seq) return;
      this.dataset.state = state;
      this.dataset.seq = String(seq);
    });
  }

  protected override render() {
    const e = this.engine;
    const v = e.view;
    const src = this.source;
    return html`
      <bk-pt-setup .meta=${e.meta} ?canStart=${!!src} ?canHost=${this.canHost} ?playing=${e.phase === 'play'}
        @start-game=${(ev: CustomEvent<GameSetup>) => this.start(ev.detail)}
        @host-match=${(ev: CustomEvent<GameSetup>) => this.host(ev.detail)}
        @import-replay=${(ev: CustomEvent<{ text: string }>) => this.importReplay(ev.detail.text)}
        @bot-delay=${(ev: CustomEvent<{ botDelay: number }>) => e.setDelay(ev.detail.botDelay)}></bk-pt-setup>
      ${e.phase === 'problems' && e.problems.length
        ? html`<section class="problems" data-problems>
            <h2>The ruleset does not load — fix these first</h2>
            <ul>${e.problems.map((p) => html`<li>${p.file}:${p.line}:${p.col}: ${p.message}</li>`)}</ul>
          </section>`
        : nothing}
      ${e.error
        ? html`<div class="error" data-error>${e.error}
            ${e.crashed && src ? html`<button data-restart-engine @click=${() => e.restartEngine(src)}>Start the engine again</button>` : nothing}</div>`
        : nothing}
      ${this.note ? html`<div class="note ${this.note.kind}" data-note>${this.note.text}</div>` : nothing}
      ${e.phase === 'handoff'
        ? html`<div class="handoff" data-handoff>
            <h2>Pass the device to Player ${e.handoffSeat + 1}</h2>
            <p>The previous player's hand and role are hidden. Player ${e.handoffSeat + 1}, take the device and confirm.</p>
            <button data-ready @click=${() => e.ready()}>I am Player ${e.handoffSeat + 1} — show my table</button>
          </div>`
        : nothing}
      ${v && e.gameMeta && (e.phase === 'play' || e.phase === 'replay')
        ? html`${this.renderTools()}
            ${e.designer ? html`<div class="designer-banner" data-designer-banner>Designer mode — you see every hand, role and hidden zone, and may rewind. The seats and bots still see only what the rules show them.</div>` : nothing}
            <div class="body">
              <div>
                ${this.renderTurn(v)}
                <bk-pt-table .view=${v} .meta=${e.gameMeta} .info=${e.info}></bk-pt-table>
              </div>
              ${logPanel(e.gameMeta, v, logHeading(v, e.designer), e.seenLog)}
            </div>`
        : e.phase === 'idle' || (e.phase === 'problems' && !e.problems.length)
          ? html`<div class="intro">
              <h2>Playtest ${e.meta?.name ?? ''}</h2>
              <p>Choose the number of players, a seed, and who sits at each seat — a person or a bot — then start.
                The rules are the ones in the editor, including unsaved changes. With several people at the table, the screen asks
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
