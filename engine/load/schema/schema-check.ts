/**
 * JSON Schema (draft 2020-12) validation with ajv, reported as positioned,
 * readable Diagnostics.
 *
 * Generic (no knowledge of any ruleset) and browser-safe (no Node APIs).
 *
 * Noise reduction for `oneOf` / `anyOf`: ajv reports the errors of every branch.
 * For each failed combinator we re-validate every branch on its own (compiled
 * once, cached) and keep:
 * - if the value's type fits no branch: one "expected one of: …" message;
 * - if every fitting branch fails on the same property's `const`/`enum`
 *   (a tagged union with an unknown tag): one "'x' is not one of a, b" message there;
 * - otherwise the errors of the single branch that got furthest: branches that
 *   fail on a `const`/`enum` property (wrong tag) are set aside, then the branch
 *   whose errors are deepest wins, then the one with fewest errors.
 * Something is always reported at the spot of a failed combinator.
 */
import type { Ajv2020 as Ajv2020Instance, ErrorObject, Options, ValidateFunction } from 'ajv/dist/2020.js';
import { DiagnosticBag, describeValue, quote, type Diagnostic } from '../diagnostics.js';
import { didYouMean, suggestSuffix } from '../../suggest.js';
import type { Path, Pos, SourceMap } from '../yaml/source.js';
import { encodePointerForUri, indexPointers, parseInstancePath, depthOf, isUnder, valueAt, readablePath } from './json-pointers.js';

export { parseInstancePath, readablePath } from './json-pointers.js';

type AjvCtor = new (opts?: Options) => Ajv2020Instance;

// ajv (83 modules, about 45 ms to load) is needed only to explain a ruleset that fails the schema check compiled
// at build time. So this module does not import it: the engine's entry points say where it comes from — a static
// import for the browser (engine/index.ts), a require on first use for the command line (engine/index-node.ts).
let ajvSource: (() => unknown) | null = null;

/** Where the ajv class comes from (ajv/dist/2020.js's exports, or a function giving them on first use). */
export function useAjv(source: () => unknown): void {
  ajvSource = source;
}

function ajvClass(): AjvCtor {
  if (!ajvSource) throw new Error('no JSON Schema validator: import the engine from engine/index.ts or engine/index-node.ts');
  // Under Node the module's exports are the class (which also has `.default`); under a bundler they may be
  // `{ default: class }`. `.default ?? itself` works for both.
  const m = ajvSource() as AjvCtor & { default?: AjvCtor };
  return typeof m.default === 'function' ? m.default : m;
}

export type SchemaValidator = (value: unknown, map: SourceMap) => Diagnostic[];

type SchemaObj = Record<string, unknown>;

/** An ajv error, or one we synthesised while reducing combinator noise. */
type Err = ErrorObject | Synth;
interface Synth {
  keyword: '$synth';
  instancePath: string;
  message: string;
  at: 'value' | 'key';
}

function isSynth(e: Err): e is Synth {
  return e.keyword === '$synth';
}

const ROOT_KEY = 'urn:load:root-schema';
const MAX_LISTED = 8;

/**
 * Compiles `schema` once (ajv, draft 2020-12, allErrors, strict: false) and
 * returns a function that validates a value and maps each problem to a
 * Diagnostic at its source position (via `map`). Throws if the schema itself is
 * invalid (a programming error, not a user error).
 */
export function createSchemaValidator(schema: object): SchemaValidator {
  const Ajv2020 = ajvClass();
  const ajv = new Ajv2020({ allErrors: true, strict: false, verbose: true, logger: false });
  const root = schema as SchemaObj;
  const rootId = typeof root.$id === 'string' && root.$id !== '' ? root.$id : ROOT_KEY;
  if (rootId === ROOT_KEY) ajv.addSchema(root, ROOT_KEY);
  else ajv.addSchema(root);
  const validate = ajv.getSchema(rootId);
  if (!validate) throw new Error('schema could not be compiled');

  // Where each schema object sits in the root document, for re-validating branches.
  const pointers = new Map<object, string>();
  indexPointers(root, '', pointers, 0);
  const branchValidators = new Map<string, ValidateFunction | null>();
  const branchValidator = (branch: unknown): ValidateFunction | null => {
    if (typeof branch === 'boolean') {
      const key = `bool:${branch}`;
      let v = branchValidators.get(key);
      if (v === undefined) {
        v = ajv.compile(branch);
        branchValidators.set(key, v);
      }
      return v;
    }
    if (!branch || typeof branch !== 'object') return null;
    const ptr = pointers.get(branch);
    if (ptr === undefined) return null;
    let v = branchValidators.get(ptr);
    if (v === undefined) {
      try {
        v = ajv.getSchema(`${rootId}#${encodePointerForUri(ptr)}`) ?? null;
      } catch {
        v = null;
      }
      branchValidators.set(ptr, v);
    }
    return v;
  };

  const reducer = new Reducer(root, branchValidator);

  return (value: unknown, map: SourceMap): Diagnostic[] => {
    if (validate(value)) return [];
    const raw = [...(validate.errors ?? [])];
    const errors = reducer.reduce(raw, 0);
    const bag = new DiagnosticBag();
    const consumedPropertyNames = new Set<string>();
    for (const e of errors) {
      if (!isSynth(e) && e.propertyName !== undefined) consumedPropertyNames.add(`${e.instancePath}\u0000${e.propertyName}`);
    }
    for (const e of errors) {
      const d = toDiagnostic(e, value, map, consumedPropertyNames);
      if (d) bag.add(d);
    }
    return bag.all();
  };
}

// ---------------------------------------------------------------------------
// Combinator noise reduction

type BranchValidator = (branch: unknown) => ValidateFunction | null;

class Reducer {
  constructor(
    private readonly root: SchemaObj,
    private readonly branchValidator: BranchValidator,
  ) {}

  /**
   * Replaces, for every failed oneOf/anyOf (outermost first), the errors of its
   * branches (which ajv emits just before the combinator's own error) by a
   * reduced selection.
   */
  reduce(errors: ErrorObject[], level: number): Err[] {
    const out: Err[][] = [];
    let i = errors.length - 1;
    // Walk backwards so an outer combinator is met before the inner ones it contains.
    while (i >= 0) {
      const e = errors[i]!; // 0 <= i < errors.length
      if ((e.keyword === 'oneOf' || e.keyword === 'anyOf') && level < 20) {
        const r = this.reduceCombinator(e, errors, i, level);
        if (r) {
          out.push(r.replacement);
          i = r.start - 1;
          continue;
        }
        out.push([{ keyword: '$synth', instancePath: e.instancePath, message: 'does not match any of the allowed forms', at: 'value' }]);
        i--;
        continue;
      }
      if (e.keyword === 'if') {
        i--;
        continue; // the failing then/else branch is already reported
      }
      out.push([e]);
      i--;
    }
    return out.reverse().flat();
  }

  private reduceCombinator(
    c: ErrorObject,
    errors: ErrorObject[],
    index: number,
    level: number,
  ): { start: number; replacement: Err[] } | undefined {
    const branches = c.schema;
    if (!Array.isArray(branches)) return undefined;
    const P = c.instancePath;
    const data = c.data;
    const results: { raw: ErrorObject[]; reduced: Err[] }[] = [];
    for (const b of branches) {
      const v = this.branchValidator(b);
      if (!v) return undefined;
      const ok = v(data);
      const raw = ok ? [] : [...(v.errors ?? [])];
      results.push({ raw, reduced: [] });
    }
    // The branch errors sit just before the combinator error; check that they match.
    const total = results.reduce((n, r) => n + r.raw.length, 0);
    const start = index - total;
    if (start < 0) return undefined;
    let k = start;
    for (const r of results) {
      for (const re of r.raw) {
        const got = errors[k++];
        if (!got || got.keyword !== re.keyword || got.instancePath !== P + re.instancePath) return undefined;
      }
    }
    for (const r of results) {
      r.reduced = this.reduce(r.raw, level + 1).map((e) => prefixed(e, P));
    }

    // oneOf where several branches matched.
    if (c.keyword === 'oneOf') {
      const passing = (c.params as { passingSchemas?: number[] | null }).passingSchemas;
      if (Array.isArray(passing) && passing.length > 1) {
        const names = passing.map((p) => this.describeBranch(branches[p]));
        return {
          start,
          replacement: [{ keyword: '$synth', instancePath: P, at: 'value', message: `matches more than one of the allowed forms (${names.join(' and ')}); it must match exactly one` }],
        };
      }
    }

    const failing = results.map((r, idx) => ({ idx, errs: r.reduced, raw: r.raw })).filter((r) => r.raw.length > 0);
    if (failing.length === 0) return { start, replacement: [] };

    const rootMismatch = (errs: Err[]) =>
      errs.some((e) => !isSynth(e) && e.instancePath === P && (e.keyword === 'type' || e.keyword === 'false schema' || e.keyword === 'const' || e.keyword === 'enum'));
    const candidates = failing.filter((r) => !rootMismatch(r.raw.map((e) => prefixed(e, P)) as Err[]));

    if (candidates.length === 0) {
      const names = unique(failing.map((r) => this.describeBranch(branches[r.idx])));
      return {
        start,
        replacement: [{ keyword: '$synth', instancePath: P, at: 'value', message: `expected one of: ${names.join(', ')}; got ${describeValue(data)}` }],
      };
    }

    // Tag mismatch: const/enum errors on a direct child property.
    const tagErrors = (errs: Err[]) =>
      errs.filter(
        (e): e is ErrorObject =>
          !isSynth(e) && (e.keyword === 'const' || e.keyword === 'enum') && depthOf(e.instancePath) === depthOf(P) + 1 && isUnder(e.instancePath, P),
      );
    const tagged = candidates.map((r) => ({ r, tags: tagErrors(r.errs) }));
    if (tagged.every((t) => t.tags.length > 0)) {
      const paths = new Set(tagged.flatMap((t) => t.tags.map((e) => e.instancePath)));
      for (const p of paths) {
        if (tagged.every((t) => t.tags.some((e) => e.instancePath === p))) {
          const allowed: unknown[] = [];
          let got: unknown;
          for (const t of tagged) {
            for (const e of t.tags) {
              if (e.instancePath !== p) continue;
              got = e.data;
              if (e.keyword === 'const') allowed.push((e.params as { allowedValue: unknown }).allowedValue);
              else allowed.push(...((e.params as { allowedValues: unknown[] }).allowedValues ?? []));
            }
          }
          return { start, replacement: [{ keyword: '$synth', instancePath: p, at: 'value', message: notOneOf(got, uniqueValues(allowed)) }] };
        }
      }
    }
    const untagged = tagged.filter((t) => t.tags.length === 0).map((t) => t.r);
    const pool = untagged.length > 0 ? untagged : candidates;
    const score = (errs: Err[]) => Math.max(...errs.map((e) => depthOf(e.instancePath)));
    let best = pool[0]!; // candidates is not empty (returned above)
    for (const r of pool.slice(1)) {
      const a = score(r.errs);
      const b = score(best.errs);
      if (a > b || (a === b && r.errs.length < best.errs.length)) best = r;
    }
    let replacement = best.errs;
    if (replacement.length === 0) {
      replacement = [{ keyword: '$synth', instancePath: P, at: 'value', message: 'does not match any of the allowed forms' }];
    }
    return { start, replacement };
  }

  /** A short description of a branch schema: description, title, const/enum, type, or $ref name. */
  describeBranch(branch: unknown, depth = 0): string {
    if (branch === true) return 'anything';
    if (branch === false) return 'nothing';
    if (!branch || typeof branch !== 'object') return 'another form';
    const s = branch as SchemaObj;
    if (typeof s.description === 'string' && s.description.trim() !== '') return shorten(s.description.trim());
    if (typeof s.title === 'string' && s.title.trim() !== '') return shorten(s.title.trim());
    if ('const' in s) return describeLiteral(s.const);
    if (Array.isArray(s.enum)) return `one of ${s.enum.slice(0, MAX_LISTED).map(describeLiteral).join(', ')}`;
    if (s.type !== undefined) return describeType(s.type);
    if (typeof s.$ref === 'string' && depth < 5) {
      const target = resolveLocalRef(this.root, s.$ref);
      if (target !== undefined) {
        const d = this.describeBranch(target, depth + 1);
        if (d !== 'another form') return d;
      }
      const name = s.$ref.split('/').pop();
      if (name) return name.replace(/~1/g, '/').replace(/~0/g, '~');
    }
    return 'another form';
  }
}

function prefixed<E extends Err>(e: E, P: string): E {
  if (P === '') return e;
  return { ...e, instancePath: P + e.instancePath };
}

function resolveLocalRef(root: SchemaObj, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  const ptr = decodeURIComponent(ref.slice(1));
  if (ptr === '') return root;
  if (!ptr.startsWith('/')) return undefined;
  let cur: unknown = root;
  for (const raw of ptr.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}

function shorten(s: string): string {
  const first = s.split('\n')[0] ?? '';
  return first.length > 60 ? `${first.slice(0, 59)}…` : first;
}

function unique<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}

function uniqueValues(xs: unknown[]): unknown[] {
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const x of xs) {
    const k = JSON.stringify(x) ?? String(x);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(x);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------
// Messages

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  null: 'null',
  array: 'a list',
  object: 'a mapping',
};

function describeType(t: unknown): string {
  const types = Array.isArray(t) ? t : String(t).split(',');
  const names = types.map((x) => TYPE_NAMES[String(x)] ?? String(x));
  if (names.length <= 1) return names[0] ?? 'a value';
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** Allowed values as written in YAML: bare strings, numbers, true/false, null. */
function describeLiteral(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || typeof v !== 'object') return String(v);
  return JSON.stringify(v);
}

function notOneOf(got: unknown, allowed: unknown[]): string {
  const listed = allowed.slice(0, 12).map(describeLiteral).join(', ') + (allowed.length > 12 ? ', …' : '');
  const base =
    allowed.length === 1 ? `expected ${describeValue(allowed[0])}, got ${describeValue(got)}` : `${describeValue(got)} is not one of ${listed}`;
  if (typeof got === 'string') {
    const s = didYouMean(
      got,
      allowed.filter((a): a is string => typeof a === 'string'),
    );
    if (s !== undefined && !(allowed.length === 1 && s === allowed[0])) return `${base} (did you mean '${s}'?)`;
  }
  return base;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function allowedKeys(parentSchema: unknown): string[] {
  if (!parentSchema || typeof parentSchema !== 'object') return [];
  const props = (parentSchema as SchemaObj).properties;
  if (!props || typeof props !== 'object') return [];
  return Object.keys(props);
}

function toDiagnostic(e: Err, root: unknown, map: SourceMap, consumedPropertyNames: Set<string>): Diagnostic | undefined {
  const path = parseInstancePath(e.instancePath, root);
  const where = readablePath(path);
  const inWhere = where === '' ? 'at the top level' : `in ${where}`;
  const prefix = where === '' ? '' : `${where}: `;
  const make = (pos: Pos, message: string): Diagnostic => ({ file: pos.file, line: pos.line, col: pos.col, message, severity: 'error' });
  const atValue = (message: string, p: Path = path) => make(map.valuePos(p), message);
  const atKey = (message: string, p: Path = path) => make(map.keyPos(p), message);

  if (isSynth(e)) {
    return e.at === 'key' ? atKey(prefix + e.message) : atValue(prefix + e.message);
  }
  const params = e.params as Record<string, unknown>;
  const data = e.data !== undefined ? e.data : valueAt(root, path);

  // Errors about a property name (propertyNames): point at that key.
  if (e.propertyName !== undefined) {
    const keyPath = [...path, e.propertyName];
    return atKey(`invalid key ${quote(e.propertyName)} ${inWhere}: ${valueMessage(e, e.propertyName, params)}`, keyPath);
  }

  switch (e.keyword) {
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const prop = String(params.additionalProperty ?? params.unevaluatedProperty);
      const allowed = allowedKeys(e.parentSchema);
      const suggestion = suggestSuffix(prop, allowed);
      let msg = `unknown key ${quote(prop)} ${inWhere}${suggestion}`;
      if (!suggestion && allowed.length > 0 && allowed.length <= MAX_LISTED) msg += `; allowed keys: ${allowed.join(', ')}`;
      return atKey(msg, [...path, prop]);
    }
    case 'required': {
      const missing = String(params.missingProperty);
      return atKey(`missing required key ${quote(missing)} ${inWhere}`);
    }
    case 'dependentRequired':
    case 'dependencies': {
      const prop = String(params.property);
      const missing = String(params.missingProperty);
      return atKey(`${prefix}key ${quote(prop)} requires key ${quote(missing)} as well`, [...path, prop]);
    }
    case 'propertyNames': {
      const name = String(params.propertyName);
      if (consumedPropertyNames.has(`${e.instancePath}\u0000${name}`)) return undefined;
      return atKey(`invalid key ${quote(name)} ${inWhere}`, [...path, name]);
    }
    case 'minProperties':
    case 'maxProperties': {
      const limit = Number(params.limit);
      const n = data && typeof data === 'object' ? Object.keys(data).length : 0;
      const word = e.keyword === 'minProperties' ? 'at least' : 'at most';
      return atValue(`${prefix}expected ${word} ${plural(limit, 'key')}, got ${n}`);
    }
    case 'uniqueItems': {
      const i = Number(params.i);
      const j = Number(params.j);
      const later = Math.max(i, j);
      const earlier = Math.min(i, j);
      const first = map.valuePos([...path, earlier]);
      return atValue(`${readablePath([...path, later])}: duplicate item, the same as the one at line ${first.line}`, [...path, later]);
    }
    case 'items':
    case 'additionalItems':
    case 'unevaluatedItems': {
      if (params.limit !== undefined) {
        const limit = Number(params.limit);
        const n = Array.isArray(data) ? data.length : 0;
        const at: Path = Array.isArray(data) && n > limit ? [...path, limit] : path;
        return atValue(`${where || 'list'}: expected at most ${plural(limit, 'item')}, got ${n}`, at);
      }
      return atValue(`${prefix}${e.message ?? 'invalid items'}`);
    }
    case 'contains': {
      const min = params.minContains !== undefined ? Number(params.minContains) : 1;
      if (params.maxContains !== undefined) return atValue(`${prefix}too many matching items: at most ${params.maxContains} allowed`);
      return atValue(`${prefix}expected at least ${plural(min, 'matching item')}`);
    }
    case 'false schema':
      if (path.length > 0 && typeof path[path.length - 1] === 'string') {
        const key = path[path.length - 1] as string;
        const parentWhere = readablePath(path.slice(0, -1));
        return atKey(`key ${quote(key)} is not allowed ${parentWhere === '' ? 'at the top level' : `in ${parentWhere}`}`);
      }
      return atValue(`${prefix}no value is allowed here`);
    case 'not':
      return atValue(`${prefix}${describeValue(data)} is not allowed here`);
    default:
      return atValue(prefix + valueMessage(e, data, params));
  }
}

/** A sentence about a value that fails a value-level keyword. */
function valueMessage(e: ErrorObject, data: unknown, params: Record<string, unknown>): string {
  const got = describeValue(data);
  switch (e.keyword) {
    case 'type':
      return `expected ${describeType(params.type)}, got ${got}`;
    case 'enum':
      return notOneOf(data, (params.allowedValues as unknown[]) ?? []);
    case 'const':
      return notOneOf(data, [params.allowedValue]);
    case 'pattern': {
      const parent = e.parentSchema as SchemaObj | undefined;
      const desc = parent && typeof parent.description === 'string' ? ` (${shorten(parent.description)})` : '';
      return `${got} does not match the pattern ${String(params.pattern)}${desc}`;
    }
    case 'format':
      return `${got} is not a valid ${String(params.format)}`;
    case 'minimum':
      return `must be at least ${String(params.limit)}, got ${got}`;
    case 'maximum':
      return `must be at most ${String(params.limit)}, got ${got}`;
    case 'exclusiveMinimum':
      return `must be greater than ${String(params.limit)}, got ${got}`;
    case 'exclusiveMaximum':
      return `must be less than ${String(params.limit)}, got ${got}`;
    case 'multipleOf':
      return `must be a multiple of ${String(params.multipleOf)}, got ${got}`;
    case 'minLength': {
      const n = typeof data === 'string' ? [...data].length : 0;
      return `expected at least ${plural(Number(params.limit), 'character')}, got ${n} (${got})`;
    }
    case 'maxLength': {
      const n = typeof data === 'string' ? [...data].length : 0;
      return `expected at most ${plural(Number(params.limit), 'character')}, got ${n} (${got})`;
    }
    case 'minItems': {
      const n = Array.isArray(data) ? data.length : 0;
      return `expected at least ${plural(Number(params.limit), 'item')}, got ${n}`;
    }
    case 'maxItems': {
      const n = Array.isArray(data) ? data.length : 0;
      return `expected at most ${plural(Number(params.limit), 'item')}, got ${n}`;
    }
    default:
      return `${got}: ${e.message ?? `fails '${e.keyword}'`}`;
  }
}
