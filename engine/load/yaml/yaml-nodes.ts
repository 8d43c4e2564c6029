/**
 * Small helpers on the YAML library's nodes, shared by the source map and the walker:
 * where a node starts, whether it is an empty scalar, and what a mapping key's text is.
 */
import { isMap, isScalar, isSeq, type Node as YamlNode, type Scalar } from 'yaml';

export type AnyNode = YamlNode;

/** Keys left out of every value (and reported): they would reach or shadow an object's prototype. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export function nodeStart(node: AnyNode | null | undefined): number | undefined {
  const r = (node as { range?: [number, number, number] } | null | undefined)?.range;
  return r ? r[0] : undefined;
}

export function isEmptyScalar(node: unknown): boolean {
  if (!isScalar(node)) return false;
  const s = node as Scalar & { source?: string; range?: [number, number, number] };
  return s.value === null && (s.source === '' || s.source === undefined) && !!s.range && s.range[0] === s.range[1];
}

export type KeyResult = { ok: true; key: string } | { ok: false; why: string };

/** The string form of a mapping key node (already alias-dereferenced). */
export function keyString(node: AnyNode | null): KeyResult {
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
