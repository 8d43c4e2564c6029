// <bk-pt-setup>: the playtest's setup bar — the number of players (the ruleset's range), a seed, a person or
// a bot at each seat, the bot pace and the ruleset's options; Start and Import replay, and — when the editor
// is served by `babelkit serve` — Host on this server. It keeps these choices and sends `start-game` and
// `host-match` (GameSetup), `import-replay` { text } and `bot-delay` { botDelay }.
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { PERSON } from '../../../engine/index.js';
import type { SeatKind, TableMeta } from './protocol.js';
import { zoneLabel } from './cards.js';
import { tableBots } from '../shared/bot-choices.js';
import { compiledRules, setCompiledRules } from '../shared/compile-setting.js';

/** A game as set up in the bar. */
export interface GameSetup {
  players: number;
  seed: number | string;
  seats: SeatKind[];
  options: Record<string, number | boolean | string>;
  botDelay: number;
}

const DELAYS = [0, 150, 400, 900];

export class BkPtSetup extends LitElement {
  static override properties = {
    meta: { attribute: false },
    canStart: { type: Boolean },
    canHost: { type: Boolean },
    playing: { type: Boolean },
    players: { state: true },
    seed: { state: true },
    seats: { state: true },
    optionValues: { state: true },
    botDelay: { state: true },
  };

  /** the ruleset as read (its player range and options); null until it loads */
  declare meta: TableMeta | null;
  declare canStart: boolean;
  /** the page is served by `babelkit serve`: a match can be hosted there, one device per seat */
  declare canHost: boolean;
  /** a game is on: Start reads "New game" */
  declare playing: boolean;
  declare players: number;
  declare seed: string;
  declare seats: SeatKind[];
  declare optionValues: Record<string, number | boolean | string>;
  declare botDelay: number;

  constructor() {
    super();
    this.meta = null;
    this.canStart = false;
    this.canHost = false;
    this.playing = false;
    this.players = 0;
    this.seed = '1';
    this.seats = [];
    this.optionValues = {};
    this.botDelay = 0;
  }

  static override styles = css`
    :host { display: block; }
    .bar { padding: 10px 18px 12px; background: #2f2a26; color: #f3ece0; display: flex; flex-direction: column; gap: 8px; }
    .bar .row { display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: flex-end; }
    .bar label { display: flex; flex-direction: column; gap: 3px; font-size: 11px; letter-spacing: 0.04em; text-transform: uppercase; color: #c9bda9; }
    .bar input, .bar select {
      font: inherit; font-size: 14px; text-transform: none; letter-spacing: 0;
      background: #463f39; color: #fff; border: 1px solid #5d554d; border-radius: 6px; padding: 5px 7px;
    }
    .bar select.person { background: #6b5420; border-color: var(--pt-gold); }
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
    .bar button {
      font: inherit; font-size: 14px; padding: 7px 14px; border-radius: 7px; cursor: pointer;
      border: 1px solid #6d645a; background: #463f39; color: #f3ece0;
    }
    .bar button.primary { background: var(--pt-gold); border-color: var(--pt-gold); color: #2b2622; font-weight: 700; }
    button:disabled { opacity: 0.45; cursor: default; }
  `;

  protected override willUpdate(changed: PropertyValues<this>): void {
    const m = this.meta;
    if (!changed.has('meta') || !m) return;
    // another ruleset or another player range: the seats start again from its smallest count
    const old = changed.get('meta');
    const other = !old || old.game !== m.game || old.minPlayers !== m.minPlayers || old.maxPlayers !== m.maxPlayers;
    if (other || this.players < m.minPlayers || this.players > m.maxPlayers) this.setPlayers(m.minPlayers);
  }

  /** The game as set up now. */
  setup(): GameSetup {
    const t = this.seed.trim() || '1';
    return { players: this.players, seed: /^\d+$/.test(t) ? Number(t) : t, seats: this.seats.slice(), options: { ...this.optionValues }, botDelay: this.botDelay };
  }

  private setPlayers(n: number): void {
    this.players = n;
    this.seats = Array.from({ length: n }, (_, i) => this.seats[i] ?? (i === 0 ? PERSON : 'greedy'));
  }

  private setSeat(i: number, k: SeatKind): void {
    const s = this.seats.slice();
    s[i] = k;
    this.seats = s;
  }

  private setOption(id: string, v: number | boolean | string, def: number | boolean | string): void {
    const o = { ...this.optionValues };
    if (v === def || (typeof v === 'number' && Number.isNaN(v))) delete o[id];
    else o[id] = v;
    this.optionValues = o;
  }

  private setDelay(ms: number): void {
    this.botDelay = ms;
    this.dispatchEvent(new CustomEvent('bot-delay', { detail: { botDelay: ms } }));
  }

  private async importFile(e: Event): Promise<void> {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const text = await file.text();
    this.dispatchEvent(new CustomEvent('import-replay', { detail: { text } }));
  }

  protected override render() {
    const meta = this.meta;
    const range = meta ? Array.from({ length: meta.maxPlayers - meta.minPlayers + 1 }, (_, i) => meta.minPlayers + i) : [];
    const options = meta?.options ?? [];
    const kinds: [SeatKind, string, string][] = [[PERSON, 'Person', 'a person at this screen'], ...tableBots().map((b): [SeatKind, string, string] => [b.name, b.label, b.description])];
    return html`<div class="bar">
      <div class="row">
        <label>Players
          <select data-players @change=${(e: Event) => this.setPlayers(Number((e.target as HTMLSelectElement).value))}>
            ${range.map((n) => html`<option value=${n} ?selected=${n === this.players}>${n}</option>`)}
          </select>
        </label>
        <label>Seed <input type="text" data-seed .value=${this.seed} @input=${(e: Event) => (this.seed = (e.target as HTMLInputElement).value)} /></label>
        ${this.seats.map((k, i) => html`<label>Seat ${i + 1}
          <select data-seat=${i} class=${k === PERSON ? 'person' : ''} @change=${(e: Event) => this.setSeat(i, (e.target as HTMLSelectElement).value as SeatKind)}>
            ${kinds.map(([o, label, title]) => html`<option value=${o} title=${title} ?selected=${o === k}>${label}</option>`)}
          </select></label>`)}
        <label>Bot pace
          <select data-delay @change=${(e: Event) => this.setDelay(Number((e.target as HTMLSelectElement).value))}>
            ${DELAYS.map((d) => html`<option value=${d} ?selected=${d === this.botDelay}>${d === 0 ? 'instant' : `${d} ms`}</option>`)}
          </select>
        </label>
        <label title="Run the rules as code made from them (faster); off, the engine interprets them as written (the reference). Applies from the next game.">
          <input type="checkbox" data-compiled-rules .checked=${compiledRules()} @change=${(e: Event) => setCompiledRules((e.target as HTMLInputElement).checked)} /> Compiled rules
        </label>
        <span class="spacer"></span>
        <button class="primary" data-start ?disabled=${!meta || !this.canStart}
          @click=${() => this.dispatchEvent(new CustomEvent<GameSetup>('start-game', { detail: this.setup() }))}>${this.playing ? 'New game' : 'Start game'}</button>
        ${this.canHost
          ? html`<button data-host-match ?disabled=${!meta || !this.canStart} title="Every seat on its own device: the server gives one join link per person's seat"
              @click=${() => this.dispatchEvent(new CustomEvent<GameSetup>('host-match', { detail: this.setup() }))}>Host on this server</button>`
          : nothing}
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
                : o.choices?.length
                ? html`<select data-option-id=${o.id} @change=${(e: Event) => { const v = (e.target as HTMLSelectElement).value; this.setOption(o.id, o.type === 'number' ? Number(v) : v, o.default); }}>
                    ${o.choices.map((c) => html`<option value=${String(c)} ?selected=${String(this.optionValues[o.id] ?? o.default) === String(c)}>${c}</option>`)}
                  </select>`
                : html`<input data-option-id=${o.id} type=${o.type === 'number' ? 'number' : 'text'} .value=${String(this.optionValues[o.id] ?? o.default)}
                    @change=${(e: Event) => { const v = (e.target as HTMLInputElement).value; this.setOption(o.id, o.type === 'number' ? Number(v) : v, o.default); }} />`}
            </label>`)}
          </div>`
        : nothing}
    </div>`;
  }
}

if (!customElements.get('bk-pt-setup')) customElements.define('bk-pt-setup', BkPtSetup);

declare global {
  interface HTMLElementTagNameMap {
    'bk-pt-setup': BkPtSetup;
  }
}
