// Form edits as a property: random edits a designer makes in the editor's forms (a count, a name, a number
// field, a text field with quotes, colons and `#`, a blueprint cell set or emptied; a field removed, as an
// import would) on random cards of a ruleset — the first and last card of every list and the cards after a
// comment drawn more often — each made with edit/yaml-edit.ts on the text the previous edit left. Each edit
// must leave a file that parses, whose loaded ruleset (its `extends` chain merged, by the loader's own code)
// differs from before in exactly the edited value, whose text changes only in the edited card's item (or the
// one item a variant gains), and whose comments are all still there.
// The suite runs a fixed seed (test/properties/form-edits.test.ts); `npm run fuzz:edits` runs a campaign.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Lexer } from 'yaml';
import { EditError, setCardValue, withPath, type CardPath, type CardValue, type Json } from '../edit/yaml-edit.js';
import { sameValue } from '../edit/yaml-splice.js';
import { located, mergeVariant, resolveExtends, type Located } from '../engine/load/variants/merge.js';
import { parseSource, type ParsedSource } from '../engine/load/yaml/source.js';
import { resolveRelative } from '../engine/load/index.js';

/** The rulesets shipped (and the edit fixtures), by path relative to `root`, sorted. */
export function editTargets(root: string, withFixtures = true): string[] {
  const list = (dir: string) => readdirSync(join(root, dir)).filter((f) => f.endsWith('.yaml')).sort().map((f) => `${dir}/${f}`);
  return [...list('rulesets'), ...list('rulesets/variants'), ...(withFixtures ? list('test/fixtures/form-edits') : [])];
}

// ---- a seeded generator ---------------------------------------------------------------------------------

/** mulberry32 over a string seed: the same seed gives the same edits. */
export class Rand {
  private s: number;
  constructor(seed: string | number) {
    let h = 2166136261;
    for (const c of String(seed)) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
    this.s = h >>> 0;
  }
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** Pieces of text a designer might type, and the ones YAML cares about. */
const PIECES = [
  'Tower', 'block', 'the Master', 'Blueprint 3', 'Tax on science', 'é', 'Âge', '日本', '🏗', ' ', ' ', 'a', 'Z',
  '"', "'", ':', ': ', ' :', '#', ' #', '# ', ',', ', ', '[', ']', '{', '}', '- ', '-', '&x', '*x', '!', '|', '>',
  '%', '@', '`', '\\', '\\n', '?', '? ', '~', 'null', 'true', 'no', '1.5', '0x1F', '007', '---', '...', '\t', '\n',
];

function randomText(r: Rand): string {
  const n = r.int(7);
  let s = '';
  for (let i = 0; i < n; i++) s += r.pick(PIECES);
  // whole values YAML would read as something else, now and then
  if (r.chance(0.08)) s = r.pick(['true', 'null', '~', '', ' ', '12', '1e3', '-', '"quoted"', "'x'", '# not a comment', 'a: b', 'a #b', '*x', '&a b', '[1, 2]', '{ a: 1 }']);
  return s;
}

// ---- the oracle: the loader's own reading ------------------------------------------------------------------

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A file as the loader reads it: its own parse, and its value with its `extends` chain merged. */
interface Reading {
  text: string;
  own: ParsedSource;
  value: Obj;
}

/** Reads one file of a set again and again: its bases are read once (they do not change). */
class Oracle {
  private readonly pre: Located | undefined;

  constructor(readonly file: string, files: ReadonlyMap<string, string>) {
    const text = files.get(file)!;
    const own = parseSource(file, text);
    const ext = isObj(own.value) ? own.value.extends : undefined;
    if (ext === undefined) return;
    // the chain without this file's own changes: the same `extends`, nothing else
    const read = (p: string) => files.get(p);
    const r = resolveExtends(file, `extends: ${JSON.stringify(ext)}\n`, read, resolveRelative);
    if (!r.located || r.diagnostics.some((d) => d.severity === 'error')) throw new Error(`${file}: its bases do not load`);
    this.pre = r.located;
    // reading the chain once and merging this file into it is what the loader does in one go
    const whole = resolveExtends(file, text, read, resolveRelative);
    const mine = this.read(text);
    if (typeof mine === 'string' || !sameValue(whole.located?.value, mine.value)) throw new Error(`${file}: merging into the read chain differs from the loader's`);
  }

  /** The file read: a problem (a YAML or merge error) as a message, else its reading. */
  read(text: string): Reading | string {
    const own = parseSource(this.file, text);
    const err = own.diagnostics.find((d) => d.severity === 'error');
    if (err || !isObj(own.value)) return `does not load: ${err ? `${err.line}:${err.col}: ${err.message}` : 'not a mapping'}`;
    if (!this.pre) return { text, own, value: own.value };
    const m = mergeVariant(this.pre, located(own));
    const merr = m.diagnostics.find((d) => d.severity === 'error');
    if (merr) return `does not merge: ${merr.line}:${merr.col}: ${merr.message}`;
    return { text, own, value: m.merged.value as Obj };
  }
}

// ---- where a card's item is in the text ----------------------------------------------------------------------

function ownCards(r: Reading): Obj[] {
  const c = isObj(r.own.value) ? r.own.value.cards : undefined;
  return Array.isArray(c) ? (c as Obj[]) : [];
}

const blankOrComment = (l: string) => /^\s*(#.*)?$/.test(l);

/** The lines (0-based, inclusive) of the item of card `id` in the file's own text; undefined when it does not list it. */
function itemLines(r: Reading, id: string): [number, number] | undefined {
  const cards = ownCards(r);
  const i = cards.findIndex((c) => isObj(c) && String(c.id) === id);
  if (i < 0) return undefined;
  const lines = r.text.split('\n');
  const start = r.own.map.valuePos(['cards', i]).line - 1;
  let end: number;
  if (i + 1 < cards.length) end = r.own.map.valuePos(['cards', i + 1]).line - 2;
  else {
    // the last item runs to the next top-level key (or the end)
    const keys = Object.keys(r.own.value as Obj);
    const after = keys.slice(keys.indexOf('cards') + 1).map((k) => r.own.map.keyPos([k]).line - 1).filter((l) => l > start);
    end = (after.length ? Math.min(...after) : lines.length) - 1;
  }
  while (end > start && blankOrComment(lines[end]!)) end--;
  // a flow list may hold several items on one line: the line is the item's
  return [start, Math.max(start, end)];
}

function commentsOf(lines: string[]): string[] {
  return [...new Lexer().lex(lines.join('\n') + '\n')].filter((t) => t.startsWith('#')).sort();
}

// ---- the edits ---------------------------------------------------------------------------------------------

export type EditKind = 'count' | 'name' | 'number' | 'text' | 'cell' | 'cell-empty' | 'remove';

export interface Edit {
  kind: EditKind;
  id: string;
  path: CardPath;
  value: Json | undefined;
}

interface CardTypeInfo {
  fields: Record<string, { type?: string }>;
}

/** The cards worth drawing more often: first and last of each list, and those whose item follows a comment. */
function specialCards(r: Reading, merged: Obj[]): string[] {
  const out = new Set<string>();
  const own = ownCards(r);
  for (const list of [own, merged]) {
    if (list.length) {
      out.add(String(list[0]!.id));
      out.add(String(list[list.length - 1]!.id));
    }
  }
  const lines = r.text.split('\n');
  own.forEach((c, i) => {
    const l = r.own.map.valuePos(['cards', i]).line - 1;
    if (l > 0 && /^\s*#/.test(lines[l - 1]!)) out.add(String(c.id));
  });
  return [...out];
}

/** A random edit of a random card of the ruleset as it reads now. */
export function drawEdit(r: Rand, reading: Reading): Edit | undefined {
  const v = reading.value;
  const cards = (Array.isArray(v.cards) ? v.cards : []).filter((c): c is Obj => isObj(c) && typeof c.id === 'string');
  if (!cards.length) return undefined;
  const special = specialCards(reading, cards);
  const id = r.chance(0.35) && special.length ? r.pick(special) : String(r.pick(cards).id);
  const card = cards.find((c) => c.id === id)!;
  const types = (Array.isArray(v.cardTypes) ? v.cardTypes : []) as Obj[];
  const type = types.find((t) => isObj(t) && t.id === card.type) as CardTypeInfo | undefined;
  const declared = Object.entries(type?.fields ?? {});
  const own = Object.keys(card).filter((k) => !['id', 'type', 'name', 'count'].includes(k));
  const numberFields = [...new Set([...declared.filter(([, f]) => f?.type === 'number').map(([k]) => k), ...own.filter((k) => typeof card[k] === 'number')])];
  const textFields = [...new Set([...declared.filter(([, f]) => f?.type === 'string').map(([k]) => k), ...own.filter((k) => typeof card[k] === 'string')])];
  const mapFields = [...new Set([...declared.filter(([, f]) => f?.type === 'cellCounts').map(([k]) => k), ...own.filter((k) => isObj(card[k]))])];
  const roll = r.next();
  if (roll < 0.25) return { kind: 'count', id, path: ['count'], value: r.int(16) };
  if (roll < 0.4) return { kind: 'name', id, path: ['name'], value: randomText(r) };
  if (roll < 0.55 && numberFields.length) {
    const value = r.chance(0.8) ? r.int(25) - 4 : r.pick([0.5, 2.25, -1.5, 1e-7, 123456789]);
    return { kind: 'number', id, path: [r.pick(numberFields)], value };
  }
  if (roll < 0.7 && textFields.length) return { kind: 'text', id, path: [r.pick(textFields)], value: randomText(r) };
  if (roll < 0.95 && mapFields.length) {
    const field = r.pick(mapFields);
    const now = isObj(card[field]) ? Object.keys(card[field] as Obj) : [];
    const grid = ((Array.isArray(v.zones) ? v.zones : []) as Obj[]).flatMap((z) => {
      const g = isObj(z) ? (z.grid as { columns?: unknown[]; rows?: unknown[] } | undefined) : undefined;
      return g?.columns && g.rows ? g.columns.flatMap((c) => g.rows!.map((row) => `${String(c)}${String(row)}`)) : [];
    });
    const keys = [...now, ...(grid.length ? grid : ['stone', 'wood', 'ore', 'clay', 'glass'])];
    // the first and the last key of the mapping as often as any other
    const key = now.length && r.chance(0.3) ? (r.chance(0.5) ? now[0]! : now[now.length - 1]!) : r.pick(keys);
    if (r.chance(0.25)) return { kind: 'cell-empty', id, path: [field, key], value: undefined };
    return { kind: 'cell', id, path: [field, key], value: r.int(10) };
  }
  const removable = own.filter((k) => !['replace', 'remove', 'before', 'after'].includes(k));
  if (roll >= 0.95 && removable.length) return { kind: 'remove', id, path: [r.pick(removable)], value: undefined };
  return { kind: 'count', id, path: ['count'], value: r.int(16) };
}

// ---- checking one edit -----------------------------------------------------------------------------------------

export interface Failure {
  file: string;
  /** the edit's number in the file's run (sequence × run length + step) */
  step: number;
  edit: Edit;
  message: string;
  /** the text the edit was made on */
  before: string;
  after?: string;
}

/** What an edit may be refused for in the fixtures (values shared through an anchor): never in the shipped rulesets. */
const ALLOWED_REFUSAL = /is shared through the anchor/;

/** Checks one edit of `before` (already read); returns the new reading, or a failure message. */
export function checkEdit(oracle: Oracle, before: Reading, e: Edit, allowRefusal: boolean): { reading: Reading; refused?: boolean } | string {
  const cardsBefore = (before.value.cards as Obj[]).filter(isObj);
  const merged = cardsBefore.find((c) => c.id === e.id) as CardValue | undefined;
  let text: string;
  try {
    text = setCardValue(before.text, e.id, e.path, e.value, { merged });
  } catch (err) {
    if (err instanceof EditError && allowRefusal && ALLOWED_REFUSAL.test(err.message)) return { reading: before, refused: true };
    return `refused: ${err instanceof Error ? err.message : String(err)}`;
  }
  const after = oracle.read(text);
  if (typeof after === 'string') return after;
  // the loaded ruleset: exactly the edited value differs
  const want = { ...before.value, cards: cardsBefore.map((c) => (c.id === e.id ? withPath(c as Json, e.path, e.value) : c)) };
  if (!sameValue(want, after.value)) {
    const got = (after.value.cards as Obj[]).find((c) => isObj(c) && c.id === e.id);
    return `the loaded ruleset differs from the one asked for: card is ${JSON.stringify(got)}, expected ${JSON.stringify(want.cards.find((c) => isObj(c) && c.id === e.id))}`;
  }
  // the text: only the card's own item changes (or one item is added)
  const a = before.text.split('\n'), b = text.split('\n');
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const changedA: [number, number] = [pre, a.length - suf - 1];
  const changedB: [number, number] = [pre, b.length - suf - 1];
  if (changedA[1] < changedA[0] && changedB[1] < changedB[0]) {
    return sameValue(want, before.value) ? { reading: after } : 'the text did not change';
  }
  const spanA = itemLines(before, e.id);
  const spanB = itemLines(after, e.id);
  if (!spanB) return 'the edited card is not listed in the file afterwards';
  const inside = (c: [number, number], s: [number, number]) => c[1] < c[0] || (c[0] >= s[0] && c[1] <= s[1]);
  if (spanA) {
    if (!inside(changedA, spanA) || !inside(changedB, spanB)) {
      return `lines outside the card's item changed: ${changedA[0] + 1}–${changedA[1] + 1} (item ${spanA[0] + 1}–${spanA[1] + 1})`;
    }
  } else {
    // a card the variant did not list: one new item, and nothing else (a new `cards:` key line at most)
    // a variant without a card list gains the `cards:` key too (after a blank line)
    const keyLine = /^cards:/m.test(before.text) ? -1 : b.findIndex((l) => /^cards:\s*$/.test(l));
    const span: [number, number] = keyLine >= 0 && keyLine === spanB[0] - 1 ? [keyLine - (b[keyLine - 1] === '' ? 1 : 0), spanB[1]] : spanB;
    // lines inserted next to equal lines can be placed a line higher or lower: any placement inside will do
    let placed = false;
    const k = changedB[1] - changedB[0] + 1;
    for (let at = changedB[0]; !placed && at >= 0; at--) {
      if (inside([at, at + k - 1], span)) placed = true;
      if (at === 0 || b[at - 1] !== b[at - 1 + k]) break;
    }
    if (changedA[1] >= changedA[0] || !placed) {
      return `more than one new item was written: lines ${changedB[0] + 1}–${changedB[1] + 1} (item ${spanB[0] + 1}–${spanB[1] + 1})`;
    }
  }
  // comments: all still there (an emptied cell or a removed field may take the comment at the end of its line)
  if (e.value !== undefined) {
    const ca = spanA ? commentsOf(a.slice(spanA[0], spanA[1] + 1)) : [];
    const cb = commentsOf(b.slice(spanB[0], spanB[1] + 1));
    if (!sameValue(ca, cb)) return `comments changed: ${JSON.stringify(ca)} → ${JSON.stringify(cb)}`;
  }
  return { reading: after };
}

// ---- a run ------------------------------------------------------------------------------------------------------

export interface RunStats {
  edits: number;
  /** edits refused as they should be (a value shared through an anchor, in the fixtures) */
  refused: number;
  byKind: Record<string, number>;
  byFile: Record<string, number>;
  failures: Failure[];
  ms: number;
}

/**
 * Makes `edits` edits on file `file` of `files`, drawn from `seed`: in sequences of at most `run` edits, each
 * edit on the text the previous one left, each sequence from the shipped text (a variant that gained hundreds of
 * items would only make the edits slower, and the first edits on a fresh file are the ones a designer makes).
 * A sequence stops at its first failure (the rest would build on a broken text).
 */
export function runEdits(files: ReadonlyMap<string, string>, file: string, edits: number, seed: string | number, stats: RunStats, run = 50): void {
  const t0 = performance.now();
  const oracle = new Oracle(file, files);
  const first = oracle.read(files.get(file)!);
  if (typeof first === 'string') throw new Error(`${file}: ${first}`);
  const allowRefusal = file.includes('fixtures/');
  let left = edits;
  for (let seq = 0; left > 0; seq++) {
    let reading = first;
    const r = new Rand(`${seed}:${file}:${seq}`);
    for (let step = 0; step < run && left > 0; step++, left--) {
      const e = drawEdit(r, reading);
      if (!e) {
        left = 0;
        break;
      }
      const res = checkEdit(oracle, reading, e, allowRefusal);
      stats.edits++;
      stats.byKind[e.kind] = (stats.byKind[e.kind] ?? 0) + 1;
      stats.byFile[file] = (stats.byFile[file] ?? 0) + 1;
      if (typeof res === 'string') {
        let after: string | undefined;
        try {
          after = setCardValue(reading.text, e.id, e.path, e.value, { merged: (reading.value.cards as CardValue[]).find((c) => c.id === e.id) });
        } catch {
          after = undefined;
        }
        stats.failures.push({ file, step: seq * run + step, edit: e, message: res, before: reading.text, after });
        left -= run - step - 1;
        break;
      }
      if (res.refused) stats.refused++;
      reading = res.reading;
    }
  }
  stats.ms += performance.now() - t0;
}

export function newStats(): RunStats {
  return { edits: 0, refused: 0, byKind: {}, byFile: {}, failures: [], ms: 0 };
}

/** Every target file's text, by its path relative to `root`. */
export function readTargets(root: string, targets: string[]): Map<string, string> {
  return new Map(targets.map((t) => [t, readFileSync(join(root, t), 'utf8')]));
}
