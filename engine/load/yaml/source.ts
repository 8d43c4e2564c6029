/**
 * Parse one YAML text into a plain JS value plus a source map, reporting every
 * problem as a Diagnostic (never throwing).
 *
 * Generic (no knowledge of any ruleset) and browser-safe (no Node APIs).
 *
 * What the value looks like:
 * - mappings become plain objects, lists become arrays, scalars become
 *   string / number / boolean / null (YAML 1.2 core schema);
 * - plain-scalar keys keep their source text (`1.50: x` has the key "1.50",
 *   `true: x` the key "true"); quoted keys their string value;
 * - aliases are resolved to copies of the anchored value;
 * - YAML merge keys (`<<`) are NOT special: `<<` is an ordinary key;
 * - object key order is JS order (integer-like keys first), as for JSON.parse.
 *
 * What is reported (all with file, line, col):
 * - YAML syntax errors (all of them, up to `limits.maxErrors`) and warnings;
 * - duplicate keys (at the second one; the first value is kept);
 * - the keys `__proto__`, `constructor`, `prototype` (they are left out of the value);
 * - keys that are mappings, lists or empty;
 * - more than one document in the file (at the second one, which is not read);
 * - aliases to unknown anchors, and aliases that refer to a node containing them;
 * - resource limits: a text larger than `maxBytes` (not parsed at all),
 *   nesting deeper than `maxDepth`, more than `maxNodes` values once aliases
 *   are expanded (billion laughs), more than `maxErrors` syntax errors (the
 *   rest of the text is not read). When a limit is hit the value is undefined.
 *
 * Hostile input: a gate watches the lexer's tokens before the YAML parser sees
 * them, so that deep nesting, error floods, document floods and oversized
 * documents are stopped early, with a diagnostic at the place where the limit
 * was crossed. What is left (a well-formed text at `maxBytes`, or `maxNodes` values)
 * is what the YAML library parses in a second or two; see limits.ts.
 *
 * If there are errors the value is a best effort (undefined when a limit was hit);
 * callers should check the diagnostics before trusting it.
 *
 * The parts: limits.ts (limits and their messages), token-gate.ts (the pre-parse
 * gate), walker.ts (document → value), source-map.ts (positions by path, with
 * scalar-offsets.ts for columns inside strings), yaml-nodes.ts (node helpers).
 */
import { Composer, LineCounter, Lexer, Parser, type CST, type Document, type YAMLError } from 'yaml';
import { DiagnosticBag, type Diagnostic } from '../diagnostics.js';
import { DEFAULT_LIMITS, DEPTH_GATE_SLACK, HARD_MAX_DEPTH, depthMessage, sizeMessage, utf8Length, type Limits } from './limits.js';
import { YamlSourceMap, type SourceMap } from './source-map.js';
import { Gate } from './token-gate.js';
import { Walker } from './walker.js';
import type { AnyNode } from './yaml-nodes.js';

export { DEFAULT_CHAIN_LIMITS, DEFAULT_LIMITS, formatSize, utf8Length, type ChainLimits, type Limits } from './limits.js';
export { scalarPos, type Path, type Pos, type SourceMap } from './source-map.js';

export interface ParsedSource {
  /** The document as a plain JS value; undefined when it could not be read at all. */
  value: unknown;
  map: SourceMap;
  diagnostics: Diagnostic[];
  /** How many values the value holds (mappings, lists and scalars, aliases expanded; keys not counted); 0 when it was not built. */
  values: number;
}

function cleanYamlMessage(e: YAMLError): string {
  let m = String(e.message ?? 'YAML error').trim();
  if (e.code === 'RESOURCE_EXHAUSTION' && /call stack/i.test(m)) return 'the document is nested too deeply to be read';
  m = m.replace(/\s+at line \d+, column \d+:?[\s\S]*$/, '');
  m = m.replace(/\.$/, '');
  if (m.length > 1 && /[A-Z]/.test(m.charAt(0)) && /[a-z ]/.test(m.charAt(1))) m = m.charAt(0).toLowerCase() + m.slice(1);
  return m;
}

/**
 * Parses one YAML text. Never throws: all problems are returned as diagnostics.
 */
export function parseSource(file: string, text: string, limits?: Partial<Limits>): ParsedSource {
  const lim: Limits = { ...DEFAULT_LIMITS, ...(limits ?? {}) };
  const maxDepth = Math.max(1, Math.min(HARD_MAX_DEPTH, Math.floor(lim.maxDepth)));
  const maxNodes = Math.max(1, Math.floor(lim.maxNodes));
  const maxErrors = Math.max(0, Math.floor(lim.maxErrors));
  const bag = new DiagnosticBag();
  const lc = new LineCounter();
  lc.addNewLine(0);
  const map = new YamlSourceMap(file, text, lc);
  const finish = (value: unknown, values = 0): ParsedSource => ({ value, map, diagnostics: bag.all(), values });

  // The YAML library builds an Error per syntax error; without stack traces they are cheap.
  const ErrorCtor = Error as { stackTraceLimit?: number };
  const savedStackTraceLimit = ErrorCtor.stackTraceLimit;
  try {
    if (typeof text !== 'string') {
      bag.error(map.pos(0), 'file content is not text');
      return finish(undefined);
    }
    // Size: UTF-8 length is at least the number of UTF-16 units.
    if (text.length > lim.maxBytes || utf8Length(text) > lim.maxBytes) {
      bag.error({ file, line: 1, col: 1 }, sizeMessage(utf8Length(text), lim.maxBytes));
      return finish(undefined);
    }
    if (typeof savedStackTraceLimit === 'number') ErrorCtor.stackTraceLimit = 0;

    // Lex → gate → CST parse → compose, all streaming.
    const gate = new Gate(maxDepth, DEPTH_GATE_SLACK, maxNodes, maxErrors);
    const parser = new Parser(lc.addNewLine);
    const composer = new Composer({ prettyErrors: false, uniqueKeys: false, strict: true });
    const docs: Document.Parsed[] = [];
    const take = (tokens: Iterable<CST.Token>) => {
      for (const tok of tokens) for (const doc of composer.next(tok)) docs.push(doc);
    };
    let stopped = false;
    for (const lexeme of new Lexer().lex(text)) {
      if (!gate.feed(lexeme)) {
        stopped = true;
        break;
      }
      take(parser.next(lexeme));
    }
    if (!stopped) gate.end();
    const trip = gate.tripped;
    if (trip?.kind === 'depth') {
      bag.error(map.pos(trip.offset), depthMessage(maxDepth));
      return finish(undefined);
    }
    if (trip?.kind === 'values') {
      bag.error(map.pos(trip.offset), `the document has more than ${maxNodes} values`);
      return finish(undefined);
    }
    take(parser.end());
    for (const doc of composer.end(true, trip ? trip.offset : text.length)) docs.push(doc);

    // Syntax errors and warnings from every document.
    const yamlErrors: YAMLError[] = [];
    const yamlWarnings: YAMLError[] = [];
    const collect = (errors: YAMLError[], warnings: YAMLError[]) => {
      for (const e of errors) yamlErrors.push(e);
      for (const w of warnings) yamlWarnings.push(w);
    };
    for (const doc of docs) collect(doc.errors, doc.warnings);
    const info = composer.streamInfo();
    collect(info.errors, info.warnings);
    yamlErrors.sort((a, b) => a.pos[0] - b.pos[0]);
    const seen = new Set<string>();
    let shown = 0;
    let tooMany = false;
    for (const e of yamlErrors) {
      const p = map.pos(e.pos[0]);
      const msg = cleanYamlMessage(e);
      const key = `${p.line}:${p.col}:${msg}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (shown >= maxErrors) {
        bag.error(p, `too many YAML errors; only the first ${maxErrors} are reported`);
        tooMany = true;
        break;
      }
      bag.error(p, msg);
      map.syntaxErrorAt.add(`${p.line}:${p.col}`);
      shown++;
    }
    for (const w of yamlWarnings.slice(0, maxErrors)) bag.warning(map.pos(w.pos[0]), cleanYamlMessage(w));

    if (trip?.kind === 'errors') {
      if (!tooMany) bag.error(map.pos(trip.offset), `too many YAML errors; only the first ${maxErrors} are reported`);
      return finish(undefined);
    }
    if (trip?.kind === 'document') {
      bag.error(map.pos(trip.offset), 'only one YAML document is allowed per file; a second one starts here');
    } else if (docs.length > 1) {
      bag.error(map.pos(docs[1]!.range[0]), 'only one YAML document is allowed per file; a second one starts here');
    }
    const doc = docs[0];
    const root = (doc?.contents ?? null) as AnyNode | null;
    map.root = root;
    if (root === null) return finish(null, 1);

    const walker = new Walker(map, bag, maxDepth, maxNodes, maxErrors);
    const value = walker.run(root);
    return finish(value, value === undefined ? 0 : walker.valuesBuilt);
  } catch (err) {
    // Last resort: nothing above should throw, but never let hostile input escape as an exception.
    const msg =
      err instanceof RangeError
        ? 'the document is nested too deeply or is too large to be read'
        : `could not read the YAML: ${err instanceof Error ? err.message : String(err)}`;
    bag.error({ file, line: 1, col: 1 }, msg);
    return finish(undefined);
  } finally {
    if (typeof savedStackTraceLimit === 'number') ErrorCtor.stackTraceLimit = savedStackTraceLimit;
  }
}
