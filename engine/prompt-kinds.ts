// The kinds of thing a prompt offers (`choose: players | cards | cells | options`), each declared once: the type
// of one option, what choosing nothing binds, whether the options are cards a seat may not see (which the view,
// the log and the bots then treat as hidden information), how a chosen value reads, whether options read through
// `label`/`detail`. The loader checks `choose` against this table and the schema lists its names; the flow, the
// view, the bots and the editor read a kind's properties (PromptDef.kind), never its name. The editor draws a
// kind with its own renderer when it has one (editor/src/playtest/prompt-renderers.ts), else as labelled values.

import { T, type Ty } from './expr/types.js';
import { Registry } from './lang/registry.js';
import { NO_PLAYER } from './seats.js';

/** A kind of thing a prompt offers (`choose`): one entry of the table below (PromptDef.kind). */
export interface PromptKind {
  /** the word in a ruleset (`choose: cards`) */
  name: string;
  /** a line for the schema and the docs */
  doc: string;
  /** the type of one option */
  item: Ty;
  /** the item's type is taken from `from`'s list when it is one of these kinds of type (options: texts, numbers,
   *  booleans or records), named in an error by `words`; `item` otherwise */
  itemFrom?: { kinds: readonly Ty['k'][]; words: string };
  /** what a single choice of nothing binds (a skipped or `optional` decision, a declined offer): -1 for a kind
   *  whose items are numbered (nobody, no card), which is then also dropped from the options; else null */
  none: -1 | null;
  /** the options are cards: a seat may not see each. The view offers an unseen one face down (answered by
   *  position), the log records who may know each chosen card, bots judge one by what their seat sees of it
   *  (where it lies), and a belief maps it between worlds by its place */
  cards: boolean;
  /** how a chosen value reads in the log by default: a seat's name, a card (by what the viewer may know), or
   *  the value as text */
  reads: 'player' | 'card' | 'value';
  /** the options read to a person through the prompt's `label` and `detail` (texts and pieces in the view) */
  labelled: boolean;
}

export const PROMPT_KINDS = new Registry<PromptKind>('prompt kind', [
  { name: 'players', doc: 'players (seats)', item: T.player, none: NO_PLAYER, cards: false, reads: 'player', labelled: false },
  { name: 'cards', doc: 'cards (face down to whoever cannot see them)', item: T.card, none: -1, cards: true, reads: 'card', labelled: false },
  { name: 'cells', doc: 'cells of a grid zone', item: T.cell, none: null, cards: false, reads: 'value', labelled: false },
  { name: 'options', doc: 'values listed by `from`: texts, numbers or records such as { card: it, pay: 2 }', item: T.str, itemFrom: { kinds: ['str', 'num', 'bool', 'rec'], words: 'texts, numbers or records' }, none: null, cards: false, reads: 'value', labelled: true },
]);
