// Static types of ruleset expressions, checked at load time.

export type Ty =
  | { k: 'num' }
  | { k: 'bool' }
  | { k: 'str' }
  | { k: 'player' }
  | { k: 'card' }
  /** `none`: no player and no card (fits wherever a player or a card is expected) */
  | { k: 'none' }
  | { k: 'cell' }
  | { k: 'list'; of: Ty }
  /** A zone reference; `need` lists the indices still to give (player, then cell). */
  | { k: 'zone'; zone: string; need: ('player' | 'cell' | 'card')[] }
  /** a record of named fields (field names are own keys; look them up with hasField) */
  | { k: 'rec'; f: Record<string, Ty> }
  /** a count per value of an enumeration (a cost, a production): a number per value, read as c.wood */
  | { k: 'counts'; of: string }
  /** a source of units for paying a cost (see the payment functions): opaque */
  | { k: 'source'; of: string }
  | { k: 'table'; table: string }
  | { k: 'row'; table: string }
  | { k: 'any' };

/**
 * What an expression yields at run time, the value a `Ty` describes: a number (also a player's seat, a card's
 * number, -1 for "nobody" / "no card", a cell's index), a text, a yes/no, a list of values (counts are a list
 * of numbers, one per value of the enumeration), or a record (a record literal, a table's row, a payment source).
 * `null` and `undefined` stand where nothing is (no value bound yet; the empty value of a type without one).
 */
export type Value = number | string | boolean | null | undefined | readonly Value[] | ValueRecord;

/** A record value: field name → value (plain or null-prototype object; also a table row, a payment source). */
export interface ValueRecord { readonly [field: string]: Value }

export const T = {
  num: { k: 'num' } as Ty,
  bool: { k: 'bool' } as Ty,
  str: { k: 'str' } as Ty,
  player: { k: 'player' } as Ty,
  card: { k: 'card' } as Ty,
  none: { k: 'none' } as Ty,
  cell: { k: 'cell' } as Ty,
  any: { k: 'any' } as Ty,
  list: (of: Ty): Ty => ({ k: 'list', of }),
};

export function showType(t: Ty): string {
  switch (t.k) {
    case 'num': return 'a number';
    case 'bool': return 'a yes/no condition';
    case 'str': return 'a text';
    case 'player': return 'a player';
    case 'card': return 'a card';
    case 'none': return 'none';
    case 'cell': return 'a cell';
    case 'list':
      if (t.of.k === 'player') return 'a list of players';
      if (t.of.k === 'card') return 'a list of cards';
      if (t.of.k === 'cell') return 'a list of cells';
      if (t.of.k === 'any') return 'a list';
      return `a list of ${showType(t.of).replace(/^an? /, '')}s`;
    case 'zone':
      return t.need.length ? `zone '${t.zone}' without its ${t.need[0]} index` : `zone '${t.zone}'`;
    case 'rec': return `a record { ${Object.keys(t.f).map((k) => `${k}: ${showType(t.f[k]!).replace(/^an? /, '')}`).join(', ')} }`;
    case 'counts': return `counts of ${t.of}`;
    case 'source': return `a source of ${t.of}`;
    case 'table': return `table '${t.table}' without a key`;
    case 'row': return `a row of table '${t.table}'`;
    case 'any': return 'a value';
  }
}

/** Whether a value of type `a` can be used where `b` is expected. */
export function assignable(a: Ty, b: Ty): boolean {
  if (a.k === 'any' || b.k === 'any') return true;
  if (a.k === 'none' || b.k === 'none') {
    const o = a.k === 'none' ? b : a;
    return o.k === 'none' || o.k === 'player' || o.k === 'card';
  }
  if (a.k === 'zone' && a.need.length === 0 && b.k === 'list') return b.of.k === 'card' || b.of.k === 'any';
  if (a.k !== b.k) return false;
  if (a.k === 'list' && b.k === 'list') return assignable(a.of, b.of);
  if ((a.k === 'counts' || a.k === 'source') && (b.k === 'counts' || b.k === 'source')) return a.of === b.of;
  if (a.k === 'rec' && b.k === 'rec') {
    const ka = Object.keys(a.f), kb = Object.keys(b.f);
    return ka.length === kb.length && ka.every((k) => hasField(b, k) && assignable(a.f[k]!, b.f[k]!));
  }
  return true;
}

/** Whether a record type has a field of that name (an own key: 'toString' is just a name). */
export function hasField(t: Ty & { k: 'rec' }, name: string): boolean {
  return Object.prototype.hasOwnProperty.call(t.f, name);
}

/** A record type from field names and types (a null-prototype map of fields). */
export function recType(fields: [string, Ty][]): Ty {
  const f: Record<string, Ty> = Object.create(null);
  for (const [k, v] of fields) f[k] = v;
  return { k: 'rec', f };
}

/** A concrete zone used as a value is its list of cards. */
export function asValue(t: Ty): Ty {
  if (t.k === 'zone' && t.need.length === 0) return T.list(T.card);
  return t;
}

export function typeFromName(name: string): Ty | undefined {
  switch (name) {
    case 'number': return T.num;
    case 'bool': return T.bool;
    case 'string': case 'role': case 'team': return T.str;
    case 'player': return T.player;
    case 'players': return T.list(T.player);
    case 'card': return T.card;
    case 'cards': return T.list(T.card);
    case 'cell': return T.cell;
    case 'cells': return T.list(T.cell);
    case 'cellCounts': return T.list({ k: 'rec', f: { cell: T.cell, count: T.num } });
    default: return undefined;
  }
}
