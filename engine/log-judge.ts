// The log is judged at the end of each step: whether a card named in a line reads by its name or as "a card" to
// a seat is what that seat may know once the step's moves are done, not only when the line was written. A line
// written before the card is turned up (a "plays …" line, then the reveal) names it to everyone; a move into a
// hidden place followed by a move to the table names it on both lines. Only ever more seats: what a seat saw
// when the line was written stays known. A move into an anonymous zone keeps its origin secret: its line is not
// upgraded, as no move line ever tells who put which card there.

import type { Game, LogEntry, State } from './model.js';
import { instances } from './instances.js';
import { seenMask } from './visibility.js';

/** Judges the entries written since `from` (the step's first entry): each card's seats, plus those who may
 *  know it now. */
export function judgeLog(s: State, g: Game, from: number): void {
  const log = s.log;
  if (!log) return;
  for (let i = from; i < log.length; i++) judgeEntry(s, g, log[i]!);
}

function judgeEntry(s: State, g: Game, e: LogEntry): void {
  switch (e.kind) {
    case 'move':
      if (e.seen && e.cards && e.dest !== undefined && instances(g).anon[e.dest] !== 1) widen(s, g, e.seen, e.cards);
      break;
    case 'choice':
      if (e.seen) widen(s, g, e.seen, e.holes?.[0]?.v as number[]);
      if (e.say) judgeEntry(s, g, e.say);
      if (e.labels) for (const l of e.labels) judgeEntry(s, g, l);
      break;
    case 'text':
      for (const h of e.holes ?? []) {
        if (!h.seen) continue;
        const cards = h.t === 'card' ? [h.v as number] : h.t === 'cards' ? (h.v as number[]) : (h.pieces ?? []).flatMap((x) => (typeof x === 'object' && 'e' in x ? [x.e] : []));
        widen(s, g, h.seen, cards);
      }
      break;
  }
}

/** seen[k] (the seats that may know cards[k]) widened by those who see it now. */
function widen(s: State, g: Game, seen: number[], cards: readonly number[]): void {
  for (let k = 0; k < seen.length; k++) {
    const m = seen[k]!, e = cards[k]!;
    if (m === -1 || typeof e !== 'number' || e < 0) continue;
    seen[k] = m | seenMask(s, g, e);
  }
}
