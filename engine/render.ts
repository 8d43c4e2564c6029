// Text for people: names of players and cards in log lines and prompt texts.

import type { Ctx, Game, LogEntry } from './model.js';
import { countsRuns, runsText } from './present.js';

export function playerName(p: number): string {
  return p < 0 ? 'nobody' : `Player ${p + 1}`;
}

/** Plain text of a log entry, everything shown (used for prompt texts, which only their player sees). */
export function renderPlain(e: LogEntry, c: Ctx): string {
  const parts = e.parts ?? [];
  let out = parts[0] ?? '';
  (e.holes ?? []).forEach((h, i) => {
    out += showHole(h, c.g) + (parts[i + 1] ?? '');
  });
  return out;
}

export function showHole(h: NonNullable<LogEntry['holes']>[number], g: Game, hide?: (card: number) => boolean): string {
  const card = (e: number) => (e < 0 ? 'nothing' : hide?.(e) ? 'a card' : g.cards[g.entityDef[e]!]!.name);
  switch (h.t) {
    // a hole's kind says what its value is: a seat, a card's number, a list of them, counts
    case 'player': return playerName(h.v as number);
    case 'card': return card(h.v as number);
    case 'cards': return listCards((h.v as number[]).map(card));
    case 'players': return (h.v as number[]).map(playerName).join(', ');
    // no counts at all read as nothing: a template puts words around counts only where it has some
    case 'counts': return runsText(g, countsRuns(g, h.of!, h.v as number[]));
    default: return h.pieces ? h.pieces.map((x) => (typeof x === 'string' ? x : 'p' in x ? playerName(x.p) : card(x.e))).join('') : showValue(h.v);
  }
}

/** A plain value written out for a person: lists with commas, a record as "name: value, …". */
export function showValue(v: unknown): string {
  if (Array.isArray(v)) return v.map(showValue).join(', ');
  if (v !== null && typeof v === 'object') return Object.keys(v).map((k) => `${k}: ${showValue((v as Record<string, unknown>)[k])}`).join(', ');
  return String(v);
}

/** Card names as a person lists them: the same name counted ("2 × Stone"), cards one may not know counted
 *  together ("3 cards"), "nothing" for none. */
export function listCards(names: readonly string[]): string {
  if (names.length === 0) return 'nothing';
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts].map(([n, k]) => (k === 1 ? n : n === 'a card' ? `${k} cards` : `${k} × ${n}`)).join(', ');
}
