// Prompts: a decision asked of one player. One registry of the keys a prompt takes (PROMPT_KEYS), each with
// its type, its meaning and its compile function; compilePrompt reads them and assembles the PromptDef.

import type { Ctx, Fn, PromptDef } from '../../model.js';
import type { Scope } from '../../expr/env.js';
import { T, showType, type Ty, type Value } from '../../expr/types.js';
import type { Path } from '../../effects/index.js';
import { Registry, type Entry, type ParamType } from '../../lang/registry.js';
import { renderPlain } from '../../render.js';
import { PROMPT_KINDS } from '../../prompt-kinds.js';
import { hintOf, isObj } from './context.js';
import type { CompileHost } from './host.js';

/** What a prompt key's compile function sees. */
export interface PromptKeyInput {
  value: unknown;
  path: Path;
  /** the scope of the step, without randomness */
  scope: Scope;
  /** the type of one option (from `choose`), when it is known */
  itemT: Ty;
  h: CompileHost;
  /** the prompt's `as` name (its `log` marks the holes that read the choice) */
  choice?: string;
}

export interface PromptKeyDef extends Entry {
  type: ParamType;
  examples?: unknown[];
  default?: unknown;
  /** compile the key's value (null: an error was reported); keys read as plain data compile to themselves */
  compile(x: PromptKeyInput): unknown;
}

const num = (x: PromptKeyInput) => x.h.expr(x.value, x.path, x.scope, T.num);
const plain = (x: PromptKeyInput) => x.value;

export const PROMPT_KEYS = new Registry<PromptKeyDef>('prompt key', [
  { name: 'player', type: { k: 'expr', shows: 'a player' }, doc: 'A player expression: who decides.', examples: ['leader', '$a'],
    compile: (x) => x.h.expr(x.value, x.path, x.scope, T.player) },
  { name: 'choose', type: { k: 'enum', values: PROMPT_KINDS.names() }, doc: 'What is chosen: players, cards, cells, or options (values listed by `from`: texts, numbers or records such as { card: it, pay: 2 }).', compile: plain },
  { name: 'from', type: { k: 'expr', shows: 'a list of the chosen kind' }, doc: 'A list expression of the chosen kind: the choices offered.', examples: ['others(leader)', "filter(hand[$a], it.type != 'penalty')", '$card.cells'],
    compile: (x) => x.h.expr(x.value, x.path, x.scope, T.list(x.itemT)) },
  { name: 'label', type: { k: 'text' }, doc: 'How one option (`it`) reads to a person, e.g. "Build {it.card} paying {it.pay[0]} left, {it.pay[1]} right" (default: the option itself).', examples: ['{it.card}: {it.act}'],
    compile: (x) => x.h.text(x.value, x.path, { ...x.scope, it: x.itemT }) },
  { name: 'detail', type: { k: 'text' }, doc: 'A second line under each option (`it`) for a person: what it costs, what it would pay, e.g. "{costOf(it)} · {payWords($p, it)}" (counts read as their symbols). Options that are records with a card are drawn on their card.', examples: ['{it.card.cost}'],
    compile: (x) => x.h.text(x.value, x.path, { ...x.scope, it: x.itemT }) },
  { name: 'unavailable', type: { k: 'expr', shows: 'a list of the options\' kind' }, doc: 'Options a person cannot take now, shown beside the others (greyed, with `why`), never chosen: a list of the same kind as `from`, e.g. the builds a player cannot pay for.', examples: ['blockedPlays($p)'],
    compile: (x) => x.h.expr(x.value, x.path, x.scope, T.list(x.itemT)) },
  { name: 'why', type: { k: 'text' }, doc: 'Why an option of `unavailable` (`it`) cannot be taken, e.g. "Not enough coins".', examples: ['{blockedWhy($p, it)}'],
    compile: (x) => x.h.text(x.value, x.path, { ...x.scope, it: x.itemT }) },
  { name: 'count', type: { k: 'expr', shows: 'a number' }, doc: 'A number expression: exactly this many must be chosen (default 1). Not together with min/max.', examples: [1, 'byPlayers[playerCount].picks'], compile: num },
  { name: 'min', type: { k: 'expr', shows: 'a number' }, doc: 'A number expression: at least this many (default 0 when min or max is given).', compile: num },
  { name: 'max', type: { k: 'expr', shows: 'a number' }, doc: 'A number expression: at most this many (default 1).', compile: num },
  { name: 'optional', type: { k: 'bool' }, doc: 'true: the player may also choose nothing (then a single choice of a player or card is `none`).', compile: plain },
  { name: 'text', type: { k: 'text' }, doc: 'What the player is asked; {expressions} in braces are filled in.', examples: ['Pick {byPlayers[playerCount].picks} players.'],
    compile: (x) => x.h.text(x.value, x.path, x.scope) },
  { name: 'score', type: { k: 'expr', shows: 'a number about one option (it)' }, doc: 'A number expression about one choice (`it`): the greedy bot\'s estimate of its value, added to the team objective after the choice.', examples: ["team($a) == 'red' ? valueForRed(it) : valueForBlue(it)"],
    compile: (x) => x.h.expr(x.value, x.path, { ...x.scope, it: x.itemT }, T.num) },
  { name: 'as', type: { k: 'binding' }, doc: 'Name for the choice, used as $name in this step\'s `do` and in later steps: a single item when count is 1 (or max is 1), otherwise a list.', compile: plain },
  { name: 'alwaysAsk', type: { k: 'bool' }, default: false, doc: 'Ask even when there is only one legal choice. A decision with one choice is otherwise taken at once; use this when how many choices a player has is itself secret (inside a simultaneous step every decision is always asked).', compile: plain },
  { name: 'botsNever', type: { k: 'expr', shows: 'a condition on one option (it)' }, doc: 'A condition on one option (`it`): bots (random and greedy) never choose the options it holds for, e.g. a declaration only a person at the table makes. When it holds for every option, bots choose among all.', examples: ["it in ['knock-own', 'knock-rival']"],
    compile: (x) => x.h.expr(x.value, x.path, { ...x.scope, it: x.itemT }, T.bool) },
  { name: 'log', type: { k: 'schema', schema: { anyOf: [{ type: 'string' }, { const: false }] }, shows: 'a text, or false' },
    doc: 'How the choice reads in the log: a text with holes, filled in after the choice (its `as` name is bound), e.g. "{$a} hands {$played} to the Master" (a card reads as "a card" to those who may not know it; inside a simultaneous step the other seats see only the chooser and the cards they may know); or false for no line, when the step\'s own `log` lines say it. Default: "Player 2 chose … (step)".',
    examples: ['{master} reveals {$card}.', false],
    compile: (x) => (x.value === false ? false : x.h.text(x.value, x.path, x.scope, x.choice)) },
  { name: 'description', type: { k: 'schema', schema: { type: 'string' }, shows: 'a text' }, doc: 'A note for designers; not shown in play.', compile: plain },
]);

/** Compiles a prompt; returns it and the scope after it (with its `as` binding), or null on errors. */
export function compilePrompt(src: unknown, path: Path, scope: Scope, h: CompileHost): { prompt: PromptDef; scope: Scope } | null {
  if (!isObj(src)) { h.error(path, 'a prompt is a mapping: player, choose, from, …'); return null; }
  for (const k of Object.keys(src)) {
    if (!PROMPT_KEYS.has(k)) h.error([...path, k], `unknown prompt key '${k}'${hintOf(k, PROMPT_KEYS.names())}`);
  }
  const choose = src.choose;
  const kind = typeof choose === 'string' ? PROMPT_KINDS.get(choose) : undefined;
  if (!kind) { h.error([...path, 'choose'], `choose is one of ${PROMPT_KINDS.names().join(', ')}, not '${String(choose)}'${hintOf(choose, PROMPT_KINDS.names())}`); return null; }
  let itemT: Ty = kind.item;
  const noRandom = { ...scope, random: false };
  if (kind.itemFrom) {
    // the options are values of one type taken from `from` (options: texts, numbers or records, a choice such
    // as { card: c, pay: 2 })
    const t = h.typeOf(src.from, [...path, 'from'], noRandom);
    if (t && t.k === 'list' && t.of.k !== 'any') {
      if (!kind.itemFrom.kinds.includes(t.of.k)) h.error([...path, 'from'], `${kind.name} are ${kind.itemFrom.words}, but this is ${showType(t)}`);
      else itemT = t.of;
    }
  }
  const key = (name: string, value: unknown = src[name]) => PROMPT_KEYS.get(name)!.compile({ value, path: [...path, name], scope: noRandom, itemT, h });
  const player = key('player') as Fn<number> | null;
  const from = key('from') as Fn<Value[]> | null;
  let min: Fn<number> | null, max: Fn<number> | null;
  let single = false;
  if (src.count !== undefined) {
    min = max = key('count') as Fn<number> | null;
    single = src.count === 1;
  } else if (src.min !== undefined || src.max !== undefined) {
    min = key('min', src.min ?? 0) as Fn<number> | null;
    max = key('max', src.max ?? 1) as Fn<number> | null;
    single = (src.max ?? 1) === 1;
  } else {
    min = max = () => 1;
    single = true;
  }
  if (src.optional === true && min) { min = () => 0; }
  let next = scope;
  let slot = -1;
  if (src.as !== undefined) {
    next = h.bind(scope, src.as, single ? itemT : T.list(itemT), [...path, 'as']);
    slot = h.env.slotOf(String(src.as));
  }
  const text = src.text !== undefined ? (key('text') as ReturnType<CompileHost['text']>) : null;
  const score = src.score !== undefined ? (key('score') as Fn<number> | null) : null;
  const botsNever = src.botsNever !== undefined ? (key('botsNever') as Fn<boolean> | null) : null;
  const label = src.label !== undefined ? (key('label') as ReturnType<CompileHost['text']>) : null;
  const detail = src.detail !== undefined ? (key('detail') as ReturnType<CompileHost['text']>) : null;
  const unavailable = src.unavailable !== undefined ? (key('unavailable') as Fn<Value[]> | null) : null;
  const why = src.why !== undefined ? (key('why') as ReturnType<CompileHost['text']>) : null;
  if (src.why !== undefined && src.unavailable === undefined) h.error([...path, 'why'], '`why` says why an option of `unavailable` cannot be taken, and this prompt has no `unavailable`');
  // records with a card (a card and what to do with it): the page draws each card once, its options on it
  const cardField = itemT.k === 'rec' ? Object.keys(itemT.f).find((k) => itemT!.k === 'rec' && itemT!.f[k]!.k === 'card') ?? null : null;
  // the log line is written after the choice is bound: its scope has the `as` name
  let log: PromptDef['log'] | null | undefined;
  if (src.log !== undefined) {
    if (src.log !== false && typeof src.log !== 'string') h.error([...path, 'log'], 'log is a text, or false for no line');
    else log = PROMPT_KEYS.get('log')!.compile({ value: src.log, path: [...path, 'log'], scope: { ...next, random: false }, itemT, h, choice: typeof src.as === 'string' ? src.as : undefined }) as PromptDef['log'] | null;
  }
  if (!player || !from || !min || !max) return null;
  const textFn = text ? (c: Ctx) => renderPlain(text(c), c) : null;
  return {
    prompt: {
      player, choose: kind.name, kind, from, ...(h.freshList(src.from, noRandom) ? { freshFrom: true } : {}), min, max, slot, single, text: textFn, label, score, alwaysAsk: src.alwaysAsk === true, botsNever, ...(log !== undefined && log !== null ? { log } : {}),
      ...(detail ? { detail } : {}), ...(unavailable ? { unavailable } : {}), ...(why ? { why } : {}), ...(cardField ? { cardField } : {}), itemT,
    },
    scope: next,
  };
}
