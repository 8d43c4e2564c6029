// A card type's cards as a CSV table and back: one row per card, one column per field. Export writes the cards
// as the ruleset resolves them (a variant's bases merged in); import writes back only the cells that differ,
// through the comment-preserving card edits of yaml-edit.ts, so a table exported and imported unchanged leaves
// the file byte for byte as it was.
//
// Cell syntax (docs/print.md): text as it is; numbers; true/false; a list (strings, kinds, cells) as its items
// separated by commas, `ore, clay` (an item holding a comma in quotes: `"a, b", c`); counts and cell counts
// as `stone: 2, ore: 1`; any other value (a list of records) as one YAML flow value, `[{ quantity: tax, add: 1 }]`.
// An empty cell leaves the field unset: the card type's default applies.
import { isAlias, isMap, isScalar, isSeq, parseDocument, type Node, type Pair } from 'yaml';
// the suggester alone (not the engine's front door): the editor's first bundle takes in this module, not the engine
import { didYouMean } from '../engine/suggest.js';
import type { Diagnostic } from '../engine/index.js';
import { CsvSyntaxError, parseCsv, writeCsv, type CsvRow } from './csv.js';
import { EditError, addCard, removeCard, setCardValue, flowSource, type CardValue, type Json } from './yaml-edit.js';
import { Parsed, keyOf, sameValue } from './yaml-splice.js';

/** How a column's cells are read and written. */
export type CellKind = 'text' | 'number' | 'bool' | 'list' | 'map' | 'value';

/** What the CSV side needs of the ruleset as loaded (its merged value: cards and card types). */
export interface RulesetCards {
  cards?: unknown;
  cardTypes?: unknown;
}

interface TypeInfo {
  id: string;
  /** declared fields, in order, with their kinds */
  fields: Map<string, CellKind>;
}

/** Keys a card may have besides its type's fields (engine/load/compile/cards.ts), in the order export writes them. */
const CARD_KEYS: [string, CellKind][] = [['id', 'text'], ['name', 'text'], ['count', 'number']];
const EXTRA_KEYS: [string, CellKind][] = [['text', 'text'], ['description', 'text'], ['source', 'text'], ['startIn', 'text'], ['modifies', 'value']];
const KIND_OF_FIELD: Record<string, CellKind> = {
  number: 'number', player: 'number', bool: 'bool', string: 'text', kind: 'text', role: 'text', team: 'text', cell: 'text',
  strings: 'list', kinds: 'list', cells: 'list', counts: 'map', cellCounts: 'map',
};
/** Names the loader refuses as keys (they would reach an object's prototype). */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

type Obj = { [k: string]: Json };
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** A problem with a cell (or a row, or the table), where a spreadsheet shows it. */
export interface CsvProblem {
  row: number;
  col: number;
  message: string;
}

export class CsvImportError extends Error {
  constructor(readonly problems: CsvProblem[]) {
    super(problems.map((p) => `${p.row}:${p.col}: ${p.message}`).join('\n'));
  }
}

function typeInfo(value: RulesetCards, type: string): TypeInfo {
  const types = Array.isArray(value.cardTypes) ? value.cardTypes.filter(isObj) : [];
  const t = types.find((x) => x.id === type);
  if (!t) {
    const ids = types.map((x) => String(x.id));
    const near = didYouMean(type, ids);
    throw new CsvImportError([{ row: 1, col: 1, message: `no card type '${type}'${near ? ` (did you mean '${near}'?)` : ''}; card types: ${ids.join(', ')}` }]);
  }
  const fields = new Map<string, CellKind>();
  if (isObj(t.fields)) {
    for (const [k, f] of Object.entries(t.fields)) {
      const ft = isObj(f) ? f.type : f;
      fields.set(k, typeof ft === 'string' && own(KIND_OF_FIELD, ft) ? KIND_OF_FIELD[ft]! : 'value');
    }
  }
  return { id: type, fields };
}

function cardsOf(value: RulesetCards): Obj[] {
  return Array.isArray(value.cards) ? value.cards.filter(isObj) : [];
}

/** The columns of a type's table: id, name, count, the type's fields, then the other keys its cards use. */
function columnsOf(info: TypeInfo, cards: Obj[]): [string, CellKind][] {
  const cols: [string, CellKind][] = [...CARD_KEYS, ...info.fields];
  for (const [k, kind] of EXTRA_KEYS) if (!info.fields.has(k) && cards.some((c) => own(c, k))) cols.push([k, kind]);
  // anything else a card of the type says (the loader reports it; the table still shows it)
  for (const c of cards) for (const k of Object.keys(c)) if (k !== 'type' && !cols.some(([n]) => n === k)) cols.push([k, 'value']);
  return cols;
}

/** A value as a cell (see the syntax above). */
export function cellOf(v: unknown, kind: CellKind): string {
  if (v === undefined || v === null) return '';
  if (kind === 'list' && Array.isArray(v)) return v.length ? flowSource(v as Json[]).slice(1, -1) : '[]';
  if (kind === 'map' && isObj(v)) return Object.keys(v).length ? flowSource(v).replace(/^\{ /, '').replace(/ \}$/, '') : '{}';
  if (typeof v === 'object') return flowSource(v as Json);
  return String(v);
}

/** The CSV of the cards of `type` in a ruleset's merged value. */
export function exportCardsCsv(value: RulesetCards, type: string): string {
  const info = typeInfo(value, type);
  const cards = cardsOf(value).filter((c) => c.type === type);
  const cols = columnsOf(info, cards);
  return writeCsv([cols.map(([k]) => k), ...cards.map((c) => cols.map(([k, kind]) => cellOf(c[k], kind)))]);
}

// ---- reading cells ------------------------------------------------------------------------------------

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A YAML flow text as a plain value: no aliases, no tags, no key that reaches a prototype. */
function flowValue(text: string): Json {
  const doc = parseDocument(text, { uniqueKeys: true });
  if (doc.errors.length) throw new Error(doc.errors[0]!.message.split('\n')[0]!.replace(/ at line \d+.*$/, ''));
  const walk = (n: unknown, depth: number): Json => {
    if (depth > 20) throw new Error('nested too deep');
    if (isAlias(n)) throw new Error('aliases (*name) are not read in a cell');
    if (isScalar(n)) {
      if (n.tag && !['tag:yaml.org,2002:str', 'tag:yaml.org,2002:int', 'tag:yaml.org,2002:float', 'tag:yaml.org,2002:bool', 'tag:yaml.org,2002:null'].includes(n.tag)) throw new Error(`tag ${n.tag} is not read in a cell`);
      const v = n.value;
      if (typeof v === 'number' && !Number.isFinite(v)) throw new Error(`${String(v)} is not a number a ruleset can hold`);
      return v as Json;
    }
    if (isSeq(n)) return n.items.map((x) => walk(x, depth + 1));
    if (isMap(n)) {
      const o: Obj = {};
      for (const it of n.items) {
        const k = keyOf(it as Pair);
        if (k === undefined) throw new Error('a key is a plain name');
        if (FORBIDDEN.has(k)) throw new Error(`'${k}' cannot be a key in a ruleset`);
        o[k] = walk((it as Pair).value, depth + 1);
      }
      return o;
    }
    if (n === null || n === undefined) return null;
    throw new Error('not a value');
  };
  return walk(doc.contents, 0);
}

/** A cell's value (undefined: the cell is empty, the field unset), or why it cannot be read. */
export function readCell(cell: string, kind: CellKind): { v: Json | undefined } | { error: string } {
  if (cell.trim() === '') return { v: undefined };
  const t = cell.trim();
  try {
    switch (kind) {
      case 'text': return { v: cell };
      case 'number': return NUMBER.test(t) ? { v: Number(t) } : { error: `expected a number, got '${cell}'` };
      case 'bool': return /^true$/i.test(t) ? { v: true } : /^false$/i.test(t) ? { v: false } : { error: `expected true or false, got '${cell}'` };
      case 'list': {
        const v = flowValue(t.startsWith('[') ? t : `[${t}]`);
        return Array.isArray(v) ? { v } : { error: `expected a list, items separated by commas (e.g. a, b), got '${cell}'` };
      }
      case 'map': {
        const v = flowValue(t.startsWith('{') ? t : `{${t}}`);
        return isObj(v) ? { v } : { error: `expected name: number pairs separated by commas (e.g. stone: 2, ore: 1), got '${cell}'` };
      }
      case 'value': return { v: flowValue(t) };
    }
  } catch (e) {
    return { error: `cannot read '${cell}' (${kind === 'list' ? 'items separated by commas, e.g. a, b' : kind === 'map' ? 'name: number pairs, e.g. stone: 2, ore: 1' : 'a YAML flow value, e.g. [{ a: 1 }]'}): ${(e as Error).message}` };
  }
}

/** True when a cell's value says what the card has: equal, or both "nothing" (unset, empty text, list or mapping). */
function sameCell(now: unknown, v: Json | undefined, kind: CellKind): boolean {
  const empty = (x: unknown) => x === undefined || x === null || x === '' || (Array.isArray(x) && x.length === 0) || (isObj(x) && Object.keys(x).length === 0);
  if (v === undefined) return now === undefined || (kind !== 'number' && kind !== 'bool' && empty(now));
  // a text field written as a number in YAML (`name: 2024`) reads back as its text
  if (kind === 'text' && typeof v === 'string' && (typeof now === 'number' || typeof now === 'boolean')) return String(now) === v;
  return sameValue(now, v);
}

// ---- import ---------------------------------------------------------------------------------------------

export interface ImportOptions {
  /** the ruleset file's text (the one written to: a base or a variant) */
  text: string;
  /** the ruleset as the loader resolves that file (variants merged) */
  value: RulesetCards;
  type: string;
  csv: string;
  /** remove the cards of the type that the table does not list */
  removeMissing?: boolean;
  /** in a variant: the ids of the cards its bases have (a removed one is then removed with `remove: true`) */
  baseCardIds?: ReadonlySet<string>;
}

export interface ImportPlan {
  /** the new text (the same string when nothing changed) */
  text: string;
  changed: string[];
  added: string[];
  removed: string[];
  /** cells written */
  cells: number;
  /** where each card's row is, to place the loader's problems on the table (see locateProblems) */
  rows: Map<string, number>;
  columns: Map<string, number>;
}

/**
 * Works out the new text of a ruleset from a CSV table of one card type. Every cell is read first; any cell,
 * header or row that cannot be read throws a CsvImportError naming them all, and nothing is written. The
 * caller then loads the new text (locateProblems places the loader's errors on the table) and writes it only
 * when it loads.
 */
export function planCardsImport(o: ImportOptions): ImportPlan {
  const info = typeInfo(o.value, o.type);
  let rows: CsvRow[];
  try {
    rows = parseCsv(o.csv);
  } catch (e) {
    if (e instanceof CsvSyntaxError) throw new CsvImportError([{ row: e.row, col: e.col, message: e.message }]);
    throw e;
  }
  const problems: CsvProblem[] = [];
  if (!rows.length) throw new CsvImportError([{ row: 1, col: 1, message: 'the table is empty: its first row names the columns (id, name, count, fields)' }]);
  const all = cardsOf(o.value);
  const ofType = all.filter((c) => c.type === o.type);
  const known = new Map<string, CellKind>(columnsOf(info, ofType));
  for (const [k, kind] of EXTRA_KEYS) if (!known.has(k)) known.set(k, kind);
  // the header
  const head = rows[0]!;
  const cols: { name: string; kind: CellKind }[] = [];
  const columns = new Map<string, number>();
  head.cells.forEach((h, i) => {
    const name = h.trim();
    const col = i + 1;
    if (name === '') { problems.push({ row: head.row, col, message: 'a column without a name: the first row names each column (id, name, count or a field)' }); return; }
    if (columns.has(name)) { problems.push({ row: head.row, col, message: `column '${name}' is given twice (first in column ${columns.get(name)})` }); return; }
    const kind = known.get(name);
    if (kind === undefined || FORBIDDEN.has(name)) {
      const why = name === 'type' ? `: the card type is the one asked for ('${o.type}'), not a column` : (() => { const n = didYouMean(name, [...known.keys()]); return n ? ` (did you mean '${n}'?)` : ''; })();
      problems.push({ row: head.row, col, message: `card type '${o.type}' has no field '${name}'${why}` });
      return;
    }
    columns.set(name, col);
    cols[i] = { name, kind };
  });
  if (!columns.has('id')) problems.push({ row: head.row, col: 1, message: "no 'id' column: each row names its card by id" });
  if (problems.length) throw new CsvImportError(problems);

  // every row read before anything is written
  const byId = new Map(all.map((c) => [String(c.id), c] as const));
  const seen = new Map<string, number>();
  const wanted: { row: number; id: string; cells: [string, Json | undefined, CellKind][] }[] = [];
  const rowOf = new Map<string, number>();
  for (const r of rows.slice(1)) {
    if (r.cells.length > head.cells.length && r.cells.slice(head.cells.length).some((c) => c.trim() !== '')) {
      problems.push({ row: r.row, col: head.cells.length + 1, message: `a cell beyond the last named column (${head.cells.length} columns)` });
    }
    const id = (r.cells[columns.get('id')! - 1] ?? '').trim();
    if (id === '') { problems.push({ row: r.row, col: columns.get('id')!, message: 'a card needs an id' }); continue; }
    if (seen.has(id)) { problems.push({ row: r.row, col: columns.get('id')!, message: `card '${id}' is listed twice (first in row ${seen.get(id)})` }); continue; }
    seen.set(id, r.row);
    const existing = byId.get(id);
    if (existing && existing.type !== o.type) { problems.push({ row: r.row, col: columns.get('id')!, message: `card '${id}' is a ${String(existing.type)}, not a ${o.type}: ids are unique across card types` }); continue; }
    const cells: [string, Json | undefined, CellKind][] = [];
    cols.forEach((c, i) => {
      if (!c || c.name === 'id') return;
      const got = readCell(r.cells[i] ?? '', c.kind);
      if ('error' in got) problems.push({ row: r.row, col: i + 1, message: `${c.name}: ${got.error}` });
      else cells.push([c.name, got.v, c.kind]);
    });
    wanted.push({ row: r.row, id, cells });
    rowOf.set(id, r.row);
  }
  if (problems.length) throw new CsvImportError(problems);

  // the edits, each on the text the previous one left
  let text = o.text;
  const changed: string[] = [], added: string[] = [], removed: string[] = [];
  let cellsWritten = 0;
  for (const w of wanted) {
    const now = byId.get(w.id);
    try {
      if (!now) {
        const card: CardValue = { id: w.id, type: o.type };
        for (const [k, v] of w.cells) if (v !== undefined) card[k] = v;
        text = addCard(text, card);
        added.push(w.id);
        continue;
      }
      let merged = JSON.parse(JSON.stringify(now)) as CardValue;
      let any = false;
      for (const [k, v, kind] of w.cells) {
        if (sameCell(merged[k], v, kind)) continue;
        const was = merged[k];
        if (kind === 'map' && isObj(was) && isObj(v) && Object.keys(was).length && Object.keys(v).length) {
          // counts and cell counts change key by key: `B2: 8` becomes `B2: 9`, and a variant says only that
          for (const key of new Set([...Object.keys(was), ...Object.keys(v)])) {
            const x = own(v, key) ? v[key] : undefined;
            if (sameValue(own(was, key) ? was[key] : undefined, x)) continue;
            text = setCardValue(text, w.id, [k, key], x, { merged });
            const next: Obj = { ...(merged[k] as Obj) };
            if (x === undefined) delete next[key];
            else next[key] = x;
            merged = { ...merged, [k]: next };
          }
          cellsWritten++;
          any = true;
          continue;
        }
        text = setCardValue(text, w.id, [k], v, { merged });
        if (v === undefined) delete merged[k];
        else merged = { ...merged, [k]: v };
        cellsWritten++;
        any = true;
      }
      if (any) changed.push(w.id);
    } catch (e) {
      if (!(e instanceof EditError)) throw e;
      problems.push({ row: w.row, col: 1, message: `card '${w.id}': ${e.message}` });
    }
  }
  if (o.removeMissing) {
    for (const c of ofType) {
      const id = String(c.id);
      if (seen.has(id)) continue;
      try {
        text = removeCard(text, id, o.baseCardIds?.has(id) ?? false);
        removed.push(id);
      } catch (e) {
        if (!(e instanceof EditError)) throw e;
        problems.push({ row: 1, col: 1, message: `card '${id}' (not in the table) cannot be removed: ${e.message}` });
      }
    }
  }
  if (problems.length) throw new CsvImportError(problems);
  return { text, changed, added, removed, cells: cellsWritten, rows: rowOf, columns };
}

/**
 * The loader's errors in the imported text, placed on the table where a row's cell caused them: a problem
 * inside the item of a card the table lists is at that card's row, in the column of the key it is under (the
 * id column for the card as a whole). Others (a problem the change made elsewhere, say a deck naming a card
 * that was removed) stay at their place in the ruleset: `where` is then set.
 */
export function locateProblems(plan: ImportPlan, file: string, diagnostics: readonly Diagnostic[]): (CsvProblem & { where?: string })[] {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (!errors.length) return [];
  let p: Parsed | undefined;
  try {
    p = new Parsed(plan.text);
  } catch {
    p = undefined;
  }
  const lineStarts = [0];
  for (let i = plan.text.indexOf('\n'); i >= 0; i = plan.text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const items: { id: string; range: [number, number]; keys: { key: string; range: [number, number] }[] }[] = [];
  const seq = p && isMap(p.doc.contents) ? p.doc.contents.get('cards', true) : undefined;
  if (isSeq(seq)) {
    for (const n of seq.items) {
      if (!isMap(n) || !n.range) continue;
      const id = n.get('id');
      if (id === undefined || id === null) continue;
      const keys = n.items.flatMap((it) => {
        const pr = it as Pair;
        const k = keyOf(pr);
        const a = (pr.key as Node | null)?.range, b = (pr.value as Node | null)?.range;
        return k !== undefined && a ? [{ key: k, range: [a[0], b ? b[1] : a[1]] as [number, number] }] : [];
      });
      items.push({ id: String(id), range: [n.range[0], n.range[1]], keys });
    }
  }
  const idCol = plan.columns.get('id') ?? 1;
  return errors.map((d) => {
    if (d.file === file && d.line >= 1 && d.line <= lineStarts.length) {
      const at = lineStarts[d.line - 1]! + Math.max(0, d.col - 1);
      const item = items.find((it) => at >= it.range[0] && at <= it.range[1] && plan.rows.has(it.id));
      if (item) {
        const key = item.keys.find((k) => at >= k.range[0] && at <= k.range[1])?.key;
        const col = key !== undefined ? plan.columns.get(key) ?? idCol : idCol;
        return { row: plan.rows.get(item.id)!, col, message: d.message };
      }
    }
    return { row: 1, col: 1, message: d.message, where: `${d.file}:${d.line}:${d.col}` };
  });
}
