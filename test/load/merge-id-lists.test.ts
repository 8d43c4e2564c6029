// Merging lists by id: the result is the one the merge rules describe (checked against a plain array
// version of them on random lists), also for a base that repeats an id, and a long hostile merge produces
// its errors without working out a "did you mean" for each.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseSource } from '../../engine/load/yaml/source.js';
import { located, mergeVariant } from '../../engine/load/variants/merge.js';

interface Item { id: string; n?: number; remove?: boolean; replace?: boolean; before?: string; after?: string }

/** The merge rules for a list of flat items, on a plain array (the obvious, quadratic way). */
function reference(base: Item[], variant: Item[]): Item[] {
  const list = base.map((x) => ({ ...x }));
  const at = (id: string) => list.findIndex((x) => x.id === id);
  for (const v of variant) {
    const i = at(v.id);
    if (v.remove) {
      if (i >= 0) list.splice(i, 1);
      continue;
    }
    const clean: Item = { id: v.id, ...(v.n !== undefined ? { n: v.n } : {}) };
    const entry = i >= 0 && !v.replace ? { ...list[i], ...clean } : clean;
    const anchorId = v.before ?? v.after;
    const anchored = anchorId !== undefined && anchorId !== v.id && at(anchorId) >= 0;
    if (i >= 0 && !anchored) {
      list[i] = entry;
      continue;
    }
    if (i >= 0) list.splice(i, 1);
    if (anchored) list.splice(v.before !== undefined ? at(anchorId) : at(anchorId) + 1, 0, entry);
    else list.push(entry);
  }
  return list;
}

/** Items as YAML flow mappings (ids, numbers and booleans need no quotes). */
const yamlList = (items: Item[]) =>
  `pieces:\n${items.map((x) => `  - {${Object.entries(x).map(([k, v]) => `${k}: ${String(v)}`).join(', ')}}\n`).join('')}`;

function merged(base: Item[], variant: Item[]) {
  const b = parseSource('base.yaml', yamlList(base));
  const v = parseSource('variant.yaml', yamlList(variant));
  expect(b.diagnostics).toEqual([]);
  expect(v.diagnostics).toEqual([]);
  return mergeVariant(located(b), located(v));
}

describe('merging lists by id', () => {
  const id = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
  const baseItem = fc.record({ id, n: fc.nat(9) });
  const variantItem = fc.record(
    { id, n: fc.nat(9), remove: fc.constant(true), replace: fc.constant(true), before: id, after: id },
    { requiredKeys: ['id'] },
  ).map((x) => {
    const { before, after, ...rest } = x;
    // before and after together are an error of their own; keep one
    return before !== undefined && after !== undefined ? { ...rest, before } : x;
  });

  it('gives the result of the merge rules on random lists, moves and removals included', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(baseItem, { selector: (x) => x.id, maxLength: 6 }),
        fc.uniqueArray(variantItem, { selector: (x) => x.id, minLength: 1, maxLength: 6 }),
        (base, variant) => {
          const r = merged(base, variant);
          const value = (r.merged.value as { pieces: Item[] }).pieces;
          if (base.length === 0) return; // an empty base list is replaced whole, not merged by id
          expect(value).toEqual(reference(base, variant));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('addresses the first of repeated ids in the base, then the next once it is removed', () => {
    const base = [{ id: 'a', n: 1 }, { id: 'b', n: 2 }, { id: 'a', n: 3 }];
    const r = merged(base, [{ id: 'a', n: 9 }]);
    expect((r.merged.value as { pieces: Item[] }).pieces).toEqual([{ id: 'a', n: 9 }, { id: 'b', n: 2 }, { id: 'a', n: 3 }]);
    const removed = merged(base, [{ id: 'a', remove: true }, { id: 'c', n: 5, after: 'a' }]);
    expect((removed.merged.value as { pieces: Item[] }).pieces).toEqual([{ id: 'b', n: 2 }, { id: 'a', n: 3 }, { id: 'c', n: 5 }]);
  });

  it('merges 10000 items moved one by one, and stops suggesting after 100 unknown ids', () => {
    const n = 10_000;
    const base = Array.from({ length: n }, (_, i) => ({ id: `c${i}`, n: i }));
    // every item moves after the item 7 further on, in order: the same as the reference on the first ones
    const moves = Array.from({ length: n }, (_, i) => ({ id: `c${i}`, after: `c${(i + 7) % n}` }));
    const r = merged(base, moves);
    expect(r.diagnostics).toEqual([]);
    expect((r.merged.value as { pieces: Item[] }).pieces).toEqual(reference(base, moves));
    const unknown = Array.from({ length: 500 }, (_, i) => ({ id: `x${i}`, remove: true }));
    const bad = merged(base, unknown);
    expect(bad.diagnostics).toHaveLength(500);
    // a close id exists for each (x… vs c…), but only the first 100 are worked out
    expect(bad.diagnostics.filter((d) => d.message.includes('did you mean'))).toHaveLength(100);
  });
});
