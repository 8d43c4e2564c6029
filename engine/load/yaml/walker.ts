/**
 * The walk over a composed YAML document: resolves aliases, checks keys
 * (duplicates, forbidden names, non-scalar keys), enforces depth and the node
 * budget with aliases expanded, and builds the plain value. Generic and browser-safe.
 */
import { isAlias, isMap, isScalar, isSeq, type Alias, type Pair, type Scalar, type YAMLMap, type YAMLSeq } from 'yaml';
import { DiagnosticBag, quote } from '../diagnostics.js';
import { suggestSuffix } from '../../suggest.js';
import { depthMessage } from './limits.js';
import type { Pos, YamlSourceMap } from './source-map.js';
import { FORBIDDEN_KEYS, isEmptyScalar, keyString, nodeStart, type AnyNode } from './yaml-nodes.js';

/** Internal: thrown to abandon the walk when a resource limit is hit. */
class LimitHit extends Error {}


/**
 * Two passes over the composed document:
 * 1. `analyze`: each node once, in document order: resolves aliases to anchors,
 *    checks keys, computes each node's size once aliases are expanded, limits depth;
 * 2. `build`: constructs the plain value, expanding aliases within the node budget.
 */
export class Walker {
  private readonly anchors = new Map<string, AnyNode>();
  private readonly sizes = new Map<AnyNode, number>();
  private readonly inProgress = new Set<AnyNode>();
  private readonly building = new Set<AnyNode>();
  private readonly aliasStack: Alias[] = [];
  private nodes = 0;
  private errors = 0;

  /** Values built so far (all of them once `run` has returned a value), aliases expanded. */
  get valuesBuilt(): number {
    return this.nodes;
  }

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
