// The payment solver's search counts against the work limit: a cost recomputed with cheapest() for every card of
// a list, each search near the solver's own limit, is stopped by the step's work limit after a few searches
// (and by validate's check before the first decision after one), with a message naming the step — it used to
// say "ok" after minutes (a 1.3 KB ruleset over 400 cards: 234 s of CPU).

import { describe, expect, it } from 'vitest';
import { formatDiagnostic, loadRulesetText, Match } from '../../engine/index.js';
import { cheapestPayment, paymentPlans, type PaymentProblem } from '../../engine/primitives/payment.js';
import { paymentSum } from '../../bench/hostile-rulesets.js';

const pay = paymentSum;

describe('payments and the work limit', () => {
  it('the solver tells its caller how many combinations it will visit, before it searches', () => {
    const charged: number[] = [];
    const p: PaymentProblem = {
      need: [2, 1], own: [], suppliers: [{ sources: [{ kinds: [0, 1], copies: 5 }], price: [1, 1] }, { sources: [{ kinds: [0], copies: 5 }], price: [2, 2] }],
      charge: (n) => charged.push(n),
    };
    expect(cheapestPayment(p)).toBe(3);
    // (2+1)(2+2)/2 · (1+1)(1+2)/2 = 6 · 3 pairs, in each of the two sellers' stages
    expect(charged).toEqual([36]);
    expect(() => paymentPlans({ ...p, charge: () => { throw new Error('over'); } })).toThrow('over');
  });

  it('validate refuses a set-up whose payments run away, at the step, without searching them all', () => {
    const r = loadRulesetText('pay.yaml', pay(40, false));
    const errors = r.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
    expect(errors).toEqual([expect.stringMatching(/^pay\.yaml:\d+:9: error: at 2 players the game stops before its first decision: main\/s: more than \d+ units of work \(list items walked or built, cards moved, payments searched\) before the first decision/)]);
  });

  it('in play, the step stops at the work limit with its message after a few searches', () => {
    const r = loadRulesetText('pay.yaml', pay(40, true));
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const m = Match.start(r.game!, { players: 2, seed: 1 });
    m.act(m.legal(0)[0]!);
    expect(m.ended?.truncated).toBe(true);
    expect(m.ended?.message).toMatch(/^main\/s: more than 50000000 units of work in one step \(list items walked or built, cards moved, payments searched\)/);
  });
});
