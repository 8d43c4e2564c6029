/**
 * Diagnostics: the one shape in which every loader problem is reported.
 *
 * Generic (no knowledge of any ruleset) and browser-safe (no Node APIs).
 */

/** A problem found while loading a file. `line` and `col` are 1-based. */
export interface Diagnostic {
  file: string;
  line: number;
  col: number;
  message: string;
  severity: 'error' | 'warning';
}

/** `FILE:LINE:COL: error: MESSAGE` (or `warning:`). */
export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.col}: ${d.severity}: ${d.message}`;
}

/** Orders diagnostics by file, line, column, then errors before warnings, then message. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  if (a.line !== b.line) return a.line - b.line;
  if (a.col !== b.col) return a.col - b.col;
  if (a.severity !== b.severity) return a.severity === 'error' ? -1 : 1;
  if (a.message !== b.message) return a.message < b.message ? -1 : 1;
  return 0;
}

function diagnosticKey(d: Diagnostic): string {
  return `${d.file}\u0000${d.line}\u0000${d.col}\u0000${d.severity}\u0000${d.message}`;
}

/** Sorts (see `compareDiagnostics`) and removes identical duplicates. Does not modify the input. */
export function sortAndDedupe(diagnostics: Iterable<Diagnostic>): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const k = diagnosticKey(d);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(d);
  }
  return out.sort(compareDiagnostics);
}

/** A position, as accepted by `DiagnosticBag.error` / `.warning`. */
export interface PosLike {
  file: string;
  line: number;
  col: number;
}

/**
 * Collects diagnostics. Identical diagnostics (same file, line, col, severity
 * and message) are kept once; `all()` returns them sorted.
 */
export class DiagnosticBag {
  private readonly items: Diagnostic[] = [];
  private readonly keys = new Set<string>();

  /** Adds one diagnostic; returns false if an identical one was already there. */
  add(d: Diagnostic): boolean {
    const k = diagnosticKey(d);
    if (this.keys.has(k)) return false;
    this.keys.add(k);
    this.items.push(d);
    return true;
  }

  addAll(ds: Iterable<Diagnostic>): void {
    for (const d of ds) this.add(d);
  }

  error(pos: PosLike, message: string): void {
    this.add({ file: pos.file, line: pos.line, col: pos.col, message, severity: 'error' });
  }

  warning(pos: PosLike, message: string): void {
    this.add({ file: pos.file, line: pos.line, col: pos.col, message, severity: 'warning' });
  }

  get size(): number {
    return this.items.length;
  }

  get errorCount(): number {
    let n = 0;
    for (const d of this.items) if (d.severity === 'error') n++;
    return n;
  }

  hasErrors(): boolean {
    return this.items.some((d) => d.severity === 'error');
  }

  /** Sorted copy of the diagnostics collected so far. */
  all(): Diagnostic[] {
    return [...this.items].sort(compareDiagnostics);
  }
}

/** True if any of the diagnostics is an error. */
export function hasErrors(diagnostics: Iterable<Diagnostic>): boolean {
  for (const d of diagnostics) if (d.severity === 'error') return true;
  return false;
}

const MAX_SHOWN_CHARS = 40;

/**
 * Short rendering of an offending value for messages:
 * `'abc'` (strings, cut at ~40 characters), `42`, `true`, `null`,
 * `a list`, `a mapping`, `nothing` (undefined).
 */
export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return v.length === 0 ? 'an empty list' : 'a list';
  switch (typeof v) {
    case 'string':
      return quote(v);
    case 'number':
      if (Number.isNaN(v)) return '.nan';
      if (v === Infinity) return '.inf';
      if (v === -Infinity) return '-.inf';
      return String(v);
    case 'bigint':
    case 'boolean':
      return String(v);
    case 'object':
      return Object.keys(v as object).length === 0 ? 'an empty mapping' : 'a mapping';
    default:
      return `a ${typeof v}`;
  }
}

/** `'text'` with control characters made visible and long text cut with an ellipsis. */
export function quote(s: string): string {
  const cut = s.length > MAX_SHOWN_CHARS;
  let shown = cut ? s.slice(0, MAX_SHOWN_CHARS) : s;
  // Do not cut a surrogate pair in half.
  if (cut && /[\uD800-\uDBFF]$/.test(shown)) shown = shown.slice(0, -1);
  shown = shown.replace(/[\u0000-\u001f\u007f]/g, (c) => {
    switch (c) {
      case '\n':
        return '\\n';
      case '\t':
        return '\\t';
      case '\r':
        return '\\r';
      default:
        return `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;
    }
  });
  return `'${shown}${cut ? '…' : ''}'`;
}
