// The parts every table page draws the same way: the log (from the view's structured lines: kinds, players,
// cards and symbols as data, never parsed from text) and the end of the game (who won, by team or by seats,
// and the scores by category). The playtest tab, the seat page and the host page all use these.

import { css, html, nothing, type TemplateResult } from 'lit';
import type { LogLine, PlayerView } from '../../../engine/index.js';
import type { TableMeta } from './protocol.js';
import { segs, symbolStyles } from './symbols.js';
import { cardColour } from './cards.js';

export const gamePartStyles = css`
  ${symbolStyles}
  .ended { background: #2f6e52; color: #fff; border-radius: 12px; padding: 14px 18px; margin-bottom: 16px; }
  .ended.lost { background: #6b3a3a; }
  .ended h2 { margin: 0 0 4px; font-size: 20px; }
  .ended p { margin: 0; opacity: 0.92; }
  .ended table { margin-top: 10px; border-collapse: collapse; font-size: 13px; background: rgba(255, 255, 255, 0.1); border-radius: 8px; }
  .ended th, .ended td { padding: 3px 10px; text-align: right; font-variant-numeric: tabular-nums; }
  .ended th:first-child, .ended td:first-child { text-align: left; }
  .ended thead th { font-weight: 600; font-size: 11.5px; opacity: 0.85; }
  .ended tr.win td { font-weight: 700; }
  .ended td.total { font-weight: 700; }
  .log { background: var(--pt-paper); border: 1px solid var(--pt-line); border-radius: 12px; padding: 10px 0 10px 12px; }
  .log h3 { margin: 0 0 6px; font-size: 12px; letter-spacing: 0.06em; text-transform: uppercase; color: var(--pt-muted); }
  .log ol { margin: 0; padding: 0 12px 0 0; list-style: none; max-height: 70vh; overflow-y: auto; font-size: 13px; line-height: 1.45; }
  .log li { padding: 3px 6px; border-radius: 5px; }
  .log li:nth-child(even) { background: #f7f2e8; }
  .log li.new { background: #fff1c9; }
  .log li b { font-weight: 650; }
  .log li.heading { background: none; margin: 8px 0 2px; padding: 2px 6px; border-bottom: 1px solid var(--pt-line); font-size: 11px; font-weight: 650; letter-spacing: 0.06em; text-transform: uppercase; color: var(--pt-muted); }
`;

/** A card's colour on the page (its colour field, else its type's accent). */
export const cardColourOf = cardColour;

/** One log line: a heading apart, players in bold, cards marked with their colour, symbols drawn. */
export function logLine(meta: TableMeta, v: PlayerView, l: LogLine, fresh = false): TemplateResult {
  const name = (p: number) => v.seats[p]?.name ?? `Player ${p + 1}`;
  const body = segs(meta, l.segs, name, (c) => cardColourOf(meta, c));
  if (l.kind === 'heading') return html`<li class="heading" data-heading data-kind="heading">${body}</li>`;
  return html`<li class=${fresh ? 'new' : ''} data-kind=${l.kind}>${body}</li>`;
}

/** The log panel. `heading` is its title; lines from `freshFrom` on are marked new. */
export function logPanel(meta: TableMeta, v: PlayerView, heading: string, freshFrom = -1): TemplateResult {
  return html`<aside class="log" data-log>
    <h3>${heading}</h3>
    <ol>${v.lines.map((l, i) => logLine(meta, v, l, freshFrom > 0 && i >= freshFrom))}</ol>
  </aside>`;
}

/** The log's title: as which seat it is read. */
export function logHeading(v: PlayerView, designer = false): string {
  return `Log${designer ? ' (everything: designer mode)' : v.viewer >= 0 ? ` (as ${v.seats[v.viewer]?.name} sees it)` : ' (public)'}`;
}

/**
 * The end of the game, the same on every page: who won (a team, or seats — an ending decided by scores or by
 * a list of players), whether that is the viewer, how the game ended, and each seat's score by category.
 */
export function endedPanel(v: PlayerView, meta: TableMeta): TemplateResult | typeof nothing {
  const e = v.ended;
  if (!e) return nothing;
  if (e.truncated) return html`<div class="ended lost" data-ended><h2>The game stopped</h2><p>${e.message ?? 'it never reached an ending'}</p></div>`;
  const ending = e.ending ? meta.endings[e.ending] : undefined;
  const seats = e.winner ? null : e.winners ?? [];
  const names = seats?.map((p) => v.seats[p]?.name ?? `Player ${p + 1}`);
  const winner = e.winner ? (e.winner === 'none' ? 'nobody' : e.winner === 'all' ? 'everyone' : meta.teams[e.winner]?.name ?? e.winner) : names!.length ? names!.join(' and ') : 'nobody';
  const verb = e.winner === 'none' || (seats && !seats.length) ? 'wins' : seats && seats.length > 1 ? 'win (a tie)' : e.winner === 'all' ? 'wins' : 'wins';
  const mine = v.viewer >= 0 ? (seats ? v.viewer : v.seats[v.viewer]?.team) : null;
  const inGame = mine !== null && mine !== undefined;
  const won = inGame && (seats ? seats.includes(v.viewer) : e.winner === 'all' || e.winner === mine);
  const scores = e.scores && meta.scores.length ? e.scores : null;
  return html`<div class="ended ${inGame && !won ? 'lost' : ''}" data-ended>
    <h2>${inGame ? (won ? 'You win' : 'You lose') : 'Game over'} — ${winner} ${verb}</h2>
    <p>${ending?.description ?? (e.ending ? `The game ended: ${e.ending.replace(/[-_]+/g, ' ')}.` : '')}</p>
    ${scores
      ? html`<table data-scores>
          <thead><tr><th></th>${meta.scores.map((c) => html`<th>${c.name}</th>`)}<th>Total</th></tr></thead>
          <tbody>${scores.map((row, p) => html`<tr class=${seats?.includes(p) ? 'win' : ''} data-score-seat=${p}>
            <td>${v.seats[p]?.name ?? `Player ${p + 1}`}${p === v.viewer ? ' (you)' : ''}</td>
            ${row.map((n) => html`<td>${n}</td>`)}<td class="total">${row.reduce((a, b) => a + b, 0)}</td></tr>`)}</tbody>
        </table>`
      : nothing}
  </div>`;
}
