// Card edits written into a ruleset's YAML text: set, add or remove a field of a card (or a key inside a
// mapping field, such as one cell of a blueprint's targets), in a base file or in a variant, and add a card.
// An edit changes exactly the value it names and nothing else of the text: each step is a splice of one
// node's characters (yaml-splice.ts), and the result is read back and compared with what was asked for
// before it is returned, so that an edit either happens exactly or is refused with an EditError.
//
// In a variant (`extends`), a card the file does not list yet gains one item `{ id, field: value }` (items
// merge into the base's by id); where merging cannot say it (a field or cell removed, a mapping that drops
// a key) the item becomes a `replace: true` copy of the card as loaded, written key by key in place.
import { isAlias, isMap, isScalar, isSeq, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import { EditError, Parsed, appendItem, flowSource, keyOf, lineEnd, pairOf, removeItem, removeKey, sameValue, setKey, type Json } from './yaml-splice.js';

export { EditError, flowSource, type Json };

/** A card as the loader sees it (variants merged). */
export interface CardValue {
  id: string;
  [k: string]: unknown;
}

/** Where in a card: a field (`['count']`), or a key inside a mapping field (`['targets', 'B2']`). */
export type CardPath = readonly [string, ...string[]];

export interface CardEditOptions {
  /**
   * The card as the loader reads this file (its bases merged in). A variant needs it where merging cannot
   * express the edit: then the variant's item for the card becomes a `replace: true` copy of it.
   */
  merged?: CardValue;
}

/** Keys of a card that are not fields: its id and the keys that say how a variant's item merges. */
const NOT_FIELDS = new Set(['id', 'replace', 'remove', 'before', 'after']);

type Obj = { [k: string]: Json };

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** `value` with `path` set to `v` (removed when undefined); mappings are created on the way. */
export function withPath(value: Json | undefined, path: readonly string[], v: Json | undefined): Json | undefined {
  if (path.length === 0) return v;
  // nothing to remove where there is nothing
  if (v === undefined && getPath(value, path) === undefined) return value;
  const [k, ...rest] = path as [string, ...string[]];
  const o: Obj = isObj(value) ? { ...value } : {};
  const inner = withPath(o[k], rest, v);
  if (inner === undefined) delete o[k];
  else o[k] = inner;
  return o;
}

/** The value at `path` in nested mappings (own keys only), or undefined. */
export function getPath(value: unknown, path: readonly string[]): unknown {
  let v = value;
  for (const k of path) {
    if (!isObj(v) || !Object.prototype.hasOwnProperty.call(v, k)) return undefined;
    v = v[k];
  }
  return v;
}

/** A mapping value `{ path: v }` (the innermost key holding `v`). */
function nest(path: readonly string[], v: Json): Json {
  return path.reduceRight<Json>((acc, k) => ({ [k]: acc }), v);
}

const isIdList = (v: unknown): boolean => Array.isArray(v) && v.length > 0 && v.every((x) => isObj(x) && typeof x.id === 'string');

/**
 * True when a variant's item saying `value` would not leave `current` (the value as loaded) as exactly `value`
 * once merged: removing something, or a mapping that lacks one of the current keys, or a list merged by id.
 */
function mergeCannotSay(current: unknown, value: Json | undefined): boolean {
  if (value === undefined) return current !== undefined;
  if (isObj(value) && isObj(current)) return Object.keys(current).some((k) => mergeCannotSay(current[k], Object.prototype.hasOwnProperty.call(value, k) ? value[k] : undefined));
  return isIdList(value) && isIdList(current);
}

/** The last text read (an edit's result is usually the next edit's input: it is not read twice). */
let last: Parsed | undefined;

function parsed(src: string): Parsed {
  if (last?.text === src) return last;
  const p = new Parsed(src);
  last = p;
  return p;
}

function rootMap(p: Parsed): YAMLMap | undefined {
  const c = p.doc.contents;
  if (c === null || (isScalar(c) && c.value === null)) return undefined;
  if (!isMap(c)) throw new EditError('the file is not a mapping of keys (`id:`, `cards:` …)');
  return c;
}

interface Found {
  seq?: YAMLSeq;
  index: number;
  /** the item (a mapping), or an alias to one */
  node?: Node;
  value?: Obj;
}

/** The item of the top-level `cards` list with this id. */
function findCard(p: Parsed, id: string): Found {
  const root = rootMap(p);
  const seq = root?.get('cards', true);
  if (seq === undefined || seq === null || (isScalar(seq) && seq.value === null)) return { index: -1 };
  if (!isSeq(seq)) throw new EditError('`cards` is not a list');
  for (let i = 0; i < seq.items.length; i++) {
    const n = seq.items[i] as Node;
    const m = isAlias(n) ? n.resolve(p.doc) : n;
    if (isMap(m)) {
      const v = m.get('id');
      if (v !== undefined && v !== null && String(v) === id) return { seq, index: i, node: n, value: p.js(m) as Obj };
    }
  }
  return { seq, index: -1 };
}

function isVariant(p: Parsed): boolean {
  return rootMap(p)?.has('extends') ?? false;
}

/** One change inside a card item, made with the text re-read before it. */
interface Step {
  path: readonly string[];
  value: Json | undefined;
}

/** Makes the steps on the item at `index`, each on the text the previous one left. */
function applySteps(src: string, index: number, steps: Step[], what: string): string {
  const queue = [...steps];
  let text = src;
  while (queue.length) {
    const r = oneStep(parsed(text), index, queue.shift()!, what);
    if (typeof r === 'string') text = r;
    else queue.unshift(...r);
  }
  return text;
}

const isEmptyNode = (n: unknown): boolean => n === undefined || n === null || (isScalar(n) && n.value === null);

/**
 * One step: the new text, or the steps it comes down to. A mapping reached on the way is gone into (so its other
 * keys, comments and layout stay); a mapping set whole is set key by key; an alias reached on the way is written
 * out as the value it stands for, with the change (the anchored value stays as it was).
 */
function oneStep(p: Parsed, index: number, step: Step, what: string): string | Step[] {
  const seq = rootMap(p)?.get('cards', true);
  const item = isSeq(seq) ? (seq.items[index] as Node | undefined) : undefined;
  if (!item) throw new EditError('the card list changed while it was being edited');
  p.refuseShared(seq, 'the card list', false);
  if (isAlias(item)) {
    const now = p.js(item.resolve(p.doc)) as Json;
    if (step.value === undefined && getPath(now, step.path) === undefined) return p.text;
    const [from, to] = item.range!;
    return p.text.slice(0, from) + flowSource(withPath(now, step.path, step.value)!) + p.text.slice(to);
  }
  if (!isMap(item)) throw new EditError(`${what} is not a mapping`);
  p.refuseShared(item, what, false);
  let map: YAMLMap = item;
  const last = step.path.length - 1;
  for (let i = 0; i < last; i++) {
    const k = step.path[i]!;
    const rest = step.path.slice(i + 1);
    const child = map.get(k, true) as Node | null | undefined;
    if (isMap(child)) {
      p.refuseShared(child, `'${step.path.slice(0, i + 1).join('.')}' of ${what}`, false);
      map = child;
    } else if (isAlias(child)) {
      const now = p.js(child.resolve(p.doc)) as Json;
      if (step.value === undefined && getPath(now, rest) === undefined) return p.text;
      return setKey(p, map, k, withPath(now, rest, step.value)!);
    } else if (isEmptyNode(child)) {
      return step.value === undefined ? p.text : setKey(p, map, k, nest(rest, step.value));
    } else {
      throw new EditError(`'${step.path.slice(0, i + 1).join('.')}' of ${what} is not a mapping`);
    }
  }
  const key = step.path[last]!;
  const pair = pairOf(map, key);
  if (step.value === undefined) return pair ? removeKey(p, map, key) : p.text;
  if (pair) {
    const v = pair.value as Node | null;
    if (!isEmptyNode(v) && sameValue(p.js(v), step.value)) return p.text;
    if (isMap(v) && isObj(step.value)) {
      const next = step.value;
      const sub: Step[] = Object.entries(next).map(([k, x]) => ({ path: [...step.path, k], value: x }));
      for (const it of v.items) {
        const k = keyOf(it as Pair);
        if (k !== undefined && !Object.prototype.hasOwnProperty.call(next, k)) sub.push({ path: [...step.path, k], value: undefined });
      }
      return sub;
    }
  }
  return setKey(p, map, key, step.value);
}

/** Each item of a list: its own text, and its text from just after the previous item (its dash and props too). */
function itemTexts(src: string, seq: YAMLSeq | undefined): { own: string; full: string }[] {
  if (!seq) return [];
  let from = seq.range![0];
  return seq.items.map((n) => {
    const [a, b] = (n as Node).range!;
    const t = { own: src.slice(a, b), full: src.slice(from, b) };
    from = b;
    return t;
  });
}

/**
 * Reads the new text back: it parses, and its value is the old one with exactly this card changed (the item at
 * `index`, or an item appended when `index` is -1). Every other top-level value and every other card must be
 * read from the same text as before, in the same place; with aliases in the file, the whole values are compared.
 */
function verify(before: Parsed, after: string, index: number, expected: Obj): string {
  let p: Parsed;
  try {
    p = parsed(after);
  } catch (e) {
    throw new EditError(`the edit would break the file (${e instanceof Error ? e.message : String(e)}); nothing was changed`);
  }
  const wrong = () => new EditError('the edit would change more than the card: nothing was changed (please report this ruleset)');
  const cards = (p2: Parsed) => {
    const s = rootMap(p2)?.get('cards', true);
    return isSeq(s) ? s : undefined;
  };
  const a = cards(before), b = cards(p);
  if (!b) throw wrong();
  const at = index < 0 ? b.items.length - 1 : index;
  if (b.items.length !== (a?.items.length ?? 0) + (index < 0 ? 1 : 0)) throw wrong();
  if (!sameValue(p.js(b.items[at] as Node), expected)) throw wrong();
  if (before.aliased.size || p.aliased.size) {
    const want = before.js() as Obj;
    const list = [...((want.cards ?? []) as Json[])];
    if (index < 0) list.push(expected);
    else list[index] = expected;
    if (!sameValue({ ...want, cards: list }, p.js())) throw wrong();
    return after;
  }
  const ra = rootMap(before), rb = rootMap(p);
  if (ra && rb) {
    const texts = (src: string, m: YAMLMap) => new Map(m.items.filter((x) => keyOf(x as Pair) !== 'cards').map((x) => {
      const pr = x as Pair;
      const k = (pr.key as Node).range!;
      const v = (pr.value as Node | null)?.range;
      return [keyOf(pr), src.slice(k[0], Math.max(k[1], v?.[1] ?? 0))] as const;
    }));
    const ta = texts(before.text, ra), tb = texts(after, rb);
    if (ta.size !== tb.size || [...ta].some(([k, t]) => tb.get(k) !== t)) throw wrong();
  }
  const ia = itemTexts(before.text, a), ib = itemTexts(after, b);
  for (let j = 0; j < ia.length; j++) {
    // the item after the edited one starts where that one ends now: its own text is compared
    if (j === index) continue;
    if (j === index + 1 ? ib[j]!.own !== ia[j]!.own : ib[j]!.full !== ia[j]!.full) throw wrong();
  }
  return after;
}

/** Names the loader refuses as keys (they would reach an object's prototype). */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

function checkPath(path: readonly string[]): void {
  if (path.length === 0 || path.some((k) => typeof k !== 'string' || k === '')) throw new EditError('no field named');
  const bad = path.find((k) => FORBIDDEN.has(k));
  if (bad !== undefined) throw new EditError(`'${bad}' cannot be a key in a ruleset`);
  if (NOT_FIELDS.has(path[0]!)) throw new EditError(`'${path[0]}' of a card is not a field: change it in the text`);
}

/**
 * Sets the value at `path` of card `id` (`undefined` removes it). In a variant, a card the file does not
 * list yet gains an item; where merging cannot say the change, the item is a `replace: true` copy of
 * `opts.merged`.
 */
export function setCardValue(src: string, id: string, path: CardPath, value: Json | undefined, opts: CardEditOptions = {}): string {
  checkPath(path);
  const p = parsed(src);
  const variant = isVariant(p);
  const found = findCard(p, id);
  const what = `card '${id}'`;
  const merged = opts.merged ? (clone(opts.merged) as Obj) : undefined;
  if (found.node) {
    const own = found.value!;
    if (variant && own.remove === true) throw new EditError(`this variant removes card '${id}' (remove: true): take that out first`);
    const merging = variant && own.replace !== true;
    // removing from a merging item could bring the base's value back: the card as loaded says what to write
    if (merging && !merged && value === undefined) throw new EditError(`card '${id}' must be loaded before a value is removed from it in a variant`);
    if (merging && mergeCannotSay(getPath(merged ?? own, path), value)) {
      if (!merged) throw new EditError(`card '${id}' must be loaded before this change can be made in a variant`);
      // the variant's item becomes the whole card, in place, key by key
      const target = withPath(merged, path, value) as Obj;
      delete target.id;
      for (const k of NOT_FIELDS) delete target[k];
      const steps: Step[] = [{ path: ['replace'], value: true }];
      for (const [k, v] of Object.entries(target)) steps.push({ path: [k], value: v });
      for (const k of Object.keys(own)) if (!NOT_FIELDS.has(k) && !Object.prototype.hasOwnProperty.call(target, k)) steps.push({ path: [k], value: undefined });
      const expected: Obj = {};
      for (const k of Object.keys(own)) if (NOT_FIELDS.has(k)) expected[k] = own[k]!;
      Object.assign(expected, { replace: true }, target);
      return verify(p, applySteps(src, found.index, steps, what), found.index, expected);
    }
    const expected = withPath(own, path, value) as Obj;
    if (sameValue(expected, own)) return src;
    if (value === undefined && path.length === 1 && Object.keys(expected).length === 0) throw new EditError(`card '${id}' would be left empty`);
    return verify(p, applySteps(src, found.index, [{ path, value }], what), found.index, expected);
  }
  if (!variant) throw new EditError(`no card '${id}' in this file`);
  if (merged && merged.id !== id) throw new EditError(`the loaded card is '${String(merged.id)}', not '${id}'`);
  const current = merged ? getPath(merged, path) : undefined;
  if (value === undefined && merged && current === undefined) return src;
  let item: Obj;
  if (mergeCannotSay(current, value) || (value === undefined && !merged)) {
    if (!merged) throw new EditError(`card '${id}' comes from the base file and must be loaded before this change can be made`);
    const copy = withPath(merged, path, value) as Obj;
    item = { id, replace: true };
    for (const [k, v] of Object.entries(copy)) if (!NOT_FIELDS.has(k)) item[k] = v;
  } else {
    if (merged && sameValue(current, value)) return src;
    item = { id, ...(nest(path, value!) as Obj) };
  }
  return verify(p, appendCardItem(p, item), -1, item);
}

/** Appends an item to the top-level `cards` list (creating the list at the end of the file if there is none). */
function appendCardItem(p: Parsed, item: Obj): string {
  const src = p.text;
  const root = rootMap(p);
  const seq = root?.get('cards', true) as Node | null | undefined;
  if (seq === undefined) {
    const sep = src === '' || src.endsWith('\n') ? '' : '\n';
    return `${src}${sep}${src.trim() === '' ? '' : '\n'}cards:\n  - ${flowSource(item)}\n`;
  }
  if (seq === null || (isScalar(seq) && seq.value === null)) {
    // `cards:` with nothing after it
    const pair = root!.items.find((x) => keyOf(x as Pair) === 'cards') as Pair;
    const at = lineEnd(src, (pair.key as Node).range![1]);
    return `${src.slice(0, at)}\n  - ${flowSource(item)}${src.slice(at)}`;
  }
  if (!isSeq(seq)) throw new EditError('`cards` is not a list');
  return appendItem(p, seq, item);
}

/** Sets a top-level field of a card (`name`, `count`, a field of its type); `undefined` removes it. */
export function setCardField(src: string, id: string, key: string, value: Json | undefined, merged?: CardValue): string {
  return setCardValue(src, id, [key], value, { merged });
}

/**
 * Sets the count a cell of a card's cell-count field asks for (a blueprint's targets); `null` removes the
 * cell. `merged` is the card as the loader reads the file: a variant that must drop a cell of its base
 * writes a `replace: true` copy of it.
 */
export function setCardCell(src: string, id: string, field: string, cell: string, count: number | null, merged?: CardValue): string {
  if (count !== null && !(Number.isInteger(count) && count >= 0)) throw new EditError('a cell count is a whole number, 0 or more');
  return setCardValue(src, id, [field, cell], count ?? undefined, { merged });
}

/** Adds a new card at the end of the file's card list (in flow style, on one line). */
export function addCard(src: string, card: CardValue): string {
  if (typeof card.id !== 'string' || card.id === '') throw new EditError('a card needs an id');
  for (const k of Object.keys(card)) if (FORBIDDEN.has(k)) throw new EditError(`'${k}' cannot be a key in a ruleset`);
  const p = parsed(src);
  if (findCard(p, card.id).node) throw new EditError(`card '${card.id}' is already in this file`);
  const item = clone(card) as Obj;
  return verify(p, appendCardItem(p, item), -1, item);
}

/**
 * Removes card `id`. In a base file its item goes. In a variant, a card its bases have (`inBase`) is removed
 * by an item `{ id, remove: true }` (in place of the variant's own item for it, if any); a card only the
 * variant adds loses its item.
 */
export function removeCard(src: string, id: string, inBase = false): string {
  const p = parsed(src);
  const variant = isVariant(p);
  const found = findCard(p, id);
  if (!variant && !found.node) throw new EditError(`no card '${id}' in this file`);
  let text = src;
  if (found.node) {
    const before = p.js() as Obj;
    const list = [...((before.cards ?? []) as Json[])];
    list.splice(found.index, 1);
    text = removeItem(p, found.seq!, found.index);
    const q = (() => {
      try {
        return parsed(text);
      } catch (e) {
        throw new EditError(`removing card '${id}' would break the file (${e instanceof Error ? e.message : String(e)}); nothing was changed`);
      }
    })();
    const after = q.js() as Obj;
    const cards = list.length ? list : after.cards;
    if (!sameValue({ ...before, cards }, after)) throw new EditError(`removing card '${id}' would change more than the card: nothing was changed (please report this ruleset)`);
  }
  if (!variant || !inBase) return text;
  const q = parsed(text);
  return verify(q, appendCardItem(q, { id, remove: true }), -1, { id, remove: true });
}

/** The line (1-based) where the item of card `id` starts in this text; undefined when the text does not list it (or does not parse). */
export function cardLine(src: string, id: string): number | undefined {
  try {
    const p = parsed(src);
    const f = findCard(p, id);
    const at = f.node?.range?.[0];
    return at === undefined ? undefined : p.lineOf(at);
  } catch (e) {
    if (e instanceof EditError) return undefined;
    throw e;
  }
}
