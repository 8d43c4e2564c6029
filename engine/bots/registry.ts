// The bot registry: one entry per bot (its name, the budget it may be written with, a one-line description,
// where it may sit, and how it decides). The command line, the editor's bot lists, the server's `/api/info`
// and every seat check read this one list; adding a bot is one `registerBot` call (the built-in ones are
// registered in bots/index.ts). A bot is written by its name, or `name:N` when it takes a budget
// (`ismcts`, `ismcts:400`).

import type { Game, Choice, OpenPrompt, State } from '../model.js';
import { PERSON } from '../seats.js';

/** A bot as written on a command line or in a seat list, after `parseBot`: `name` or `name:N`. */
export type BotKind = string;

/** What a bot that takes a budget is given: how much work one decision may do. */
export interface BotBudget {
  /** the budget of the bare name (`ismcts` is `ismcts:<default>`) */
  default: number;
  /** the largest budget `name:N` accepts */
  max: number;
  /** what the number counts, in words (`iterations`) */
  unit: string;
}

export interface BotEntry {
  /** lower-case letters, digits and hyphens, starting with a letter */
  name: string;
  /** one line for lists and help texts */
  description: string;
  /** present when the bot is written `name:N` as well as `name` */
  budget?: BotBudget;
  /** quick enough to answer at a live table (the playtest's and a hosted match's seats); every bot is
   *  offered for simulation */
  atTable: boolean;
  /** plans from a belief of what its seat cannot see, inferred from play (bots/belief.ts): a game keeps one
   *  for its seat */
  usesBelief?: boolean;
  /** The bot's choice for the open decision `q` (whose options exclude those the ruleset marks `botsNever`),
   *  drawn with the bot's own random stream; `budget` is the parsed `N` or the default (0 without a budget). */
  decide(s: State, g: Game, q: OpenPrompt, rng: Uint32Array, budget: number): Choice;
}

/** A parsed bot: its entry and the budget it runs with. */
export interface ResolvedBot {
  entry: BotEntry;
  budget: number;
}

const NAME = /^[a-z][a-z0-9-]*$/;
const entries = new Map<string, BotEntry>();
/** parsed kinds, so a decision does not parse its bot's name again */
const resolved = new Map<string, ResolvedBot>();
/** the bots registered before any other module could add one (engine/bots/index.ts): never taken back */
const BUILT_IN = new Set<string>();
let builtInDone = false;

/** Called once the engine's own bots are registered: those cannot be unregistered. */
export function sealBuiltInBots(): void {
  if (builtInDone) return;
  builtInDone = true;
  for (const n of entries.keys()) BUILT_IN.add(n);
}

/** Adds a bot. Throws on a malformed entry or a name already taken. */
export function registerBot(entry: BotEntry): void {
  if (typeof entry.name !== 'string' || !NAME.test(entry.name)) throw new Error(`a bot's name is lower-case letters, digits and hyphens: '${entry.name}'`);
  if (typeof entry.decide !== 'function' || typeof entry.description !== 'string' || typeof entry.atTable !== 'boolean') {
    throw new Error(`bot '${entry.name}': an entry needs a description, atTable and a decide function`);
  }
  // a seat list holds bots and people alike: the word for a person's seat is no bot's
  if (entry.name === PERSON) throw new Error(`'${PERSON}' is the seat of a person, not a bot's name`);
  if (entries.has(entry.name)) throw new Error(`there is already a bot named '${entry.name}'`);
  const b = entry.budget;
  if (b && !(Number.isInteger(b.default) && Number.isInteger(b.max) && b.default >= 1 && b.default <= b.max)) {
    throw new Error(`bot '${entry.name}': its budget needs whole numbers 1 ≤ default ≤ max`);
  }
  entries.set(entry.name, entry);
}

/** Takes back a bot `registerBot` added (a test's or a plug-in's); the built-in bots stay. */
export function unregisterBot(name: string): void {
  if (BUILT_IN.has(name)) throw new Error(`'${name}' is a built-in bot`);
  entries.delete(name);
  for (const [kind, r] of resolved) if (r.entry.name === name) resolved.delete(kind);
}

/** Every registered bot, in the order registered. */
export function botEntries(): readonly BotEntry[] {
  return [...entries.values()];
}

/** The names of every registered bot. */
export function botNames(): string[] {
  return [...entries.keys()];
}

/** Reads a bot's name (the one parser for the CLI, seat lists, matches, the server and the editor); null when
 *  it is none. Whitespace and case are forgiven: ` ISMCTS:200 ` is `ismcts:200`. */
export function parseBot(text: unknown): BotKind | null {
  if (typeof text !== 'string') return null;
  const t = text.trim().toLowerCase();
  const colon = t.indexOf(':');
  const e = entries.get(colon < 0 ? t : t.slice(0, colon));
  if (!e) return null;
  if (colon < 0) return e.name;
  if (!e.budget || !/^\d{1,7}$/.test(t.slice(colon + 1))) return null;
  const n = Number(t.slice(colon + 1));
  if (n < 1 || n > e.budget.max) return null;
  return `${e.name}:${n}`;
}

/** What went wrong with a bot's name, in words (for usage errors). */
export function botProblem(text: unknown): string {
  const t = typeof text === 'string' ? text.trim().toLowerCase() : '';
  const colon = t.indexOf(':');
  const e = colon < 0 ? undefined : entries.get(t.slice(0, colon));
  if (e?.budget) return `'${String(text)}': ${e.name}:N takes a whole number of ${e.budget.unit} from 1 to ${e.budget.max}`;
  const all = botEntries();
  const written = [...all.map((x) => x.name), ...all.filter((x) => x.budget).map((x) => `${x.name}:N`)];
  const list = written.length > 1 ? `${written.slice(0, -1).join(', ')} or ${written[written.length - 1]}` : written.join('');
  return `'${String(text)}' is not a bot (${list})`;
}

/** A bot's entry and budget, from a name `parseBot` accepts. Throws on any other. */
export function resolveBot(kind: BotKind): ResolvedBot {
  let r = resolved.get(kind);
  if (r) return r;
  const k = parseBot(kind);
  if (k !== kind) throw new Error(botProblem(kind));
  const colon = k.indexOf(':');
  const entry = entries.get(colon < 0 ? k : k.slice(0, colon))!;
  r = { entry, budget: colon < 0 ? (entry.budget?.default ?? 0) : Number(k.slice(colon + 1)) };
  resolved.set(kind, r);
  return r;
}
