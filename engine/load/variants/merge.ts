/**
 * Variants: a file that says `extends: <base>` and contains only what differs.
 *
 * Generic (no knowledge of any ruleset) and browser-safe: no Node APIs (file access is passed in; see
 * `node-files.ts` for the Node implementation).
 *
 * MERGE RULES (how a variant is merged into its base)
 *
 * 1. Mappings merge key by key, recursively. A key only in the base is kept; a
 *    key only in the variant is added (after the base's keys); a key in both is
 *    merged by these same rules. The top-level `extends` key is not kept.
 * 2. A list merges BY ID when the variant's list is not empty and every item of
 *    both lists is a mapping with a string `id`. Then, for each variant item in
 *    order:
 *    - `remove: true` removes the item with that id;
 *    - an id that is already in the list deep-merges into that item (so a
 *      variant can change just `count: 2` of one entry); with `replace: true`
 *      the variant item replaces the item whole instead;
 *    - a new id is appended at the end, or inserted with `before: <id>` or
 *      `after: <id>`; `before`/`after` on an existing id moves that item;
 *    - the keys `remove`, `replace`, `before`, `after` are not kept in the result;
 *    - an unknown id in `remove`, `before` or `after` is an error (with a
 *      "did you mean" among the ids in the list; an item with an unknown
 *      `before`/`after` is still added, at the end), as is an id given twice
 *      in the same variant list.
 * 3. Any other list, and any scalar (including null), in the variant replaces
 *    the base value whole. A value of a different kind (say a list where the
 *    base has a mapping) also replaces it.
 *
 * Provenance: every value of the merged result remembers the file and path it
 * came from, so an error found later in the merged value is reported at the
 * variant's line when the value came from the variant and at the base file's
 * line otherwise (`posOf`, `keyPosOf`, `sourceMapOf`).
 *
 * The merged value shares unchanged parts with its inputs: treat all of them as
 * immutable.
 */
import { DiagnosticBag, describeValue, quote, type Diagnostic } from '../diagnostics.js';
import { DEFAULT_CHAIN_LIMITS, DEFAULT_LIMITS, formatSize, parseSource, utf8Length, type Limits, type ParsedSource, type Path, type Pos, type SourceMap } from '../yaml/source.js';
import { suggestSuffix } from '../../suggest.js';
import { IdList } from './id-list.js';

/** Where a value came from: a file's source map and the path inside that file. */
export interface Origin {
  map: SourceMap;
  path: Path;
}

/** Answers, for any path in a (possibly merged) value, where that value came from. */
export interface OriginMap {
  originOf(path: Path): Origin;
}

/** A value together with the provenance of each of its parts. */
export interface Located {
  value: unknown;
  origin: OriginMap;
}

/** Provenance tree: a node says where its value came from; children override for sub-paths. */
interface Prov {
  map: SourceMap;
  path: Path;
  children?: Map<string | number, Prov>;
}

class ProvOriginMap implements OriginMap {
  constructor(readonly root: Prov) {}

  originOf(path: Path): Origin {
    const p = this.provAt(path);
    return { map: p.map, path: p.path };
  }

  /** The provenance node for `path`, derived from its nearest recorded ancestor. */
  provAt(path: Path): Prov {
    let node = this.root;
    let i = 0;
    for (; i < path.length; i++) {
      const seg = path[i]!;
      const child = node.children?.get(seg) ?? node.children?.get(String(seg));
      if (!child) break;
      node = child;
    }
    if (i === path.length) return node;
    return { map: node.map, path: [...node.path, ...path.slice(i)] };
  }
}

function provOf(loc: Located): ProvOriginMap {
  if (loc.origin instanceof ProvOriginMap) return loc.origin;
  // A foreign OriginMap: treat the value as a file whose positions it answers.
  return new ProvOriginMap({ map: sourceMapOf(loc), path: [] });
}

function childProv(parent: Prov, seg: string | number): Prov {
  const c = parent.children?.get(seg);
  if (c) return c;
  return { map: parent.map, path: [...parent.path, seg] };
}

/** A parsed file as a Located value (every path maps to itself in that file). */
export function located(parsed: ParsedSource): Located {
  return { value: parsed.value, origin: new ProvOriginMap({ map: parsed.map, path: [] }) };
}

/** Position of the value at `path` of a Located value, in the file it came from. */
export function posOf(loc: Located, path: Path): Pos {
  const o = loc.origin.originOf(path);
  return o.map.valuePos(o.path);
}

/** Position of the key of the entry at `path`, in the file it came from. */
export function keyPosOf(loc: Located, path: Path): Pos {
  const o = loc.origin.originOf(path);
  return o.map.keyPos(o.path);
}

/** Position of character `offset` of the string at `path`, in the file it came from. */
export function scalarPosOf(loc: Located, path: Path, offset: number): Pos {
  const o = loc.origin.originOf(path);
  return o.map.scalarPos ? o.map.scalarPos(o.path, offset) : o.map.valuePos(o.path);
}

/**
 * A SourceMap view of a Located value, so that code written for one file
 * (e.g. the schema validator) reports merged values at their real origin.
 * `file` is the file of the root value (the variant, for a merged value).
 */
export function sourceMapOf(loc: Located): SourceMap {
  return {
    file: loc.origin.originOf([]).map.file,
    valuePos: (path) => posOf(loc, path),
    keyPos: (path) => keyPosOf(loc, path),
    scalarPos: (path, offset) => scalarPosOf(loc, path, offset),
  };
}

// ---------------------------------------------------------------------------

type Obj = Record<string, unknown>;

function isMapping(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

const RESERVED_ITEM_KEYS = ['remove', 'replace', 'before', 'after'] as const;

function isIdItem(v: unknown): v is Obj & { id: string } {
  return isMapping(v) && typeof v.id === 'string';
}

function isIdList(v: unknown): v is (Obj & { id: string })[] {
  return Array.isArray(v) && v.every(isIdItem);
}

function setOwn(o: Obj, k: string, v: unknown): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

interface Ctx {
  bag: DiagnosticBag;
  variant: ProvOriginMap;
  /** "did you mean" lookups so far (see MAX_SUGGESTIONS) */
  suggestions: number;
}

interface Merged {
  value: unknown;
  prov: Prov;
}

/**
 * Merges `variant` into `base` (see MERGE RULES at the top of this file).
 * Problems (unknown ids in remove/before/after, …) are reported at the variant's positions.
 */
export function mergeVariant(base: Located, variant: Located): { merged: Located; diagnostics: Diagnostic[] } {
  const bag = new DiagnosticBag();
  const baseProv = provOf(base);
  const varProv = provOf(variant);
  const ctx: Ctx = { bag, variant: varProv, suggestions: 0 };
  const b = stripExtends(base.value);
  const v = stripExtends(variant.value);
  const r = mergeValues(b, baseProv.provAt([]), v, varProv.provAt([]), ctx);
  return { merged: { value: r.value, origin: new ProvOriginMap(r.prov) }, diagnostics: bag.all() };
}

function stripExtends(v: unknown): unknown {
  if (!isMapping(v) || !Object.prototype.hasOwnProperty.call(v, 'extends')) return v;
  const out: Obj = {};
  for (const [k, x] of Object.entries(v)) if (k !== 'extends') setOwn(out, k, x);
  return out;
}

function mergeValues(base: unknown, bp: Prov, variant: unknown, vp: Prov, ctx: Ctx): Merged {
  if (isMapping(base) && isMapping(variant)) return mergeMappings(base, bp, variant, vp, ctx);
  if (Array.isArray(base) && Array.isArray(variant) && variant.length > 0 && isIdList(base) && isIdList(variant)) {
    return mergeIdLists(base, bp, variant, vp, ctx);
  }
  return { value: variant, prov: vp };
}

function mergeMappings(base: Obj, bp: Prov, variant: Obj, vp: Prov, ctx: Ctx): Merged {
  const out: Obj = {};
  const children = new Map<string | number, Prov>();
  for (const [k, bv] of Object.entries(base)) {
    if (Object.prototype.hasOwnProperty.call(variant, k)) {
      const r = mergeValues(bv, childProv(bp, k), variant[k], childProv(vp, k), ctx);
      setOwn(out, k, r.value);
      children.set(k, r.prov);
    } else {
      setOwn(out, k, bv);
      children.set(k, childProv(bp, k));
    }
  }
  for (const [k, vv] of Object.entries(variant)) {
    if (Object.prototype.hasOwnProperty.call(base, k)) continue;
    setOwn(out, k, vv);
    children.set(k, childProv(vp, k));
  }
  // The mapping itself is mentioned by the variant: point at the variant.
  return { value: out, prov: { map: vp.map, path: vp.path, children } };
}

interface Entry {
  value: unknown;
  prov: Prov;
}

/** Past this many problems in one merge, "did you mean" is no longer worked out (each one reads the whole list). */
const MAX_SUGGESTIONS = 100;

function mergeIdLists(base: (Obj & { id: string })[], bp: Prov, variant: (Obj & { id: string })[], vp: Prov, ctx: Ctx): Merged {
  const list = new IdList<Entry>(base.map((item, i) => ({ id: item.id, item: { value: item, prov: childProv(bp, i) } })));
  const seenInVariant = new Set<string>();
  const err = (path: Path, msg: string) => ctx.bag.error(posOfProv(childPath(vp, path)), msg);
  const suggest = (name: string, except?: string): string => {
    if (++ctx.suggestions > MAX_SUGGESTIONS) return '';
    const ids = [...list.ids()];
    return suggestSuffix(name, except === undefined ? ids : ids.filter((x) => x !== except));
  };

  variant.forEach((item, i) => {
    const ip = childProv(vp, i);
    const id = item.id;
    const has = (k: string) => Object.prototype.hasOwnProperty.call(item, k);
    if (seenInVariant.has(id)) {
      err([i, 'id'], `id ${quote(id)} appears more than once in this list`);
      return;
    }
    seenInVariant.add(id);

    // Reserved keys.
    for (const k of ['remove', 'replace'] as const) {
      if (has(k) && typeof item[k] !== 'boolean') err([i, k], `'${k}' must be true or false, got ${describeValue(item[k])}`);
    }
    for (const k of ['before', 'after'] as const) {
      if (has(k) && typeof item[k] !== 'string') err([i, k], `'${k}' must be the id of an item in the list, got ${describeValue(item[k])}`);
    }
    if (has('before') && has('after')) err([i, 'after'], `use either 'before' or 'after', not both`);

    const existing = list.find(id);
    if (item.remove === true) {
      if (!existing) err([i, 'id'], `cannot remove ${quote(id)}: no item with this id in the base list${suggest(id)}`);
      else list.remove(existing);
      return;
    }

    const clean: Obj = {};
    for (const [k, x] of Object.entries(item)) {
      if (!(RESERVED_ITEM_KEYS as readonly string[]).includes(k)) setOwn(clean, k, x);
    }
    const cleanProv: Prov = ip;

    let entry: Entry;
    if (existing && item.replace !== true) {
      const r = mergeValues(existing.item.value, existing.item.prov, clean, cleanProv, ctx);
      entry = { value: r.value, prov: r.prov };
    } else {
      entry = { value: clean, prov: cleanProv };
    }

    // Placement.
    const before = typeof item.before === 'string' ? item.before : undefined;
    const after = typeof item.after === 'string' && before === undefined ? item.after : undefined;
    const anchorId = before ?? after;
    if (anchorId !== undefined && anchorId === id) {
      err([i, before !== undefined ? 'before' : 'after'], `an item cannot be placed ${before !== undefined ? 'before' : 'after'} itself`);
    }
    const anchor = anchorId !== undefined && anchorId !== id ? list.find(anchorId) : undefined;
    if (anchorId !== undefined && anchorId !== id && !anchor) {
      const key = before !== undefined ? 'before' : 'after';
      err([i, key], `'${key}' refers to unknown id ${quote(anchorId)}${suggest(anchorId, id)}`);
    }
    const place = anchor ? (before !== undefined ? { before: anchor } : { after: anchor }) : undefined;
    if (existing) {
      existing.item = entry; // in place, unless placed elsewhere
      if (anchor) list.move(existing, place);
    } else {
      list.add(id, entry, place);
    }
  });

  const entries = list.items();
  const children = new Map<string | number, Prov>();
  entries.forEach((e, i) => children.set(i, e.prov));
  return { value: entries.map((e) => e.value), prov: { map: vp.map, path: vp.path, children } };
}

function childPath(p: Prov, sub: Path): Prov {
  let cur = p;
  for (const s of sub) cur = childProv(cur, s);
  return cur;
}

function posOfProv(p: Prov): Pos {
  return p.map.valuePos(p.path);
}

// ---------------------------------------------------------------------------
// extends chains

export interface ResolveOptions {
  /** Parse limits for every file in the chain. */
  limits?: Partial<Limits>;
  /** Most files in one extends chain (default 32). */
  maxChain?: number;
  /** Most UTF-8 bytes in all the files of one chain together (default 1 MiB). */
  maxChainBytes?: number;
  /** Most values in all the files of one chain together, aliases expanded (default 200 000). */
  maxChainValues?: number;
}

/**
 * What a reader returns for a file it did not read: `too-large` when it is larger than the size limit the
 * reader was given (measured, or read up to the limit), `unreadable` for any other reason (a folder, no
 * permission). The message says why, e.g. "file is 50 MiB, larger than the 512 KiB limit".
 */
export interface NotRead {
  notRead: 'too-large' | 'unreadable';
  message: string;
}

/**
 * Reads a file for the loader: its text, undefined when it does not exist, or why it was not read. `maxBytes`
 * is the loader's size limit for one file: a reader should not read a larger file whole.
 */
export type FileReader = (path: string, maxBytes: number) => string | undefined | NotRead;

/** `r` as a NotRead, if it is one (own properties only: a reader backed by a plain object may return anything). */
export function asNotRead(r: unknown): NotRead | undefined {
  if (r === null || typeof r !== 'object') return undefined;
  const own = (k: string) => (Object.prototype.hasOwnProperty.call(r, k) ? (r as Record<string, unknown>)[k] : undefined);
  const kind = own('notRead');
  const message = own('message');
  return (kind === 'too-large' || kind === 'unreadable') && typeof message === 'string' ? { notRead: kind, message } : undefined;
}

export interface ResolveResult {
  /** The fully merged value; undefined if a file could not be read or parsed, or the chain is broken. */
  located: Located | undefined;
  diagnostics: Diagnostic[];
  /** Every file read, the starting file first (e.g. to watch them). */
  files: string[];
}

/** One file of a chain, and its share of the chain's budget. */
interface ChainFile {
  path: string;
  bytes: number;
  values: number;
}

/** "the 'extends' chain is too large: a.yaml (400 KiB) + b.yaml (700 KiB) = 1.1 MiB, more than the 1 MiB limit …" */
function chainMessage(chain: ChainFile[], figure: (f: ChainFile) => number, show: (n: number) => string, limit: string): string {
  const parts = chain.map((f) => `${f.path} (${show(figure(f))})`).join(' + ');
  const total = chain.reduce((n, f) => n + figure(f), 0);
  return `the 'extends' chain is too large: ${parts} = ${show(total)}, more than the ${limit} for a ruleset and all its bases`;
}

/**
 * Parses `file` and follows its `extends` chain (a base can itself extend
 * another), merging each variant into its base. Needs no file system: `read`
 * returns a file's text (undefined if it does not exist, or why it was not
 * read) and `resolvePath` turns an `extends` value into a path, relative to the
 * file that contains it. Paths are compared as strings to detect cycles, so
 * `resolvePath` should return normalised paths and `file` should be given in
 * that same form.
 *
 * Bounded: each file by `limits` (size, values, depth), the chain by its length
 * and by the bytes and values of all its files together; a chain over its budget
 * is reported at the `extends` line that goes over, with every file's share.
 */
export function resolveExtends(
  file: string,
  text: string,
  read: FileReader,
  resolvePath: (from: string, ref: string) => string,
  options: ResolveOptions = {},
): ResolveResult {
  const bag = new DiagnosticBag();
  const files: string[] = [];
  const maxChain = options.maxChain ?? DEFAULT_CHAIN_LIMITS.maxFiles;
  const maxChainBytes = options.maxChainBytes ?? DEFAULT_CHAIN_LIMITS.maxBytes;
  const maxChainValues = options.maxChainValues ?? DEFAULT_CHAIN_LIMITS.maxValues;
  const maxFileBytes = options.limits?.maxBytes ?? DEFAULT_LIMITS.maxBytes;

  /** Parses one more file of a chain within the chain's budget of bytes and values (reported at `at`). */
  const parseInChain = (path: string, src: string, chain: ChainFile[], at: Pos): { parsed: ParsedSource; me: ChainFile } | undefined => {
    files.push(path);
    const bytes = typeof src === 'string' ? utf8Length(src) : 0;
    const withBytes = [...chain, { path, bytes, values: 0 }];
    if (withBytes.reduce((n, f) => n + f.bytes, 0) > maxChainBytes) {
      bag.error(at, chainMessage(withBytes, (f) => f.bytes, formatSize, `${formatSize(maxChainBytes)} limit`));
      return undefined;
    }
    const parsed = parseSource(path, src, options.limits);
    bag.addAll(parsed.diagnostics);
    if (parsed.value === undefined) return undefined;
    const me: ChainFile = { path, bytes, values: parsed.values };
    if ([...chain, me].reduce((n, f) => n + f.values, 0) > maxChainValues) {
      bag.error(at, chainMessage([...chain, me], (f) => f.values, (n) => `${n} values`, `${maxChainValues}-value limit`));
      return undefined;
    }
    return { parsed, me };
  };

  /** `via`: the `extends` value that named this file (undefined for the starting file). */
  const load = (path: string, src: string, chain: ChainFile[], via: Pos | undefined): Located | undefined => {
    const read = parseInChain(path, src, chain, via ?? { file: path, line: 1, col: 1 });
    if (!read) return undefined;
    const { parsed, me } = read;
    const stack = [...chain, me];
    const value = parsed.value;
    if (!isMapping(value) || !Object.prototype.hasOwnProperty.call(value, 'extends')) return located(parsed);

    const ref = value.extends;
    const refPos = parsed.map.valuePos(['extends']);
    const self = located(parsed);
    // `extends: [base, module, …]`: the base with its own chain, then each module's own changes in order (a
    // module is a variant of that same base), then this file's
    const refs = Array.isArray(ref) ? ref : [ref];
    if (refs.length === 0 || refs.some((r) => typeof r !== 'string' || r.trim() === '')) {
      bag.error(refPos, `'extends' must be the path or name of the base file (or a list: the base, then modules of it), got ${describeValue(ref)}`);
      return { value: stripExtends(value), origin: self.origin };
    }
    const refAt = (i: number): Pos => (Array.isArray(ref) ? parsed.map.valuePos(['extends', i]) : refPos);
    const first = find(path, refs[0] as string, refAt(0), stack);
    if (!first) return undefined;
    let merged = load(first.path, first.text, stack, refAt(0));
    if (!merged) return undefined;
    const used: ChainFile[] = [...stack];
    for (let i = 1; i < refs.length; i++) {
      const mod = find(path, refs[i] as string, refAt(i), used);
      if (!mod) return undefined;
      const m = readModule(mod.path, mod.text, first.path, used, refAt(i));
      if (!m) return undefined;
      used.push(m.file);
      const r = mergeVariant(merged, m.located);
      bag.addAll(r.diagnostics);
      merged = r.merged;
    }
    const { merged: out, diagnostics } = mergeVariant(merged, self);
    bag.addAll(diagnostics);
    return out;
  };

  /** Resolves and reads the file an `extends` value names (checking cycles and the chain's length). */
  const find = (from: string, ref: string, refPos: Pos, stack: ChainFile[]): { path: string; text: string } | undefined => {
    let basePath: string;
    try {
      basePath = resolvePath(from, ref);
    } catch (e) {
      bag.error(refPos, `cannot resolve base file ${quote(ref)}: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }
    // `extends: base` finds base.yaml (then base.yml) when there is no file named just `base`
    const lastPart = basePath.slice(basePath.lastIndexOf('/') + 1);
    const candidates = lastPart.includes('.') ? [basePath] : [basePath, `${basePath}.yaml`, `${basePath}.yml`];
    let baseText: string | undefined;
    let notRead: NotRead | undefined;
    for (const candidate of candidates) {
      let r: unknown;
      try {
        r = read(candidate, maxFileBytes);
      } catch {
        r = undefined;
      }
      if (typeof r === 'string') { baseText = r; basePath = candidate; break; }
      notRead ??= asNotRead(r);
      // anything else that is not undefined is not text: the parser says so
      if (r !== undefined && !asNotRead(r)) { baseText = r as string; basePath = candidate; break; }
    }
    if (baseText === undefined) {
      if (notRead) bag.error(refPos, `cannot read base file ${quote(ref)}: ${notRead.message}`);
      else {
        const shown = basePath === ref ? quote(ref) : `${quote(ref)} (looked for ${candidates.join(', ')})`;
        bag.error(refPos, `cannot find base file ${shown}`);
      }
      return undefined;
    }
    const paths = stack.map((f) => f.path);
    if (paths.includes(basePath)) {
      const cycle = [...paths.slice(paths.indexOf(basePath)), basePath];
      bag.error(refPos, `'extends' cycle: ${cycle.join(' → ')}`);
      return undefined;
    }
    if (stack.length >= maxChain) {
      bag.error(refPos, `too many levels of 'extends' (more than ${maxChain})`);
      return undefined;
    }
    return { path: basePath, text: baseText };
  };

  /**
   * A module named after the base in an `extends` list: a variant of that same base, whose own changes are
   * merged (its `extends` is not followed again). Counted in the chain's budget like any file.
   */
  const readModule = (path: string, src: string, base: string, chain: ChainFile[], via: Pos): { located: Located; file: ChainFile } | undefined => {
    const read = parseInChain(path, src, chain, via);
    if (!read) return undefined;
    const { parsed, me: file } = read;
    const value = parsed.value;
    const own = isMapping(value) && Object.prototype.hasOwnProperty.call(value, 'extends') ? value.extends : undefined;
    let ownBase: string | undefined;
    try {
      ownBase = typeof own === 'string' ? resolvePath(path, own) : undefined;
    } catch {
      ownBase = undefined;
    }
    const sameBase = ownBase !== undefined && (ownBase === base || `${ownBase}.yaml` === base || `${ownBase}.yml` === base);
    if (!sameBase) {
      bag.error(via, `${quote(path)} cannot be added as a module: a file listed after the base in 'extends' must be a variant of that same base (its own 'extends' must name ${base})`);
      return undefined;
    }
    return { located: located(parsed), file };
  };

  const result = load(file, text, [], undefined);
  return { located: result, diagnostics: bag.all(), files };
}
