// Shared helpers for the property tests: arbitraries, a random-legal-play driver whose choices come from
// fast-check (so failures shrink and replay from fast-check's seed/path), and independent oracles for
// Babel Builders' visibility rules (written from the ruleset, not taken from engine/visibility.ts).

import fc from 'fast-check';
import type { Action, Game, LogEntry, State } from '../../engine/model.js';
import { activePlayers, applyInPlace, legalActions, newGame, promptOf } from '../../engine/flow.js';
import { cloneState, instances } from '../../engine/state.js';
import { zoneVisibleTo, inMask } from '../../engine/visibility.js';
import { inWords, renderLog, type PlayerView, type ZoneView } from '../../engine/view.js';
import { listCards } from '../../engine/render.js';
import { getVar, zoneInst } from '../helpers/game.js';

/** Upper bound on decisions in one Babel Builders game (real games take ~60–120). */
export const MAX_ACTIONS = 1000;

export const seedArb: fc.Arbitrary<number | string> = fc.oneof(fc.integer(), fc.string({ maxLength: 12 }));
export const playersArb = fc.integer({ min: 5, max: 10 });
/**
 * The random choices of one game: index k of the list picks among the legal actions of the k-th decision
 * (modulo their number); the list is used cyclically. A plain list shrinks and prints well.
 */
export const picksArb = fc.array(fc.nat({ max: 1_000_000 }), { minLength: 1, maxLength: 160 });

export interface Applied {
  /** the state just before the action (only when `pre` was asked for) */
  pre: State | null;
  action: Action;
  /** number of legal actions the player had */
  choices: number;
  /** whether the decision was open inside a simultaneous step (`s.simultaneous !== null` before the action) */
  simultaneous: boolean;
  /** index of the first log entry written by this action */
  logFrom: number;
}

export interface RandomGame {
  s: State;
  applied: number;
  /** applied actions that had at least two legal choices */
  multi: number;
}

/**
 * Plays a game by picking uniformly (through `picks`) among `legalActions` of the lowest active player.
 * `after` is called after every action (and `atStart` once on the fresh state). Stops at `maxActions`.
 */
export function playRandom(
  g: Game,
  players: number,
  seed: number | string,
  picks: readonly number[],
  o: { log?: boolean; pre?: boolean; maxActions?: number; stopAfter?: number; atStart?: (s: State) => void; after?: (s: State, a: Applied) => void } = {},
): RandomGame {
  const s = newGame(g, { players, seed, log: o.log ?? false });
  o.atStart?.(s);
  const max = o.maxActions ?? MAX_ACTIONS;
  let applied = 0;
  let multi = 0;
  while (!s.ended && applied < max && (o.stopAfter === undefined || applied < o.stopAfter)) {
    const act = activePlayers(s);
    if (act.length === 0) throw new Error(`no active player but the game has not ended (after ${applied} actions)`);
    const p = Math.min(...act);
    const la = legalActions(s, g, p);
    if (la.length === 0) throw new Error(`player ${p + 1} is active but has no legal action`);
    const action = la[picks[applied % picks.length]! % la.length]!;
    const pre = o.pre ? cloneState(s) : null;
    const logFrom = s.log ? s.log.length : 0;
    const simultaneous = s.simultaneous !== null;
    applyInPlace(s, g, action);
    applied++;
    if (la.length >= 2) multi++;
    o.after?.(s, { pre, action, choices: la.length, simultaneous, logFrom });
  }
  return { s, applied, multi };
}

// ---------------------------------------------------------------------------------------------------
// Oracles for Babel Builders, written from rulesets/babel-builders.yaml `zones:`.

const PUBLIC = new Set(['box', 'blueprintShown', 'removed', 'supply', 'tower', 'sealsReceived', 'punishmentsReceived']);
const NOBODY = new Set(['roleDeck', 'blueprints', 'deck', 'dealPile', 'removedHidden']);
const OWNER = new Set(['roleCard', 'hand', 'staged', 'discarded']);
const MASTER_ONLY = new Set(['received']);
const ANONYMOUS = new Set(['received']);

/** Throws if the ruleset's zones are not exactly the ones the oracle knows (a ruleset change must update it). */
export function checkOracleCoversZones(g: Game): void {
  const known = new Set([...PUBLIC, ...NOBODY, ...OWNER, ...MASTER_ONLY]);
  const ids = g.zones.map((z) => z.id);
  const unknown = ids.filter((z) => !known.has(z));
  const missing = [...known].filter((z) => !ids.includes(z));
  if (unknown.length || missing.length) throw new Error(`visibility oracle out of date: unknown ${unknown} missing ${missing}`);
  for (const z of g.zones) if (ANONYMOUS.has(z.id) !== z.anonymous) throw new Error(`anonymous flag of ${z.id} changed`);
}

export function zoneIdOf(g: Game, inst: number): string {
  return g.zones[instances(g).zone[inst]!]!.id;
}
export function ownerOf(g: Game, inst: number): number {
  return instances(g).owner[inst]!;
}

/** Whether the rules let `viewer` see the contents of zone instance `inst` (independent of the engine). */
export function oracleZoneVisible(s: State, g: Game, inst: number, viewer: number): boolean {
  const id = zoneIdOf(g, inst);
  if (PUBLIC.has(id)) return true;
  if (NOBODY.has(id)) return false;
  if (OWNER.has(id)) return viewer >= 0 && ownerOf(g, inst) === viewer;
  if (MASTER_ONLY.has(id)) return viewer >= 0 && getVar(s, g, 'master') === viewer;
  throw new Error(`oracle does not know zone ${id}`);
}

/**
 * Whether the rules let `viewer` know variable `id` (for a per-player variable: the entry of `owner`).
 * punishmentsIn counts Divine Punishment cards among the Master's received cards: only the Master may
 * know it. sealTarget / punishTarget (secret pointing) are known to their own seat only. The others
 * (master, appointed, stormed) are public.
 */
export function oracleVarVisible(s: State, g: Game, id: string, owner: number, viewer: number): boolean {
  switch (id) {
    case 'punishmentsIn': return viewer >= 0 && getVar(s, g, 'master') === viewer;
    case 'sealTarget':
    case 'punishTarget': return viewer >= 0 && owner === viewer;
    default: return true;
  }
}

export function oracleCardVisible(s: State, g: Game, e: number, viewer: number): boolean {
  return s.shown[e] === 1 || oracleZoneVisible(s, g, s.loc[e]!, viewer);
}

export function cardName(g: Game, e: number): string {
  return g.cards[g.entityDef[e]!]!.name;
}

/** Conservation: every entity is in exactly one zone instance, and `loc` agrees. Returns a problem or null. */
export function conservationProblem(s: State, g: Game): string | null {
  const ne = g.entityDef.length;
  const flat = s.zones.flat().sort((a, b) => a - b);
  if (flat.length !== ne) return `${flat.length} entities in zones, expected ${ne}`;
  for (let e = 0; e < ne; e++) if (flat[e] !== e) return `entity multiset differs at ${e} (found ${flat[e]})`;
  for (let z = 0; z < s.zones.length; z++) {
    for (const e of s.zones[z]!) if (s.loc[e] !== z) return `entity ${e} lies in zone instance ${z} (${zoneIdOf(g, z)}) but loc says ${s.loc[e]}`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// View leak checks.

function zoneViewsOf(s: State, g: Game, v: PlayerView): { inst: number; zv: ZoneView; where: string }[] {
  const out: { inst: number; zv: ZoneView; where: string }[] = [];
  for (const z of g.zones) {
    const val = v.zones[z.id];
    if (val === undefined) throw new Error(`view has no zone ${z.id}`);
    const owners = z.perPlayer ? s.players : 1;
    if (z.perPlayer && (!Array.isArray(val) || val.length !== s.players)) throw new Error(`view of per-player zone ${z.id} should have ${s.players} entries`);
    for (let p = 0; p < owners; p++) {
      const one = (z.perPlayer ? (val as unknown[])[p] : val) as ZoneView | Record<string, ZoneView>;
      if (z.cells) {
        for (const cell of z.cells) out.push({ inst: zoneInst(g, z.id, p, cell), zv: (one as Record<string, ZoneView>)[cell]!, where: `${z.id}[${p}] ${cell}` });
      } else out.push({ inst: zoneInst(g, z.id, p), zv: one as ZoneView, where: z.perPlayer ? `${z.id} of seat ${p}` : z.id });
    }
  }
  return out;
}

/**
 * Checks one player's view against the state: counts agree, every card shown is where the view says and
 * is either in a zone the player may see (oracle) or revealed; hidden roles stay hidden; prompt card
 * options are visible to the player. Returns the list of problems (empty = fine).
 */
export function viewProblems(s: State, g: Game, viewer: number, v: PlayerView): string[] {
  const problems: string[] = [];
  for (const { inst, zv, where } of zoneViewsOf(s, g, v)) {
    const ents = s.zones[inst]!;
    if (zv.count !== ents.length) problems.push(`${where}: count ${zv.count}, state has ${ents.length}`);
    const visible = oracleZoneVisible(s, g, inst, viewer);
    if (visible !== zoneVisibleTo(s, g, inst, viewer)) problems.push(`${where}: engine visibility ${!visible} disagrees with the rules (${visible}) for seat ${viewer}`);
    if (!zv.cards) {
      if (visible && ents.length) problems.push(`${where}: visible to seat ${viewer} but no cards listed`);
      continue;
    }
    if (zv.cards.length !== ents.length) problems.push(`${where}: ${zv.cards.length} card slots, state has ${ents.length}`);
    zv.cards.forEach((c, k) => {
      const e = ents[k]!;
      if (c === null) {
        if (visible || s.shown[e]) problems.push(`${where}: card ${e} shown face down to seat ${viewer} who may see it`);
        return;
      }
      if (c.e !== e) problems.push(`${where}: slot ${k} shows entity ${c.e}, state has ${e}`);
      if (!visible && !s.shown[c.e]) {
        problems.push(`LEAK ${where}: seat ${viewer} sees ${c.name} (entity ${c.e}), which is hidden from them and not revealed`);
      }
    });
  }
  // variables
  g.vars.forEach((vd, i) => {
    const val = (v.vars as Record<string, unknown>)[vd.id];
    if (vd.perPlayer) {
      const real = s.vars[i] as unknown[];
      if (!Array.isArray(val) || val.length !== real.length) { problems.push(`per-player variable ${vd.id} shown as ${JSON.stringify(val)}`); return; }
      val.forEach((x, q) => {
        const may = oracleVarVisible(s, g, vd.id, q, viewer);
        if (!may && x !== null && x !== undefined) problems.push(`LEAK: seat ${viewer} sees ${vd.id} of seat ${q} (${JSON.stringify(x)})`);
        if (may && JSON.stringify(x) !== JSON.stringify(real[q])) problems.push(`seat ${viewer} sees ${vd.id}[${q}] = ${JSON.stringify(x)}, is ${JSON.stringify(real[q])}`);
      });
    } else {
      const may = oracleVarVisible(s, g, vd.id, -1, viewer);
      if (!may && val !== undefined && val !== null) problems.push(`LEAK: seat ${viewer} sees variable ${vd.id} = ${JSON.stringify(val)}`);
      if (may && JSON.stringify(val) !== JSON.stringify(s.vars[i])) problems.push(`seat ${viewer} sees ${vd.id} = ${JSON.stringify(val)}, is ${JSON.stringify(s.vars[i])}`);
    }
  });
  // roles
  v.seats.forEach((seat, i) => {
    if (seat.role !== null && i !== viewer && !s.roleShown[i] && !s.ended) problems.push(`LEAK: seat ${viewer} sees the hidden role of seat ${i} (${seat.role})`);
    if (seat.team !== null && i !== viewer && !s.roleShown[i] && !s.ended) problems.push(`LEAK: seat ${viewer} sees the hidden team of seat ${i} (${seat.team})`);
    const real = s.roles[i]! >= 0 ? g.roles[s.roles[i]!]!.id : null;
    if (seat.role !== null && seat.role !== real) problems.push(`seat ${i}'s role shown as ${seat.role}, is ${real}`);
  });
  if (s.roles[viewer]! >= 0 && v.seats[viewer]!.role !== g.roles[s.roles[viewer]!]!.id) problems.push(`seat ${viewer} does not see their own role`);
  // prompt options: a card the seat may not see is offered face down (null), in its place
  if (v.prompt && v.prompt.choose === 'cards') {
    const real = promptOf(s, viewer)?.options ?? [];
    if (real.length !== v.prompt.options.length) problems.push(`prompt of seat ${viewer} lists ${v.prompt.options.length} options, state has ${real.length}`);
    (v.prompt.options as ({ e: number } | null)[]).forEach((o, i) => {
      const e = real[i] as number;
      if (o === null) {
        if (oracleCardVisible(s, g, e, viewer)) problems.push(`prompt of seat ${viewer} offers card ${e}, which the seat may see, face down`);
        return;
      }
      if (o.e !== e) problems.push(`prompt of seat ${viewer}: option ${i + 1} shows entity ${o.e}, state has ${e}`);
      if (!oracleCardVisible(s, g, o.e, viewer)) problems.push(`LEAK: prompt of seat ${viewer} offers hidden card ${o.e}`);
    });
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// Log checks.

/** The engine's own wording of a list of card names is tested in render.test; here it is only compared. */
const summarise = listCards;

/** Rendering of one log entry for a viewer agrees with its `seen` masks (hidden cards read 'a card'). */
export function renderedEntryProblems(s: State, g: Game, e: LogEntry, viewer: number): string[] {
  const lines = renderLog([e], s, g, viewer);
  const problems: string[] = [];
  if (e.to && !e.to.includes(viewer)) {
    if (lines.length) problems.push(`private line shown to seat ${viewer}: ${lines[0]}`);
    return problems;
  }
  if (e.kind === 'move') {
    const names = (e.cards ?? []).map((c, i) => (inMask(e.seen![i]!, viewer) ? cardName(g, c) : 'a card'));
    const want = `${summarise(names)}: `;
    if (lines.length !== 1 || !lines[0]!.startsWith(want)) problems.push(`move line for seat ${viewer} is ${JSON.stringify(lines)}, expected to start ${JSON.stringify(want)}`);
  } else if (e.kind === 'choice' && e.silent) {
    if (lines.length) problems.push(`a choice without words rendered to seat ${viewer} as ${lines[0]}`);
  } else if (e.kind === 'choice' && e.say && e.player !== viewer) {
    // the prompt's own words: each card hole reads "a card" to a seat outside its mask, and a secret choice
    // shows another seat no value of what was chosen
    problems.push(...textHoleProblems(e.say, lines[0] ?? '', viewer));
    if (e.secret && e.say.holes?.some((h) => !(h.t === 'card' || h.t === 'cards' || (h.t === 'player' && h.v === e.player))) && lines[0] !== `Player ${e.player! + 1} has chosen.`) {
      problems.push(`secret choice's words show a value to seat ${viewer}: ${lines[0]}`);
    }
  } else if (e.kind === 'choice' && e.player !== viewer) {
    if (e.secret) {
      if (lines[0] !== `Player ${e.player! + 1} has chosen.`) problems.push(`secret choice rendered to seat ${viewer} as ${lines[0]}`);
    } else if (e.seen) {
      const chosen = e.holes![0]!.v as number[];
      const names = chosen.map((c, i) => (inMask(e.seen![i]!, viewer) ? cardName(g, c) : 'a card'));
      const want = `Player ${e.player! + 1} chose ${names.length ? names.join(', ') : 'nothing'} (${stepWords(e.step)})`;
      if (lines[0] !== want) problems.push(`card choice rendered to seat ${viewer} as ${lines[0]}, expected ${want}`);
    }
  } else if (e.kind === 'text' && e.holes) {
    problems.push(...textHoleProblems(e, lines[0] ?? '', viewer));
  } else if (e.kind === 'role' && e.parts?.[0] !== 'shown' && e.player !== viewer) {
    if (lines.length) problems.push(`private role change of seat ${e.player} shown to seat ${viewer}: ${lines[0]}`);
  }
  return problems;
}

/** A text entry's cards outside the viewer's masks (a card hole, a list of cards, a card inside a record) must
 *  read as unknown cards ("a card", "3 cards"): each hidden card is counted in the rendered line. */
function textHoleProblems(e: LogEntry, line: string, viewer: number): string[] {
  const problems: string[] = [];
  let hidden = 0;
  e.holes?.forEach((h, i) => {
    const cs = h.t === 'card' ? [h.v as number] : h.t === 'cards' ? (h.v as number[]) : (h.pieces ?? []).flatMap((x) => (typeof x === 'object' && 'e' in x ? [x.e] : []));
    cs.forEach((c, k) => {
      const m = h.seen?.[k] ?? e.seen?.[i];
      if (c >= 0 && m !== undefined && !inMask(m, viewer)) hidden++;
    });
  });
  if (hidden) {
    // every hidden card reads 'a card', several together 'N cards': count them in the rendered line
    let k = (line.match(/\ba card\b/g) ?? []).length;
    for (const m of line.matchAll(/\b(\d+) cards\b/g)) k += Number(m[1]);
    if (k < hidden) problems.push(`text line for seat ${viewer} names hidden cards: ${line}`);
  }
  return problems;
}

/**
 * Independent check of the `seen` masks written by one action (entries from `logFrom` on), against the
 * oracle: a moved card may be named to a viewer only if the viewer saw it where it was (or it was
 * revealed) or sees where it lands (and arrivals there are not anonymous). The choice that the action
 * itself logged names cards to viewers who saw them before the action. The log is judged at the end of each
 * step, so a mask may also name a card to a viewer who sees it later in what the action did (a reveal, a move
 * to a place the viewer sees, arrivals there not anonymous), but never to anyone else; and never to fewer.
 */
export function maskProblems(pre: State, s: State, g: Game, a: Applied): string[] {
  const problems: string[] = [];
  const entries = s.log!.slice(a.logFrom);
  /** whether v sees card e later in what the action did — at its end, or by a later reveal or move (the end of a
   *  step may name it) */
  const laterSeen = (k: number, e: number, v: number): boolean => oracleCardVisible(s, g, e, v) || entries.slice(k + 1).some((en) => {
    if (en.kind === 'move') return en.cards!.includes(e) && !ANONYMOUS.has(zoneIdOf(g, en.dest!)) && oracleZoneVisible(s, g, en.dest!, v);
    if (en.kind === 'text' && en.parts?.[0] === 'Revealed: ') return (en.holes?.[0]?.v as number[]).includes(e);
    return false;
  });
  const check = (what: string, m: number, e: number, v: number, may: boolean, k: number) => {
    if (may && !inMask(m, v)) problems.push(`${what}: mask ${m} says seat ${v} may not know it, rules say may`);
    if (!may && inMask(m, v) && !laterSeen(k, e, v)) problems.push(`${what}: mask ${m} says seat ${v} may know it, rules say may not`);
  };
  const first = entries[0];
  if (!first || first.kind !== 'choice' || first.player !== a.action.player || JSON.stringify(first.holes?.[0]?.v) !== JSON.stringify(a.action.choice)) {
    problems.push(`the action's own choice is not the first log entry it wrote: ${JSON.stringify(first)}`);
  } else if (first.seen) {
    (a.action.choice as number[]).forEach((e, i) => {
      for (let v = 0; v < s.players; v++) {
        const may = pre.shown[e] === 1 || oracleZoneVisible(pre, g, pre.loc[e]!, v);
        check(`choice of ${cardName(g, e)} (entity ${e}) by seat ${a.action.player}`, first.seen![i]!, e, v, may, 0);
      }
    });
  }
  entries.forEach((en, k) => {
    if (en.kind !== 'move') return;
    en.cards!.forEach((e, i) => {
      const from = en.from![i]!;
      const dest = en.dest!;
      const m = en.seen![i]!;
      if (m === -1 && pre.shown[e]) return; // revealed before the action: public
      for (let v = 0; v < s.players; v++) {
        const may = oracleZoneVisible(s, g, from, v) || (!ANONYMOUS.has(zoneIdOf(g, dest)) && oracleZoneVisible(s, g, dest, v));
        // a move into an anonymous place is never named to more seats than saw the card before
        if (ANONYMOUS.has(zoneIdOf(g, dest)) && !may && inMask(m, v)) { problems.push(`move of ${cardName(g, e)} (entity ${e}) into ${zoneIdOf(g, dest)}: mask ${m} names it to seat ${v}`); continue; }
        check(`move of ${cardName(g, e)} (entity ${e}) ${zoneIdOf(g, from)}#${ownerOf(g, from)} → ${zoneIdOf(g, dest)}#${ownerOf(g, dest)}`, m, e, v, may, k);
      }
    });
  });
  return problems;
}

export const BLOCK_TYPE = 'block';

/** A step's own name in words, as the log shows it ("round/swap-take" → "swap take"). */
function stepWords(path: string | undefined): string {
  return inWords((path ?? '').slice((path ?? '').lastIndexOf('/') + 1));
}
