// Properties of Babel On! under random legal play (choices from fast-check, so failures shrink):
//  - play never throws; a game ends with an ending or is stopped by the step limit, never by a rule error;
//  - blocks are conserved: 144 in all, 24 of each colour, every block in exactly one place (bag, a tower,
//    Bonus Blocks, the box, or in hand while a turn moves it), and nothing is left in hand between turns;
//  - the spatial rules hold in every reached state: one block per cell, blocks stand on blocks (option
//    supportNeeded), at most 2 partially built floors, eliminated players have no tower.
// Mode "any" lets random play also declare knock-overs (a person may); mode "bots" excludes them as bots do.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Game, State } from '../../engine/model.js';
import { activePlayers, applyInPlace, legalActions, newGame, promptOf } from '../../engine/flow.js';
import { botPrompt } from '../../engine/bots/options.js';
import { playout } from '../../engine/sim/playout.js';
import { getVar, loadGame, rulesetPath, zoneInst } from '../helpers/game.js';
import { conservationProblem, zoneIdOf } from './support.js';

// The real ruleset, and the same game with a small step limit so that random games are stopped quickly.
const game = loadGame(rulesetPath('babel-on.yaml'));
const short = loadGame(rulesetPath('babel-on-short-test.yaml'), 'extends: babel-on.yaml\nlimits: { steps: 2500 }\n');

const SPOTS = ['A1', 'B1', 'A2', 'B2'];

function blockProblem(s: State, g: Game): string | null {
  const perColor = new Map<string, number>();
  let total = 0;
  for (let z = 0; z < s.zones.length; z++) {
    const id = zoneIdOf(g, z);
    if (!['bag', 'tower', 'bonus', 'box', 'held'].includes(id)) return `a block lies in ${id}`;
    for (const e of s.zones[z]!) {
      const c = g.cards[g.entityDef[e]!]!.id;
      perColor.set(c, (perColor.get(c) ?? 0) + 1);
      total++;
    }
  }
  if (total !== 144) return `${total} blocks, expected 144`;
  for (const [c, k] of perColor) if (k !== 24) return `${k} ${c} blocks, expected 24`;
  return null;
}

function spatialProblem(s: State, g: Game): string | null {
  const support = s.options[g.options.findIndex((o) => o.id === 'supportNeeded')] as boolean;
  const out = getVar(s, g, 'out') as boolean[];
  for (let p = 0; p < s.players; p++) {
    const filled = (cell: string) => {
      const k = s.zones[zoneInst(g, 'tower', p, cell)]!.length;
      if (k > 1) throw new Error(`seat ${p + 1}: ${k} blocks on ${cell}`);
      return k === 1;
    };
    let partial = 0;
    let blocks = 0;
    for (let f = 1; f <= 6; f++) {
      const n = SPOTS.filter((x) => filled(`${x}@${f}`)).length;
      blocks += n;
      if (n > 0 && n < 4) partial++;
      if (support && f > 1) for (const x of SPOTS) if (filled(`${x}@${f}`) && !filled(`${x}@${f - 1}`)) return `seat ${p + 1}: ${x}@${f} stands in the air`;
    }
    if (partial > 2) return `seat ${p + 1}: ${partial} partially built floors`;
    if (out[p] && blocks > 0) return `seat ${p + 1} is out but still has ${blocks} blocks in a tower`;
  }
  return null;
}

interface Run { s: State; actions: number }

function playRandomly(g: Game, players: number, seed: number | string, picks: readonly number[], mode: 'any' | 'bots', options: Record<string, string | boolean>): Run {
  const s = newGame(g, { players, seed, options });
  const check = (when: string) => {
    const p = conservationProblem(s, g) ?? blockProblem(s, g) ?? spatialProblem(s, g);
    if (p) throw new Error(`${when}: ${p}`);
  };
  check('after setup');
  let actions = 0;
  while (!s.ended) {
    const act = activePlayers(s);
    if (act.length !== 1) throw new Error(`expected one player to decide, found ${act.length}`);
    const p = act[0]!;
    const pr = promptOf(s, p)!;
    const path = g.promptSteps[pr.key]!.path;
    // between turns (at the call) nothing is left in hand
    if (path === 'round/turns/call') for (let q = 0; q < s.players; q++) if (s.zones[zoneInst(g, 'held', q)]!.length) throw new Error(`seat ${q + 1} holds blocks between turns`);
    let la = legalActions(s, g, p);
    if (mode === 'bots') {
      const allowed = botPrompt(s, g, pr).options;
      la = la.filter((a) => a.choice.every((x) => allowed.includes(x)));
    }
    if (la.length === 0) throw new Error(`player ${p + 1} has no legal action at ${path}`);
    const a = la[picks[actions % picks.length]! % la.length]!;
    applyInPlace(s, g, a);
    actions++;
    check(`after action ${actions} (${path} ${JSON.stringify(a.choice)})`);
  }
  return { s, actions };
}

const optionsArb = fc.record({
  wrongGuess: fc.constantFrom('takeBack', 'pass'),
  bonusUse: fc.constantFrom('anyTurn', 'wrongGuess'),
  supportNeeded: fc.boolean(),
});

describe('Babel On! under random play', () => {
  for (const mode of ['any', 'bots'] as const) {
    it(`mode ${mode}: ends or is stopped by the step limit, never throws; blocks conserved; spatial rules hold in every state`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 2, max: 6 }),
          fc.oneof(fc.integer(), fc.string({ maxLength: 8 })),
          fc.array(fc.nat({ max: 1_000_000 }), { minLength: 1, maxLength: 120 }),
          optionsArb,
          (players, seed, picks, options) => {
            const { s } = playRandomly(short, players, seed, picks, mode, options);
            expect(s.ended).not.toBeNull();
            if (s.ended!.truncated) expect(s.ended!.message).toMatch(/^stopped after 2500 steps/);
            else {
              expect(['perfect-tower', 'last-standing']).toContain(s.ended!.ending);
              expect(s.ended!.winner).toBe(g0Team(s, players));
            }
          },
        ),
        { numRuns: mode === 'any' ? 100 : 40 },
      );
    });
  }

  it('the real step limit: random bots end or are stopped, the reason is the step limit, and every game has its figures', () => {
    for (const players of [2, 4, 6]) {
      for (const seed of ['a']) {
        const r = playout(game, { players, seed, bot: 'random' });
        expect(r.state.ended).not.toBeNull();
        if (r.truncated) expect(r.message).toMatch(/^stopped after 40000 steps, looping in round/);
        else expect(r.outcome).not.toBeNull();
        expect(blockProblem(r.state, game)).toBeNull();
        expect(spatialProblem(r.state, game)).toBeNull();
      }
    }
  });

  it('greedy bots finish their games with a winner, never declaring a knock-over', () => {
    for (const players of [2, 5]) {
      const r = playout(game, { players, seed: 11, bot: 'greedy', record: true });
      expect(r.truncated).toBe(false);
      expect(r.recorded!.some((a) => a.step === 'round/turns/knock-rival' || a.choice.includes('knock-own') || a.choice.includes('knock-rival'))).toBe(false);
      expect(game.teams.map((t) => t.id)).toContain(r.outcome);
      expect((getVar(r.state, game, 'out') as boolean[]).every((x) => !x)).toBe(true);
    }
  });
});

/** The team of the ending's winner must be a nation still in the game (the champion). */
function g0Team(s: State, players: number): string {
  const champion = getVar(s, short, 'champion') as number;
  expect(champion).toBeGreaterThanOrEqual(0);
  expect(champion).toBeLessThan(players);
  expect((getVar(s, short, 'out') as boolean[])[champion]).toBe(false);
  return short.teams[short.roles[s.roles[champion]!]!.team]!.id;
}
