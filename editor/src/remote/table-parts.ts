// Parts the seat page and the host page draw the same way: the log, the end of the game, the connection.

import { css, html, nothing, type TemplateResult } from 'lit';
import type { PlayerView } from '../../../engine/index.js';
import type { SessionInfo, TableMeta } from '../playtest/protocol.js';
import type { SeatKind } from '../../../server/protocol.js';
import type { ConnectionState } from './match-connection.js';

export const pageStyles = css`
  :host { display: block; min-height: 100vh; background: var(--pt-table); }
  header { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 14px; padding: 10px 16px; background: #2f2a26; color: #f3ece0; }
  header h1 { font-size: 17px; margin: 0; font-weight: 700; }
  header .game { color: #c9bda9; font-size: 14px; }
  header .conn { margin-left: auto; font-size: 12px; padding: 2px 10px; border-radius: 999px; background: #463f39; }
  header .conn.open { background: #2f6e52; }
  header .conn.refused { background: #9b2f2a; }
  .body { display: grid; grid-template-columns: minmax(0, 1fr) 320px; gap: 16px; padding: 14px 16px 24px; align-items: start; }
  @media (max-width: 820px) { .body { grid-template-columns: minmax(0, 1fr); padding: 10px; } }
  .turn { background: var(--pt-paper); border-radius: 12px; padding: 12px 14px; margin-bottom: 14px; border: 1px solid var(--pt-line); border-left: 6px solid var(--pt-gold); }
  .turn.wait { border-left-color: #a89c8b; color: var(--pt-muted); }
  .turn .who { font-size: 12px; letter-spacing: 0.05em; text-transform: uppercase; color: var(--pt-muted); margin-bottom: 6px; }
  .ended { background: #2f6e52; color: #fff; border-radius: 12px; padding: 14px 16px; margin-bottom: 14px; }
  .ended.lost { background: #6b3a3a; }
  .ended h2 { margin: 0 0 4px; font-size: 19px; }
  .ended p { margin: 0; opacity: 0.92; }
  .log { background: var(--pt-paper); border: 1px solid var(--pt-line); border-radius: 12px; padding: 10px 0 10px 12px; }
  .log h3 { margin: 0 0 6px; font-size: 12px; letter-spacing: 0.06em; text-transform: uppercase; color: var(--pt-muted); }
  .log ol { margin: 0; padding: 0 12px 0 0; list-style: none; max-height: 60vh; overflow-y: auto; font-size: 13px; line-height: 1.45; }
  .log li { padding: 3px 6px; border-radius: 5px; }
  .log li:nth-child(even) { background: #f7f2e8; }
  .error { margin: 10px 16px 0; padding: 10px 14px; border-radius: 10px; background: #fbe3e0; color: #7a231e; }
  .notice { margin: 30px 16px; padding: 16px 18px; border-radius: 12px; background: var(--pt-paper); border: 1px solid var(--pt-line); max-width: 640px; line-height: 1.5; }
`;

const CONNECTION: Record<ConnectionState, string> = {
  connecting: 'connecting…',
  open: 'live',
  reconnecting: 'connection lost — reconnecting…',
  refused: 'refused',
};

export function connectionBadge(state: ConnectionState): TemplateResult {
  return html`<span class="conn ${state}" data-connection=${state}>${CONNECTION[state]}</span>`;
}

/** A log line with the players' names set in bold. */
function logLine(line: string) {
  const parts = line.split(/(Player \d+)/);
  return parts.map((p, i) => (i % 2 ? html`<b>${p}</b>` : p));
}

export function logPanel(v: PlayerView): TemplateResult {
  return html`<aside class="log" data-log>
    <h3>Log${v.viewer >= 0 ? ` (as ${v.seats[v.viewer]?.name} sees it)` : ' (public)'}</h3>
    <ol>${v.log.map((l) => html`<li>${logLine(l)}</li>`)}</ol>
  </aside>`;
}

export function endedPanel(v: PlayerView, meta: TableMeta): TemplateResult | typeof nothing {
  const e = v.ended;
  if (!e) return nothing;
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

/** What the table element needs to know of the seats (people and bots); nothing else of the session. */
export function tableInfo(seats: SeatKind[]): SessionInfo {
  return { seats: seats.map((k) => (k === 'person' ? 'human' : k)), seed: '', actions: 0, canUndo: false, thinking: null };
}
