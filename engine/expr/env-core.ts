// What an expression can refer to (the ruleset's names, as the compiler sees them) and the errors of the
// language: at load time (ExprError, DefError) and while playing (RuleError). The model (engine/model.ts) holds
// an Env in every compiled game, so this file stands on nothing that imports the model: no import cycle.

import type { Node } from './parse.js';
import type { Ty } from './types.js';

/** A definition's cached value (memo.ts): what it read and what it cost. */
export interface CacheEntry {
  v: unknown;
  /** the parts read, as (key, version) pairs */
  deps: number[];
  /** the work counted while it was computed (budget.ts), counted again when it is reused */
  work: number;
}

export class ExprError extends Error {
  constructor(message: string, readonly at: number) {
    super(message);
  }
}

/** An error inside a definition's own text, reported at the definition. */
export class DefError extends ExprError {
  constructor(readonly def: DefInfo, message: string, at: number) {
    super(message, at);
  }
}


/** An expression that grows too large or nests too deep once its definitions are expanded: the fault of the
 *  expression being compiled as a whole, not of the definition whose expansion happened to reach the limit. */
export class GrowthError extends ExprError {}

/** The expressions of a whole ruleset grew past what one load may expand: reported once. */
export class RulesetGrowthError extends GrowthError {}

/** A rule broken while playing (a ruleset asks for a cell that does not exist…). */
export class RuleError extends Error {}

export interface EnumInfo {
  id: string;
  values: string[];
  index: Map<string, number>;
}

export interface QuantityInfo {
  id: string;
  index: number;
  params: { name: string; t: Ty }[];
  t: Ty;
}

export interface ZoneInfo {
  id: string;
  index: number;
  base: number;
  perPlayer: boolean;
  perCard?: boolean;
  cells: string[] | null;
  cellIndex: Map<string, number>;
}

/** Where a grid cell lies: its level (1 on a flat grid) and the cells around it. */
export interface CellGeometry {
  level: number;
  /** orthogonally adjacent cells on the same level */
  neighbours: string[];
  /** the cell directly above / below (empty at the top / bottom level and on flat grids) */
  above: string[];
  below: string[];
}

export interface TableInfo {
  id: string;
  key: string;
  rows: Map<string, Record<string, unknown>>;
  cols: Map<string, Ty>;
}

export interface DefInfo {
  id: string;
  params: string[];
  src: string;
  /** report a problem inside the definition's own text */
  where: string;
  node?: Node;
  t?: Ty;
  /** a definition without parameters: the parts its expansion takes (known once it compiled), or the error it
   *  gives on its own (its growth, say) — then every later use fails at once instead of expanding it again */
  size?: number;
  /** by scope: [outside effects, inside effects] (randomness is allowed only inside) */
  failure?: [ExprError | undefined, ExprError | undefined];
  /** values computed while bots judge positions (memo.ts), shared by every use of the definition */
  memo?: DefCache;
}

export interface DefCache {
  /** by arguments */
  values: Map<unknown, CacheEntry>;
  hits: number;
  misses: number;
  /** the work the values computed so far cost (budget.ts), while the cache decides whether it is worth keeping */
  work: number;
  /** a number key's entry by bits of the key, looked up before the Map (def-call.ts) */
  frontKeys?: unknown[];
  frontEntries?: (CacheEntry | undefined)[];
  /** set once the cache proved not worth keeping */
  off: boolean;
  /** how many times the values kept were all dropped (an entry looked up before a drop is no longer kept) */
  kept?: number;
}

/** Everything a name in an expression can refer to. Built by the ruleset compiler. */
export interface Env {
  zones: Map<string, ZoneInfo>;
  vars: Map<string, { index: number; t: Ty; perPlayer?: boolean; perCard?: boolean }>;
  /** options by id: the value's slot, its type, and the values it may take when it declares choices */
  options: Map<string, { index: number; t: Ty; choices?: readonly (number | string)[] }>;
  tables: Map<string, TableInfo>;
  defs: Map<string, DefInfo>;
  fields: Map<string, Ty>;
  roles: Set<string>;
  teams: Set<string>;
  cardTypes: Set<string>;
  cardIds: Set<string>;
  allCells: Set<string>;
  /** card field → the texts it may hold (`type`: the card types, a role field: the roles, a cell field: the
   *  cells, a text field: the values cards hold), to catch `it.type == 'instrction'` at load time */
  literalDomains: Map<string, Set<string>>;
  /** cell name → its place in its grid (cells of the same name lie alike in every grid) */
  cellGeometry: Map<string, CellGeometry>;
  /** enumerations: id → its values in order (counts of an enumeration are indexed by value position) */
  enums: Map<string, EnumInfo>;
  /** named quantities (called like functions), changed by modifiers of cards in play */
  quantities: Map<string, QuantityInfo>;
  /** score categories in order (null: the ruleset declares no scores) */
  scoreCategories: string[] | null;
  /** while the ruleset compiles: what expressions read (option:x, column:table.col, field:x, definition:x) */
  reads?: Set<string>;
  /** text literals each text option is compared with (`mode == 'hard'`, `mode in ['a', 'b']`), to warn of an
   *  option without choices that takes any text */
  optionLiterals?: Map<string, Set<string>>;
  /** while a ruleset loads: the parts its expressions may still expand to, all together (a small file of
   *  definitions that each expand a large one would otherwise cost minutes) */
  expansionLeft?: number;
  /** where the expression being compiled lies (for warnings while playing, e.g. take() asking for more) */
  site?: (at: number) => number;
  /** while a quantity's own parts compile: told of every quantity they call (to find cycles) */
  onQuantityCall?: (id: string, at: number) => void;
  /** while a quantity's own parts compile: told when they read what the definition cache cannot follow (a
   *  random or opaque function, `$self`, a binding of the caller's), so the quantity's values are not cached */
  onOpaque?: () => void;
  maxPlayers: number;
  /** binding name → slot (one global slot table) */
  slotOf(name: string): number;
  /** the compiled game's card field columns (by field name; set once the game is built, read while playing) */
  gameColumns(): Map<string, unknown[]>;
}
