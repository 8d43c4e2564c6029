// Test helpers: load a ruleset through the real loader, arrange a situation (who holds which card, who
// is Master, which role), then play it step by step through legalActions/applyInPlace like any client.

import { freshVersions } from '../../engine/memo.js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { loadRulesetText } from '../../engine/load/index.js';
import { formatDiagnostic } from '../../engine/load/diagnostics.js';
import type { Action, Game, State } from '../../engine/model.js';
import type { Value } from '../../engine/expr/types.js';
import { advance, applyInPlace, legalActions, promptOf, activePlayers, newGame } from '../../engine/flow.js';
import { instances, moveEntities } from '../../engine/state.js';
import { view } from '../../engine/view.js';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const rulesetPath = (name: string) => resolve(ROOT, 'rulesets', name);

const readText = (p: string) => {
  try { return readFileSync(p, 'utf8'); } catch { return undefined; }
};

/** Load a ruleset file (or an in-memory text standing at `file`) and fail loudly on any diagnostic. */
export function loadGame(file: string, text?: string): Game {
  const r = loadRulesetText(file, text ?? readFileSync(file, 'utf8'), readText);
  if (!r.game) throw new Error(`ruleset did not load:\n${r.diagnostics.map(formatDiagnostic).join('\n')}`);
  return r.game;
}

let bb: Game | null = null;
export function babelBuilders(): Game {
  return (bb ??= loadGame(rulesetPath('babel-builders.yaml')));
}

export function start(g: Game, players: number, seed: number | string = 1, options?: Record<string, number | boolean | string>): State {
  return newGame(g, { players, seed, options, log: true });
}

/** Entity numbers of every copy of a card definition. */
export function entitiesOf(g: Game, cardId: string): number[] {
  const d = g.cards.find((c) => c.id === cardId);
  if (!d) throw new Error(`no card '${cardId}'`);
  const out: number[] = [];
  g.entityDef.forEach((def, e) => { if (def === d.index) out.push(e); });
  return out;
}

/** Zone instance number of a zone (with its player and cell when it has them). */
export function zoneInst(g: Game, zoneId: string, player?: number, cell?: string): number {
  for (const z of g.zones) {
    const ncell = z.cells ? z.cells.length : 1;
    if (z.id === zoneId) {
      // per player: the seat; per card: the card's number
      const p = z.perPlayer || z.perCard ? player ?? 0 : 0;
      const ci = z.cells ? z.cells.indexOf(cell ?? '') : 0;
      if (z.cells && ci < 0) throw new Error(`zone ${zoneId} has no cell ${cell}`);
      return z.base + p * ncell + ci;
    }
  }
  throw new Error(`no zone '${zoneId}'`);
}

/** Card definition ids in a zone (bottom to top). */
export function cardsIn(s: State, g: Game, zoneId: string, player?: number, cell?: string): string[] {
  return s.zones[zoneInst(g, zoneId, player, cell)]!.map((e) => g.cards[g.entityDef[e]!]!.id);
}

export function count(s: State, g: Game, zoneId: string, player?: number, cell?: string): number {
  return s.zones[zoneInst(g, zoneId, player, cell)]!.length;
}

/**
 * Put specific cards into a zone, taking copies from wherever they are (preferring the box and the
 * deck, never a copy already placed by this call). Existing cards of the target zone go to the deck's
 * bottom first when `replace` is set.
 */
export function place(s: State, g: Game, zoneId: string, player: number | undefined, cardIds: string[], replace = true): number[] {
  const dest = zoneInst(g, zoneId, player);
  if (replace) moveEntities(s, g, s.zones[dest]!.slice(), zoneInst(g, 'deck'), true);
  const used = new Set(s.zones[dest]);
  const out: number[] = [];
  for (const id of cardIds) {
    const copies = entitiesOf(g, id).filter((e) => !used.has(e));
    const pref = (e: number) => {
      const z = g.zones[instances(g).zone[s.loc[e]!]!]!.id;
      return z === 'box' ? 0 : z === 'deck' ? 1 : 2;
    };
    copies.sort((a, b) => pref(a) - pref(b));
    const e = copies[0];
    if (e === undefined) throw new Error(`no free copy of '${id}' left`);
    used.add(e);
    moveEntities(s, g, [e], dest);
    out.push(e);
  }
  return out;
}

export function setRole(s: State, g: Game, player: number, role: string): void {
  const r = g.roles.findIndex((x) => x.id === role);
  if (r < 0) throw new Error(`no role '${role}'`);
  s.roles[player] = r;
  freshVersions(s);
}

export function roleOf(s: State, g: Game, player: number): string {
  return g.roles[s.roles[player]!]!.id;
}

export function setVar(s: State, g: Game, name: string, value: Value): void {
  const i = g.vars.findIndex((v) => v.id === name);
  if (i < 0) throw new Error(`no variable '${name}'`);
  s.vars[i] = value;
  freshVersions(s);
}

export function getVar(s: State, g: Game, name: string): any {
  const i = g.vars.findIndex((v) => v.id === name);
  if (i < 0) throw new Error(`no variable '${name}'`);
  return s.vars[i];
}

/** Restart the flow at the beginning of a phase (after arranging a situation by hand). */
export function restartPhase(s: State, g: Game, phaseId: string): void {
  const i = g.phases.findIndex((p) => p.id === phaseId);
  if (i < 0) throw new Error(`no phase '${phaseId}'`);
  s.prompt = null;
  s.simultaneous = null;
  s.ended = null;
  s.gotoPhase = -1;
  s.stack = [{ list: g.phases[i]!.body, i: 0, phase: i }];
  advance(s, g);
}

/** The open decision's step path for a player, or null. */
export function stepOf(s: State, g: Game, player: number): string | null {
  const p = promptOf(s, player);
  return p ? g.promptSteps[p.key]!.path : null;
}

/**
 * Take a decision. `choice` items may be card definition ids (resolved to the first matching option),
 * entity numbers, player seats (numbers) or cells/option texts.
 */
export function act(s: State, g: Game, player: number, ...choice: (string | number)[]): void {
  const p = promptOf(s, player);
  if (!p) throw new Error(`player ${player + 1} has no decision open (open: ${activePlayers(s).map((x) => x + 1).join(', ') || 'none'})`);
  const def = g.promptSteps[p.key]!;
  const used = new Set<unknown>();
  const resolved = choice.map((c) => {
    if (def.prompt.choose === 'cards' && typeof c === 'string') {
      const e = (p.options as number[]).find((o) => !used.has(o) && g.cards[g.entityDef[o]!]!.id === c);
      if (e === undefined) throw new Error(`'${c}' is not among the options of ${def.path}: ${(p.options as number[]).map((o) => g.cards[g.entityDef[o]!]!.id).join(', ')}`);
      used.add(e);
      return e;
    }
    return c;
  });
  const a: Action = { player, step: def.path, choice: resolved };
  applyInPlace(s, g, a);
}

/** The options of a player's open decision, as card ids for card choices. */
export function options(s: State, g: Game, player: number): unknown[] {
  const p = promptOf(s, player);
  if (!p) return [];
  const def = g.promptSteps[p.key]!;
  return p.options.map((o) => (def.prompt.choose === 'cards' ? g.cards[g.entityDef[o as number]!]!.id : o));
}

export { legalActions, activePlayers, promptOf, view };
