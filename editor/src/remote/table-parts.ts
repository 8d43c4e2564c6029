// Parts the seat page and the host page draw the same way: the connection, the page's frame. The log and the
// end of the game are the playtest's own (playtest/game-parts.ts): one renderer for every page.

import { css, html, type TemplateResult } from 'lit';
import type { SeatKind, SessionInfo } from '../playtest/protocol.js';
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

export { endedPanel, logPanel, logHeading, gamePartStyles } from '../playtest/game-parts.js';

/** What the table element needs to know of the seats (people and bots); nothing else of the session. */
export function tableInfo(seats: SeatKind[]): SessionInfo {
  return { seats: seats.slice(), seed: '', actions: 0, canUndo: false, thinking: null };
}
