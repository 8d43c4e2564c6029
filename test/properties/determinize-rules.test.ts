// The copies a bot plans on are states the rules allow, drawn in proportion to what its seat may infer.
//  - Over mid-game states of every bundled ruleset (and variant), played by bots that keep a belief where some
//    role is hidden (`deduce`), every determinized copy for the deciding seat: holds every card exactly once
//    (each where `loc` says); has every zone at the real size; shows the seat every card and role it sees where
//    the real game has them; and meets the ruleset's declared `plausible` condition wherever the real game
//    does. In Babel Builders, besides: the Zealots are exactly the seats dealt as Architects that hold a Divine
//    Punishment card (so their number follows the cards held), and no Architect holds one.
//  - On a game small enough to work out by hand (test/fixtures/spy-vote.yaml: three players, one spy, each says
//    a colour; the heuristic has a spy prefer red), the belief's chance that a seat is the spy equals the exact
//    posterior under the belief's model of play (Bayes' rule over the two deals the seat cannot tell apart), and
//    the copies drawn match it within sampling error.

import { readdirSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Game, State } from '../../engine/model.js';
import { newGame, resolve } from '../../engine/flow.js';
import { nextPrompt } from '../../engine/sim/playout.js';
import { beliefWorthKeeping, botChoice, botStreams } from '../../engine/bots/index.js';
import { Belief } from '../../engine/bots/belief.js';
import { determinize, plausible } from '../../engine/bots/determinize.js';
import { POLICY_MIX, POLICY_TEMPERATURE } from '../../engine/bots/policy.js';
import { cardSeenIn, roleVisibleTo, zoneVisibleTo } from '../../engine/visibility.js';
import { seedRng } from '../../engine/rng.js';
import { loadGame, ROOT, zoneInst } from '../helpers/game.js';
import { conservationProblem } from './support.js';

const BUNDLED = ['rulesets', 'rulesets/variants'].flatMap((dir) =>
  readdirSync(resolvePath(ROOT, dir)).filter((f) => /\.ya?ml$/.test(f)).sort().map((f) => `${dir}/${f}`));

/** What is wrong with copy `d` of the real game `s`, for seat `viewer` (empty: nothing). */
function copyProblems(g: Game, s: State, d: State, viewer: number): string[] {
  const out: string[] = [];
  const c = conservationProblem(d, g);
  if (c) out.push(c);
  for (let z = 0; z < s.zones.length; z++) {
    if (d.zones[z]!.length !== s.zones[z]!.length) { out.push(`zone instance ${z}: ${d.zones[z]!.length} cards, the real game ${s.zones[z]!.length}`); continue; }
    const seen = zoneVisibleTo(s, g, z, viewer);
    s.zones[z]!.forEach((e, i) => {
      if (cardSeenIn(s, e, seen, viewer) && d.zones[z]![i] !== e) out.push(`a card seat ${viewer + 1} sees (${e}) is not in its place in zone instance ${z}`);
    });
  }
  for (let q = 0; q < s.players; q++) if (roleVisibleTo(s, q, viewer) && d.roles[q] !== s.roles[q]) out.push(`seat ${q + 1}'s role, seen by seat ${viewer + 1}, differs`);
  if (g.plausible && plausible(s, g, g.plausible, viewer) && !plausible(d, g, g.plausible, viewer)) out.push('the ruleset\'s plausible condition fails in the copy but holds in the real game');
  return out;
}

/** Babel Builders: the Zealots are the seats dealt as Architects that hold a Divine Punishment card. */
function zealotProblems(g: Game, d: State): string[] {
  const role = (id: string) => g.roles.findIndex((r) => r.id === id);
  const [ARCHITECT, ZEALOT] = [role('architect'), role('zealot')];
  const PUNISHMENT = g.cards.findIndex((c) => c.id === 'punishment');
  const out: string[] = [];
  for (let q = 0; q < d.players; q++) {
    const holds = d.zones[zoneInst(g, 'hand', q)]!.some((e) => g.entityDef[e] === PUNISHMENT);
    if (d.roles[q] === ARCHITECT && holds) out.push(`seat ${q + 1} is an Architect holding a Divine Punishment card`);
    if (d.roles[q] === ZEALOT && d.dealtRoles[q] === ARCHITECT && !holds) out.push(`seat ${q + 1} is a Zealot without a Divine Punishment card`);
  }
  return out;
}

describe('every copy a bot plans on is a state the rules allow (every bundled ruleset)', () => {
  it('lists the bundled rulesets', () => {
    expect(BUNDLED.length).toBeGreaterThanOrEqual(10);
  });

  for (const file of BUNDLED) {
    it(file, () => {
      const g = loadGame(resolvePath(ROOT, file));
      const isBuilders = g.id === 'babel-builders';
      let checked = 0, copies = 0, zealotsReal = 0, zealotsCopies = 0;
      for (const players of [g.minPlayers, g.maxPlayers]) {
        const seed = `rules:${players}`;
        const s = newGame(g, { players, seed });
        if (beliefWorthKeeping(g, s)) s.belief = Belief.start(g, s, Array.from({ length: players }, (_, p) => p), seed, undefined);
        const rngs = botStreams(seed, players);
        const rng = seedRng(seed, 'test');
        // random play is cheap and reaches every part of a game; the belief is kept up to date all the same
        for (let k = 0; k < 400 && !s.ended; k++) {
          const p = nextPrompt(s);
          if (!p) break;
          if (k % 9 === 4) {
            checked++;
            for (let c = 0; c < 6; c++) {
              const d = determinize(s, g, p.player, rng);
              copies++;
              const problems = [...copyProblems(g, s, d, p.player), ...(isBuilders ? zealotProblems(g, d) : [])];
              expect(problems, `${file}, ${players} players, decision ${k}, seat ${p.player + 1}, copy ${c}`).toEqual([]);
              if (isBuilders) zealotsCopies += d.roles.filter((r) => g.roles[r]?.id === 'zealot').length;
            }
            if (isBuilders) zealotsReal += 6 * s.roles.filter((r) => g.roles[r]?.id === 'zealot').length;
          }
          resolve(s, g, p, botChoice('random', s, g, p, rngs[p.player]!));
        }
      }
      expect(checked).toBeGreaterThan(0);
      expect(copies).toBe(6 * checked);
      // (Babel Builders: the copies hold Zealots, as the real games do; before, copies held none)
      if (isBuilders && zealotsReal > 0) expect(zealotsCopies).toBeGreaterThan(0);
    }, 120_000);
  }
});

describe('the copies match the exact posterior on a game small enough to enumerate', () => {
  const g = loadGame(resolvePath(ROOT, 'test/fixtures/spy-vote.yaml'));
  const SPY = g.roles.findIndex((r) => r.id === 'spy');

  /** The belief's model of a seat saying `colour`, being the spy or not (policy.ts: softmax of the heuristic's
   *  scores 1 and 0 at temperature T, mixed with the uniform choice). */
  const say = (colour: 'red' | 'blue', spy: boolean) => {
    const likes = (spy ? colour === 'red' : colour === 'blue');
    const e = Math.exp(1 / POLICY_TEMPERATURE);
    return (1 - POLICY_MIX) * (likes ? e / (e + 1) : 1 / (e + 1)) + POLICY_MIX / 2;
  };

  /** A game where seat 3 is loyal and seats 1 and 2 have said `c1` and `c2`, at seat 3's turn, with seat 3's belief. */
  function played(c1: 'red' | 'blue', c2: 'red' | 'blue'): State {
    for (let k = 0; k < 50; k++) {
      const seed = `spy:${k}`;
      const s = newGame(g, { players: 3, seed });
      if (s.roles[2] === SPY) continue;
      s.belief = Belief.start(g, s, [2], seed, undefined);
      for (const c of [c1, c2]) resolve(s, g, nextPrompt(s)!, [c]);
      expect(nextPrompt(s)!.player).toBe(2);
      return s;
    }
    throw new Error('no seed deals seat 3 a loyal role');
  }

  for (const [c1, c2] of [['red', 'blue'], ['blue', 'red'], ['red', 'red'], ['blue', 'blue']] as const) {
    it(`seat 1 said ${c1}, seat 2 ${c2}: seat 3's chance that seat 1 is the spy`, () => {
      const s = played(c1, c2);
      // Bayes: the two deals seat 3 cannot tell apart are equally likely before anyone speaks
      const a = say(c1, true) * say(c2, false), b = say(c1, false) * say(c2, true);
      const exact = a / (a + b);
      expect(s.belief!.chance(2, 0, (r) => r === SPY)).toBeCloseTo(exact, 9);
      // the copies seat 3's bot plans on, drawn by the belief's weights
      const N = 4000;
      const rng = seedRng(`draws:${c1}:${c2}`, 'test');
      let spy1 = 0;
      for (let k = 0; k < N; k++) {
        const d = determinize(s, g, 2, rng);
        expect(d.roles[2]).toBe(s.roles[2]);
        expect([d.roles[0], d.roles[1]].filter((r) => r === SPY)).toHaveLength(1);
        if (d.roles[0] === SPY) spy1++;
      }
      const se = Math.sqrt((exact * (1 - exact)) / N);
      expect(Math.abs(spy1 / N - exact), `${spy1} of ${N} copies, exact ${exact.toFixed(4)}`).toBeLessThan(4 * se);
    });
  }
});
