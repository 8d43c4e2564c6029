/**
 * Positions of values in one parsed YAML file, looked up by path: where a
 * value, a mapping key, or character k of a string scalar is (file, line, col).
 * Generic and browser-safe.
 */
import { LineCounter, isAlias, isMap, isScalar, isSeq, type Alias, type Pair, type Scalar, type YAMLMap, type YAMLSeq } from 'yaml';
import { FORBIDDEN_KEYS, isEmptyScalar, keyString, nodeStart, type AnyNode } from './yaml-nodes.js';
import { scalarSourceOffset } from './scalar-offsets.js';

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

/** The internal state shared by the parser walk and the SourceMap. */
export class YamlSourceMap implements SourceMap {
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
