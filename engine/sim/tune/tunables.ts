// What the balance tuner may change: a tunable is an option, a table cell or a numeric card field, with the
// values to try. They are declared in the ruleset (`tunables:`) or given on the command line:
//   --tune bias                  a declared tunable, its declared values
//   --tune bias=0..100:5         an option (or a declared tunable) from 0 to 100 in steps of 5
//   --tune cards@p7=1..9         a table cell: column `cards` of the row `p7` (TABLE.COLUMN@ROW when several
//                                tables have such a row)
//   --tune card-01.cost=0..3     a card's number field
//   --tune mode=easy,hard        a list of values
// A setting (one value per tunable) becomes a variant that `extends` the ruleset and changes only those values
// (variantText), so a setting is played, checked and saved exactly as a designer's own variant is.
// Names read from files are looked up as own properties only.

export type TuneValue = number | string | boolean;

/** Where a tunable's value lives in the ruleset. */
export type TunablePlace =
  | { kind: 'option'; option: string }
  | { kind: 'cell'; table: string; row: string; column: string }
  | { kind: 'card'; card: string; field: string };

export interface Tunable {
  /** how reports and targets name it: a declared id, or the address as typed (`cards@p7`) */
  id: string;
  /** for a person: the declared name, or the place in words ("cards, row p7 of byPlayers") */
  name: string;
  place: TunablePlace;
  /** the values to try, in order */
  values: TuneValue[];
  /** the value the ruleset has now */
  current: TuneValue;
  /** the step between values of a range (null: a list) */
  step: number | null;
}

/** A tunable as declared in a ruleset or typed: the place, and the values (a range or a list). */
export interface TuneSpec {
  id?: string;
  name?: string;
  place: TunablePlace;
  range?: { low: number; high: number; step: number };
  list?: TuneValue[];
}

/** A problem with a tunable: the message, and where in the ruleset (for a declared one). */
export class TuneError extends RangeError {
  constructor(message: string, readonly path: (string | number)[] = []) {
    super(message);
  }
}

/** The most values one tunable may take (a range with more is refused: name a coarser step). */
export const MAX_TUNABLE_VALUES = 1000;

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const own = (o: Obj, k: string): unknown => (Object.hasOwn(o, k) ? o[k] : undefined);
const list = (root: Obj, k: string): unknown[] => { const v = own(root, k); return Array.isArray(v) ? v : []; };

/** Reads `LO..HI`, `LO..HI:STEP` or `a,b,c` (the part after `=` of --tune). */
export function parseValues(text: string, what: string): Pick<TuneSpec, 'range' | 'list'> {
  const t = text.trim();
  const num = '-?\\d+(?:\\.\\d+)?';
  const m = new RegExp(`^(${num})\\s*\\.\\.\\s*(${num})(?:\\s*:\\s*(${num}))?$`).exec(t);
  if (m) {
    const low = Number(m[1]), high = Number(m[2]), step = m[3] === undefined ? 1 : Number(m[3]);
    return { range: { low, high, step } };
  }
  if (t.includes('..')) throw new TuneError(`${what}: a range is LOW..HIGH or LOW..HIGH:STEP with numbers (1..9, 0..1:0.1), not '${text}'`);
  const items = t.split(',').map((x) => x.trim());
  if (t === '' || items.some((x) => x === '')) throw new TuneError(`${what}: give the values to try: a range LOW..HIGH[:STEP] or a list a,b,c, not '${text}'`);
  return { list: items.map((x) => (/^-?\d+(\.\d+)?$/.test(x) ? Number(x) : x === 'true' ? true : x === 'false' ? false : x)) };
}

/** The values of a range, low to high: low, low + step, … up to high (rounded to the step's decimals). */
export function rangeValues(low: number, high: number, step: number, what: string): number[] {
  if (!Number.isFinite(low) || !Number.isFinite(high) || !Number.isFinite(step)) throw new TuneError(`${what}: the range's bounds and step must be numbers`);
  if (!(step > 0)) throw new TuneError(`${what}: the step must be above 0, not ${step}`);
  if (high < low) throw new TuneError(`${what}: the range ${low}..${high} has no values (it goes from the smaller value to the larger)`);
  const n = Math.floor((high - low) / step + 1e-9) + 1;
  if (n > MAX_TUNABLE_VALUES) throw new TuneError(`${what}: the range ${low}..${high} in steps of ${step} has ${n} values; at most ${MAX_TUNABLE_VALUES} (give a larger step)`);
  const decimals = Math.max(decimalsOf(low), decimalsOf(step));
  const f = 10 ** decimals;
  return Array.from({ length: n }, (_, k) => Math.round((low + k * step) * f) / f);
}

function decimalsOf(x: number): number {
  const s = String(x);
  const i = s.indexOf('.');
  return i < 0 ? 0 : Math.min(12, s.length - i - 1);
}

/**
 * Reads one `--tune` argument: NAME (a declared tunable), NAME=VALUES, COLUMN@ROW=VALUES,
 * TABLE.COLUMN@ROW=VALUES or CARD.FIELD=VALUES. `declared` are the ruleset's own tunables, by id.
 */
export function parseTuneArg(text: string, root: unknown, declared: ReadonlyMap<string, TuneSpec>): TuneSpec {
  const eq = text.indexOf('=');
  const address = (eq < 0 ? text : text.slice(0, eq)).trim();
  const values = eq < 0 ? null : parseValues(text.slice(eq + 1), `--tune ${text}`);
  if (address === '') throw new TuneError(`--tune ${text}: name what to tune before '=' (an option, COLUMN@ROW, CARD.FIELD or a declared tunable)`);
  const d = declared.get(address);
  if (d) return values ? { ...d, range: values.range, list: values.list } : d;
  if (!values) {
    const names = [...declared.keys()];
    throw new TuneError(`--tune ${text}: ${names.length ? `the ruleset declares no tunable '${address}' (it declares ${names.join(', ')})` : 'the ruleset declares no tunables'}; give the values to try: ${address}=LOW..HIGH`);
  }
  const place = placeOf(address, root, `--tune ${text}`);
  return { id: address, place, ...values };
}

/** The place an address names: `COLUMN@ROW`, `TABLE.COLUMN@ROW`, `CARD.FIELD` or an option's id. */
function placeOf(address: string, root: unknown, what: string): TunablePlace {
  const r = isObj(root) ? root : {};
  const at = address.indexOf('@');
  if (at >= 0) {
    const left = address.slice(0, at), row = address.slice(at + 1);
    const dot = left.indexOf('.');
    const table = dot < 0 ? null : left.slice(0, dot);
    const column = dot < 0 ? left : left.slice(dot + 1);
    const tables = list(r, 'tables').filter(isObj).filter((t) => (table === null || own(t, 'id') === table) && rowOf(t, row) !== null && Object.hasOwn(rowOf(t, row)!, column));
    if (tables.length === 0) {
      const hint = table === null ? ` (tables: ${list(r, 'tables').filter(isObj).map((t) => String(own(t, 'id'))).join(', ') || 'none'})` : '';
      throw new TuneError(`${what}: no table has a row '${row}' with a column '${column}'${hint}`);
    }
    if (tables.length > 1) throw new TuneError(`${what}: several tables have a row '${row}' with a column '${column}'; name the table: TABLE.${column}@${row} (${tables.map((t) => String(own(t, 'id'))).join(', ')})`);
    const t = tables[0]!;
    return { kind: 'cell', table: String(own(t, 'id')), row: String(own(rowOf(t, row)!, 'id')), column };
  }
  const dot = address.lastIndexOf('.');
  if (dot > 0) return { kind: 'card', card: address.slice(0, dot), field: address.slice(dot + 1) };
  return { kind: 'option', option: address };
}

/** A table's row by its id, or by the value of its key column (`cards@7` in a table keyed by players). */
function rowOf(t: Obj, row: string): Obj | null {
  const rows = (Array.isArray(own(t, 'rows')) ? (own(t, 'rows') as unknown[]) : []).filter(isObj);
  const byId = rows.find((x) => own(x, 'id') === row);
  if (byId) return byId;
  const key = typeof own(t, 'key') === 'string' ? (own(t, 'key') as string) : null;
  return key ? rows.find((x) => own(x, 'id') !== undefined && String(own(x, key)) === row) ?? null : null;
}

/** The ruleset's declared tunables (`tunables:`), by id, as specs; bad declarations are TuneErrors with their path. */
export function declaredTunables(root: unknown): Map<string, TuneSpec> {
  const out = new Map<string, TuneSpec>();
  if (!isObj(root)) return out;
  list(root, 'tunables').forEach((d, i) => {
    const path = ['tunables', i];
    if (!isObj(d)) throw new TuneError('a tunable is a mapping: { id, option | table+row+column | card+field, range or values }', path);
    const id = own(d, 'id');
    if (typeof id !== 'string') throw new TuneError('a tunable needs an id', path);
    const place: TunablePlace | null = typeof own(d, 'option') === 'string' ? { kind: 'option', option: own(d, 'option') as string }
      : typeof own(d, 'table') === 'string' ? { kind: 'cell', table: own(d, 'table') as string, row: String(own(d, 'row') ?? ''), column: String(own(d, 'column') ?? '') }
      : typeof own(d, 'card') === 'string' ? { kind: 'card', card: own(d, 'card') as string, field: String(own(d, 'field') ?? '') }
      : null;
    if (!place) throw new TuneError(`tunable '${id}': say what it changes: option, table with row and column, or card with field`, path);
    const range = own(d, 'range');
    const values = own(d, 'values');
    const spec: TuneSpec = { id, place, ...(typeof own(d, 'name') === 'string' ? { name: own(d, 'name') as string } : {}) };
    if (Array.isArray(range)) {
      const step = own(d, 'step') ?? 1;
      if (range.length !== 2 || typeof range[0] !== 'number' || typeof range[1] !== 'number' || typeof step !== 'number') throw new TuneError(`tunable '${id}': range is [LOW, HIGH] with numbers, and step a number`, [...path, 'range']);
      spec.range = { low: range[0], high: range[1], step };
    } else if (Array.isArray(values)) {
      spec.list = values.filter((v): v is TuneValue => typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean');
    } else throw new TuneError(`tunable '${id}': give range: [LOW, HIGH] (and step) or values: [a, b, …]`, path);
    if (out.has(id)) throw new TuneError(`tunable '${id}' is declared twice`, [...path, 'id']);
    out.set(id, spec);
  });
  return out;
}

/** A spec checked against the ruleset: its place exists, its values are of the right type; the tunable. */
export function resolveTunable(spec: TuneSpec, root: unknown, path: (string | number)[] = []): Tunable {
  const r = isObj(root) ? root : {};
  const p = spec.place;
  const label = spec.id ?? describePlace(p);
  let current: TuneValue;
  let numeric = true;
  let name: string;
  if (p.kind === 'option') {
    const o = list(r, 'options').filter(isObj).find((x) => own(x, 'id') === p.option);
    if (!o) throw new TuneError(`'${label}': the ruleset has no option '${p.option}' (options: ${list(r, 'options').filter(isObj).map((x) => String(own(x, 'id'))).join(', ') || 'none'})`, path);
    const type = own(o, 'type') ?? 'number';
    current = (own(o, 'default') ?? (type === 'number' ? 0 : type === 'bool' ? false : '')) as TuneValue;
    numeric = type === 'number';
    name = `option ${p.option}`;
  } else if (p.kind === 'cell') {
    const t = list(r, 'tables').filter(isObj).find((x) => own(x, 'id') === p.table);
    if (!t) throw new TuneError(`'${label}': the ruleset has no table '${p.table}'`, path);
    const row = rowOf(t, p.row);
    if (!row) throw new TuneError(`'${label}': table '${p.table}' has no row '${p.row}'`, path);
    if (typeof own(row, 'id') !== 'string') throw new TuneError(`'${label}': the rows of table '${p.table}' have no ids, so a variant cannot change one of them`, path);
    if (!Object.hasOwn(row, p.column) || p.column === 'id') throw new TuneError(`'${label}': table '${p.table}' has no column '${p.column}'`, path);
    current = own(row, p.column) as TuneValue;
    numeric = typeof current === 'number';
    name = `${p.column}, row ${p.row} of ${p.table}`;
  } else {
    const c = list(r, 'cards').filter(isObj).find((x) => own(x, 'id') === p.card);
    if (!c) throw new TuneError(`'${label}': the ruleset has no card '${p.card}'`, path);
    const ct = list(r, 'cardTypes').filter(isObj).find((x) => own(x, 'id') === own(c, 'type'));
    const fields = ct && isObj(own(ct, 'fields')) ? (own(ct, 'fields') as Obj) : {};
    const f = own(fields, p.field);
    const type = typeof f === 'string' ? f : isObj(f) ? own(f, 'type') : undefined;
    if (f === undefined) throw new TuneError(`'${label}': card '${p.card}' (a ${String(own(c, 'type'))}) has no field '${p.field}' (fields: ${Object.keys(fields).join(', ') || 'none'})`, path);
    if (type !== 'number') throw new TuneError(`'${label}': field '${p.field}' is a ${String(type)} field; a card field is tuned when it is a number`, path);
    current = (own(c, p.field) ?? (isObj(f) ? own(f, 'default') : undefined) ?? 0) as TuneValue;
    name = `${p.field} of ${String(own(c, 'name') ?? p.card)}`;
  }
  let values: TuneValue[];
  if (spec.range) {
    if (!numeric) throw new TuneError(`'${label}' is not a number; give its values as a list (a,b,c)`, path);
    values = rangeValues(spec.range.low, spec.range.high, spec.range.step, `'${label}'`);
  } else {
    values = [...new Set(spec.list ?? [])];
    if (values.length === 0) throw new TuneError(`'${label}': no values to try`, path);
    if (values.length > MAX_TUNABLE_VALUES) throw new TuneError(`'${label}': ${values.length} values; at most ${MAX_TUNABLE_VALUES}`, path);
    const kind = typeof current;
    const bad = values.find((v) => typeof v !== kind);
    if (bad !== undefined) throw new TuneError(`'${label}': ${JSON.stringify(bad)} is not a ${kind === 'number' ? 'number' : kind === 'boolean' ? 'yes/no value' : 'text'}, as the ruleset's value ${JSON.stringify(current)} is`, path);
  }
  if (values.length < 2) throw new TuneError(`'${label}': only one value (${String(values[0])}); give at least two to choose between`, path);
  return { id: label, name: spec.name ?? name, place: p, values, current, step: spec.range ? spec.range.step : null };
}

export function describePlace(p: TunablePlace): string {
  return p.kind === 'option' ? p.option : p.kind === 'cell' ? `${p.column}@${p.row}` : `${p.card}.${p.field}`;
}

/** Every tunable the arguments name (none: every declared one), checked; TuneError on the first problem. */
export function resolveTunables(root: unknown, args: readonly string[]): Tunable[] {
  const declared = declaredTunables(root);
  const specs = args.length ? args.map((a) => parseTuneArg(a, root, declared)) : [...declared.values()];
  if (!specs.length) throw new TuneError('nothing to tune: give --tune NAME=LOW..HIGH (an option, COLUMN@ROW or CARD.FIELD), or declare tunables in the ruleset');
  const out = specs.map((s) => resolveTunable(s, root));
  const seen = new Set<string>();
  for (const t of out) {
    const key = JSON.stringify(t.place);
    if (seen.has(key)) throw new TuneError(`'${t.id}' is tuned twice`);
    seen.add(key);
  }
  return out;
}

const yamlKey = (k: string) => (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(k) ? k : JSON.stringify(k));
const yamlValue = (v: TuneValue) => (typeof v === 'string' ? JSON.stringify(v) : String(v));
const oneLine = (s: string) => s.replace(/[\r\n\u2028\u2029]+/g, ' ');

/**
 * A variant of the ruleset at `extendsPath` with one value per tunable: the options' defaults, the table cells
 * and the card fields, nothing else. `comment` lines go at the top.
 */
export function variantText(o: { extendsPath: string; id: string; name: string; tunables: readonly Tunable[]; values: readonly TuneValue[]; comment?: readonly string[] }): string {
  const options: string[] = [], cards: string[] = [];
  const rows = new Map<string, Map<string, string[]>>();
  o.tunables.forEach((t, i) => {
    const v = yamlValue(o.values[i]!);
    const p = t.place;
    if (p.kind === 'option') options.push(`  - { id: ${yamlKey(p.option)}, default: ${v} }`);
    else if (p.kind === 'card') cards.push(`  - { id: ${yamlKey(p.card)}, ${yamlKey(p.field)}: ${v} }`);
    else {
      const byRow = rows.get(p.table) ?? new Map<string, string[]>();
      rows.set(p.table, byRow);
      const cells = byRow.get(p.row) ?? [];
      byRow.set(p.row, cells);
      cells.push(`${yamlKey(p.column)}: ${v}`);
    }
  });
  const lines = [
    ...(o.comment ?? []).map((c) => `# ${oneLine(c)}`.trimEnd()),
    `extends: ${JSON.stringify(o.extendsPath)}`,
    `id: ${yamlKey(o.id)}`,
    `name: ${JSON.stringify(oneLine(o.name))}`,
  ];
  if (options.length) lines.push('options:', ...options);
  if (rows.size) {
    lines.push('tables:');
    for (const [table, byRow] of rows) {
      lines.push(`  - id: ${yamlKey(table)}`, '    rows:');
      for (const [row, cells] of byRow) lines.push(`      - { id: ${yamlKey(row)}, ${cells.join(', ')} }`);
    }
  }
  if (cards.length) lines.push('cards:', ...cards);
  return lines.join('\n') + '\n';
}

/** How a value reads to a person. */
export function showValue(v: TuneValue): string {
  return typeof v === 'string' ? v : String(v);
}
