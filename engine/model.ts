// The compiled game (immutable, built once by the loader) and the game state (plain data, cloneable,
// serialisable). The engine only knows these generic notions: zones, entities, players, roles, teams,
// variables, phases, steps, prompts.

import type { Ty, Value } from './expr/types.js';
import type { DefCache, Env } from './expr/env-core.js';
import type { CardDef } from './card-def.js';
import type { CardLayout, PrintSettings } from './print-model.js';
import type { SymbolDef } from './symbols.js';
import type { ImageAsset } from './images.js';
import type { PromptKind } from './prompt-kinds.js';

/** A compiled expression: a closure over the evaluation context. */
export type Fn<T = Value> = (c: Ctx) => T;
/** A compiled effect. */
export type Eff = (c: Ctx) => void;

/** A cell of a ruleset table: the row by its key, and the column. */
export interface TableCell { table: string; row: string; col: string; value: unknown }

/** The last table cell an expression read (one object per game, reused: reads allocate nothing). */
export interface CellSeen { seen: boolean; table: string; key: string; col: string; row: Record<string, unknown> | null }

/** A rule warning's record (see warnings.ts): how often, the first message, the table value behind it. */
export interface Warned { count: number; message: string; cell?: TableCell | null }

/** What a compiled expression runs in: the game, its rules, the bindings in scope and the item a loop is at. */
export interface Ctx {
  /** the game being played (or a bot's copy of it) */
  s: State;
  /** its rules, as loaded */
  g: Game;
  /** binding slot → value: the main flow's, a simultaneous thread's, or a copy a bot evaluates with */
  bindings: Value[];
  /** the item a list function (`count`, `filter`…) is looking at; undefined outside one */
  it: Value;
  /** while a prompt's options are worked out (nothing changes meanwhile): quantity values already computed */
  memo?: Map<unknown, unknown>;
}

export type Visibility =
  | { kind: 'public' }
  | { kind: 'nobody' }
  | { kind: 'owner' }
  | { kind: 'others' }
  | { kind: 'to'; who: Fn<number | number[]>; src: string }
  /** per-card zones and variables: seen by whoever sees the card they belong to */
  | { kind: 'card' };

export interface ZoneDef {
  id: string;
  /** how the zone reads to a person in the log ("the draw pile"); default: its id in words */
  name?: string;
  index: number;
  perPlayer: boolean;
  /** one copy per card (cards attached to a card: `under[$c]`), laid out after every other zone's instances */
  perCard?: boolean;
  /** its first zone instance (the state's zone lists are laid out zone by zone; per-card zones last) */
  base: number;
  /** Grid zones: cell names (row-major), else null. */
  cells: string[] | null;
  columns: string[] | null;
  rows: string[] | null;
  /** Spatial grids: the number of levels stacked on the column × row footprint (0: a flat grid). */
  levels?: number;
  visibility: Visibility;
  /** Arrivals are shuffled and never attributed to their origin in views or logs. */
  anonymous: boolean;
  /** the card type of a face-down card here is known to everyone (by the rules only one kind lies here) */
  knownType?: boolean;
  /** the seats remember which cards they saw go in here, though they cannot see them (memory.ts; bots only) */
  remembered?: boolean;
  description?: string;
  /** the playtest table does not draw it (bookkeeping, or what the seat summary says); nothing else changes */
  hidden?: boolean;
}

export type FieldType = 'number' | 'string' | 'strings' | 'bool' | 'cell' | 'cells' | 'cellCounts' | 'role' | 'team' | 'player' | 'kind' | 'kinds' | 'counts';

export type { CardDef } from './card-def.js';

/** A card field's declaration: its type, default, and how it reads to a person. */
export interface FieldDef {
  type: FieldType;
  /** kind, kinds and counts: the enumeration */
  of?: string;
  default: unknown;
  description?: string;
  /** how the field is called to a person ("Cost"); default: its name in words */
  label?: string;
  /** a number field drawn as this symbol (2 stars, a coin with 3 in it) */
  symbol?: string;
}

/** One line of a card's face on the playtest table: a field, or a `{field}` template, with a label. */
export interface FaceItem {
  field?: string;
  text?: string;
  /** the label before it ('' for none); default: the field's label */
  label?: string;
  /** for `field`: the words shown for a value (a value not in it is shown as it is) */
  map?: Record<string, string>;
  when?: string;
  unless?: string;
}

export interface CardTypeDef {
  id: string;
  name: string;
  /** field name → its type (kind, kinds and counts name their enumeration in `of`) */
  fields: Record<string, FieldDef>;
  /** what the playtest table shows on a card, in order (null: every field that reads as something) */
  face: FaceItem[] | null;
  back?: string;
  /** a field whose value shows on the back too (cards of the type with different values there have different
   *  backs: an Age printed on the back), so a face-down card shows it */
  backShows?: string;
  component?: string;
  startIn: string;
  /** how print draws its cards (engine/print-model.ts) */
  layout: CardLayout;
}

export interface VarDef {
  id: string;
  index: number;
  type: Ty;
  initial: Value;
  /** one value per player, written name[$p] */
  perPlayer: boolean;
  /** one value per card, written name[$c] (state on a card: counters, charges, what it has taken) */
  perCard?: boolean;
  /** who sees the value in views (public by default; owner: each player their own entry) */
  visibility: Visibility;
  description?: string;
  /** bookkeeping of the rules (whose turn it is in a roll-off, a die's last value): not shown to people */
  internal?: boolean;
  /** how the variable is called on the table (default: its id in words) */
  name?: string;
}

/** An enumeration: a named, ordered set of text values (resource kinds, colours). */
export interface EnumDef {
  id: string;
  values: string[];
  /** the symbol each value is drawn as (null: none, the value is written) */
  symbols: (string | null)[];
}

/** One line of the seat summary the table shows for every seat ($p: the seat). */
export interface SeatItem {
  label: string;
  /** a text with holes, or a value (a number drawn with `symbol`, counts as symbols, a card, a text) */
  text: ((c: Ctx) => LogEntry) | null;
  value: Fn | null;
  /** the value's type (counts of an enumeration are drawn as its symbols) */
  valueT?: Ty;
  symbol?: string;
  when: Fn<boolean> | null;
  /** the binding slot of $p */
  slot: number;
}

/** How the playtest table shows the game (the ruleset's `table` section). */
export interface TableDef {
  /** the seat summary, shown for every seat (empty: the seat's variables are listed instead) */
  seat: SeatItem[];
}

export interface OptionDef {
  id: string;
  index: number;
  type: 'number' | 'bool' | 'string';
  default: number | boolean | string;
  /** a number option's range */
  min?: number;
  max?: number;
  /** the values it may take (a text or number option) */
  choices?: (number | string)[];
  description?: string;
}

export interface TeamDef {
  id: string;
  index: number;
  name: string;
  objective: Fn<number> | null;
}

export interface RoleDef {
  id: string;
  index: number;
  name: string;
  team: number;
}

export interface EndingDef {
  id: string;
  index: number;
  winner: string; // team id, or 'none' / 'all'
  description?: string;
}

/** A prompt: a decision asked of one player. */
export interface PromptDef {
  player: Fn<number>;
  /** the kind's name (`choose`), as a view shows it */
  choose: string;
  /** what the kind is (engine/prompt-kinds.ts) */
  kind: PromptKind;
  from: Fn<Value[]>;
  /** `from` makes a new list each time (a `filter`, `others`…): the options are made of it in place */
  freshFrom?: boolean;
  min: Fn<number>;
  max: Fn<number>;
  /** Bind the chosen value (single) or values (list) to this slot. */
  slot: number;
  single: boolean;
  text: Fn<string> | null;
  /** how one option (`it`) reads to a person: a text with holes, rendered for the viewer (records, numbers) */
  label?: ((c: Ctx) => LogEntry) | null;
  score: Fn<number> | null;
  /** ask even when there is a single legal choice (how many choices there are is itself secret) */
  alwaysAsk: boolean;
  /** options bots never choose (a condition on `it`), e.g. declaring a physical accident */
  botsNever?: Fn<boolean> | null;
  /** how the choice reads in the log: a text with holes (after the choice is bound), or false for no line
   *  (the step's own `log` lines say it); absent: "Player 2 chose … (step)" */
  log?: ((c: Ctx) => LogEntry) | false;
  /** for a person: a second line under each option (`it`) */
  detail?: ((c: Ctx) => LogEntry) | null;
  /** for a person: options they cannot take now, shown greyed with `why` */
  unavailable?: Fn<Value[]> | null;
  why?: ((c: Ctx) => LogEntry) | null;
  /** options are records with a card in this field: the page draws each card once, its options on it */
  cardField?: string;
  /** the type of one option (`it`): an expression written later about the options (a seat's restriction in
   *  restricted play, engine/sim/restrict.ts) is compiled against it */
  itemT?: Ty;
}

export type StepDef =
  | { kind: 'do'; id: string; path: string; when: Fn<boolean> | null; effects: Eff }
  | { kind: 'prompt'; id: string; path: string; when: Fn<boolean> | null; prompt: PromptDef; effects: Eff | null; key: number }
  | { kind: 'while'; id: string; path: string; when: Fn<boolean> | null; test: Fn<boolean>; body: number }
  | { kind: 'forEach'; id: string; path: string; when: Fn<boolean> | null; list: Fn<Value[]>; slot: number; body: number }
  | { kind: 'simultaneous'; id: string; path: string; when: Fn<boolean> | null; players: Fn<number[]>; slot: number; body: number }
  /** runs the step list of the first case that matches (-1: none) */
  | { kind: 'switch'; id: string; path: string; when: Fn<boolean> | null; pick: Fn<number> }
  /** runs a procedure's step list with its parameters bound (in slots of its own) */
  | { kind: 'call'; id: string; path: string; when: Fn<boolean> | null; args: Fn[]; slots: number[]; body: number }
  /** a reaction window: `players` asked at once (each a thread running `body`, one optional prompt binding
   *  `askSlot`), then the takers respond in the list's order (`first`: only the first), each running `effects`
   *  with the responder in `slot`; afterwards `slot` and `askSlot` hold the first taker's (`declined`: the
   *  response bound when nobody took it) */
  | { kind: 'offer'; id: string; path: string; when: Fn<boolean> | null; players: Fn<number[]>; slot: number; body: number; askSlot: number; askSingle: boolean; first: boolean; effects: Eff; declined: Value };

export interface StepList {
  index: number;
  steps: StepDef[];
}

export interface PhaseDef {
  id: string;
  index: number;
  repeat: Fn<boolean> | null;
  body: number;
}

export interface ReactionDef {
  id: string;
  /** zone definitions whose changes wake this reaction (null: any change) */
  watch: number[] | null;
  /** every watched zone is per player: re-check only the players whose own zones changed */
  perPlayerWatch: boolean;
  players: Fn<number[]> | null;
  slot: number;
  when: Fn<boolean>;
  effects: Eff;
}

/** A modifier: a card's change to a named quantity while the card is in play. */
export interface ModifierDef {
  op: 'set' | 'add' | 'atLeast' | 'atMost';
  value: Fn;
  /** when it applies (the quantity's parameters and $owner, $this bound) */
  when: Fn<boolean> | null;
  /** the entities that carry it: the copies of a card, or every card of a card type */
  entities: Int32Array;
  /** whether a carrying entity is in play (`it` = the entity); null: always */
  inPlay: Fn<boolean> | null;
}

/** A named quantity rules read (a price, a bonus, whether a card is usable), changed by cards in play. */
export interface QuantityDef {
  id: string;
  index: number;
  /** counts: a number per value of an enumeration, changed value by value */
  type: 'number' | 'bool' | 'counts';
  /** parameter slots, in order */
  slots: number[];
  /** slots of $owner and $this while a modifier is evaluated */
  ownerSlot: number;
  cardSlot: number;
  base: Fn;
  /** the base when it is a constant (no expression to evaluate) */
  constBase?: Value;
  min: number | null;
  max: number | null;
  /** how several `set`s that apply combine */
  combine: 'first' | 'last' | 'min' | 'max';
  mods: ModifierDef[];
  /** its cached values (modifiers.ts); null when it, or a quantity it reads, reads `$self` or something opaque */
  cache: DefCache | null;
}

/** Scores by declared categories (the rulebook's scoring order), and what breaks a tie. */
export interface ScoringDef {
  /** the slot of $p while a category or the tie-break is evaluated */
  slot: number;
  categories: { id: string; name: string; value: Fn<number> }[];
  /** a number per player: among equal totals the highest wins; equal again, the win is shared */
  tiebreak: Fn<number> | null;
}

export interface Game {
  id: string;
  name: string;
  hash: string;
  minPlayers: number;
  maxPlayers: number;
  zones: ZoneDef[];
  zoneIds: Map<string, ZoneDef>;
  cardTypes: CardTypeDef[];
  cards: CardDef[];
  /** entity id → card definition index (entities are the same for every player count). */
  entityDef: Int32Array;
  /** field name → value per entity (a column store: fast field access). */
  columns: Map<string, unknown[]>;
  teams: TeamDef[];
  roles: RoleDef[];
  vars: VarDef[];
  options: OptionDef[];
  enums: EnumDef[];
  quantities: QuantityDef[];
  scoring: ScoringDef | null;
  /** the objective of a player with no team (every player for themselves): a number to raise ($self) */
  objective: Fn<number> | null;
  /** bot heuristics: a condition a bot's determinized copy must meet ($self: the bot's seat), or null */
  plausible: Fn<boolean> | null;
  /** bot heuristics: the decisions a searching bot's rollout plays past its tree before the objective judges the
   *  position (the ruleset's top-level `rollout`; absent: the search's own default) */
  rollout?: number;
  /** the names expressions can use (to compile an expression against this game later: evaluate()) */
  env: Env;
  endings: EndingDef[];
  endingIds: Map<string, EndingDef>;
  phases: PhaseDef[];
  lists: StepList[];
  /** prompt steps by key (action → step). */
  promptSteps: (StepDef & { kind: 'prompt' })[];
  setup: Eff;
  reactions: ReactionDef[];
  /** zone definition → the reactions a change of that zone wakes */
  zoneWatchers: number[][];
  slots: string[];
  maxSteps: number;
  /** the work one step may do (see budget.ts) */
  maxWork: number;
  /** places in the ruleset that may warn while playing: the path of the value (and the offset in it); the
   *  loader fills in `where` (file:line:col) */
  sites: { path: (string | number)[]; at?: number; where?: string }[];
  /** The ruleset's `print` section: sheet defaults, colours, decks (engine/print-model.ts). */
  print: PrintSettings;
  /** how values look to a person: the ruleset's `symbols` (engine/symbols.ts), by id */
  symbols: Map<string, SymbolDef>;
  /** the image files the card layouts draw, read and checked by the loader (engine/images.ts), by resolved path;
   *  empty when the loader was given no image reader */
  images: Map<string, ImageAsset>;
  /** how the playtest table shows the game */
  table: TableDef;
}

/** A place in the flow: a list of steps and the step reached in it. */
export interface Frame {
  /** the step list (an index of Game.lists) */
  list: number;
  /** the step reached in it */
  i: number;
  /** forEach: remaining items */
  items?: Value[];
  /** a phase's own list: the phase's index */
  phase?: number;
}

/** A decision waiting for its player. */
export interface OpenPrompt {
  /** its prompt step (an index of Game.promptSteps) */
  key: number;
  /** the seat that decides */
  player: number;
  /** what may be chosen (distinct values) */
  options: Value[];
  /** how many options to choose, at least and at most */
  min: number;
  max: number;
}

/** One seat's private run through a simultaneous step's body. */
export interface Thread {
  /** its seat */
  player: number;
  /** the step reached in the body */
  i: number;
  /** its own bindings (a copy of the main flow's, its seat bound to the step's `as`) */
  bindings: Value[];
  /** its open decision, if any */
  prompt: OpenPrompt | null;
}

/** A simultaneous step (or an offer) under way. */
export interface Parallel {
  /** the step's body (an index of Game.lists), which every thread runs */
  list: number;
  /** the step's place in the main flow's innermost frame */
  step: number;
  /** one per seat taking part */
  threads: Thread[];
}

export interface Ended {
  ending: string | null;
  /** the winning team, 'all' or 'none' (team games), or null */
  winner: string | null;
  /** the winning players (games where each plays for themselves; several when a tie stands) */
  winners?: number[];
  truncated: boolean;
  message?: string;
}

/** One `{…}` of a text entry: its value, and what a reader may know of the cards in it. */
export interface LogHole {
  t: 'player' | 'players' | 'card' | 'cards' | 'value' | 'counts';
  v: Value;
  /** per card of the hole (card: one, cards: one per card, value: one per card piece): the seats that may know
   *  it, judged at the end of the step; absent: the entry's `seen` for the whole hole (or everyone) */
  seen?: number[];
  /** a value with cards or players inside (a record, a list of records): its reading as pieces, so that only a
   *  hidden card inside is redacted */
  pieces?: (string | { e: number } | { p: number })[];
  /** the hole reads the choice of the prompt whose `log` it is in (inside a simultaneous step, other seats
   *  read it only where it is the chooser or cards they may know) */
  choice?: boolean;
  /** counts: the enumeration */
  of?: string;
}

export interface LogEntry {
  kind: 'text' | 'move' | 'shuffle' | 'role' | 'choice';
  /** text: literal parts and hole values (rendered per viewer). */
  parts?: string[];
  holes?: LogHole[];
  to?: number[] | null;
  cards?: number[];
  from?: number[];
  dest?: number;
  player?: number;
  step?: string;
  /** per card (moves, card choices, card holes): bit mask of the seats that may know its identity */
  seen?: number[];
  /** a choice made inside a simultaneous step: only its player sees what was chosen */
  secret?: boolean;
  /** role changes: the role at the time of the entry */
  role?: number;
  /** text: continues the line written just before (after a space) */
  join?: boolean;
  /** text: a heading that separates the log (a new round) */
  heading?: boolean;
  /** choice: how it reads, in the prompt's own words (a text entry) */
  say?: LogEntry;
  /** choice: recorded, but not shown (the prompt's `log: false`) */
  silent?: boolean;
  /** a choice among values with a `label`: each chosen value as a text entry (rendered per viewer) */
  labels?: LogEntry[];
}

export interface State {
  /** how many players (seats 0 … players-1) */
  players: number;
  /** zone instance → its cards, bottom first. Copies share these lists until one of them writes: change a
   *  list only through `ownZone` (state.ts), never in place. */
  zones: number[][];
  /** zone instance → the state's mark (its last item) if the list is its own (copy on write; state.ts) */
  own: number[];
  /** the version of each part of the state expressions read (memo.ts): zone instances first, then the
   *  variables, then the roles, then the setting (player count, options); changed with `changed` (or
   *  `ownZone` for a zone) */
  ver: number[];
  /** entity → zone instance */
  loc: number[];
  /** entity → revealed to everyone (1) */
  shown: number[];
  /** what the seats remember of hidden cards (memory.ts): null unless a zone is `remembered` */
  mem: Memory | null;
  /** seat → its role now (an index of Game.roles; -1: none) */
  roles: Int16Array;
  /** the roles as dealt by the setup (public knowledge of the deal; later changes may be private) */
  dealtRoles: Int16Array;
  /** seat → its role shown to everyone (1) */
  roleShown: Uint8Array;
  /** variable → its value (per player: a list with a value per seat; per card: one per card) */
  vars: Value[];
  /** the game's option values, by the ruleset's option index (fixed at the start) */
  options: Value[];
  /** the game's random stream (sfc32's four words); bots and beliefs draw from streams of their own */
  rng: Uint32Array;
  /** the main flow's bindings: binding slot → value (`$name`s, slot 0 the current player); a simultaneous
   *  step's threads have their own. Read as `c.bindings` by every compiled expression */
  bindings: Value[];
  /** where the main flow is: phase body, loop bodies, procedure calls (innermost last) */
  stack: Frame[];
  /** the open decision of the main flow, if any */
  prompt: OpenPrompt | null;
  /** the simultaneous step (or offer) under way: one thread per seat; null outside one */
  simultaneous: Parallel | null;
  /** a phase a `goto` asked for, taken when the current step ends; -1 for none */
  gotoPhase: number;
  /** how the game ended; null while it runs */
  ended: Ended | null;
  /** steps run so far (the runaway limit `limits.steps` counts them) */
  steps: number;
  /** decisions taken that had a real alternative */
  actions: number;
  /**
   * Per reaction: the seats whose watched zones changed since it last ran, as a bit mask (-1: re-check
   * every seat). Moves mark the reactions watching the zones they touch; roles, variables and reveals
   * mark every reaction.
   */
  dirty: number[];
  /** the game's log, when kept (a client's game; batch simulation keeps none) */
  log: LogEntry[] | null;
  /** rule warnings by site (kept only when asked: simulation, validation's dry run); not part of the game */
  warns?: Map<number, Warned> | null;
  /** with warnings kept: the table cell read last, overwritten in place (a warning about a count says which
   *  table value set it) */
  lastCell?: CellSeen | null;
  /** a bot's lookahead copy: the flow stops before opening the next decision of the main flow (its
   *  options are never worked out); never set on a real game, never copied */
  halt?: boolean;
  /** what the bot seats infer of hidden roles and cards from play (bots/belief.ts): kept up to date by
   *  `resolve` on a real game whose bots asked for it; never copied (copies get `beliefOf`) */
  belief?: BeliefTracker | null;
  /** a bot's copy: whose belief it was planned from (read by the `belief` function; shared, read-only) */
  beliefOf?: BeliefSource | null;
}

/** A decision's answer: the options chosen (a subset of the open prompt's options; empty: none taken). */
export type Choice = Value[];

export interface Action {
  player: number;
  step: string;
  choice: Choice;
}

/** What each seat remembers of hidden cards (engine/memory.ts keeps it; only for `remembered` zones). */
export interface Memory {
  /** seat × card (seat * cards + card) → the remembered zone instance, -1 for none */
  where: number[];
  /** seat × card → the seat's `surv` of that zone when the card arrived there */
  at: number[];
  /** seat × zone instance → the chance that every card the seat remembers there is still there */
  surv: number[];
  /** seat × zone instance → what the last unseen departure took off `surv` (1: none), given back when seen */
  loss: number[];
}

// A belief as the state and the language see it (implemented in bots/belief.ts), so they need not import the bots.

/** What the bot seats of a real game infer of what they cannot see, kept up to date as the game is played. */
export interface BeliefTracker {
  /** A decision was taken: `pre` is the game just before it, `post` after it and the flow to the next decision. */
  observe(g: Game, pre: State, post: State, p: OpenPrompt, choice: readonly unknown[]): void;
  /** Whether `viewer`'s belief is kept. */
  tracks(viewer: number): boolean;
  /** `viewer`'s chance that seat `p`'s role is one that `is` accepts (a team's roles, or one role); with
   *  `given`, among the worlds where seat `given.seat` holds role `given.role` (how `viewer` models what that
   *  seat believes). NaN when it keeps no belief for `viewer`. */
  chance(viewer: number, p: number, is: (role: number) => boolean, given?: { seat: number; role: number }): number;
  /** A copy of `viewer`'s world drawn by its weight (a full state, consistent with what `viewer` saw), or null. */
  draw(viewer: number, rng: Uint32Array): State | null;
  /** An independent copy (the belief of a game saved for undo). */
  copy(): BeliefTracker;
}

/** In a bot's copy: the belief it was planned from, and whose. */
export interface BeliefSource {
  tracker: BeliefTracker;
  viewer: number;
}
