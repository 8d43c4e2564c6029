// The kinds of thing a prompt offers (`choose: players | cards | cells | options`), each declared once: the type
// of one option, what choosing nothing binds, whether the options are cards a seat may not see (which the view,
// the log and the bots then treat as hidden information), how a chosen value reads, whether options read through
// `label`/`detail`. The loader checks `choose` against this table and the schema lists its names; the flow, the
// view, the bots and the editor read a kind's properties (PromptDef.kind), never its name. The editor draws a
// kind with its own renderer when it has one (editor/src/playtest/prompt-renderers.ts), else as labelled values.

import type { PromptKind } from './model.js';
import { T } from './expr/types.js';
import { Registry } from './lang/registry.js';

export const PROMPT_KINDS = new Registry<PromptKind>('prompt kind', [
  { name: 'players', doc: 'players (seats)', item: T.player, none: -1, cards: false, reads: 'player', labelled: false },
  { name: 'cards', doc: 'cards (face down to whoever cannot see them)', item: T.card, none: -1, cards: true, reads: 'card', labelled: false },
  { name: 'cells', doc: 'cells of a grid zone', item: T.cell, none: null, cards: false, reads: 'value', labelled: false },
  { name: 'options', doc: 'values listed by `from`: texts, numbers or records such as { card: it, pay: 2 }', item: T.str, itemFrom: { kinds: ['str', 'num', 'bool', 'rec'], words: 'texts, numbers or records' }, none: null, cards: false, reads: 'value', labelled: true },
]);
