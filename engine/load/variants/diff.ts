// What a variant changes, item by item: the base ruleset's value against the variant's merged value. Lists of
// items with ids are matched by id (an item added, removed, or changed field by field, however deep: a table's
// row, a card's cell count); any other value is compared whole. Browser-safe; the editor shows the result
// beside a variant.

export interface Change {
  /** where, readable: "cards › bp-02", "tables › byPlayers › rows › p5" ('' for the ruleset's own fields) */
  path: string;
  kind: 'added' | 'removed' | 'changed';
  /** what: "count: 3 → 4", or the item's name for an added or removed one */
  detail: string;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const idOf = (v: unknown): string | null => (isObj(v) && Object.prototype.hasOwnProperty.call(v, 'id') && typeof v.id === 'string' ? v.id : null);
const isIdList = (v: unknown): v is Obj[] => Array.isArray(v) && v.length > 0 && v.every((x) => idOf(x) !== null);

/** A short text of a value: 3, 'A', [a, b], { B2: 10, A1: 2 }. */
export function showValue(v: unknown, max = 60): string {
  const t = v === undefined ? '(none)' : typeof v === 'string' ? `'${v}'` : JSON.stringify(v)?.replace(/"([A-Za-z_][\w-]*)":/g, '$1: ').replace(/"/g, "'") ?? String(v);
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

const equal = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The changes from `base` to `variant` (the merged value of a variant of it), at most `limit`. */
export function diffRulesets(base: unknown, variant: unknown, limit = 500): Change[] {
  const out: Change[] = [];
  const add = (c: Change) => { if (out.length < limit) out.push(c); };
  const label = (item: Obj) => (typeof item.name === 'string' && item.name !== item.id ? ` (${item.name})` : '');

  const walk = (a: unknown, b: unknown, path: string[]): void => {
    if (out.length >= limit || equal(a, b)) return;
    if (isObj(a) && isObj(b)) {
      // an item's own scalar fields read best on one line each: "count: 3 → 4"
      for (const k of Object.keys(b)) {
        if (k === 'extends') continue;
        if (!Object.prototype.hasOwnProperty.call(a, k)) {
          if (isIdList(b[k])) for (const item of b[k] as Obj[]) add({ path: [...path, k, idOf(item)!].join(' › '), kind: 'added', detail: `added${label(item)}` });
          else add({ path: path.join(' › '), kind: 'changed', detail: `${k}: ${showValue(b[k])} (new)` });
        } else if (!equal(a[k], b[k])) {
          const x = a[k], y = b[k];
          if ((isObj(x) && isObj(y)) || (isIdList(x) && isIdList(y))) walk(x, y, [...path, k]);
          else add({ path: path.join(' › '), kind: 'changed', detail: `${k}: ${showValue(x)} → ${showValue(y)}` });
        }
      }
      for (const k of Object.keys(a)) {
        if (!Object.prototype.hasOwnProperty.call(b, k)) add({ path: path.join(' › '), kind: 'changed', detail: `${k}: ${showValue(a[k])} → (none)` });
      }
      return;
    }
    if (isIdList(a) && isIdList(b)) {
      const before = new Map(a.map((x) => [idOf(x)!, x]));
      const after = new Map(b.map((x) => [idOf(x)!, x]));
      for (const [id, item] of after) {
        const p = [...path, id];
        const old = before.get(id);
        if (!old) add({ path: p.join(' › '), kind: 'added', detail: `added${label(item)}` });
        else walk(old, item, p);
      }
      for (const [id, item] of before) if (!after.has(id)) add({ path: [...path, id].join(' › '), kind: 'removed', detail: `removed${label(item)}` });
      return;
    }
    add({ path: path.join(' › '), kind: 'changed', detail: `${showValue(a)} → ${showValue(b)}` });
  };
  walk(base, variant, []);
  return out;
}
