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
//
// This file is the tracker (the worlds per seat, their weights and resampling); its parts are in belief/:
// play.ts (a decision played in a world), fit.ts (a world fitted to the seat's view), shape.ts, origins.ts
// (secret choices' importance weights) and cards.ts (card places in a world).

import type { Game, OpenPrompt, State } from '../model.js';
import type { BeliefTracker } from '../model.js';
import type { Value } from '../expr/types.js';
import { newGame } from '../flow.js';
import { changed, cloneState, rolesKey } from '../state.js';
import { roleVisibleTo } from '../visibility.js';
import { nextFloat, seedRng } from '../rng.js';
import { freshCopy, plausible, wakeReactions } from './determinize.js';
import { copyWorld } from './belief/origins.js';
import { fit, fitted } from './belief/fit.js';
import { playDecision, replayed, stats, type Decision } from './belief/play.js';
import { sameShape, sameStep, whyShape } from './belief/shape.js';

export { stats } from './belief/play.js';

/** Worlds kept per seat unless told otherwise. */
export const BELIEF_WORLDS = 12;
/** The weight left to a world whose shape differs from the real game (it is then dealt again). */
const SHAPE_MISS = 1e-3;

interface SeatWorlds {
  /** each world's roles (now and as dealt) when the simultaneous step under way began */
  segRoles: { roles: Int16Array; dealt: Int16Array }[];
  worlds: State[];
  w: number[];
  /** each world's stratum: the deal of hidden roles it was started with, or that deal and the roles the rules
   *  had made of it at the setup (see startWorlds; all 0 when the deals are too many to keep apart); worlds are
   *  drawn again only within their stratum, so no deal is ever lost by chance */
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
   * when the deals of hidden roles are few enough to keep apart: at least two worlds per deal, or one for each
   * combination of roles the setup can have made of them: see startWorlds).
   * `seed` and `options` are the game's own (the setup is played again from them with other randomness).
   */
  static start(g: Game, s: State, viewers: readonly number[], seed: number | string, options: Record<string, number | boolean | string> | undefined, size = BELIEF_WORLDS): Belief {
    const seats: (SeatWorlds | null)[] = Array.from({ length: s.players }, () => null);
    const b = new Belief(seats);
    for (const v of viewers) {
      if (v < 0 || v >= s.players || seats[v]) continue;
      const rng = seedRng(seed, `belief:${v}`);
      const { worlds, w, stratum } = startWorlds(g, s, v, seed, options, size, rng);
      seats[v] = { segRoles: [], worlds, w, stratum, rng, roles: [], sw: [] };
      for (const d of worlds) d.beliefOf = { tracker: b, viewer: v };
      snapshot(seats[v]!);
    }
    return b;
  }

  tracks(viewer: number): boolean {
    return viewer >= 0 && viewer < this.seats.length && this.seats[viewer] !== null;
  }

  observe(g: Game, pre: State, post: State, p: OpenPrompt, choice: readonly Value[]): void {
    if (post.ended) return; // nobody decides any more
    const dec: Decision = { pre, p, choice };
    // the secret decisions of the simultaneous step under way, from its first: a world that fails to show what
    // the step revealed plays the whole step again from there (`replayed`)
    const inStep = pre.simultaneous !== null;
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

/** Setups played again per deal of hidden roles, to find how the rules may have changed roles since (a seat
 *  dealt a card that converts) and how often. */
const STARTS_PER_DEAL = 16;
/** The most strata of roles as they are now; beyond, worlds are kept apart by the deal only. */
const MAX_STRATA = 40;

/**
 * The worlds a seat starts with, their weights and strata. Each is the setup played again with other randomness
 * and fitted to the seat's view, given one deal of the hidden roles. Where the rules may already have changed a
 * role at the setup (a hidden card that converts its holder), the seats' roles as they are now differ between
 * worlds of one deal; when those combinations are few enough, every one seen in STARTS_PER_DEAL setups a deal
 * is a stratum of its own, weighted by how often the setups gave it, so that what play rules out of one seat's
 * role (a leader seen playing for one side is on that side) never takes a whole deal with it by chance.
 */
function startWorlds(g: Game, s: State, v: number, seed: number | string, options: Record<string, number | boolean | string> | undefined, size: number, rng: Uint32Array): { worlds: State[]; w: number[]; stratum: number[] } {
  const deals = roleDeals(s, v, rng);
  const world = (k: number, deal: ReadonlyMap<number, number> | undefined) => {
    const again = newGame(g, { players: s.players, seed: `${String(seed)}\u0000belief:${v}:${k}`, options });
    const d = fitted(g, s, again, v, rng) ?? freshCopy(s, g, v, rng);
    if (deal) dealRoles(g, d, deal);
    return d;
  };
  if (deals.length > 1 && deals.length <= MAX_STRATA) {
    const hidden: number[] = [];
    for (let p = 0; p < s.players; p++) if (!roleVisibleTo(s, p, v)) hidden.push(p);
    // each combination of roles now: how many setups gave it, and the first world that showed it
    const groups = new Map<string, { count: number; world: State }>();
    let all = true;
    for (let j = 0; j < deals.length; j++) {
      for (let t = 0; t < STARTS_PER_DEAL; t++) {
        const d = world(j * STARTS_PER_DEAL + t, deals[j]);
        const key = `${j}:${hidden.map((p) => d.roles[p]).join(',')}`;
        const gr = groups.get(key);
        if (gr) gr.count++;
        else groups.set(key, { count: 1, world: d });
      }
      // as many combinations in every deal as in the first would be too many strata
      if (j === 0 && groups.size * deals.length > MAX_STRATA) { all = false; break; }
    }
    // (only when every deal was played: the first deal's combinations alone would lose the others)
    if (all && groups.size > deals.length && groups.size <= MAX_STRATA) {
      const worlds: State[] = [], w: number[] = [], stratum: number[] = [];
      for (const gr of groups.values()) {
        stratum.push(worlds.length);
        worlds.push(gr.world);
        w.push(gr.count / (deals.length * STARTS_PER_DEAL));
      }
      return { worlds, w, stratum };
    }
  }
  // else the deals spread evenly over the worlds (so that, before any play, every seat is believed on each side
  // as often as the deal makes it): a stratum per deal, each of at least two worlds, when the deals are few enough
  const strata = deals.length > 1 && deals.length <= size ? deals.length : 0;
  const n = strata ? strata * Math.max(2, Math.ceil(size / strata)) : size;
  const worlds: State[] = [];
  for (let k = 0; k < n; k++) worlds.push(world(k, deals.length ? deals[k % deals.length]! : undefined));
  const stratum = Array.from({ length: n }, (_, k) => (strata ? k % strata : 0));
  return { worlds, w: new Array<number>(n).fill(1 / n), stratum };
}

/** The most deals of hidden roles the worlds are spread over. */
const MAX_DEALS = 64;

/** The distinct ways to deal the roles `viewer` cannot see (as dealt) among the seats it cannot see them of,
 *  in an order drawn at random: seat → role, for those seats. Empty when there is nothing hidden. */
function roleDeals(s: State, viewer: number, rng: Uint32Array): Map<number, number>[] {
  const seats: number[] = [];
  for (let p = 0; p < s.players; p++) if (!roleVisibleTo(s, p, viewer)) seats.push(p);
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
