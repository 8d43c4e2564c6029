// Semantic checks and compilation: a schema-valid ruleset value becomes a `Game` — names resolved,
// expressions type-checked and compiled to closures, steps and effects compiled. The work is a sequence of
// passes over one context (context.ts), each in its own file; every problem is reported with the path of the
// offending value (the loader turns paths into file:line:col).

import type { Game } from '../../model.js';
import { hashText } from '../../rng.js';
import { CompileContext, isObj, type Reporter } from './context.js';
import { DEFAULT_STEP_WORK } from '../../budget.js';
import { compileEnums, compileOptions, compilePlayers, compileTables, compileTeamsAndRoles, compileVars } from './components.js';
import { compileZones, layoutCardZones } from './zones.js';
import { compileCards } from './cards.js';
import { buildEnv, checkDefinitions, checkNamespaces, reportUnread } from './names.js';
import { makeHost } from './host.js';
import { compileEndings, compileObjectives, compilePhases, compileReactions, compileVisibilities } from './flow.js';
import { makeStepsCompiler } from './steps.js';
import { compileQuantities, declareQuantities } from './quantities.js';
import { compileObjective, compilePlausible, compileScores, declareScores } from './scores.js';
import { compilePrint } from './print.js';
import { compileFaces, compileSymbols, compileTable, enumSymbols } from './look.js';
import { checkTunables } from './tunables.js';

export type { Reporter } from './context.js';

export const DEFAULT_MAX_STEPS = 200_000;
/** the largest limits a ruleset may ask for: a game stays bounded (steps × work per step) */
export const MAX_STEPS = 10_000_000;
export const MAX_WORK = 1_000_000_000;

function compileLimits(cx: CompileContext): { maxSteps: number; maxWork: number } {
  const l = isObj(cx.root.limits) ? cx.root.limits : {};
  const whole = (k: 'steps' | 'work', dflt: number, max: number): number => {
    const v = l[k];
    if (v === undefined) return dflt;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > max) {
      cx.err(['limits', k], `limits.${k} is a whole number from 1 to ${max}, not ${JSON.stringify(v)}`);
      return dflt;
    }
    return v;
  };
  return { maxSteps: whole('steps', DEFAULT_MAX_STEPS, MAX_STEPS), maxWork: whole('work', DEFAULT_STEP_WORK, MAX_WORK) };
}

/** The top-level `rollout` (a bot heuristic): a whole number of decisions, 0 to 1000; undefined when absent. */
function compileRollout(cx: CompileContext): number | undefined {
  const v = cx.root.rollout;
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > MAX_ROLLOUT) {
    cx.err(['rollout'], `rollout is a whole number of decisions from 0 to ${MAX_ROLLOUT}, not ${JSON.stringify(v)}`);
    return undefined;
  }
  return v;
}
const MAX_ROLLOUT = 1000;

export function compileRuleset(src: unknown, r: Reporter): Game | null {
  if (!isObj(src)) { r.error([], 'a ruleset is a mapping (id, name, players, zones, phases, …)'); return null; }
  const cx = new CompileContext(src, r);
  const root = src;

  // declarations, in the order later passes need them
  compilePlayers(cx);
  compileOptions(cx);
  compileEnums(cx);
  compileTables(cx);
  compileTeamsAndRoles(cx);
  compileZones(cx);
  compileCards(cx);
  layoutCardZones(cx);
  const print = compilePrint(root, cx.err, { cardTypes: cx.cardTypes, cards: cx.cards, zones: cx.zones });
  const symbols = compileSymbols(cx, print.colors);
  const enums = enumSymbols(cx, symbols);
  compileFaces(cx, symbols);
  compileVars(cx);
  declareQuantities(cx);
  declareScores(cx);
  checkNamespaces(cx);

  // expressions: the environment, then everything that holds expressions
  let game: Game | null = null;
  buildEnv(cx, () => game!);
  const host = makeHost(cx);
  compileEndings(cx);
  checkDefinitions(cx, host);
  const quantities = compileQuantities(cx, host);
  const scoring = compileScores(cx, host);
  const objective = compileObjective(cx, host);
  const plausible = compilePlausible(cx, host);
  compileObjectives(cx, host);
  const setup = host.effects(root.setup, ['setup'], host.baseScope(true));
  const reactions = compileReactions(cx, host);
  const fc = makeStepsCompiler(host, cx);
  const phases = compilePhases(cx, host, fc);
  fc.procedures.finish();
  const { maxSteps, maxWork } = compileLimits(cx);
  const rollout = compileRollout(cx);
  const table = compileTable(cx, host, symbols);
  checkTunables(cx);

  if (!cx.ok) return null;
  game = {
    id: String(root.id ?? 'ruleset'),
    name: String(root.name ?? root.id ?? 'ruleset'),
    hash: rulesetHash(root),
    minPlayers: cx.minPlayers,
    maxPlayers: cx.maxPlayers,
    zones: cx.zones,
    zoneIds: new Map(cx.zones.map((z) => [z.id, z])),
    cardTypes: cx.cardTypes,
    cards: cx.cards,
    entityDef: cx.entityDef,
    columns: cx.columns,
    teams: cx.teams,
    roles: cx.roles,
    vars: cx.vars,
    options: cx.options,
    enums,
    quantities,
    scoring,
    objective,
    plausible,
    ...(rollout === undefined ? {} : { rollout }),
    env: cx.env,
    endings: cx.endings,
    endingIds: new Map(cx.endings.map((e) => [e.id, e])),
    phases,
    lists: fc.lists,
    promptSteps: fc.promptSteps,
    setup,
    reactions,
    // a reaction without `watch` wakes on a change of any zone
    zoneWatchers: cx.zones.map((z) => reactions.flatMap((rx, k) => (!rx.watch || rx.watch.includes(z.index) ? [k] : []))),
    slots: cx.slots,
    maxSteps,
    maxWork,
    sites: cx.sites,
    print,
    symbols,
    images: new Map(),
    table,
  };
  compileVisibilities(cx, host);
  if (!cx.ok) return null;
  reportUnread(cx);
  // expressions compiled later (a watch expression, a test's) are bounded one by one
  cx.env.expansionLeft = undefined;
  return game;
}

/** A stable hash of the ruleset value (key order as written). */
export function rulesetHash(v: unknown): string {
  const text = JSON.stringify(v);
  const a = hashText(text);
  const b = hashText(`${text.length}:${text}`);
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}
