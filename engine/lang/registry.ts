// The ruleset language's words, one registry per kind of primitive: effects (engine/effects/), step kinds and
// prompt keys (engine/load/compile/), built-in functions (engine/expr/functions/). Each entry holds its name,
// its parameters with their types, a one-line description and its compile function; the schema's sections
// for them and the docs' tables are generated from the entries (tools/schema-sections.ts, `npm run schema`),
// and a test checks that the committed schema and docs agree. Adding a primitive is one entry in one file.

/** What a parameter's value is: each kind maps to one JSON Schema shape and one phrase in the docs. */
export type ParamType =
  /** an expression (a YAML string; numbers and true/false too); `shows` says of what type, for the docs */
  | { k: 'expr'; shows: string }
  /** an expression or one of a few literal words (e.g. `all`) */
  | { k: 'exprOr'; consts: string[]; shows: string }
  /** one concrete zone: deck, hand[$p], board['B2'] */
  | { k: 'zone' }
  /** a list of effects */
  | { k: 'effects' }
  /** a list of steps */
  | { k: 'steps' }
  /** a name bound with `as` (used as $name) */
  | { k: 'binding' }
  /** a text with {expression} holes */
  | { k: 'text' }
  | { k: 'bool' }
  /** the id of something declared elsewhere in the ruleset (a phase, an ending, a per-player zone) */
  | { k: 'id'; of: string }
  | { k: 'enum'; values: string[] }
  /** a mapping of named parameters */
  | { k: 'record'; params: Param[]; examples?: unknown[] }
  /** a JSON Schema written out (for the few shapes the kinds above do not describe); `shows` for the docs */
  | { k: 'schema'; schema: Record<string, unknown>; shows: string };

export interface Param {
  name: string;
  type: ParamType;
  /** required (default: optional) */
  required?: boolean;
  /** one line for designers: what the value means */
  doc: string;
  examples?: unknown[];
  /** the value when the parameter is left out (documentation) */
  default?: unknown;
}

/** A named entry of a registry. */
export interface Entry {
  name: string;
  /** one line: what it does */
  doc: string;
}

/** Entries by name: a Map, so a name read from a file is only ever an own entry. */
export class Registry<E extends Entry> {
  private readonly byName = new Map<string, E>();
  constructor(readonly kind: string, entries: readonly E[]) {
    for (const e of entries) this.add(e);
  }

  add(e: E): void {
    if (this.byName.has(e.name)) throw new Error(`${this.kind} '${e.name}' is registered twice`);
    this.byName.set(e.name, e);
  }

  /** Takes an entry out (a test's fixture entry leaves with its test); whether there was one. */
  remove(name: string): boolean {
    return this.byName.delete(name);
  }

  get(name: string): E | undefined {
    return this.byName.get(name);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  entries(): E[] {
    return [...this.byName.values()];
  }

  /** A copy (tests add a fake entry to a copy to show that the schema check notices). */
  copy(): Registry<E> {
    return new Registry(this.kind, this.entries());
  }
}

/** The names of a parameter list, for "'x' is not a parameter of y (it takes …)" messages. */
export function paramNames(ps: readonly Param[]): string[] {
  return ps.map((p) => p.name);
}
