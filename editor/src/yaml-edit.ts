// Form edits written back into the YAML text without touching anything else: the `yaml` Document API
// finds the node and its source range, and only that span of the text is replaced (a scalar, or a flow
// collection re-printed by the Document API); a new key of a block mapping is inserted as one line.
// Comments, blank lines, quoting and the layout of every other line stay as they were.
import { Document, isMap, isScalar, isSeq, parseDocument, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';

export class EditError extends Error {}

type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

function parse(src: string) {
  const doc = parseDocument(src, { keepSourceTokens: false, uniqueKeys: false });
  if (doc.errors.length) throw new EditError(`the YAML has errors (${doc.errors[0]!.message.split('\n')[0]}): fix them in the text first`);
  return doc;
}

function keyOf(p: Pair): string | undefined {
  return isScalar(p.key) ? String(p.key.value) : undefined;
}

function pairOf(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((p) => keyOf(p as Pair) === key) as Pair | undefined;
}

/** A value as one line of flow YAML (scalars quoted only where needed). */
export function flowText(value: Json): string {
  const d = new Document(value, { keepUndefined: false });
  (function flow(n: unknown) {
    if (isMap(n) || isSeq(n)) {
      n.flow = true;
      for (const it of n.items) flow(isMap(n) ? (it as Pair).value : it);
    }
  })(d.contents);
  return d.toString({ lineWidth: 0, flowCollectionPadding: true }).trimEnd();
}

/** A node (with its comments and styles) re-printed on one line, for flow collections. */
function nodeText(node: Node): string {
  const d = new Document();
  d.contents = node;
  return d.toString({ lineWidth: 0, flowCollectionPadding: true }).trimEnd();
}

function scalarText(value: Json, like?: Node): string {
  if (isScalar(like) && typeof value === 'string' && (like.type === 'QUOTE_DOUBLE' || like.type === 'QUOTE_SINGLE')) {
    const d = new Document(value);
    (d.contents as { type?: string }).type = like.type;
    return d.toString({ lineWidth: 0 }).trimEnd();
  }
  return flowText(value);
}

function lineStart(src: string, at: number): number {
  return src.lastIndexOf('\n', at - 1) + 1;
}

function lineEnd(src: string, at: number): number {
  const i = src.indexOf('\n', at);
  return i < 0 ? src.length : i;
}

function splice(src: string, from: number, to: number, text: string): string {
  return src.slice(0, from) + text + src.slice(to);
}

/** Sets (or with `undefined` removes) `key` of the mapping `map`, changing only the text it occupies. */
function setKey(src: string, map: YAMLMap, key: string, value: Json | undefined): string {
  const pair = pairOf(map, key);
  const v = pair?.value as Node | null | undefined;
  // an existing scalar: only its own characters change
  if (value !== undefined && isScalar(v) && v.range && v.value !== null) return splice(src, v.range[0], v.range[1], scalarText(value, v));
  if (map.flow || (pair === undefined && map.items.length === 0 && map.range && src.slice(map.range[0], map.range[1]).trim().startsWith('{'))) {
    if (!map.range) throw new EditError('cannot locate the mapping in the text');
    if (value === undefined) map.delete(key);
    else map.set(key, value);
    return splice(src, map.range[0], map.range[1], nodeText(map));
  }
  // a block mapping
  if (value === undefined) {
    if (!pair) return src;
    const k = pair.key as Node;
    const end = (v?.range ?? k.range)![1];
    const from = lineStart(src, k.range![0]);
    const to = lineEnd(src, Math.max(end - 1, k.range![0]));
    return splice(src, from, Math.min(src.length, to + 1), '');
  }
  if (pair) {
    // a collection value in block style: replaced by its flow form (its own span only)
    const k = pair.key as Node;
    if (v && v.range && (isMap(v) || isSeq(v)) && v.flow) return splice(src, v.range[0], v.range[1], flowText(value));
    const end = v?.range ? v.range[1] : k.range![1] + 1;
    return splice(src, lineStart(src, k.range![0]), lineEnd(src, Math.max(end - 1, k.range![0])), `${' '.repeat(colOf(src, k.range![0]))}${flowText(key)}: ${flowText(value)}`);
  }
  const first = map.items[0] as Pair | undefined;
  const last = map.items[map.items.length - 1] as Pair | undefined;
  if (!first || !last) throw new EditError('cannot add to an empty block mapping');
  const indent = colOf(src, (first.key as Node).range![0]);
  const lastEnd = ((last.value as Node | null)?.range ?? (last.key as Node).range)![1];
  const at = lineEnd(src, Math.max(lastEnd - 1, 0));
  return splice(src, at, at, `\n${' '.repeat(indent)}${flowText(key)}: ${flowText(value)}`);
}

function colOf(src: string, at: number): number {
  return at - lineStart(src, at);
}

/** The item of the top-level `cards` list with this id, with its index. */
function cardNode(doc: ReturnType<typeof parse>, id: string): { seq?: YAMLSeq; node?: YAMLMap; index: number } {
  const seq = doc.get('cards', true);
  if (!isSeq(seq)) return { index: -1 };
  const index = seq.items.findIndex((n) => isMap(n) && String((n as YAMLMap).get('id')) === id);
  return { seq, node: index >= 0 ? (seq.items[index] as YAMLMap) : undefined, index };
}

/** Appends an item to the top-level `cards` list (creating the list at the end of the file if absent). */
function appendCard(src: string, doc: ReturnType<typeof parse>, item: Record<string, Json>): string {
  const seq = doc.get('cards', true);
  const text = flowText(item);
  if (!isSeq(seq)) {
    if (doc.has('cards')) throw new EditError('`cards` is not a list');
    const sep = src.endsWith('\n') || src === '' ? '' : '\n';
    return `${src}${sep}\ncards:\n  - ${text}\n`;
  }
  if (seq.flow || seq.items.length === 0) {
    if (!seq.range) throw new EditError('cannot locate the card list in the text');
    seq.add(doc.createNode(item));
    (seq.items[seq.items.length - 1] as YAMLMap).flow = true;
    return splice(src, seq.range[0], seq.range[1], nodeText(seq));
  }
  const last = seq.items[seq.items.length - 1] as Node;
  const first = seq.items[0] as Node;
  // the dash sits two columns left of the first item's content
  const dashCol = Math.max(0, colOf(src, first.range![0]) - 2);
  const at = lineEnd(src, Math.max(last.range![1] - 1, 0));
  return splice(src, at, at, `\n${' '.repeat(dashCol)}- ${text}`);
}

export interface CardValue {
  id: string;
  [k: string]: unknown;
}

/**
 * Sets a top-level field of a card (`name`, `count`, a field of its type). When the file is a variant
 * that does not list the card yet, an item `{ id, key: value }` is added (variants merge by id).
 */
export function setCardField(src: string, id: string, key: string, value: Json | undefined): string {
  const doc = parse(src);
  const { node } = cardNode(doc, id);
  if (node) return setKey(src, node, key, value);
  if (!doc.has('extends')) throw new EditError(`no card '${id}' in this file`);
  if (value === undefined) throw new EditError(`card '${id}' comes from the base file: remove the field there`);
  return appendCard(src, doc, { id, [key]: value });
}

/**
 * Sets the count a cell of a card's cell-count field (a blueprint's targets) asks for; `null` removes the
 * cell. `merged` is the card as the loader sees it (variants resolved): a variant that does not list the
 * card gets a `replace: true` copy with the new cells, so the other fields stay as they were.
 */
export function setCardCell(src: string, id: string, field: string, cell: string, count: number | null, merged?: CardValue): string {
  if (count !== null && !(Number.isInteger(count) && count >= 0)) throw new EditError('a cell count is a whole number, 0 or more');
  const doc = parse(src);
  const { node } = cardNode(doc, id);
  if (node) {
    const cells = node.get(field, true);
    const replacing = node.get('replace') === true || !doc.has('extends');
    if (isMap(cells) && (count !== null || replacing)) return setKey(src, cells, cell, count ?? undefined);
    if (cells === undefined || cells === null || (isScalar(cells) && cells.value === null)) {
      if (count === null) return src;
      return setKey(src, node, field, { [cell]: count });
    }
    if (!isMap(cells)) throw new EditError(`'${field}' of card '${id}' is not a mapping of cells`);
    // a merging variant item cannot remove a base cell: it becomes a full replacement
  }
  if (!doc.has('extends')) throw new EditError(`no card '${id}' in this file`);
  if (!merged) throw new EditError(`card '${id}' comes from the base file and is not known yet`);
  const copy: Record<string, Json> = {};
  for (const [k, v] of Object.entries(merged)) if (k !== 'replace') copy[k] = v as Json;
  const cellsNow = { ...((merged[field] as Record<string, number> | undefined) ?? {}) };
  if (node) {
    const own = (node.toJSON() as Record<string, Json>)[field] as Record<string, number> | undefined;
    Object.assign(cellsNow, own ?? {});
  }
  if (count === null) delete cellsNow[cell];
  else cellsNow[cell] = count;
  const item: Record<string, Json> = { id, replace: true, ...copy };
  item[field] = cellsNow;
  if (node) {
    // the variant's own item becomes the full replacement, in place
    const { seq, index } = cardNode(doc, id);
    const n = seq!.items[index] as Node;
    if (!n.range) throw new EditError('cannot locate the card in the text');
    const text = isMap(n) && n.flow ? flowText(item) : blockText(item, colOf(src, n.range[0]));
    return splice(src, n.range[0], lineEnd(src, Math.max(n.range[1] - 1, n.range[0])), text);
  }
  return appendCard(src, doc, item);
}

function blockText(item: Record<string, Json>, indent: number): string {
  return Object.entries(item)
    .map(([k, v], i) => `${i === 0 ? '' : ' '.repeat(indent)}${flowText(k)}: ${flowText(v)}`)
    .join('\n');
}
