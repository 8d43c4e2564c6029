// One context shared by the ruleset compile passes: the merged ruleset value, the error reporter, and what
// each pass has compiled so far (options, tables, zones, cards, names…) for the passes after it.

import type { CardDef, CardTypeDef, EndingDef, FieldType, OptionDef, RoleDef, TeamDef, VarDef, ZoneDef } from '../../model.js';
import type { Path } from '../../effects/index.js';
import type { CellGeometry, DefInfo, EnumInfo, Env, QuantityInfo, TableInfo, ZoneInfo } from '../../expr/env.js';
import type { Ty } from '../../expr/types.js';
import { didYouMean } from '../../suggest.js';

export interface Reporter {
  /** `at`: a character offset inside the string value at `path` (for expression errors) */
  error(path: Path, message: string, at?: number): void;
  /** something legal that looks wrong (a column no rule reads); the ruleset still compiles */
  warning?(path: Path, message: string, at?: number): void;
}

export type Obj = Record<string, unknown>;
export const isObj = (x: unknown): x is Obj => !!x && typeof x === 'object' && !Array.isArray(x);
export const arr = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);

/** " (did you mean 'x'?)" when a close name exists, else "". */
export function hintOf(name: unknown, options: Iterable<string>): string {
  if (typeof name !== 'string') return '';
  const h = didYouMean(name, options);
  return h ? ` (did you mean '${h}'?)` : '';
}

export interface IdItem {
  item: Obj;
  index: number;
}

export class CompileContext {
  ok = true;
  private idMaps = new Map<string, Map<string, IdItem>>();

  // filled in by the passes, in order
  minPlayers = 1;
  maxPlayers = 1;
  options: OptionDef[] = [];
  enums = new Map<string, EnumInfo>();
  quantityInfos = new Map<string, QuantityInfo>();
  scoreCategories: string[] | null = null;
  /** places that may warn while playing (see engine/warnings.ts) */
  sites: { path: Path; at?: number }[] = [];
  tables = new Map<string, TableInfo>();
  teams: TeamDef[] = [];
  roles: RoleDef[] = [];
  zones: ZoneDef[] = [];
  zoneInfos = new Map<string, ZoneInfo>();
  allCells = new Set<string>();
  cellGeometry = new Map<string, CellGeometry>();
  cardTypes: CardTypeDef[] = [];
  cards: CardDef[] = [];
  /** card field → its type in expressions (type, name, id and source included) */
  fieldTypes = new Map<string, Ty>([['type', { k: 'str' }], ['name', { k: 'str' }], ['id', { k: 'str' }], ['source', { k: 'str' }]]);
  /** card field → its declared field type */
  fieldKinds = new Map<string, FieldType>();
  /** card field → the enumeration its values come from (kind, kinds, counts) */
  fieldEnums = new Map<string, string>();
  entityDef = new Int32Array(0);
  columns = new Map<string, unknown[]>();
  vars: VarDef[] = [];
  defs = new Map<string, DefInfo>();
  endings: EndingDef[] = [];
  /** binding name → slot; slot 0 is $self */
  slots: string[] = ['self'];
  env!: Env;

  constructor(readonly root: Obj, private readonly reporter: Reporter) {}

  /** Reports a problem at a path of the merged value; the ruleset then does not compile. */
  err = (path: Path, message: string, at?: number): void => {
    this.ok = false;
    this.reporter.error(path, message, at);
  };

  /** Reports a warning at a path of the merged value (the ruleset still compiles). */
  warn = (path: Path, message: string): void => {
    this.reporter.warning?.(path, message);
  };

  /** The items of a top-level list by id (a duplicate id is reported once, at its second use). */
  ids(key: string): Map<string, IdItem> {
    let m = this.idMaps.get(key);
    if (m) return m;
    m = new Map();
    this.idMaps.set(key, m);
    arr(this.root[key]).forEach((x, i) => {
      if (!isObj(x) || typeof x.id !== 'string') return;
      if (m!.has(x.id)) this.err([key, i, 'id'], `duplicate id '${x.id}' in ${key} (first at item ${m!.get(x.id)!.index + 1})`);
      else m!.set(x.id, { item: x, index: i });
    });
    return m;
  }

  /** while a procedure's steps compile: its own prefix for binding slots (its names never share a slot with a
   *  caller's, so a call needs no saving and restoring; procedures cannot call themselves) */
  slotPrefix = '';

  slotOf = (bare: string): number => {
    const name = bare === 'self' || !this.slotPrefix ? bare : `${this.slotPrefix}${bare}`;
    let i = this.slots.indexOf(name);
    if (i < 0) { i = this.slots.length; this.slots.push(name); }
    return i;
  };
}
