// Changes to one node of a YAML text, written as splices of the text itself: the `yaml` library finds the
// node and its source range, and only the characters of that value (or the one line of a new key, or the
// `, key: value` of a flow mapping) change. Nothing is ever re-printed from the parsed document, so
// comments, blank lines, quoting, flow or block layout, anchors and every other line stay byte for byte.
// Generic: it knows YAML, not rulesets (card operations are in yaml-edit.ts).
import { isAlias, isMap, isScalar, isSeq, parseDocument, visit, type Document, type Node, type Pair, type Scalar, type YAMLMap, type YAMLSeq } from 'yaml';

/** An edit that cannot be made; the message says why, in the designer's words. Nothing was changed. */
export class EditError extends Error {}

export type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

/** A parsed text: the text, its document, and (worked out when first asked) the nodes an alias points at. */
export class Parsed {
  readonly doc: Document.Parsed;
  private aliasedAt?: Map<Node, number>;

  constructor(readonly text: string) {
    this.doc = parseDocument(text, { keepSourceTokens: false, uniqueKeys: false });
    if (this.doc.errors.length) {
      const e = this.doc.errors[0]!;
      const at = e.linePos?.[0] ? ` at line ${e.linePos[0].line}` : '';
      throw new EditError(`the YAML has an error${at} (${e.message.split('\n')[0]!.replace(/ at line \d+.*$/, '')}): fix it in the text first`);
    }
  }

  /**
   * The plain value of `node` (the whole document by default), aliases expanded; a text whose aliases would
   * expand past the `yaml` library's limit (an alias bomb) is refused rather than read.
   */
  js(node?: Node | null): unknown {
    try {
      return node === undefined ? this.doc.toJS() : node === null ? null : node.toJS(this.doc);
    } catch (e) {
      throw new EditError(`the file cannot be read for a form edit (${e instanceof Error ? e.message : String(e)}): edit it in the text`);
    }
  }

  /** The line (1-based) of an offset. */
  lineOf(at: number): number {
    let n = 1;
    for (let i = this.text.indexOf('\n'); i >= 0 && i < at; i = this.text.indexOf('\n', i + 1)) n++;
    return n;
  }

  /** The nodes an alias points at, each with where its first alias is (worked out once). */
  get aliased(): ReadonlyMap<Node, number> {
    if (!this.aliasedAt) {
      const aliased = new Map<Node, number>();
      const doc = this.doc;
      visit(doc, {
        Alias(_, a) {
          const target = a.resolve(doc);
          if (target && !aliased.has(target) && a.range) aliased.set(target, a.range[0]);
        },
      });
      this.aliasedAt = aliased;
    }
    return this.aliasedAt;
  }

  /**
   * Refuses to change `node` when an alias elsewhere shares it: the edit would change that place too. `deep`: the
   * node is replaced, so nothing inside it may be shared either (an alias to it would be left pointing nowhere).
   */
  refuseShared(node: unknown, what: string, deep = true): void {
    if (!node || typeof node !== 'object' || this.aliased.size === 0) return;
    const check = (n: Node) => {
      const at = this.aliased.get(n);
      if (at !== undefined) {
        throw new EditError(`${what} is shared through the anchor &${n.anchor} (used again at line ${this.lineOf(at)}): change it in the text`);
      }
    };
    check(node as Node);
    if (deep) visit(node as Node, { Node: (_, n) => void check(n) });
  }
}

export function keyOf(p: Pair): string | undefined {
  return isScalar(p.key) ? String(p.key.value) : undefined;
}

export function pairOf(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((p) => keyOf(p as Pair) === key) as Pair | undefined;
}

function splice(src: string, from: number, to: number, text: string): string {
  return src.slice(0, from) + text + src.slice(to);
}

export function lineStart(src: string, at: number): number {
  return src.lastIndexOf('\n', at - 1) + 1;
}

export function lineEnd(src: string, at: number): number {
  const i = src.indexOf('\n', at);
  return i < 0 ? src.length : i;
}

export function colOf(src: string, at: number): number {
  return at - lineStart(src, at);
}

function rangeOf(n: Node | null | undefined): [number, number] | undefined {
  return n && n.range ? [n.range[0], n.range[1]] : undefined;
}

/** Where the text of a pair ends: its value, or its key (and colon) when the value is empty. */
function pairEnd(src: string, pair: Pair): number {
  const k = rangeOf(pair.key as Node)!;
  const v = rangeOf(pair.value as Node | null);
  let end = k[1];
  if (v && v[1] > end) end = v[1];
  if (!v || v[0] === v[1]) {
    // `key:` with nothing after it: the colon is part of the pair
    const colon = indicatorAfter(src, k[1], ':');
    if (colon >= 0) end = Math.max(end, colon + 1);
  }
  // a block value's range takes its final line break (and a block scalar its trailing blank lines): not ours
  while (end > k[1] && /\s/.test(src[end - 1]!)) end--;
  return end;
}

/** The first `ch` after `from`, skipping white space and comments only; -1 if something else comes first. */
function indicatorAfter(src: string, from: number, ch: string): number {
  for (let i = from; i < src.length; i++) {
    const c = src[i]!;
    if (c === ch) return i;
    if (c === '#' && (i === 0 || /\s/.test(src[i - 1]!))) {
      i = lineEnd(src, i);
      continue;
    }
    if (!/\s/.test(c)) return -1;
  }
  return -1;
}

// ---- values written as YAML source -------------------------------------------------------------------

interface Context {
  /** inside a flow collection (`{ … }`, `[ … ]`): a plain string may not hold `,[]{}` */
  flow: boolean;
  /** the scalar this value replaces: its quoting style is kept where the new value allows it */
  like?: Scalar;
  /** the column of the key whose value this is (a block scalar's lines go two columns further) */
  keyCol?: number;
  /** the old source of a block scalar being replaced */
  old?: string;
}

/** `s` as a plain scalar, when that reads back as exactly this string in this context. */
function plain(s: string, flow: boolean): string | undefined {
  if (s === '' || s !== s.trim() || /[\n\r\t\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/.test(s)) return undefined;
  const probe = flow ? `[${s}]` : `k: ${s}`;
  const d = parseDocument(probe, { uniqueKeys: false });
  if (d.errors.length || d.warnings.length) return undefined;
  const c = d.contents;
  const n = flow ? (isSeq(c) && c.items.length === 1 ? c.items[0] : undefined) : isMap(c) && c.items.length === 1 ? (c.items[0] as Pair).value : undefined;
  return isScalar(n) && n.type === 'PLAIN' && n.value === s ? s : undefined;
}

const NON_PRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/;

/** A double-quoted YAML string (JSON's escapes, which YAML shares, plus the characters YAML does not print). */
export function doubleQuoted(s: string): string {
  return JSON.stringify(s).replace(/[\u007f-\u009f\u2028\u2029\ufeff\ufffe\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function singleQuoted(s: string): string | undefined {
  if (/[\n\r\t]/.test(s) || NON_PRINTABLE.test(s) || /[\ud800-\udfff]/.test(s)) return undefined;
  return `'${s.replace(/'/g, "''")}'`;
}

/** A literal (`|`) or folded (`>`) block scalar holding `s`, for a value that was written as one. */
function blockScalar(s: string, ctx: Context): string | undefined {
  const like = ctx.like!;
  const old = ctx.old ?? '';
  if (s === '' || /\n\n$/.test(s) || /\r/.test(s) || NON_PRINTABLE.test(s) || /[\ud800-\udfff]/.test(s)) return undefined;
  const body = s.endsWith('\n') ? s.slice(0, -1) : s;
  const lines = body.split('\n');
  if (/^\s/.test(lines.find((l) => l !== '') ?? '') || lines.some((l) => /\s$/.test(l))) return undefined;
  const style = lines.length > 1 || like.type === 'BLOCK_LITERAL' ? '|' : '>';
  const chomp = s.endsWith('\n') ? '' : '-';
  // the old header's comment stays; the content keeps the old indentation
  const header = /^[|>][-+0-9]*([ \t]+#.*)?$/.exec(old.split('\n')[0] ?? '');
  const indent = /\n( +)\S/.exec(old)?.[1]?.length ?? (ctx.keyCol ?? 0) + 2;
  const text = `${style}${chomp}${header?.[1] ?? ''}\n${lines.map((l) => (l === '' ? '' : ' '.repeat(indent) + l)).join('\n')}`;
  // read back in the same place: the value must be exactly `s`
  const probe = `${' '.repeat(ctx.keyCol ?? 0)}k: ${text}\n`;
  const d = parseDocument(probe, { uniqueKeys: false });
  if (d.errors.length || !isMap(d.contents)) return undefined;
  const v = (d.contents.items[0] as Pair | undefined)?.value;
  return isScalar(v) && v.value === s ? text : undefined;
}

function stringSource(s: string, ctx: Context): string {
  const type = ctx.like?.type;
  if (type === 'QUOTE_DOUBLE') return doubleQuoted(s);
  if (type === 'QUOTE_SINGLE') return singleQuoted(s) ?? doubleQuoted(s);
  if ((type === 'BLOCK_LITERAL' || type === 'BLOCK_FOLDED') && !ctx.flow) {
    const b = blockScalar(s, ctx);
    if (b !== undefined) return b;
  }
  return plain(s, ctx.flow) ?? doubleQuoted(s);
}

function scalarSource(value: string | number | boolean | null, ctx: Context): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new EditError(`${value} is not a number YAML can hold`);
    return Object.is(value, -0) ? '0' : String(value);
  }
  return stringSource(value, ctx);
}

/** A mapping key as YAML source: plain where it reads back as this string, else double-quoted. */
export function keySource(key: string): string {
  const p = plain(key, true);
  if (p !== undefined && !/[:#]/.test(p) && p.length <= 1024) return p;
  return doubleQuoted(key);
}

/** A value as one line of flow YAML (`{ a: 1, b: [x, y] }`; strings quoted only where needed). */
export function flowSource(value: Json): string {
  if (value === null || typeof value !== 'object') return scalarSource(value, { flow: true });
  if (Array.isArray(value)) return `[${value.map(flowSource).join(', ')}]`;
  const entries = Object.entries(value);
  return entries.length ? `{ ${entries.map(([k, v]) => `${keySource(k)}: ${flowSource(v)}`).join(', ')} }` : '{}';
}

function valueSource(value: Json, ctx: Context): string {
  return value !== null && typeof value === 'object' ? flowSource(value) : scalarSource(value, ctx);
}

// ---- the edits ----------------------------------------------------------------------------------------

/**
 * Sets `key` of the mapping `map` to `value`. An existing scalar (or alias) is replaced in its own
 * characters, its quoting style kept where the value allows; a collection value is replaced by the new value
 * in flow style (callers that want a mapping changed key by key go down into it instead); a new key is added
 * after the last one: `, key: value` in a flow mapping, its own line at the keys' indentation in a block one.
 */
export function setKey(p: Parsed, map: YAMLMap, key: string, value: Json): string {
  const src = p.text;
  const flow = !!map.flow;
  const pair = pairOf(map, key);
  if (pair) {
    const k = rangeOf(pair.key as Node);
    const v = pair.value as Node | null;
    const vr = rangeOf(v);
    if (!k) throw new EditError(`cannot locate '${key}' in the text`);
    p.refuseShared(v, `'${key}'`);
    if (!v || !vr || vr[0] === vr[1]) {
      // `key:` with an empty value: the value goes after the colon (or after a key written alone, `{ key }`)
      const colon = indicatorAfter(src, k[1], ':');
      const at = colon >= 0 ? colon + 1 : k[1];
      return splice(src, at, at, `${colon >= 0 ? ' ' : ': '}${valueSource(value, { flow, keyCol: colOf(src, k[0]) })}`);
    }
    if (isScalar(v) || isAlias(v) || ((isMap(v) || isSeq(v)) && v.flow)) {
      const ctx: Context = { flow, like: isScalar(v) ? v : undefined, keyCol: colOf(src, k[0]), old: src.slice(vr[0], vr[1]) };
      const text = valueSource(value, ctx);
      // a block scalar's range takes its final line break: it stays
      if (isScalar(v) && (v.type === 'BLOCK_LITERAL' || v.type === 'BLOCK_FOLDED') && src[vr[1] - 1] === '\n') {
        return splice(src, vr[0], vr[1] - 1, text.endsWith('\n') ? text.slice(0, -1) : text);
      }
      return splice(src, vr[0], vr[1], text);
    }
    // a block collection replaced whole: the new value in flow style on the key's line; a comment on that line stays
    const colon = indicatorAfter(src, k[1], ':');
    if (colon < 0) throw new EditError(`cannot locate the value of '${key}' in the text`);
    const keyLineEnd = lineEnd(src, colon);
    const comment = /\s(#.*)$/.exec(src.slice(colon + 1, keyLineEnd))?.[1];
    const end = lineEnd(src, pairEnd(src, pair));
    return splice(src, colon + 1, end, ` ${flowSource(value)}${comment ? ` ${comment}` : ''}`);
  }
  p.refuseShared(map, `the mapping that '${key}' would be added to`, false);
  const entry = `${keySource(key)}: ${valueSource(value, { flow })}`;
  const last = map.items[map.items.length - 1] as Pair | undefined;
  const mr = rangeOf(map);
  if (!mr) throw new EditError('cannot locate the mapping in the text');
  if (flow) {
    if (!last) {
      const inner = src.slice(mr[0] + 1, mr[1] - 1);
      return inner.trim() === '' ? splice(src, mr[0], mr[1], `{ ${entry} }`) : splice(src, mr[1] - 1, mr[1] - 1, ` ${entry} `);
    }
    const at = pairEnd(src, last);
    return splice(src, at, at, `, ${entry}`);
  }
  const first = map.items[0] as Pair | undefined;
  if (!first || !last) throw new EditError('cannot add to an empty block mapping');
  const indent = colOf(src, rangeOf(first.key as Node)![0]);
  const at = lineEnd(src, pairEnd(src, last));
  return splice(src, at, at, `\n${' '.repeat(indent)}${entry}`);
}

/** Removes `key` from the mapping `map`: its line(s) in a block mapping, `key: value` and one comma in a flow one. */
export function removeKey(p: Parsed, map: YAMLMap, key: string): string {
  const src = p.text;
  const i = map.items.findIndex((x) => keyOf(x as Pair) === key);
  if (i < 0) return src;
  const pair = map.items[i] as Pair;
  p.refuseShared(map, `the mapping that holds '${key}'`, false);
  p.refuseShared(pair.value, `'${key}'`);
  const ks = rangeOf(pair.key as Node)![0];
  const end = pairEnd(src, pair);
  const next = map.items[i + 1] as Pair | undefined;
  const prev = map.items[i - 1] as Pair | undefined;
  const mr = rangeOf(map)!;
  if (map.flow) {
    if (!next && !prev) return splice(src, mr[0], mr[1], '{}');
    if (next) {
      const ns = rangeOf(next.key as Node)![0];
      const gap = src.slice(end, ns);
      if (!gap.includes('#')) return splice(src, ks, ns, '');
      // a comment between the two: only `key: value,` (and the spaces after the comma) go
      const comma = indicatorAfter(src, end, ',');
      let to = comma + 1;
      while (src[to] === ' ' || src[to] === '\t') to++;
      return splice(src, ks, to, '');
    }
    const pe = pairEnd(src, prev!);
    const comma = indicatorAfter(src, pe, ',');
    if (comma < 0) throw new EditError(`cannot locate the comma before '${key}' in the text`);
    if (!src.slice(comma, ks).includes('#')) return splice(src, comma, end, '');
    return splice(splice(src, ks, end, ''), comma, comma + 1, '');
  }
  if (map.items.length === 1) return splice(src, ks, end, '{}');
  if (src.slice(lineStart(src, ks), ks).trim() === '') {
    // the pair's own lines (a comment at the end of its last line goes with it)
    const to = lineEnd(src, end);
    return splice(src, lineStart(src, ks), Math.min(src.length, to + 1), '');
  }
  // the first key of a list item (`- key: value`): the next key moves up to the dash
  if (!next) throw new EditError(`cannot remove '${key}' here`);
  return splice(src, ks, rangeOf(next.key as Node)![0], '');
}

/** Adds an item at the end of the list `seq` (in flow style): `, item` in a flow list, its own `- item` line in a block one. */
export function appendItem(p: Parsed, seq: YAMLSeq, item: Json): string {
  const src = p.text;
  const text = flowSource(item);
  const sr = rangeOf(seq);
  if (!sr) throw new EditError('cannot locate the list in the text');
  p.refuseShared(seq, 'the list', false);
  const last = seq.items[seq.items.length - 1] as Node | undefined;
  if (seq.flow) {
    if (!last) {
      const inner = src.slice(sr[0] + 1, sr[1] - 1);
      return inner.trim() === '' ? splice(src, sr[0], sr[1], `[ ${text} ]`) : splice(src, sr[1] - 1, sr[1] - 1, ` ${text} `);
    }
    const at = rangeOf(last)![1];
    return splice(src, at, at, `, ${text}`);
  }
  const first = seq.items[0] as Node;
  // the dash of the first item sets the column
  const fs = rangeOf(first)![0];
  const dash = src.lastIndexOf('-', fs);
  const col = dash >= lineStart(src, fs) ? colOf(src, dash) : Math.max(0, colOf(src, fs) - 2);
  let end = rangeOf(last)![1];
  while (end > fs && /\s/.test(src[end - 1]!)) end--;
  const at = lineEnd(src, end);
  return splice(src, at, at, `\n${' '.repeat(col)}- ${text}`);
}

/** Deep equality of plain values, mapping keys in any order. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((x, i) => sameValue(x, (b as unknown[])[i]));
  const ka = Object.keys(a), kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * Removes item `index` of the list `seq`: its own lines in a block list (a comment at the end of its last line
 * goes with it; the comment lines above it stay), `item,` in a flow list. The last item of a block list
 * leaves `[]` where the list was.
 */
export function removeItem(p: Parsed, seq: YAMLSeq, index: number): string {
  const src = p.text;
  const item = seq.items[index] as Node | undefined;
  const ir = rangeOf(item);
  const sr = rangeOf(seq);
  if (!item || !ir || !sr) throw new EditError('cannot locate the list item in the text');
  p.refuseShared(seq, 'the list', false);
  p.refuseShared(item, 'the list item');
  if (seq.flow) {
    const next = seq.items[index + 1] as Node | undefined;
    const prev = seq.items[index - 1] as Node | undefined;
    if (next) return splice(src, ir[0], rangeOf(next)![0], '');
    if (prev) return splice(src, rangeOf(prev)![1], ir[1], '');
    return splice(src, sr[0], sr[1], '[]');
  }
  const dash = src.lastIndexOf('-', ir[0]);
  const start = lineStart(src, ir[0]);
  if (dash < start || src.slice(start, dash).trim() !== '' || src.slice(dash + 1, ir[0]).trim() !== '') throw new EditError('cannot remove this list item here: edit it in the text');
  let end = ir[1];
  while (end > ir[0] && /\s/.test(src[end - 1]!)) end--;
  const to = Math.min(src.length, lineEnd(src, end) + 1);
  if (seq.items.length === 1) {
    // `key:` then the one item: the list becomes `[]` on the key's line
    const before = src.slice(0, start).replace(/[ \t]*\n?$/, '');
    return `${before} []\n${src.slice(to)}`;
  }
  return splice(src, start, to, '');
}
