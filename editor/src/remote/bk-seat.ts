// <bk-seat>: one person's seat in a match hosted by `babelkit serve` (play.html#match=…&token=…), on their own
// device. It shows only what the server sends this seat — its own view — drawn by the playtest's table and
// decision elements, and answers its decisions.

import { LitElement, html, nothing } from 'lit';
import { palette } from '../playtest/cards.js';
import { Watch } from '../shared/watch.js';
import { MatchConnection, matchFromLocation } from './match-connection.js';
import { connectionBadge, endedPanel, gamePartStyles, logHeading, logPanel, pageStyles, tableInfo } from './table-parts.js';
import '../playtest/bk-pt-prompt.js';
import '../playtest/bk-pt-table.js';

export class BkSeat extends LitElement {
  static override styles = [palette, pageStyles, gamePartStyles];

  private conn: MatchConnection | null = null;
  private readonly watcher = new Watch(this);

  override connectedCallback(): void {
    super.connectedCallback();
    const at = matchFromLocation();
    if (at && !this.conn) {
      this.conn = new MatchConnection(at.match, at.token);
      this.watcher.watch(this.conn);
      this.conn.connect();
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.conn?.close();
  }

  /** What the page shows, for `data-state`: connecting, refused, turn, sent, waiting or ended. */
  private get state(): string {
    const c = this.conn;
    if (!c) return 'refused';
    if (c.state === 'refused') return 'refused';
    if (!c.view) return 'connecting';
    if (c.view.ended) return 'ended';
    if (c.view.prompt) return c.answered ? 'sent' : 'turn';
    return 'waiting';
  }

  protected override updated(): void {
    const ol = this.renderRoot.querySelector('.log ol');
    if (ol) ol.scrollTop = ol.scrollHeight;
    const kids = [...this.renderRoot.querySelectorAll('bk-pt-prompt, bk-pt-table')] as LitElement[];
    const state = this.state;
    const seq = this.conn?.seq ?? 0;
    void Promise.all(kids.map((k) => k.updateComplete)).then(() => {
      if (seq !== (this.conn?.seq ?? 0)) return;
      this.dataset.state = state;
      this.dataset.seq = String(seq);
    });
  }

  protected override render() {
    const c = this.conn;
    if (!c) return html`<div class="notice" data-notice>This page is a seat in a match: open it with the link the host gave you (it ends in <code>#match=…&token=…</code>).</div>`;
    const v = c.view, meta = c.meta;
    const me = c.seat !== null && c.seat >= 0 ? `Player ${c.seat + 1}` : '';
    return html`
      <header><h1>${me || 'Your seat'}</h1><span class="game">${meta?.name ?? ''}</span>${connectionBadge(c.state)}</header>
      ${c.error ? html`<div class="error" data-error>${c.error}</div>` : nothing}
      ${c.state === 'refused' ? html`<div class="notice">The server did not accept this link: the match or its token is unknown. Ask the host for your link again.</div>` : nothing}
      ${v && meta
        ? html`<div class="body">
            <div>
              ${v.ended
                ? endedPanel(v, meta)
                : v.prompt
                  ? html`<div class="turn" data-turn>
                      <div class="who">${me} — your decision${c.answered ? ' (sent)' : ''}</div>
                      <bk-pt-prompt .prompt=${v.prompt} .meta=${meta} .view=${v} @choose=${(e: CustomEvent<{ positions: number[] }>) => c.act(e.detail.positions)}></bk-pt-prompt>
                    </div>`
                  : html`<div class="turn wait" data-waiting>Waiting for ${v.waiting.map((p) => v.seats[p]?.name).join(', ') || 'the table'}…</div>`}
              <bk-pt-table .view=${v} .meta=${meta} .info=${tableInfo(c.seats)}></bk-pt-table>
            </div>
            ${logPanel(meta, v, logHeading(v))}
          </div>`
        : nothing}
    `;
  }
}

if (!customElements.get('bk-seat')) customElements.define('bk-seat', BkSeat);

declare global {
  interface HTMLElementTagNameMap {
    'bk-seat': BkSeat;
  }
}
