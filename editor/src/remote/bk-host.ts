// <bk-host>: the host's page of `babelkit serve` (host.html). Without a match it sets one up — a shipped
// ruleset, players, a person or a bot at each seat, and (for scripts and tests only) a fixed seed: left empty,
// the server draws a secret one, never shown here (this page is the table's public screen). With one (host.html#match=…&token=…) it shows
// a join link and QR code per person's seat, who is connected, the public table (what every player sees,
// nobody's hidden cards) and, once the game has ended, its replay.

import { LitElement, css, html, nothing } from 'lit';
import { PERSON, botOfSeat, type SeatKind } from '../../../engine/index.js';
import type { CreatedMatch } from '../../../server/protocol.js';
import { palette } from '../playtest/cards.js';
import { Watch } from '../shared/watch.js';
import { tableBotsOf, type BotChoice } from '../shared/bot-choices.js';
import { createMatch, CreateMatchError, rememberedLinks, serverInfo, type ServerInfo } from './host-api.js';
import { MatchConnection, matchFromLocation, serverUrl } from './match-connection.js';
import { connectionBadge, endedPanel, gamePartStyles, logHeading, logPanel, pageStyles, tableInfo } from './table-parts.js';
import './bk-qr.js';
import '../playtest/bk-pt-table.js';

/** A shipped ruleset as a person reads it: its game's name (the path when the server does not give one). */
function nameOf(info: ServerInfo | null, path: string): string {
  const n = info?.names && Object.hasOwn(info.names, path) ? info.names[path] : undefined;
  return n ?? path;
}

export class BkHost extends LitElement {
  static override properties = {
    info: { state: true },
    players: { state: true },
    seed: { state: true },
    ruleset: { state: true },
    seatKinds: { state: true },
    problems: { state: true },
    busy: { state: true },
  };

  declare info: ServerInfo | null;
  declare players: number;
  declare seed: string;
  declare ruleset: string;
  declare seatKinds: SeatKind[];
  declare problems: { message: string; list: string[] } | null;
  declare busy: boolean;

  private conn: MatchConnection | null = null;
  private links: CreatedMatch | null = null;
  private readonly watcher = new Watch(this);
  private readonly onHash = () => this.open();

  constructor() {
    super();
    this.info = null;
    this.players = 5;
    this.seed = '';
    this.ruleset = 'rulesets/babel-builders.yaml';
    this.seatKinds = [PERSON, PERSON, 'greedy', 'greedy', 'greedy'];
    this.problems = null;
    this.busy = false;
  }

  static override styles = [
    palette,
    pageStyles,
    gamePartStyles,
    css`
      form { margin: 20px 16px; padding: 16px 18px; background: var(--pt-paper); border: 1px solid var(--pt-line); border-radius: 12px; max-width: 760px; display: flex; flex-direction: column; gap: 12px; }
      form h2 { margin: 0; font-size: 18px; }
      form .row { display: flex; flex-wrap: wrap; gap: 10px 14px; align-items: flex-end; }
      label { display: flex; flex-direction: column; gap: 3px; font-size: 11px; letter-spacing: 0.04em; text-transform: uppercase; color: var(--pt-muted); }
      input, select { font: inherit; font-size: 14px; padding: 5px 7px; border-radius: 6px; border: 1px solid var(--pt-line); background: #fff; text-transform: none; letter-spacing: 0; }
      input[type='number'] { width: 64px; }
      button { font: inherit; font-size: 15px; padding: 8px 18px; border-radius: 8px; cursor: pointer; border: 1px solid var(--pt-focus); background: var(--pt-focus); color: #fff; font-weight: 600; align-self: flex-start; }
      button:disabled { opacity: 0.5; cursor: default; }
      .problems { color: #7a231e; font-size: 13px; }
      .problems li { font-family: ui-monospace, Menlo, monospace; }
      .links { display: grid; grid-template-columns: repeat(auto-fill, minmax(230px, 1fr)); gap: 12px; padding: 14px 16px 0; }
      .link { background: var(--pt-paper); border: 1px solid var(--pt-line); border-radius: 12px; padding: 10px 12px; display: flex; flex-direction: column; gap: 6px; font-size: 13px; }
      .link .top { display: flex; justify-content: space-between; align-items: baseline; }
      .link .who { font-weight: 700; font-size: 15px; }
      .dot { font-size: 12px; color: var(--pt-muted); }
      .dot.on { color: var(--pt-focus); font-weight: 600; }
      .link a { word-break: break-all; color: var(--pt-accent); font-size: 12px; }
      .replay { margin: 0 0 14px; padding: 10px 14px; border-radius: 10px; background: var(--pt-paper); border: 1px solid var(--pt-line); font-size: 13.5px; }
      code { background: rgba(0, 0, 0, 0.06); padding: 1px 5px; border-radius: 4px; }
      .fixed-seed summary { cursor: pointer; font-size: 13px; color: var(--pt-muted); }
      .fixed-seed label { margin-top: 8px; max-width: 240px; }
      .fixed-seed p { max-width: 620px; line-height: 1.45; }
    `,
  ];

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('hashchange', this.onHash);
    this.open();
    void serverInfo().then((i) => {
      this.info = i;
      if (i && !i.rulesets.includes(this.ruleset)) this.ruleset = i.rulesets[0] ?? '';
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('hashchange', this.onHash);
    this.conn?.close();
  }

  /** Follows the page's address: a match to watch, or the form. */
  private open(): void {
    const at = matchFromLocation();
    if (this.conn && (!at || at.match !== this.conn.match || at.token !== this.conn.token)) {
      this.conn.close();
      this.conn = null;
    }
    if (at && !this.conn) {
      this.conn = new MatchConnection(at.match, at.token);
      this.links = rememberedLinks(at.match);
      this.watcher.watch(this.conn);
      this.conn.connect();
    }
    this.requestUpdate();
  }

  private setPlayers(n: number): void {
    if (!Number.isInteger(n) || n < 1 || n > 20) return;
    this.players = n;
    this.seatKinds = Array.from({ length: n }, (_, i) => this.seatKinds[i] ?? 'greedy');
  }

  private async create(e: Event): Promise<void> {
    e.preventDefault();
    this.busy = true;
    this.problems = null;
    const t = this.seed.trim();
    try {
      const m = await createMatch({
        ruleset: this.ruleset,
        players: this.players,
        ...(t ? { seed: /^\d+$/.test(t) ? Number(t) : t } : {}),
        bots: this.seatKinds.map((k) => botOfSeat(k) ?? false),
      });
      location.hash = `match=${m.id}&token=${m.host.token}`;
    } catch (err) {
      this.problems = { message: (err as Error).message, list: err instanceof CreateMatchError ? err.problems : [] };
    } finally {
      this.busy = false;
    }
  }

  /** The bots a seat may take: the server's, as `/api/info` lists them (a server without the list: its names). */
  private bots(): BotChoice[] {
    const i = this.info;
    if (!i) return [];
    return tableBotsOf(i.botList ?? i.bots.filter((b) => b === 'greedy' || b === 'random').map((name) => ({ name, description: '', atTable: true })));
  }

  private renderForm() {
    const i = this.info;
    return html`<header><h1>Host a match</h1><span class="game">babelkit serve</span></header>
      <form data-create @submit=${(e: Event) => this.create(e)}>
        <h2>A match for several devices</h2>
        <div class="row">
          <label>Ruleset
            <select data-ruleset title=${this.ruleset} @change=${(e: Event) => (this.ruleset = (e.target as HTMLSelectElement).value)}>
              ${(i?.rulesets ?? [this.ruleset]).map((r) => html`<option value=${r} title=${r} ?selected=${r === this.ruleset}>${nameOf(i, r)}</option>`)}
            </select></label>
          <label>Players <input type="number" min="1" max="20" data-players .value=${String(this.players)} @change=${(e: Event) => this.setPlayers(Number((e.target as HTMLInputElement).value))} /></label>
        </div>
        <details class="fixed-seed" ?open=${!!this.seed.trim()}>
          <summary>A fixed seed (for tests and scripts)</summary>
          <label>Seed <input type="text" data-seed placeholder="empty: a secret one" .value=${this.seed} @input=${(e: Event) => (this.seed = (e.target as HTMLInputElement).value)} /></label>
          <p class="dot" data-seed-note>Left empty, the server draws a secret seed that no one sees until the game ends (it is in the replay).
            A seed given here decides every deal and every bot's draw: anyone who knows it can work out every hidden card and role.
            Give one only to play a game again for a test, never for a real game.</p>
        </details>
        <div class="row">
          ${this.seatKinds.map((k, s) => html`<label>Seat ${s + 1}
            <select data-seat=${s} @change=${(e: Event) => { const a = this.seatKinds.slice(); a[s] = (e.target as HTMLSelectElement).value as SeatKind; this.seatKinds = a; }}>
              <option value=${PERSON} ?selected=${k === PERSON}>a person</option>
              ${this.bots().map((b) => html`<option value=${b.name} title=${b.description} ?selected=${b.name === k}>${b.name} bot</option>`)}
            </select></label>`)}
        </div>
        <button type="submit" data-create-match ?disabled=${this.busy || !i}>Create the match</button>
        ${!i ? html`<div class="problems">This page is not served by <code>babelkit serve</code>, or the server does not answer.</div>` : nothing}
        ${this.problems
          ? html`<div class="problems" data-problems>${this.problems.message}${this.problems.list.length ? html`<ul>${this.problems.list.map((p) => html`<li>${p}</li>`)}</ul>` : nothing}</div>`
          : nothing}
        <p class="dot">To host a ruleset you are editing, use <b>Host on this server</b> in the editor's Playtest tab.</p>
      </form>`;
  }

  private renderLinks() {
    const c = this.conn!;
    const st = c.status;
    if (!st) return nothing;
    const links = this.links && this.links.id === c.match ? this.links : null;
    return html`<section class="links" data-links>
      ${st.seats.map((s) => {
        const l = links?.seats[s.seat];
        return html`<div class="link" data-seat-link=${s.seat}>
          <div class="top"><span class="who">Player ${s.seat + 1}</span>
            ${s.kind === PERSON ? html`<span class="dot ${s.online ? 'on' : ''}" data-online=${String(s.online)}>${s.online ? '● connected' : '○ not connected'}</span>` : html`<span class="dot">${s.kind} bot</span>`}</div>
          ${s.kind === PERSON
            ? l?.url
              ? html`<bk-qr .text=${l.url}></bk-qr><a href=${l.url} target="_blank" rel="noreferrer" data-join-url=${l.url}>${l.url}</a>`
              : html`<span class="dot">The join link was shown on the device that created the match.</span>`
            : nothing}
        </div>`;
      })}
    </section>`;
  }

  protected override render() {
    const c = this.conn;
    if (!c) return this.renderForm();
    const v = c.view, meta = c.meta;
    return html`
      <header><h1>Host</h1><span class="game">${meta?.name ?? ''} · match ${c.match}</span>${connectionBadge(c.state)}</header>
      ${c.status && !c.status.secretSeed ? html`<div class="notice" data-seed-known>This match's seed was given when it was created: whoever knows it can work out every hidden card and role.</div>` : nothing}
      ${c.state === 'refused' ? html`<div class="notice">The server does not know this match or this host link.</div>` : nothing}
      ${c.error ? html`<div class="error">${c.error}</div>` : nothing}
      ${this.renderLinks()}
      ${v && meta
        ? html`<div class="body">
            <div>
              ${v.ended
                ? html`${endedPanel(v, meta)}
                    <div class="replay" data-replay>The game is over: <a href=${serverUrl(`api/matches/${c.match}/replay`)} download data-replay-link>download its replay</a>
                      and check it with <code>npx babelkit replay FILE.json</code>.</div>`
                : html`<div class="turn wait" data-waiting>Waiting for ${v.waiting.map((p) => v.seats[p]?.name).join(', ') || 'the table'}…</div>`}
              <bk-pt-table .view=${v} .meta=${meta} .info=${tableInfo(c.seats)}></bk-pt-table>
            </div>
            ${logPanel(meta, v, logHeading(v))}
          </div>`
        : nothing}
    `;
  }

  protected override updated(): void {
    const ol = this.renderRoot.querySelector('.log ol');
    if (ol) ol.scrollTop = ol.scrollHeight;
    const c = this.conn;
    this.dataset.state = !c ? 'form' : !c.view ? 'connecting' : c.view.ended ? 'ended' : 'playing';
  }
}

if (!customElements.get('bk-host')) customElements.define('bk-host', BkHost);

declare global {
  interface HTMLElementTagNameMap {
    'bk-host': BkHost;
  }
}
