/**
 * Parse one YAML text into a plain JS value plus a source map, reporting every
 * problem as a Diagnostic (never throwing).
 *
 * Generic (no knowledge of any ruleset) and browser-safe (no Node APIs).
 *
 * What the value looks like:
 * - mappings become plain objects, lists become arrays, scalars become
 *   string / number / boolean / null (YAML 1.2 core schema);
 * - plain-scalar keys keep their source text (`1.50: x` has the key "1.50",
 *   `true: x` the key "true"); quoted keys their string value;
 * - aliases are resolved to copies of the anchored value;
 * - YAML merge keys (`<<`) are NOT special: `<<` is an ordinary key;
 * - object key order is JS order (integer-like keys first), as for JSON.parse.
 *
 * What is reported (all with file, line, col):
 * - YAML syntax errors (all of them, up to `limits.maxErrors`) and warnings;
 * - duplicate keys (at the second one; the first value is kept);
 * - the keys `__proto__`, `constructor`, `prototype` (they are left out of the value);
 * - keys that are mappings, lists or empty;
 * - more than one document in the file (at the second one, which is not read);
 * - aliases to unknown anchors, and aliases that refer to a node containing them;
 * - resource limits: a text larger than `maxBytes` (not parsed at all),
 *   nesting deeper than `maxDepth`, more than `maxNodes` values once aliases
 *   are expanded (billion laughs), more than `maxErrors` syntax errors (the
 *   rest of the text is not read). When a limit is hit the value is undefined.
 *
 * Hostile input: a gate watches the lexer's tokens before the YAML parser sees
 * them, so that deep nesting, error floods, document floods and oversized
 * documents are stopped early, with a diagnostic at the place where the limit
 * was crossed. Large but well-formed texts near `maxBytes` still take the YAML
 * library several seconds and several hundred MB to parse.
 *
 * If there are errors the value is a best effort (undefined when a limit was hit);
 * callers should check the diagnostics before trusting it.
 */
import {
  Composer,
  CST,
  Lexer,
  LineCounter,
  Parser,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  type Alias,
  type Document,
  type Node as YamlNode,
  type Pair,
  type Scalar,
  type YAMLError,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import { DiagnosticBag, quote, type Diagnostic } from './diagnostics.js';
import { suggestSuffix } from '../suggest.js';

/** A position in a file; line and col are 1-based. */
export interface Pos {
  file: string;
  line: number;
  col: number;
}

/** A path from the document root: mapping keys and list indices. */
export type Path = readonly (string | number)[];

/**
 * Positions of things inside one parsed file, looked up by path.
 */
export interface SourceMap {
  readonly file: string;
  /**
   * Position of the value at `path` (for a mapping entry, its value; for an
   * entry with an empty value, its key). Falls back to the nearest existing
   * ancestor when the exact path has no node.
   */
  valuePos(path: Path): Pos;
  /**
   * Position of the key of the mapping entry at `path`; for a list item or the
   * root (or a path that does not exist) the same as `valuePos`.
   */
  keyPos(path: Path): Pos;
  /**
   * Position of character `offset` (a UTF-16 index into the JS string value) of
   * the string scalar at `path`. Exact for plain, single- and double-quoted
   * scalars (escapes included) and for block scalars; for other nodes, or if
   * the value at `path` is not a string scalar, same as `valuePos(path)`.
   * Optional so that custom maps stay valid: use the `scalarPos()` function.
   */
  scalarPos?(path: Path, offset: number): Pos;
}

/**
 * Position of character `offsetInString` of the string scalar at `path`
 * (see `SourceMap.scalarPos`); falls back to `map.valuePos(path)`.
 */
export function scalarPos(map: SourceMap, path: Path, offsetInString: number): Pos {
  return map.scalarPos ? map.scalarPos(path, offsetInString) : map.valuePos(path);
}

export interface ParsedSource {
  /** The document as a plain JS value; undefined when it could not be read at all. */
  value: unknown;
  map: SourceMap;
  diagnostics: Diagnostic[];
}

export interface Limits {
  /** Largest accepted text, in UTF-8 bytes. Default 2 MiB: a full ruleset is tens of KiB, and the YAML parser needs seconds and gigabytes for texts near 5 MiB. */
  maxBytes: number;
  /** Most values (scalars and collections) after expanding aliases. Default 1 000 000. */
  maxNodes: number;
  /** Deepest nesting of mappings and lists (the root collection is level 1). Default 100; values above 500 act as 500. */
  maxDepth: number;
  /** Most YAML syntax errors reported for one file. Default 100. */
  maxErrors: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxBytes: 2 * 1024 * 1024,
  maxNodes: 1_000_000,
  maxDepth: 100,
  maxErrors: 100,
});

/** Nesting depth beyond which the YAML library's own recursion is not trusted. */
const HARD_MAX_DEPTH = 500;
/** Slack for the pre-parse depth estimate of block (indentation) nesting. */
const DEPTH_GATE_SLACK = 10;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

// ---------------------------------------------------------------------------

/** UTF-8 length of a JS string, without allocating. */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/** `5 MiB`, `1.5 MiB`, `12 KiB`, `300 bytes`. */
export function formatSize(bytes: number): string {
  const trim = (x: number) => x.toFixed(1).replace(/\.0$/, '');
  if (bytes >= 1024 * 1024) return `${trim(bytes / (1024 * 1024))} MiB`;
  if (bytes >= 1024) return `${trim(bytes / 1024)} KiB`;
  return `${bytes} bytes`;
}

function sizeMessage(bytes: number, limit: number): string {
  let shown = formatSize(bytes);
  const lim = formatSize(limit);
  if (shown === lim) shown = `${bytes} bytes`;
  return `file is ${shown}, larger than the ${lim} limit`;
}

function depthMessage(maxDepth: number): string {
  return `nesting is too deep: more than ${maxDepth} levels of mappings and lists`;
}

/** Internal: thrown to abandon the walk when a resource limit is hit. */
class LimitHit extends Error {}

// ---------------------------------------------------------------------------

type AnyNode = YamlNode;

function nodeStart(node: AnyNode | null | undefined): number | undefined {
  const r = (node as { range?: [number, number, number] } | null | undefined)?.range;
  return r ? r[0] : undefined;
}

function isEmptyScalar(node: unknown): boolean {
  if (!isScalar(node)) return false;
  const s = node as Scalar & { source?: string; range?: [number, number, number] };
  return s.value === null && (s.source === '' || s.source === undefined) && !!s.range && s.range[0] === s.range[1];
}

/** The internal state shared by the parser walk and the SourceMap. */
class YamlSourceMap implements SourceMap {
  readonly file: string;
  private readonly text: string;
  private readonly lc: LineCounter | undefined;
  root: AnyNode | null = null;
  /** `line:col` of YAML syntax errors, so that follow-on key errors there are not repeated. */
  readonly syntaxErrorAt = new Set<string>();
  readonly aliasTarget = new Map<Alias, AnyNode>();
  private readonly keyIndexes = new Map<YAMLMap, Map<string, Pair>>();

  constructor(file: string, text: string, lc: LineCounter | undefined) {
    this.file = file;
    this.text = text;
    this.lc = lc;
  }

  pos(offset: number | undefined): Pos {
    if (offset === undefined || !this.lc) return { file: this.file, line: 1, col: 1 };
    const { line, col } = this.lc.linePos(offset);
    if (line < 1) return { file: this.file, line: 1, col: Math.max(1, col) };
    return { file: this.file, line, col };
  }

  /** For an empty key at `offset`: the offset of the `?` indicator just before it, if any. */
  explicitKeyIndicator(offset: number): number {
    let i = offset - 1;
    while (i >= 0 && (this.text[i] === ' ' || this.text[i] === '\t')) i--;
    return i >= 0 && this.text[i] === '?' ? i : offset;
  }

  setKeyIndex(map: YAMLMap, index: Map<string, Pair>): void {
    this.keyIndexes.set(map, index);
  }

  /** Index of usable keys (first occurrence wins); computed lazily if the walk did not. */
  keyIndex(map: YAMLMap): Map<string, Pair> {
    let idx = this.keyIndexes.get(map);
    if (!idx) {
      idx = new Map();
      for (const pair of map.items as Pair[]) {
        const k = keyString(this.deref(pair.key as AnyNode | null));
        if (k.ok && !FORBIDDEN_KEYS.has(k.key) && !idx.has(k.key)) idx.set(k.key, pair);
      }
      this.keyIndexes.set(map, idx);
    }
    return idx;
  }

  deref(node: AnyNode | null | undefined): AnyNode | null {
    let n: AnyNode | null | undefined = node;
    for (let hops = 0; n && isAlias(n) && hops < 1000; hops++) n = this.aliasTarget.get(n as Alias);
    return n ?? null;
  }

  /** Follows `path`; returns the deepest step reached. */
  private navigate(path: Path): { node: AnyNode | null; key: AnyNode | null; reached: number; inSeq: boolean } {
    let node: AnyNode | null = this.root;
    let key: AnyNode | null = null;
    let inSeq = false;
    let reached = 0;
    for (const seg of path) {
      const cur = this.deref(node);
      if (cur && isMap(cur)) {
        const pair = this.keyIndex(cur as YAMLMap).get(String(seg));
        if (!pair) break;
        key = pair.key as AnyNode | null;
        node = (pair.value as AnyNode | null) ?? null;
        inSeq = false;
      } else if (cur && isSeq(cur)) {
        const i = typeof seg === 'number' ? seg : /^(0|[1-9][0-9]*)$/.test(seg) ? Number(seg) : -1;
        const items = (cur as YAMLSeq).items as (AnyNode | null)[];
        if (i < 0 || i >= items.length) break;
        node = items[i] ?? null;
        key = null;
        inSeq = true;
      } else break;
      reached++;
    }
    return { node, key, reached, inSeq };
  }

  valuePos(path: Path): Pos {
    const nav = this.navigate(path);
    if (nav.reached < path.length) return this.valuePos(path.slice(0, nav.reached));
    if (nav.node && !isEmptyScalar(nav.node)) {
      const off = nodeStart(nav.node);
      if (off !== undefined) return this.pos(off);
    }
    if (nav.key) return this.pos(nodeStart(nav.key));
    if (nav.node) return this.pos(nodeStart(nav.node));
    return this.pos(nodeStart(this.root) ?? 0);
  }

  keyPos(path: Path): Pos {
    const nav = this.navigate(path);
    if (nav.reached === path.length && nav.key && path.length > 0) {
      const off = nodeStart(nav.key);
      if (off !== undefined) return this.pos(off);
    }
    return this.valuePos(path);
  }

  scalarPos(path: Path, offset: number): Pos {
    const nav = this.navigate(path);
    if (nav.reached === path.length) {
      const node = this.deref(nav.node);
      if (node && isScalar(node)) {
        const s = node as Scalar & { range?: [number, number, number] };
        if (typeof s.value === 'string' && s.range) {
          const off = scalarSourceOffset(this.text, s, offset);
          if (off !== undefined) return this.pos(off);
        }
      }
    }
    return this.valuePos(path);
  }
}

type KeyResult = { ok: true; key: string } | { ok: false; why: string };

/** The string form of a mapping key node (already alias-dereferenced). */
function keyString(node: AnyNode | null): KeyResult {
  if (node === null || node === undefined) return { ok: false, why: 'missing key' };
  if (isMap(node)) return { ok: false, why: 'a mapping cannot be used as a key' };
  if (isSeq(node)) return { ok: false, why: 'a list cannot be used as a key' };
  if (isScalar(node)) {
    const s = node as Scalar & { source?: string; type?: string };
    if (s.type === 'PLAIN' && typeof s.source === 'string') {
      if (s.source === '') return { ok: false, why: 'missing key' };
      return { ok: true, key: s.source };
    }
    const v = s.value;
    if (typeof v === 'string') return { ok: true, key: v };
    if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return { ok: true, key: String(v) };
    if (v === null) return { ok: false, why: 'missing key' };
    return { ok: false, why: 'this kind of value cannot be used as a key' };
  }
  return { ok: false, why: 'this kind of value cannot be used as a key' };
}

// ---------------------------------------------------------------------------
// Offsets inside scalars

function isWs(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r';
}

/**
 * Maps character `k` of a plain or block scalar's value to a source offset by
 * aligning the non-whitespace characters (folding only changes whitespace).
 */
function alignNonWs(text: string, from: number, to: number, value: string, k: number): number | undefined {
  // Find the non-whitespace value character at or before k.
  let anchor = k;
  while (anchor >= 0 && (anchor >= value.length || isWs(value[anchor]))) anchor--;
  let count = 0;
  for (let i = 0; i < anchor; i++) if (!isWs(value[i])) count++;
  if (anchor < 0) {
    // Only whitespace before k: align on the first non-whitespace character after it.
    let next = k;
    while (next < value.length && isWs(value[next])) next++;
    if (next >= value.length) return undefined;
    const at = nthNonWs(text, from, to, 0);
    return at === undefined ? undefined : Math.max(from, at - (next - k));
  }
  const at = nthNonWs(text, from, to, count);
  if (at === undefined) return undefined;
  return at + (k - anchor);
}

function nthNonWs(text: string, from: number, to: number, n: number): number | undefined {
  for (let i = from; i < to; i++) {
    if (!isWs(text[i])) {
      if (n === 0) return i;
      n--;
    }
  }
  return undefined;
}

const HEX_LEN: Record<string, number> = { x: 2, u: 4, U: 8 };

/** Source offsets of each UTF-16 unit of a quoted scalar's value (plus one for the end). */
function quotedOffsets(text: string, start: number, end: number, double: boolean): number[] | undefined {
  const q = double ? '"' : "'";
  if (text[start] !== q) return undefined;
  const out: number[] = [];
  let i = start + 1;
  const stop = end - 1; // closing quote
  while (i < stop) {
    const c = text[i];
    if (!double && c === "'" && text[i + 1] === "'") {
      out.push(i);
      i += 2;
    } else if (double && c === '\\') {
      const e = text[i + 1];
      if (e === '\n' || e === '\r') {
        // Escaped line break: no character; skip the break and the next line's indentation.
        i += e === '\r' && text[i + 2] === '\n' ? 3 : 2;
        while (i < stop && (text[i] === ' ' || text[i] === '\t')) i++;
      } else if (e !== undefined && HEX_LEN[e] !== undefined) {
        const len = HEX_LEN[e];
        const cp = parseInt(text.slice(i + 2, i + 2 + len), 16);
        out.push(i);
        if (e === 'U' && cp > 0xffff) out.push(i);
        i += 2 + len;
      } else {
        out.push(i);
        i += 2;
      }
    } else if (c === '\n' || c === '\r' || ((c === ' ' || c === '\t') && /^[ \t]*\r?\n/.test(text.slice(i, Math.min(stop, i + 200))))) {
      // Line folding: trailing spaces, the break(s) and the next indentation become
      // one space or the empty lines' breaks.
      let j = i;
      let breaks = 0;
      while (j < stop && isWs(text[j])) {
        if (text[j] === '\n') breaks++;
        j++;
      }
      const produced = breaks <= 1 ? 1 : breaks - 1;
      for (let n = 0; n < produced; n++) out.push(i);
      i = j;
    } else {
      out.push(i);
      i++;
    }
  }
  out.push(stop);
  return out;
}

function scalarSourceOffset(text: string, s: Scalar & { range?: [number, number, number] }, k: number): number | undefined {
  const value = s.value as string;
  const [start, end] = s.range!;
  if (k < 0) k = 0;
  if (k > value.length) k = value.length;
  switch (s.type) {
    case 'QUOTE_DOUBLE':
    case 'QUOTE_SINGLE': {
      const offs = quotedOffsets(text, start, end, s.type === 'QUOTE_DOUBLE');
      if (!offs || offs.length !== value.length + 1) return start;
      return offs[k];
    }
    case 'PLAIN': {
      const raw = text.slice(start, end);
      if (raw === value) return start + k;
      return alignNonWs(text, start, end, value, k) ?? start;
    }
    case 'BLOCK_LITERAL':
    case 'BLOCK_FOLDED': {
      // Skip the header line (`|`, `>-`, a comment…).
      const nl = text.indexOf('\n', start);
      if (nl < 0 || nl >= end) return start;
      return alignNonWs(text, nl + 1, end, value, k) ?? start;
    }
    default:
      return start;
  }
}

// ---------------------------------------------------------------------------
// Pre-parse gate

type GateTrip =
  /** Nesting too deep: nothing is parsed. */
  | { kind: 'depth'; offset: number }
  /** Certainly more values than maxNodes: nothing is parsed. */
  | { kind: 'values'; offset: number }
  /** Many certain syntax errors: only the text before `offset` is parsed. */
  | { kind: 'errors'; offset: number }
  /** A second document starts at `offset`: only the first is parsed. */
  | { kind: 'document'; offset: number };

type Sig = 'none' | 'value' | 'open' | 'comma' | 'indicator';

/**
 * Watches the lexer's tokens before the YAML parser sees them, so that the
 * parser (which is slow, memory-hungry and recursive on pathological input)
 * is never exposed to:
 * - nesting deeper than the limit: flow brackets are counted exactly, block
 *   nesting is estimated from indentation (with some slack; the exact check is
 *   done on the composed document);
 * - more content tokens than could ever fit in `maxNodes` values;
 * - floods of syntax errors (unmatched closing brackets, empty flow entries,
 *   two values in a row, several anchors or tags on one node): after
 *   `maxErrors` of them the rest of the text is not read;
 * - more than one document: the text from the second document on is not read.
 * Everything counted as an error here is an error for the YAML parser too.
 */
class Gate {
  private flowDepth = 0;
  private stack: { col: number; kind: 'map' | 'seq' }[] = [];
  private offset = 0;
  private lineStart = 0;
  private afterScalarMarker = false;
  private pendingKeyCol: number | undefined;
  private pendingKeyOff = 0;
  /** Where the depth estimate first went over the limit (reported instead of the trip point). */
  private firstOver: number | undefined;
  /** Content tokens in value position (keys are taken back off when their `:` comes). */
  private values = 0;
  private lastCounted = false;
  /** A block list item was counted as a value; the token that starts it must not count again. */
  private itemCounted = false;
  /** Offset of the token that took `values` over the limit, unless a `:` shows it was a key. */
  private overAt: number | undefined;
  private errorEvents = 0;
  private last: Sig = 'none';
  private sameLine = false;
  private anchorsOnLine = 0;
  private tagsOnLine = 0;
  private docStarted = false;
  private afterDocEnd = false;
  tripped: GateTrip | undefined;

  constructor(
    private readonly depthLimit: number,
    private readonly slack: number,
    private readonly maxValues: number,
    private readonly maxErrorEvents: number,
  ) {}

  private check(depth: number, off: number, exact: boolean): void {
    if (depth > this.depthLimit && this.firstOver === undefined) this.firstOver = off;
    if (depth > this.depthLimit + (exact ? 0 : this.slack)) this.tripped = { kind: 'depth', offset: this.firstOver ?? off };
  }

  private errorEvent(off: number): void {
    if (++this.errorEvents > this.maxErrorEvents && !this.tripped) this.tripped = { kind: 'errors', offset: off };
  }

  /** Something that belongs to a document: detects the start of a second one. */
  private docContent(off: number): boolean {
    if (this.afterDocEnd) {
      this.tripped = { kind: 'document', offset: off };
      return false;
    }
    this.docStarted = true;
    return true;
  }

  /** A scalar, alias or block scalar (or a flow collection start when `open`). */
  private value(col: number, off: number, open = false, counts = true): void {
    if (!this.docContent(off)) return;
    if (this.last === 'value' && this.sameLine) this.errorEvent(off);
    if (counts && this.itemCounted) {
      counts = false;
      this.itemCounted = false;
    }
    this.lastCounted = counts;
    if (counts) this.countValue(off);
    this.content(col, off);
    this.last = open ? 'open' : 'value';
    this.sameLine = true;
    this.anchorsOnLine = 0;
    this.tagsOnLine = 0;
  }

  private countValue(off: number): void {
    if (++this.values > this.maxValues && this.overAt === undefined) this.overAt = off;
  }

  private indicator(off: number): boolean {
    if (!this.docContent(off)) return false;
    this.last = 'indicator';
    this.lastCounted = false;
    this.sameLine = true;
    this.anchorsOnLine = 0;
    this.tagsOnLine = 0;
    return true;
  }

  /** Call after the last lexeme. */
  end(): void {
    if (this.overAt !== undefined) this.tripped ??= { kind: 'values', offset: this.overAt };
  }

  /** Feeds one lexeme; returns false once the gate has tripped. */
  feed(lexeme: string): boolean {
    const off = this.offset;
    if (lexeme === CST.DOCUMENT || lexeme === CST.FLOW_END || lexeme === CST.SCALAR) {
      if (lexeme === CST.SCALAR) this.afterScalarMarker = true;
      else {
        this.flowDepth = 0;
        if (lexeme === CST.DOCUMENT) this.stack = [];
      }
      return true;
    }
    this.offset += lexeme.length;
    const col = off - this.lineStart;
    if (this.overAt !== undefined && !this.afterScalarMarker) {
      const t = CST.tokenType(lexeme);
      if (t === 'map-value-ind' && this.last === 'value' && this.lastCounted) {
        this.values--;
        this.lastCounted = false;
        if (this.values <= this.maxValues) this.overAt = undefined;
      } else if (t !== 'space' && t !== 'comment' && t !== 'newline') {
        this.tripped ??= { kind: 'values', offset: this.overAt };
        return false;
      }
    }
    if (this.afterScalarMarker) {
      this.afterScalarMarker = false;
      this.value(col, off);
      this.noteNewlines(lexeme, off);
      return !this.tripped;
    }
    switch (CST.tokenType(lexeme)) {
      case 'newline':
        this.lineStart = off + lexeme.length;
        this.pendingKeyCol = undefined;
        this.sameLine = false;
        this.anchorsOnLine = 0;
        this.tagsOnLine = 0;
        break;
      case 'doc-start':
        if (this.docStarted || this.afterDocEnd) {
          this.tripped = { kind: 'document', offset: off };
          break;
        }
        this.docStarted = true;
        this.stack = [];
        this.flowDepth = 0;
        this.last = 'none';
        break;
      case 'doc-end':
        this.afterDocEnd = true;
        this.stack = [];
        this.flowDepth = 0;
        this.last = 'none';
        break;
      case 'directive-line':
        if (this.afterDocEnd || this.docStarted) this.tripped = { kind: 'document', offset: off };
        break;
      case 'flow-map-start':
      case 'flow-seq-start':
        this.value(col, off, true);
        this.flowDepth++;
        if (this.flowDepth > this.depthLimit) this.check(this.flowDepth, off, true);
        else this.check(this.stack.length + this.flowDepth, off, false);
        break;
      case 'flow-map-end':
      case 'flow-seq-end':
        if (!this.docContent(off)) break;
        if (this.flowDepth > 0) this.flowDepth--;
        else this.errorEvent(off);
        this.last = 'value';
        this.sameLine = true;
        break;
      case 'comma':
        if (!this.docContent(off)) break;
        if (this.last === 'open' || this.last === 'comma') this.errorEvent(off);
        this.last = 'comma';
        this.anchorsOnLine = 0;
        this.tagsOnLine = 0;
        break;
      case 'seq-item-ind':
        if (!this.indicator(off)) break;
        if (this.flowDepth === 0) {
          this.openBlock(col, 'seq', off);
          this.pendingKeyCol = undefined;
          // Every item is a value (null when empty).
          this.countValue(off);
          this.itemCounted = true;
        }
        break;
      case 'explicit-key-ind':
        this.itemCounted = false;
        if (!this.indicator(off)) break;
        if (this.flowDepth === 0) {
          this.openBlock(col, 'map', off);
          this.pendingKeyCol = undefined;
        }
        break;
      case 'map-value-ind':
        // The token before a `:` was a key, not a value.
        if (this.last === 'value' && this.lastCounted) this.values--;
        this.itemCounted = false;
        if (!this.indicator(off)) break;
        if (this.flowDepth === 0) {
          if (this.pendingKeyCol !== undefined) this.openBlock(this.pendingKeyCol, 'map', this.pendingKeyOff);
          else this.openBlock(col, 'map', off);
          this.pendingKeyCol = undefined;
        }
        break;
      case 'anchor':
      case 'tag': {
        if (!this.docContent(off)) break;
        const n = lexeme[0] === '&' ? ++this.anchorsOnLine : ++this.tagsOnLine;
        if (n > 1) this.errorEvent(off);
        this.content(col, off);
        break;
      }
      case 'space':
      case 'comment':
      case 'byte-order-mark':
        this.noteNewlines(lexeme, off);
        break;
      case 'block-scalar-header':
        // The scalar's body follows as its own token and is counted then.
        this.value(col, off, false, false);
        this.noteNewlines(lexeme, off);
        break;
      default:
        // scalars, aliases
        this.value(col, off);
        this.noteNewlines(lexeme, off);
    }
    return !this.tripped;
  }

  private content(col: number, off: number): void {
    if (this.flowDepth === 0 && this.pendingKeyCol === undefined) {
      this.pendingKeyCol = col;
      this.pendingKeyOff = off;
    }
  }

  private noteNewlines(lexeme: string, off: number): void {
    const nl = lexeme.lastIndexOf('\n');
    if (nl >= 0) {
      this.lineStart = off + nl + 1;
      this.sameLine = false;
      this.pendingKeyCol = undefined;
      this.anchorsOnLine = 0;
      this.tagsOnLine = 0;
    }
  }

  private openBlock(col: number, kind: 'map' | 'seq', off: number): void {
    const st = this.stack;
    while (st.length > 0) {
      const top = st[st.length - 1];
      if (top.col > col || (top.col === col && top.kind !== kind && !(top.kind === 'map' && kind === 'seq'))) st.pop();
      else break;
    }
    const top = st[st.length - 1];
    if (!(top && top.col === col && top.kind === kind)) st.push({ col, kind });
    this.check(st.length + this.flowDepth, off, false);
  }
}

// ---------------------------------------------------------------------------

function cleanYamlMessage(e: YAMLError): string {
  let m = String(e.message ?? 'YAML error').trim();
  if (e.code === 'RESOURCE_EXHAUSTION' && /call stack/i.test(m)) return 'the document is nested too deeply to be read';
  m = m.replace(/\s+at line \d+, column \d+:?[\s\S]*$/, '');
  m = m.replace(/\.$/, '');
  if (m.length > 1 && /[A-Z]/.test(m[0]) && /[a-z ]/.test(m[1])) m = m[0].toLowerCase() + m.slice(1);
  return m;
}

/**
 * Parses one YAML text. Never throws: all problems are returned as diagnostics.
 */
export function parseSource(file: string, text: string, limits?: Partial<Limits>): ParsedSource {
  const lim: Limits = { ...DEFAULT_LIMITS, ...(limits ?? {}) };
  const maxDepth = Math.max(1, Math.min(HARD_MAX_DEPTH, Math.floor(lim.maxDepth)));
  const maxNodes = Math.max(1, Math.floor(lim.maxNodes));
  const maxErrors = Math.max(0, Math.floor(lim.maxErrors));
  const bag = new DiagnosticBag();
  const lc = new LineCounter();
  lc.addNewLine(0);
  const map = new YamlSourceMap(file, text, lc);
  const finish = (value: unknown): ParsedSource => ({ value, map, diagnostics: bag.all() });

  // The YAML library builds an Error per syntax error; without stack traces they are cheap.
  const ErrorCtor = Error as { stackTraceLimit?: number };
  const savedStackTraceLimit = ErrorCtor.stackTraceLimit;
  try {
    if (typeof text !== 'string') {
      bag.error(map.pos(0), 'file content is not text');
      return finish(undefined);
    }
    // Size: UTF-8 length is at least the number of UTF-16 units.
    if (text.length > lim.maxBytes || utf8Length(text) > lim.maxBytes) {
      bag.error({ file, line: 1, col: 1 }, sizeMessage(utf8Length(text), lim.maxBytes));
      return finish(undefined);
    }
    if (typeof savedStackTraceLimit === 'number') ErrorCtor.stackTraceLimit = 0;

    // Lex → gate → CST parse → compose, all streaming.
    const gate = new Gate(maxDepth, DEPTH_GATE_SLACK, maxNodes, maxErrors);
    const parser = new Parser(lc.addNewLine);
    const composer = new Composer({ prettyErrors: false, uniqueKeys: false, strict: true });
    const docs: Document.Parsed[] = [];
    const take = (tokens: Iterable<CST.Token>) => {
      for (const tok of tokens) for (const doc of composer.next(tok)) docs.push(doc);
    };
    let stopped = false;
    for (const lexeme of new Lexer().lex(text)) {
      if (!gate.feed(lexeme)) {
        stopped = true;
        break;
      }
      take(parser.next(lexeme));
    }
    if (!stopped) gate.end();
    const trip = gate.tripped;
    if (trip?.kind === 'depth') {
      bag.error(map.pos(trip.offset), depthMessage(maxDepth));
      return finish(undefined);
    }
    if (trip?.kind === 'values') {
      bag.error(map.pos(trip.offset), `the document has more than ${maxNodes} values`);
      return finish(undefined);
    }
    take(parser.end());
    for (const doc of composer.end(true, trip ? trip.offset : text.length)) docs.push(doc);

    // Syntax errors and warnings from every document.
    const yamlErrors: YAMLError[] = [];
    const yamlWarnings: YAMLError[] = [];
    const collect = (errors: YAMLError[], warnings: YAMLError[]) => {
      for (const e of errors) yamlErrors.push(e);
      for (const w of warnings) yamlWarnings.push(w);
    };
    for (const doc of docs) collect(doc.errors, doc.warnings);
    const info = composer.streamInfo();
    collect(info.errors, info.warnings);
    yamlErrors.sort((a, b) => a.pos[0] - b.pos[0]);
    const seen = new Set<string>();
    let shown = 0;
    let tooMany = false;
    for (const e of yamlErrors) {
      const p = map.pos(e.pos[0]);
      const msg = cleanYamlMessage(e);
      const key = `${p.line}:${p.col}:${msg}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (shown >= maxErrors) {
        bag.error(p, `too many YAML errors; only the first ${maxErrors} are reported`);
        tooMany = true;
        break;
      }
      bag.error(p, msg);
      map.syntaxErrorAt.add(`${p.line}:${p.col}`);
      shown++;
    }
    for (const w of yamlWarnings.slice(0, maxErrors)) bag.warning(map.pos(w.pos[0]), cleanYamlMessage(w));

    if (trip?.kind === 'errors') {
      if (!tooMany) bag.error(map.pos(trip.offset), `too many YAML errors; only the first ${maxErrors} are reported`);
      return finish(undefined);
    }
    if (trip?.kind === 'document') {
      bag.error(map.pos(trip.offset), 'only one YAML document is allowed per file; a second one starts here');
    } else if (docs.length > 1) {
      bag.error(map.pos(docs[1].range[0]), 'only one YAML document is allowed per file; a second one starts here');
    }
    const doc = docs[0];
    const root = (doc?.contents ?? null) as AnyNode | null;
    map.root = root;
    if (root === null) return finish(null);

    const walker = new Walker(map, bag, maxDepth, maxNodes, maxErrors);
    return finish(walker.run(root));
  } catch (err) {
    // Last resort: nothing above should throw, but never let hostile input escape as an exception.
    const msg =
      err instanceof RangeError
        ? 'the document is nested too deeply or is too large to be read'
        : `could not read the YAML: ${err instanceof Error ? err.message : String(err)}`;
    bag.error({ file, line: 1, col: 1 }, msg);
    return finish(undefined);
  } finally {
    if (typeof savedStackTraceLimit === 'number') ErrorCtor.stackTraceLimit = savedStackTraceLimit;
  }
}

/**
 * Two passes over the composed document:
 * 1. `analyze`: each node once, in document order: resolves aliases to anchors,
 *    checks keys, computes each node's size once aliases are expanded, limits depth;
 * 2. `build`: constructs the plain value, expanding aliases within the node budget.
 */
class Walker {
  private readonly anchors = new Map<string, AnyNode>();
  private readonly sizes = new Map<AnyNode, number>();
  private readonly inProgress = new Set<AnyNode>();
  private readonly building = new Set<AnyNode>();
  private readonly aliasStack: Alias[] = [];
  private nodes = 0;
  private errors = 0;

  constructor(
    private readonly map: YamlSourceMap,
    private readonly bag: DiagnosticBag,
    private readonly maxDepth: number,
    private readonly maxNodes: number,
    private readonly maxErrors: number,
  ) {}

  /** Reports a problem found while walking, up to `maxErrors` of them (positions computed only then). */
  private report(pos: Pos | (() => Pos), message: string | (() => string)): void {
    this.errors++;
    if (this.errors > this.maxErrors + 1) return;
    const p = typeof pos === 'function' ? pos() : pos;
    if (this.errors <= this.maxErrors) this.bag.error(p, typeof message === 'function' ? message() : message);
    else this.bag.error(p, `too many errors; only the first ${this.maxErrors} are reported`);
  }

  run(root: AnyNode): unknown {
    try {
      this.analyze(root, 0);
      return this.build(root, 0);
    } catch (e) {
      if (e instanceof LimitHit) return undefined;
      throw e;
    }
  }

  private at(node: AnyNode | null | undefined): Pos {
    return this.map.pos(nodeStart(node));
  }

  private cap(n: number): number {
    return n > this.maxNodes ? this.maxNodes + 1 : n;
  }

  /** Returns the node's expanded size (saturating just above maxNodes). */
  private analyze(node: AnyNode | null | undefined, depth: number): number {
    if (node === null || node === undefined) return 1;
    if (isAlias(node)) {
      const alias = node as Alias;
      const target = this.anchors.get(alias.source);
      if (!target) {
        this.report(this.at(alias), `unknown anchor '&${alias.source}'${suggestSuffix(alias.source, this.anchors.keys())}; an alias must refer to an anchor defined earlier in the file`);
        return 1;
      }
      this.map.aliasTarget.set(alias, target);
      if (this.inProgress.has(target)) {
        this.report(this.at(alias), `alias '*${alias.source}' refers to a node that contains it`);
        return 1;
      }
      return this.sizes.get(target) ?? 1;
    }
    const anchor = (node as { anchor?: string }).anchor;
    if (anchor) this.anchors.set(anchor, node);
    if (isScalar(node)) {
      this.sizes.set(node, 1);
      return 1;
    }
    if (!isMap(node) && !isSeq(node)) return 1;
    if (depth + 1 > this.maxDepth) {
      this.bag.error(this.at(node), depthMessage(this.maxDepth));
      throw new LimitHit();
    }
    this.inProgress.add(node);
    let size = 1;
    if (isSeq(node)) {
      for (const item of (node as YAMLSeq).items as (AnyNode | null)[]) size = this.cap(size + this.analyze(item, depth + 1));
    } else {
      const index = new Map<string, Pair>();
      const firstSeen = new Map<string, AnyNode | null>();
      for (const pair of (node as YAMLMap).items as Pair[]) {
        const keyNode = pair.key as AnyNode | null;
        this.analyze(keyNode, depth + 1);
        const k = keyString(this.map.deref(keyNode));
        const keyPos = (): Pos => {
          if (keyNode && isEmptyScalar(keyNode)) return this.map.pos(this.map.explicitKeyIndicator(nodeStart(keyNode)!));
          return keyNode ? this.at(keyNode) : this.at((pair.value as AnyNode | null) ?? node);
        };
        if (!k.ok) {
          const p = keyPos();
          if (!this.map.syntaxErrorAt.has(`${p.line}:${p.col}`)) this.report(p, k.why);
        } else if (FORBIDDEN_KEYS.has(k.key)) {
          this.report(keyPos, `key '${k.key}' is not allowed`);
        } else if (index.has(k.key)) {
          const key = k.key;
          this.report(keyPos, () => `duplicate key ${quote(key)} (first defined at line ${this.at(firstSeen.get(key)).line})`);
        } else {
          index.set(k.key, pair);
          firstSeen.set(k.key, keyNode);
        }
        size = this.cap(size + this.analyze(pair.value as AnyNode | null, depth + 1));
      }
      this.map.setKeyIndex(node as YAMLMap, index);
    }
    this.inProgress.delete(node);
    this.sizes.set(node, size);
    return size;
  }

  private limitPos(node: AnyNode): Pos {
    const alias = this.aliasStack[this.aliasStack.length - 1];
    return this.at(alias ?? node);
  }

  private build(node: AnyNode | null | undefined, depth: number): unknown {
    if (node === null || node === undefined) {
      this.count(null);
      return null;
    }
    if (isAlias(node)) {
      const alias = node as Alias;
      const target = this.map.aliasTarget.get(alias);
      if (!target || this.building.has(target)) return null; // reported by analyze
      const size = this.sizes.get(target) ?? 1;
      if (this.nodes + size > this.maxNodes) {
        this.bag.error(this.at(alias), `alias '*${alias.source}' expands the document to more than ${this.maxNodes} values`);
        throw new LimitHit();
      }
      this.aliasStack.push(alias);
      try {
        return this.build(target, depth);
      } finally {
        this.aliasStack.pop();
      }
    }
    this.count(node);
    if (isScalar(node)) {
      const v = (node as Scalar).value;
      if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
      if (typeof v === 'bigint') return Number(v);
      this.report(this.at(node), 'unsupported kind of YAML value');
      return null;
    }
    if (!isMap(node) && !isSeq(node)) return null;
    if (depth + 1 > this.maxDepth) {
      this.bag.error(this.limitPos(node), depthMessage(this.maxDepth));
      throw new LimitHit();
    }
    const anchored = !!(node as { anchor?: string }).anchor;
    if (anchored) this.building.add(node);
    try {
      if (isSeq(node)) {
        const items = (node as YAMLSeq).items as (AnyNode | null)[];
        const out: unknown[] = new Array(items.length);
        for (let i = 0; i < items.length; i++) out[i] = this.build(items[i], depth + 1);
        return out;
      }
      const out: Record<string, unknown> = {};
      for (const [k, pair] of this.map.keyIndex(node as YAMLMap)) {
        out[k] = this.build(pair.value as AnyNode | null, depth + 1);
      }
      return out;
    } finally {
      if (anchored) this.building.delete(node);
    }
  }

  private count(node: AnyNode | null): void {
    if (++this.nodes > this.maxNodes) {
      this.bag.error(node ? this.limitPos(node) : this.map.pos(0), `the document has more than ${this.maxNodes} values`);
      throw new LimitHit();
    }
  }
}
