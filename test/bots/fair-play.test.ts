// Bots play fair in simultaneous steps and finish games:
//  - a determinized copy works the other seats' still-open decisions out again from the copy's cards, so a
//    lookahead or a search never plays another seat's real hidden hand;
//  - a seat deciding later in a simultaneous step decides the same whatever an earlier seat committed
//    (greedy and ISMCTS): the later seat learns nothing from going later;
//  - with every seat greedy, 7 Wonders' three seats win equally often within noise (chi-square, 150 games: a
//    seat that wins half the games gives about 18, twice the 1% critical value; the mechanism itself is the
//    test above);
//  - ISMCTS finishes games of every ruleset, at small budgets, alone or among other bots.

import { describe, expect, it } from 'vitest';
import type { Game, State } from '../../engine/model.js';
import { choices, newGame, resolve } from '../../engine/flow.js';
import { seedRng } from '../../engine/rng.js';
import { determinize } from '../../engine/bots/determinize.js';
import { greedyChoice } from '../../engine/bots/greedy.js';
import { ismctsChoice } from '../../engine/bots/ismcts.js';
import { botChoice, botStreams } from '../../engine/bots/index.js';
import { nextPrompt, playout } from '../../engine/sim/playout.js';
import { instances } from '../../engine/instances.js';
import { babelBuilders, loadGame, rulesetPath } from '../helpers/game.js';
import { committed } from '../helpers/step.js';
import { babelkit } from '../cli/run.js';

const sevenWonders = loadGame(rulesetPath('7-wonders.yaml'));

/** Plays greedy-free random bot decisions until a simultaneous step has at least `seats` seats deciding. */
function atSimultaneousStep(g: Game, players: number, seed: string, seats = 3, skip = 0): State | null {
  const s = newGame(g, { players, seed, log: false });
  const rngs = botStreams(seed, players);
  let seen = 0;
  for (let k = 0; k < 3000 && !s.ended; k++) {
    if (s.simultaneous && s.simultaneous.threads.filter((t) => t.prompt).length >= seats && s.simultaneous.threads.every((t) => t.prompt)) {
      if (seen++ >= skip) return s;
    }
    const p = nextPrompt(s)!;
    resolve(s, g, p, botChoice('random', s, g, p, rngs[p.player]!));
  }
  return null;
}

describe('determinized copies and simultaneous steps', () => {
  it("another seat's open decision on the copy offers the copy's cards, not its real hand (7 Wonders)", () => {
    const g = sevenWonders;
    const ins = instances(g);
    const hand = g.zones.find((z) => z.id === 'hand')!.index;
    let checked = 0;
    for (let i = 0; i < 6; i++) {
      const s = atSimultaneousStep(g, 3, `pending:${i}`, 3, i)!;
      expect(s).not.toBeNull();
      const d = determinize(s, g, 0, seedRng(i, 'bot:0'));
      for (const th of d.simultaneous!.threads) {
        if (th.player === 0) continue;
        const cards = (th.prompt!.options as { card: number }[]).map((o) => o.card);
        for (const e of cards) {
          const z = d.loc[e]!;
          expect(ins.zone[z], 'an option card lies in a hand on the copy').toBe(hand);
          expect(ins.owner[z], "and it is that seat's hand on the copy").toBe(th.player);
        }
        checked++;
      }
    }
    expect(checked).toBe(12);
  });


  for (const [name, g, players] of [['Babel Builders', babelBuilders(), 6], ['7 Wonders', sevenWonders, 3]] as const) {
    it(`a later seat decides the same whatever an earlier seat committed (${name}; greedy and ISMCTS)`, () => {
      let compared = 0;
      for (let i = 0; i < 8 && compared < 5; i++) {
        const s = atSimultaneousStep(g, players, `later:${i}`, 2);
        if (!s) continue;
        const [first, second] = s.simultaneous!.threads.filter((t) => t.prompt).map((t) => t.player);
        const opts = choices(s.simultaneous!.threads.find((t) => t.player === first)!.prompt!);
        if (opts.length < 2) continue;
        const a = committed(s, g, first!, opts[0]!);
        const b = committed(s, g, first!, opts[opts.length - 1]!);
        if (!a || !b) continue;
        const pa = a.simultaneous!.threads.find((t) => t.player === second)!.prompt!;
        const pb = b.simultaneous!.threads.find((t) => t.player === second)!.prompt!;
        expect(greedyChoice(b, g, pb, seedRng(i, 'later'))).toEqual(greedyChoice(a, g, pa, seedRng(i, 'later')));
        expect(ismctsChoice(b, g, pb, seedRng(i, 'later'), 16)).toEqual(ismctsChoice(a, g, pa, seedRng(i, 'later'), 16));
        compared++;
      }
      expect(compared).toBeGreaterThanOrEqual(3);
    });
  }
});

describe('greedy bots are fair to every seat', () => {
  it('7 Wonders, 3 greedy players, 150 games: the seats win alike (chi-square below the 1% critical value)', () => {
    const r = babelkit('simulate', 'rulesets/7-wonders.yaml', '--players', '3', '--games', '150', '--seed', 'fair', '--bot', 'greedy', '--json');
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    const wins: number[] = j.winsBySeat;
    const total = wins.reduce((a, b) => a + b, 0);
    const expected = total / 3;
    const chi2 = wins.reduce((x, w) => x + (w - expected) ** 2 / expected, 0);
    expect(chi2, `wins by seat ${wins.join(', ')}`).toBeLessThan(9.21); // 2 degrees of freedom, α = 0.01
    expect(Math.min(...wins)).toBeGreaterThan(0);
  }, 300_000);
});

describe('ISMCTS finishes games', () => {
  const games: [string, number, string[]][] = [
    ['babel-builders.yaml', 5, ['ismcts:8', 'greedy', 'random', 'ismcts:8', 'ismcts:8']],
    ['7-wonders.yaml', 3, ['ismcts:4', 'greedy', 'ismcts:4']],
    ['babel-on.yaml', 2, ['ismcts:4', 'greedy']],
    ['bable.yaml', 3, ['ismcts:8', 'ismcts:8', 'ismcts:8']],
  ];
  for (const [file, players, seats] of games) {
    it(`${file}, ${players} players, seats ${seats.join(', ')}`, () => {
      const g = file === 'babel-builders.yaml' ? babelBuilders() : file === '7-wonders.yaml' ? sevenWonders : loadGame(rulesetPath(file));
      const r = playout(g, { players, seed: `finish:${file}`, bot: 'random', seats: seats as never });
      expect(r.truncated, r.message).toBe(false);
      expect(r.ending).not.toBeNull();
      expect(r.actions).toBeGreaterThan(0);
    });
  }
});
