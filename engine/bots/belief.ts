// What a seat infers from play: a particle filter over the worlds it cannot tell apart.
//
// For each seat whose bot asked for it, the belief keeps a few whole copies of the game (worlds), each a state
// the rules allow that shows that seat exactly what it sees, with a weight. They start from the setup played
// again with other randomness (so where the setup put what the seat cannot see follows the rules, not a uniform
// redeal), fitted to what the seat saw. Then every decision of the real game is played in every world too:
//  - a choice the seat sees (a leader choosing who plays, a cell built on) is played as it was, and the world's weight
//    is multiplied by how likely that choice was there, under a softened model of the chooser's play
//    (policy.ts: the ruleset's own heuristics, which read the chooser's role in that world);
//  - a choice it does not see (a card handed in face down) is drawn in each world from the same model;
//  - then what the seat sees of the real game is compared with the world: a world in which something else came
//    into view (a sabotage card revealed that no loyal seat of that world would have handed in, a card of another kind
//    turned face up than the one lying there) loses most of its weight; a card that comes into view from a place
//    nobody saw (a draw from the deck) is fresh randomness and costs nothing. The world is then fitted to the
//    seat's view (cards it sees put in their places, values it sees set), and a world whose very shape differs
//    (another number of cards in a zone, another decision open) is dealt again, with the same roles.
// When the weights concentrate on a few worlds, the worlds are drawn again by weight (resampling).
//
// Bots plan on these worlds (determinize.ts), and heuristics read them through `belief(p, team)`: the weighted
// share of the worlds in which p is on that team. Everything random here comes from the belief's own streams,
// seeded from the game's seed: a game and its beliefs replay exactly. Nothing here reads what the seat cannot
// see of the real game: the worlds see the real game only through `view`-level facts (visible cards, values,
// roles, zone sizes, the flow's position) and the choices the seat saw.

import type { Game, OpenPrompt, State } from '../model.js';
import type { BeliefTracker } from '../model.js';
import { newGame, promptOf, resolve } from '../flow.js';
import { changed, cloneState, ownZone, rolesKey, varKey } from '../state.js';
import { cardSeenIn, roleVisibleTo, varVisibleTo, zoneVisibleTo, zoneMask } from '../visibility.js';
import { nextFloat, seedRng } from '../rng.js';
import { sameValue } from '../expr/value.js';
import { choiceLikelihood, modelChoice } from './policy.js';
import { freshCopy, freshRandomness, plausible, reopenPending, wakeReactions } from './determinize.js';
import { copyMemory } from '../memory.js';
import { botPrompt } from './options.js';

/** Worlds kept per seat unless told otherwise. */
export const BELIEF_WORLDS = 12;
/** The weight left to a world whose shape differs from the real game (it is then dealt again). */
const SHAPE_MISS = 1e-3;
/** The weight left to a world per card that came into view other than the world had it, or value seen
 *  otherwise. */
const CARD_MISS = 0.05;

/** A decision of the real game: the game just before it, the open decision, the choice. */
interface Decision {
  pre: State;
  p: OpenPrompt;
  choice: readonly unknown[];
}

interface SeatWorlds {
  /** each world's roles (now and as dealt) when the simultaneous step under way began */
  segRoles: { roles: Int16Array; dealt: Int16Array }[];
  worlds: State[];
  w: number[];
  /** each world's stratum: the deal of hidden roles it was started with (all 0 when the deals are too many to
   *  keep apart); worlds are drawn again only within their stratum, so no deal is ever lost by chance */
  stratum: number[];
  rng: Uint32Array;
  /** each world's roles and weight when the last decision was taken: what `teamChance` reads (the worlds are
   *  being played meanwhile) */
  roles: Int16Array[];
  sw: number[];
}

export class Belief implements BeliefTracker {
  /** the decisions taken so far in the simultaneous step under way */
  private segment: Decision[] = [];
  private constructor(private seats: (SeatWorlds | null)[]) {}

  /**
   * A belief for the seats `viewers` of the game `s` (a new game, at its first decision), `size` worlds each (more
   * when the deals of hidden roles are few enough to keep apart: at least two worlds per deal).
   * `seed` and `options` are the game's own (the setup is played again from them with other randomness).
   */
  static start(g: Game, s: State, viewers: readonly number[], seed: number | string, options: Record<string, number | boolean | string> | undefined, size = BELIEF_WORLDS): Belief {
    const seats: (SeatWorlds | null)[] = Array.from({ length: s.n }, () => null);
    const b = new Belief(seats);
    for (const v of viewers) {
      if (v < 0 || v >= s.n || seats[v]) continue;
      const rng = seedRng(seed, `belief:${v}`);
      const worlds: State[] = [];
      // the deals of the roles the viewer cannot see, spread evenly over the worlds (so that, before any play,
      // every seat is believed on each side as often as the deal makes it)
      const deals = roleDeals(s, v, rng);
      // a stratum per deal, each of at least two worlds, when the deals are few enough
      const strata = deals.length > 1 && deals.length <= size ? deals.length : 0;
      const n = strata ? strata * Math.max(2, Math.ceil(size / strata)) : size;
      for (let k = 0; k < n; k++) {
        const again = newGame(g, { players: s.n, seed: `${String(seed)}\u0000belief:${v}:${k}`, options });
        const d = fitted(g, s, again, v, rng) ?? freshCopy(s, g, v, rng);
        if (deals.length) dealRoles(g, d, deals[k % deals.length]!);
        worlds.push(d);
      }
      const stratum = Array.from({ length: n }, (_, k) => (strata ? k % strata : 0));
      seats[v] = { segRoles: [], worlds, w: new Array<number>(n).fill(1 / n), stratum, rng, roles: [], sw: [] };
      for (const d of worlds) d.beliefOf = { tracker: b, viewer: v };
      snapshot(seats[v]!);
    }
    return b;
  }

  tracks(viewer: number): boolean {
    return viewer >= 0 && viewer < this.seats.length && this.seats[viewer] !== null;
  }

  observe(g: Game, pre: State, post: State, p: OpenPrompt, choice: readonly unknown[]): void {
    if (post.ended) return; // nobody decides any more
    const dec: Decision = { pre, p, choice };
    // the secret decisions of the simultaneous step under way, from its first: a world that fails to show what
    // the step revealed plays the whole step again from there (`replayed`)
    const inStep = pre.par !== null;
    const first = inStep && (this.segment.length === 0 || !sameStep(this.segment[0]!.pre, pre));
    if (!inStep) this.segment = [];
    else if (first) this.segment = [dec];
    else this.segment.push(dec);
    for (let v = 0; v < this.seats.length; v++) {
      const sw = this.seats[v];
      if (!sw) continue;
      if (first) sw.segRoles = sw.worlds.map((d) => ({ roles: d.roles.slice(), dealt: d.dealtRoles.slice() }));
      for (let k = 0; k < sw.worlds.length; k++) {
        const d = sw.worlds[k]!;
        let like = playDecision(g, d, dec, post, v, sw.rng);
        let ok = like > 0 && sameShape(d, post);
        if (!ok && stats.why) { const key = `${g.promptSteps[p.key]!.path} ${like > 0 ? whyShape(d, post) : 'choice'}`; stats.why[key] = (stats.why[key] ?? 0) + 1; }
        let world = d;
        if (!ok && inStep && sw.segRoles[k]) {
          // what the step revealed may still come out of this world's roles with other hidden cards
          const r = replayed(g, this.segment, post, v, sw.rng, sw.segRoles[k]!);
          if (r) { world = r.world; like = r.like; ok = true; }
        }
        let redeal = !ok;
        if (ok) {
          like *= fit(g, pre, post, world, v, sw.rng);
          // fitting may leave a world the ruleset's `plausible` rejects (a card it needs moved away): dealt
          // again with its roles, at no cost to its weight
          redeal = !!g.plausible && !plausible(world, g, g.plausible, v);
        } else like = SHAPE_MISS;
        if (redeal) {
          stats.redealt++;
          world = dealtAgain(g, post, v, sw.rng, world);
        }
        world.beliefOf = { tracker: this, viewer: v };
        sw.worlds[k] = world;
        stats.played++;
        sw.w[k] = sw.w[k]! * like;
      }
      normalise(sw);
      resample(sw);
      snapshot(sw);
    }
  }

  chance(viewer: number, p: number, is: (role: number) => boolean, given?: { seat: number; role: number }): number {
    const sw = this.seats[viewer];
    if (!sw) return Number.NaN;
    let sum = 0, on = 0;
    for (let k = 0; k < sw.roles.length; k++) {
      const r = sw.roles[k]!;
      if (given && r[given.seat] !== given.role) continue;
      const wk = sw.sw[k]!;
      sum += wk;
      if (is(r[p]!)) on += wk;
    }
    return sum > 0 ? on / sum : Number.NaN;
  }

  draw(viewer: number, rng: Uint32Array): State | null {
    const sw = this.seats[viewer];
    if (!sw) return null;
    let r = nextFloat(rng);
    let k = 0;
    for (; k < sw.w.length - 1; k++) {
      r -= sw.w[k]!;
      if (r < 0) break;
    }
    return cloneState(sw.worlds[k]!);
  }

  copy(): Belief {
    const b = new Belief([]);
    b.seats = this.seats.map((sw, v) => {
      if (!sw) return null;
      const worlds = sw.worlds.map((d) => {
        const c = cloneState(d);
        c.beliefOf = { tracker: b, viewer: v };
        return c;
      });
      return {
        segRoles: sw.segRoles.map((x) => ({ roles: x.roles.slice(), dealt: x.dealt.slice() })),
        worlds, w: sw.w.slice(), stratum: sw.stratum.slice(), rng: sw.rng.slice(), roles: sw.roles.map((r) => r.slice()), sw: sw.sw.slice(),
      };
    });
    b.segment = this.segment.slice();
    return b;
  }

  /** The seats' worlds and weights (tests and measurements). */
  worldsOf(viewer: number): { worlds: readonly State[]; weights: readonly number[] } | null {
    const sw = this.seats[viewer];
    return sw ? { worlds: sw.worlds, weights: sw.w } : null;
  }
}

/** The most deals of hidden roles the worlds are spread over. */
const MAX_DEALS = 64;

/** The distinct ways to deal the roles `viewer` cannot see (as dealt) among the seats it cannot see them of,
 *  in an order drawn at random: seat → role, for those seats. Empty when there is nothing hidden. */
function roleDeals(s: State, viewer: number, rng: Uint32Array): Map<number, number>[] {
  const seats: number[] = [];
  for (let p = 0; p < s.n; p++) if (!roleVisibleTo(s, p, viewer)) seats.push(p);
  if (seats.length === 0) return [];
  const roles = seats.map((p) => s.dealtRoles[p]!).sort((a, b) => a - b);
  const out: Map<number, number>[] = [];
  const used = new Array<boolean>(roles.length).fill(false);
  const cur: number[] = [];
  const walk = () => {
    if (out.length >= MAX_DEALS) return;
    if (cur.length === roles.length) { out.push(new Map(seats.map((p, i) => [p, cur[i]!]))); return; }
    for (let i = 0; i < roles.length; i++) {
      if (used[i] || (i > 0 && roles[i] === roles[i - 1] && !used[i - 1])) continue; // each distinct deal once
      used[i] = true; cur.push(roles[i]!);
      walk();
      cur.pop(); used[i] = false;
    }
  };
  walk();
  for (let i = out.length - 1; i > 0; i--) { const j = Math.floor(nextFloat(rng) * (i + 1)); [out[i], out[j]] = [out[j]!, out[i]!]; }
  return out;
}

/** Gives world `d` a deal of the hidden roles: those seats' roles as dealt; then the rules' reactions decide who
 *  has changed since (a seat holding a card that converts). */
function dealRoles(g: Game, d: State, deal: ReadonlyMap<number, number>): void {
  for (const [p, r] of deal) { d.roles[p] = r; d.dealtRoles[p] = r; }
  changed(d, rolesKey(d));
  wakeReactions(d, g);
}

/** Tries at playing a simultaneous step again in a world that failed to show what it revealed. */
const REPLAYS = 4;

/**
 * Plays the real game's decision `dec` in world `d` (of the shape the real game had before it): a choice the
 * viewer saw (or its own) as it was taken, mapped to the world's cards; a secret one drawn from the model of the
 * chooser's play. Returns how likely the world made that choice (0: it could not be made there). `post`, the
 * real game after the decision, says which cards the decision brought into view.
 */
function playDecision(g: Game, d: State, dec: Decision, post: State, v: number, rng: Uint32Array): number {
  const { pre, p, choice } = dec;
  let open = promptOf(d, p.player);
  if (!open || open.key !== p.key || d.ended) { if (stats.why) { const k = `nop ${g.promptSteps[p.key]!.path} open=${open ? g.promptSteps[open.key]!.path : 'none'} ended=${d.ended?.ending}`; stats.why[k] = (stats.why[k] ?? 0) + 1; } return 0; }
  let like = 1;
  let mine: unknown[];
  if (p.player === v) mine = choice.slice();
  else if (pre.par === null && !unseenCards(g, pre, post, p, choice, v)) {
    const m = mapped(pre, post, d, g, p, choice, v, rng);
    mine = m.choice;
    like = m.like;
    if (m.moved) {
      // the world's cards moved: the decision's options are worked out again from them
      reopenPending(d, g, v);
      open = promptOf(d, p.player)!;
    }
    like *= choiceLikelihood(d, g, botPrompt(d, g, open), mine, rng);
  } else {
    const q = botPrompt(d, g, open);
    const before = g.promptSteps[p.key]!.prompt.choose === 'cards' ? cloneState(d) : null;
    mine = modelChoice(d, g, q, rng);
    if (before) noteOrigins(d, before, q, mine);
  }
  if (!mine.every((x) => open!.options.some((o) => sameValue(o, x)))) { if (stats.why) { const k = `illegal ${g.promptSteps[p.key]!.path} ${JSON.stringify(mine)} in ${JSON.stringify(open.options)} real ${JSON.stringify(choice)}`; stats.why[k] = (stats.why[k] ?? 0) + 1; } return 0; }
  mine = mine.map((x) => open!.options.find((o) => sameValue(o, x)) ?? x);
  resolve(d, g, open, mine as any[]);
  return like;
}

/** A card a world's seat chose in secret: the world just before, the decision and the whole choice (what the
 *  world would have judged likely had the seat chosen another card, once the real card comes into view). */
interface Origin {
  pre: State;
  prompt: OpenPrompt;
  choice: unknown[];
}

const originsOf = new WeakMap<State, Map<number, Origin>>();

function noteOrigins(d: State, pre: State, prompt: OpenPrompt, choice: readonly unknown[]): void {
  let m = originsOf.get(d);
  if (!m) originsOf.set(d, (m = new Map()));
  const o: Origin = { pre, prompt, choice: choice.slice() };
  for (const x of choice) if (typeof x === 'number' && x >= 0) m.set(x, o);
}

/**
 * The world had card `f` where the real game shows card `e`, and `f` was chosen in secret by one of the world's
 * seats: how much more (or less) likely that seat was to choose `e` had it held it instead of `f`, under the model
 * of its play (an importance weight: the world is corrected to have seen `e` chosen). A loyal seat of the world
 * handing in a sabotage card, where the real game shows a useful one, is judged unlikely; a saboteur likewise for
 * the reverse. 1 when `f` was not chosen in secret there, or by default.
 */
function originRatio(g: Game, d: State, f: number, e: number, rng: Uint32Array): number {
  const o = originsOf.get(d)?.get(f);
  if (!o) return Number.NaN;
  originsOf.get(d)!.delete(f);
  const zf = o.pre.loc[f]!;
  const at = o.pre.zones[zf]!.indexOf(f);
  if (at < 0) return 1;
  const other = cloneState(o.pre);
  swapCards(other, e, zf, at);
  const swap = (x: unknown) => (x === f ? e : x === e ? f : x);
  const p2: OpenPrompt = { ...o.prompt, options: o.prompt.options.map(swap) };
  const before = choiceLikelihood(o.pre, g, o.prompt, o.choice, rng);
  const after = choiceLikelihood(other, g, p2, o.choice.map(swap), rng);
  return before > 0 ? after / before : 1;
}

/** How likely the world made the card `f` it had where the real game shows `e` (see originRatio), else the plain
 *  rule: a card from a place nobody saw is fresh randomness; one of the same card type costs nothing; another
 *  kind costs CARD_MISS. */
function cardFactor(g: Game, d: State, f: number, e: number, fresh: boolean, rng: Uint32Array): number {
  if (f === e || g.entityDef[f] === g.entityDef[e]) return 1;
  const r = originRatio(g, d, f, e, rng);
  if (!Number.isNaN(r)) return r;
  if (fresh || g.cards[g.entityDef[f]!]!.type === g.cards[g.entityDef[e]!]!.type) return 1;
  return CARD_MISS;
}

/** Whether a choice of cards is of cards `viewer` sees neither before nor after it (a card taken from a pile it
 *  cannot see into a hand it cannot see): it saw a choice made, not which; the world makes its own. */
function unseenCards(g: Game, pre: State, post: State, p: OpenPrompt, choice: readonly unknown[], viewer: number): boolean {
  if (g.promptSteps[p.key]!.prompt.choose !== 'cards' || choice.length === 0) return false;
  for (const x of choice) {
    if (typeof x !== 'number' || x < 0) return false;
    if (cardSeenIn(pre, x, zoneVisibleTo(pre, g, pre.loc[x]!, viewer), viewer)) return false;
    if (cardSeenIn(post, x, zoneVisibleTo(post, g, post.loc[x]!, viewer), viewer)) return false;
  }
  return true;
}

/** Whether two states are inside the same simultaneous step (the same step, at the same depth of the flow). */
function sameStep(a: State, b: State): boolean {
  return !!a.par && !!b.par && a.par.list === b.par.list && a.par.step === b.par.step && a.stack.length === b.stack.length &&
    a.stack[a.stack.length - 1]!.i === b.stack[b.stack.length - 1]!.i && a.steps <= b.steps;
}

/**
 * The simultaneous step under way played again, up to REPLAYS times, from a world dealt afresh at its start
 * with the roles a world had then: the first that ends in the real game's shape, and how likely the step's
 * outcome was (the share of tries that gave it, times the likelihood of the choices seen). Null when none does.
 */
function replayed(g: Game, segment: readonly Decision[], post: State, v: number, rng: Uint32Array, roles: { roles: Int16Array; dealt: Int16Array }): { world: State; like: number } | null {
  const start = segment[0]!.pre;
  let found: State | null = null;
  let hits = 0, like = 0;
  for (let t = 0; t < REPLAYS; t++) {
    const d = freshCopy(start, g, v, rng, roles, 2);
    let l = 1;
    for (let i = 0; i < segment.length && l > 0; i++) l *= playDecision(g, d, segment[i]!, i === segment.length - 1 ? post : segment[i + 1]!.pre, v, rng);
    if (l > 0 && sameShape(d, post)) {
      hits++;
      like += l;
      found ??= d;
    }
  }
  stats.replays++;
  if (!found) return null;
  stats.replayHits++;
  return { world: found, like: like / REPLAYS };
}

/** How often worlds were played along and dealt again (measurements). */
export const stats: { played: number; redealt: number; replays: number; replayHits: number; why?: Record<string, number> } = { played: 0, redealt: 0, replays: 0, replayHits: 0 };

/** Tries at dealing a world again with its own roles before it keeps the roles as dealt (and lets the rules'
 *  reactions decide the rest there). */
const REDEAL_TRIES = 4;

/** World `d`, whose shape left the real game's, dealt again from the real game `post` with its roles; if no
 *  such deal meets the ruleset's `plausible`, with its roles as dealt (the reactions then decide who changed). */
function dealtAgain(g: Game, post: State, v: number, rng: Uint32Array, d: State): State {
  const ok = g.plausible;
  for (let k = 0; k < REDEAL_TRIES; k++) {
    const again = freshCopy(post, g, v, rng, { roles: d.roles, dealt: d.dealtRoles }, 1);
    if (!ok || plausible(again, g, ok, v)) return again;
  }
  return freshCopy(post, g, v, rng, { roles: d.dealtRoles, dealt: d.dealtRoles });
}

function snapshot(sw: SeatWorlds): void {
  sw.roles = sw.worlds.map((d) => d.roles.slice());
  sw.sw = sw.w.slice();
}

function normalise(sw: SeatWorlds): void {
  let sum = 0;
  for (const x of sw.w) sum += x;
  if (!(sum > 0) || !Number.isFinite(sum)) sw.w.fill(1 / sw.w.length);
  else for (let k = 0; k < sw.w.length; k++) sw.w[k] = sw.w[k]! / sum;
}

/** Within each stratum (a deal of the hidden roles: see SeatWorlds), when its weight rests on under half of its
 *  worlds (effective sample size), its worlds are drawn again by weight (systematic resampling), each once more
 *  at an equal share of the stratum's weight. A stratum keeps its weight: a deal the play makes unlikely keeps
 *  its small weight and its worlds, so it counts again if later play points back to it. */
function resample(sw: SeatWorlds): void {
  const n = sw.w.length;
  const byStratum = new Map<number, number[]>();
  for (let k = 0; k < n; k++) {
    const j = sw.stratum[k]!;
    const ks = byStratum.get(j);
    if (ks) ks.push(k);
    else byStratum.set(j, [k]);
  }
  for (const ks of byStratum.values()) {
    const m = ks.length;
    if (m < 2) continue;
    let sum = 0, sq = 0;
    for (const k of ks) { sum += sw.w[k]!; sq += sw.w[k]! * sw.w[k]!; }
    if (!(sum > 0) || (sum * sum) / sq >= m / 2) continue;
    const out: State[] = [];
    const start = nextFloat(sw.rng) / m;
    let acc = 0, i2 = 0;
    const taken = new Uint8Array(m);
    for (let i = 0; i < m; i++) {
      const u = start + i / m;
      while (i2 < m - 1 && acc + sw.w[ks[i2]!]! / sum < u) acc += sw.w[ks[i2++]!]! / sum;
      // a world drawn twice is copied: each then goes its own way (its secret choices are drawn anew)
      out.push(taken[i2] ? copyWorld(sw.worlds[ks[i2]!]!) : sw.worlds[ks[i2]!]!);
      taken[i2] = 1;
    }
    ks.forEach((k, i) => { sw.worlds[k] = out[i]!; sw.w[k] = sum / m; });
  }
}

function copyWorld(d: State): State {
  const c = cloneState(d);
  c.log = null;
  const m = originsOf.get(d);
  if (m) originsOf.set(c, new Map(m));
  return c;
}

/**
 * The chooser's choice as the world knows it, and how likely the world held it: a card `viewer` sees is itself;
 * one it does not see is known by its place, so in the world it is the card lying there, unless the viewer sees
 * the card once the decision is taken (a card revealed from a pile it could not see): then the world is made to
 * hold that very card in that zone, in place of one of its kind there (a card of the same type: no cost), or of
 * the card at that place (at the cost of a card seen otherwise). Any other value as it is.
 */
function mapped(pre: State, post: State, d: State, g: Game, p: OpenPrompt, choice: readonly unknown[], viewer: number, rng: Uint32Array): { choice: unknown[]; like: number; moved: boolean } {
  if (g.promptSteps[p.key]!.prompt.choose !== 'cards') return { choice: choice.slice(), like: 1, moved: false };
  const used: number[] = [];
  let like = 1;
  let moved = false;
  const out = choice.map((x) => {
    if (typeof x !== 'number' || x < 0) return x;
    const z = pre.loc[x]!;
    if (cardSeenIn(pre, x, zoneVisibleTo(pre, g, z, viewer), viewer)) return x;
    const i = pre.zones[z]!.indexOf(x);
    if (cardSeenIn(post, x, zoneVisibleTo(post, g, post.loc[x]!, viewer), viewer)) {
      let at = hiddenTwin(g, pre, d, z, x, viewer, used, false);
      if (at < 0) {
        let y = hiddenTwin(g, pre, d, z, x, viewer, used, true);
        if (y < 0) y = d.zones[z]![i]!;
        like *= cardFactor(g, d, y, x, false, rng);
        const t = hiddenAnywhere(g, pre, d, x, viewer, y);
        if (t >= 0) { swapCards(d, t, d.loc[y]!, d.zones[d.loc[y]!]!.indexOf(y)); at = t; moved = true; } else at = y;
      }
      used.push(at);
      return at;
    }
    const at = d.zones[z]![i] ?? x;
    used.push(at);
    return at;
  });
  return { choice: out, like, moved };
}

/** A card of `e`'s definition in world `d` at a place `viewer` does not see in the real game `pre` (the one of
 *  the real card itself first), other than `not`; -1 when there is none. */
function hiddenAnywhere(g: Game, pre: State, d: State, e: number, viewer: number, not: number): number {
  const def = g.entityDef[e];
  const hiddenIn = (x: number) => {
    const z = d.loc[x]!;
    const i = d.zones[z]!.indexOf(x);
    const r = pre.zones[z]![i];
    return r === undefined || !cardSeenIn(pre, r, zoneVisibleTo(pre, g, z, viewer), viewer);
  };
  if (e !== not && hiddenIn(e)) return e;
  for (let x = 0; x < d.loc.length; x++) if (x !== not && g.entityDef[x] === def && hiddenIn(x)) return x;
  return -1;
}

/** A card of `e`'s definition (or only of its card type, `sameType`) in zone instance `z` of world `d`, at a
 *  place `viewer` does not see in the real game `pre`, not in `used`; -1 when there is none. */
function hiddenTwin(g: Game, pre: State, d: State, z: number, e: number, viewer: number, used: readonly number[], sameType: boolean): number {
  const list = d.zones[z]!;
  const seen = zoneVisibleTo(pre, g, z, viewer);
  const def = g.entityDef[e]!;
  const type = g.cards[def]!.type;
  for (let i = 0; i < list.length; i++) {
    const x = list[i]!;
    if (used.includes(x) || (sameType ? g.cards[g.entityDef[x]!]!.type !== type : g.entityDef[x] !== def)) continue;
    const r = pre.zones[z]![i];
    if (r !== undefined && cardSeenIn(pre, r, seen, viewer)) continue;
    return x;
  }
  return -1;
}

/** Why a world's shape differs from the real game's (measurements, with `stats.why` set). */
function whyShape(d: State, s: State): string {
  if ((d.ended === null) !== (s.ended === null)) return `ended ${d.ended?.ending} vs ${s.ended?.ending}`;
  if (d.stack.length !== s.stack.length) return 'stack';
  for (let i = 0; i < s.stack.length; i++) if (d.stack[i]!.list !== s.stack[i]!.list || d.stack[i]!.i !== s.stack[i]!.i) return `frame ${i}`;
  if ((d.prompt === null) !== (s.prompt === null) || (d.prompt && s.prompt && d.prompt.key !== s.prompt.key)) return 'prompt';
  if ((d.par === null) !== (s.par === null)) return 'par';
  for (let z = 0; z < s.zones.length; z++) if (d.zones[z]!.length !== s.zones[z]!.length) return `zone ${z}`;
  return 'threads';
}

/** Whether the world has the real game's shape: the same decisions open at the same place of the flow, the same
 *  number of cards in every zone, ended alike. */
function sameShape(d: State, s: State): boolean {
  if ((d.ended === null) !== (s.ended === null)) return false;
  if (d.ended && s.ended) return d.ended.ending === s.ended.ending && d.ended.winner === s.ended.winner;
  if (d.stack.length !== s.stack.length) return false;
  for (let i = 0; i < s.stack.length; i++) {
    const a = d.stack[i]!, b = s.stack[i]!;
    if (a.list !== b.list || a.i !== b.i || (a.items?.length ?? -1) !== (b.items?.length ?? -1)) return false;
  }
  if ((d.prompt === null) !== (s.prompt === null)) return false;
  if (d.prompt && s.prompt && (d.prompt.key !== s.prompt.key || d.prompt.player !== s.prompt.player)) return false;
  if ((d.par === null) !== (s.par === null)) return false;
  if (d.par && s.par) {
    if (d.par.list !== s.par.list || d.par.step !== s.par.step || d.par.threads.length !== s.par.threads.length) return false;
    for (let i = 0; i < s.par.threads.length; i++) {
      const a = d.par.threads[i]!, b = s.par.threads[i]!;
      if (a.player !== b.player || a.i !== b.i || (a.prompt?.key ?? -1) !== (b.prompt?.key ?? -1)) return false;
    }
  }
  for (let z = 0; z < s.zones.length; z++) if (d.zones[z]!.length !== s.zones[z]!.length) return false;
  return true;
}

/**
 * Fits world `d` (of the real game's shape) to what `viewer` sees of the real game `post` (`pre`: the real game
 * before the decision): every card it sees put in its place, its shown marks, the roles and values it sees.
 * Returns how likely what came into view was in the world: 1 when it matched; less for each card of another kind
 * than the world had there (unless it came from a place nobody saw: fresh randomness) and each value seen
 * otherwise (unless the game drew randomness meanwhile).
 */
function fit(g: Game, pre: State, post: State, d: State, viewer: number, rng: Uint32Array): number {
  let like = 1;
  const drew = !sameRng(pre, post);
  // cards; `subst`: what the world's decisions bound to a card that was put elsewhere now name the card put in
  // its place (the card the world revealed is the card the real game revealed)
  let moved = false;
  const subst = new Map<number, number>();
  for (let z = 0; z < post.zones.length; z++) {
    const real = post.zones[z]!;
    if (real.length === 0) continue;
    const zoneSeen = zoneVisibleTo(post, g, z, viewer);
    for (let i = 0; i < real.length; i++) {
      const e = real[i]!;
      if (!cardSeenIn(post, e, zoneSeen, viewer)) continue;
      const here = d.zones[z]![i]!;
      if (here === e) continue;
      if (g.entityDef[here] !== g.entityDef[e]) {
        const from = pre.loc[e]!;
        const fresh = zoneMask(pre, g, from) === 0 && pre.shown[e] === 0;
        like *= cardFactor(g, d, here, e, fresh, rng);
        // the card the world had here goes back where the real card came from, in place of a card like the
        // real one there (a card drawn from the deck: the world's draw goes back into its deck), else where
        // the real card lies in the world
        // (where the card came from is used only when the viewer may know it: a pile nobody sees, or one it sees)
        const known = fresh || zoneVisibleTo(pre, g, from, viewer);
        const twin = known ? twinIn(g, d, from, e, viewer, post) : -1;
        if (twin >= 0 && twin !== e) { swapCards(d, twin, z, i); swapCards(d, e, d.loc[twin]!, d.zones[d.loc[twin]!]!.indexOf(twin)); }
        else swapCards(d, e, z, i);
      } else swapCards(d, e, z, i);
      if (!subst.has(here)) subst.set(here, e);
      if (!subst.has(e)) subst.set(e, here);
      moved = true;
    }
  }
  for (let e = 0; e < post.shown.length; e++) d.shown[e] = post.shown[e]!;
  // roles
  let rolesChanged = false;
  for (let p = 0; p < post.n; p++) {
    d.roleShown[p] = post.roleShown[p]!;
    if (!roleVisibleTo(post, p, viewer)) continue;
    if (d.roles[p] !== post.roles[p]) { like *= CARD_MISS; d.roles[p] = post.roles[p]!; rolesChanged = true; }
    if (d.dealtRoles[p] !== post.dealtRoles[p]) { d.dealtRoles[p] = post.dealtRoles[p]!; rolesChanged = true; }
  }
  if (rolesChanged) changed(d, rolesKey(d));
  // values
  g.vars.forEach((v, i) => {
    if (v.perPlayer) {
      const dv = d.vars[i] as unknown[], rv = post.vars[i] as unknown[];
      let copied: unknown[] | null = null;
      for (let q = 0; q < post.n; q++) {
        if (!varVisibleTo(post, g, v, q, viewer) || sameValue(dv[q], rv[q])) continue;
        if (!drew) like *= CARD_MISS;
        copied ??= dv.slice();
        copied[q] = Array.isArray(rv[q]) ? (rv[q] as unknown[]).slice() : rv[q];
      }
      if (copied) { d.vars[i] = copied; changed(d, varKey(d, i)); }
    } else if (varVisibleTo(post, g, v, -1, viewer) && !sameValue(d.vars[i], post.vars[i])) {
      if (!drew) like *= CARD_MISS;
      d.vars[i] = Array.isArray(post.vars[i]) ? (post.vars[i] as unknown[]).slice() : post.vars[i];
      changed(d, varKey(d, i));
    }
  });
  if (post.mem) d.mem = copyMemory(post.mem);
  if (moved) {
    rebind(g, d, subst);
    // a card put in its place may change a role there, as the rules say (a hidden seat handed a card that
    // converts); the decisions open are worked out again from the cards now in place
    wakeReactions(d, g);
    reopenAll(d, g);
  }
  d.steps = post.steps;
  d.actions = post.actions;
  return like;
}

/** A card of `e`'s kind lying at a place of zone instance `z` of world `d` that `viewer` does not see in the
 *  real game `post`, or -1. */
function twinIn(g: Game, d: State, z: number, e: number, viewer: number, post: State): number {
  const list = d.zones[z]!;
  const real = post.zones[z]!;
  const seen = zoneVisibleTo(post, g, z, viewer);
  const def = g.entityDef[e];
  for (let i = list.length - 1; i >= 0; i--) {
    const x = list[i]!;
    if (g.entityDef[x] !== def) continue;
    if (i < real.length && cardSeenIn(post, real[i]!, seen, viewer)) continue;
    return x;
  }
  return -1;
}

const cardSlotCache = new WeakMap<Game, number[]>();
/** The binding slots that only ever hold chosen cards (a prompt's `as` over cards, used by nothing else). */
function cardSlots(g: Game): number[] {
  let out = cardSlotCache.get(g);
  if (out) return out;
  const cards = new Set<number>(), other = new Set<number>([0]);
  for (const st of g.promptSteps) (st.prompt.choose === 'cards' ? cards : other).add(st.prompt.slot);
  for (const l of g.lists) for (const st of l.steps) if (st.kind === 'forEach' || st.kind === 'simultaneous') other.add(st.slot);
  for (const r of g.reactions) other.add(r.slot);
  for (const q of g.quantities) { for (const x of q.slots) other.add(x); other.add(q.ownerSlot); other.add(q.cardSlot); }
  if (g.scoring) other.add(g.scoring.slot);
  out = [...cards].filter((x) => x >= 0 && !other.has(x));
  cardSlotCache.set(g, out);
  return out;
}

/** Card bindings of world `d` (its main flow's and its threads') follow the cards moved by `subst`. */
function rebind(g: Game, d: State, subst: ReadonlyMap<number, number>): void {
  if (subst.size === 0) return;
  const slots = cardSlots(g);
  const fix = (b: unknown[]) => {
    for (const k of slots) {
      const v = b[k];
      if (typeof v === 'number') { const w = subst.get(v); if (w !== undefined) b[k] = w; }
      else if (Array.isArray(v)) b[k] = v.map((x) => (typeof x === 'number' ? subst.get(x) ?? x : x));
    }
  };
  fix(d.b);
  if (d.par) for (const th of d.par.threads) fix(th.b);
}

/** Every open decision of world `d` worked out again from its state (its own seat's included). */
function reopenAll(d: State, g: Game): void {
  reopenPending(d, g, -1);
}

function sameRng(a: State, b: State): boolean {
  return a.rng[0] === b.rng[0] && a.rng[1] === b.rng[1] && a.rng[2] === b.rng[2] && a.rng[3] === b.rng[3];
}

/** Puts card `e` at place `i` of zone instance `z` in `d`, the card lying there going where `e` was. */
function swapCards(d: State, e: number, z: number, i: number): void {
  const f = d.zones[z]![i]!;
  const z2 = d.loc[e]!;
  const i2 = d.zones[z2]!.indexOf(e);
  ownZone(d, z)[i] = e;
  ownZone(d, z2)[i2] = f;
  d.loc[e] = z;
  d.loc[f] = z2;
}

/**
 * A world for `viewer` from `again`, the game set up anew with other randomness: the real game `s` (its flow,
 * counters, everything the viewer sees), with what the viewer cannot see taken from `again` (hidden cards, by
 * place, after the cards the viewer sees were put in their places there; hidden roles; hidden values; the random
 * stream). Other seats' open decisions are worked out again on it. Null when the two setups differ in shape (a
 * zone of another size).
 */
function fitted(g: Game, s: State, again: State, viewer: number, rng: Uint32Array): State | null {
  if (again.ended) return null;
  for (let z = 0; z < s.zones.length; z++) if (again.zones[z]!.length !== s.zones[z]!.length) return null;
  // the viewer's own cards (and everything it sees) into their places in the other setup
  for (let z = 0; z < s.zones.length; z++) {
    const real = s.zones[z]!;
    if (real.length === 0) continue;
    const zoneSeen = zoneVisibleTo(s, g, z, viewer);
    for (let i = 0; i < real.length; i++) {
      const e = real[i]!;
      if (cardSeenIn(s, e, zoneSeen, viewer) && again.zones[z]![i] !== e) swapCards(again, e, z, i);
    }
  }
  // the roles it sees: another seat of the other setup takes the role the viewer's differs by
  for (let p = 0; p < s.n; p++) {
    if (!roleVisibleTo(s, p, viewer) || again.dealtRoles[p] === s.dealtRoles[p]) continue;
    let q = -1;
    for (let k = 0; k < s.n; k++) if (!roleVisibleTo(s, k, viewer) && again.dealtRoles[k] === s.dealtRoles[p]) { q = k; break; }
    if (q >= 0) {
      const [r, dr] = [again.roles[q]!, again.dealtRoles[q]!];
      again.roles[q] = again.roles[p]!; again.dealtRoles[q] = again.dealtRoles[p]!;
      again.roles[p] = r; again.dealtRoles[p] = dr;
    }
  }
  const d = cloneState(s);
  d.log = null;
  d.warns = null;
  d.lastCell = null;
  for (let z = 0; z < s.zones.length; z++) {
    const real = s.zones[z]!;
    if (real.length === 0) continue;
    const zoneSeen = zoneVisibleTo(s, g, z, viewer);
    let list: number[] | null = null;
    for (let i = 0; i < real.length; i++) {
      if (cardSeenIn(s, real[i]!, zoneSeen, viewer)) continue;
      const e = again.zones[z]![i]!;
      if (e === real[i]) continue;
      list ??= ownZone(d, z);
      list[i] = e;
      d.loc[e] = z;
    }
  }
  for (let p = 0; p < s.n; p++) {
    if (roleVisibleTo(s, p, viewer)) continue;
    d.roles[p] = again.roles[p]!;
    d.dealtRoles[p] = again.dealtRoles[p]!;
  }
  changed(d, rolesKey(d));
  g.vars.forEach((v, i) => {
    if (v.perPlayer) {
      const vals = (d.vars[i] as unknown[]).slice();
      for (let q = 0; q < s.n; q++) if (!varVisibleTo(s, g, v, q, viewer)) vals[q] = (again.vars[i] as unknown[])[q];
      d.vars[i] = vals;
    } else if (!varVisibleTo(s, g, v, -1, viewer)) d.vars[i] = again.vars[i];
    changed(d, varKey(d, i));
  });
  freshRandomness(d, rng);
  wakeReactions(d, g);
  reopenPending(d, g, viewer);
  return d;
}
