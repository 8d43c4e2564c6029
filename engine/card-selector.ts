// Card selectors, as a print deck or `babelkit print --cards` writes them: card ids and `type:ID`
// entries, comma-separated. One reading for both, so a deck the loader accepts prints what it says.

import type { CardDef } from './model.js';
import { didYouMean } from './suggest.js';

/** A name in a selector that is neither a card type (after `type:`) nor a card. */
export interface SelectorProblem {
  kind: 'type' | 'card';
  name: string;
  /** offset of the name in the selector */
  at: number;
  /** the nearest known name of that kind, if one is close */
  suggestion?: string;
}

/** The cards a selector names (ruleset order, each once), and the names it gets wrong. */
export function readCardSelector(selector: string, typeIds: readonly string[], cards: readonly CardDef[]): { cards: CardDef[]; problems: SelectorProblem[] } {
  const types = new Set(typeIds);
  const known = new Set(cards.map((c) => c.id));
  const ids = new Set<string>();
  const problems: SelectorProblem[] = [];
  let offset = 0;
  for (const part of selector.split(',')) {
    const s = part.trim();
    const at = offset + part.indexOf(s);
    offset += part.length + 1;
    if (!s) continue;
    if (s.startsWith('type:')) {
      const t = s.slice(5);
      if (types.has(t)) for (const c of cards) { if (c.type === t) ids.add(c.id); }
      else problems.push({ kind: 'type', name: t, at: at + 5, suggestion: didYouMean(t, types) });
    } else if (known.has(s)) ids.add(s);
    else problems.push({ kind: 'card', name: s, at, suggestion: didYouMean(s, known) });
  }
  return { cards: cards.filter((c) => ids.has(c.id)), problems };
}
