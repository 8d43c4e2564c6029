// Rulesets built to cost the loader, the check before the first decision or the payment solver as much as a
// small file can: the cases of issue-style attacks on `validate` and on an upload to `babelkit serve`. Shared by
// the tests (which check each is refused, or answered, in proportion to its size), the loader benchmark and the
// fuzz campaign (`npm run fuzz` mixes them into its mutants).

import { EVERYONE_A_MEMBER, oneTeam } from './ruleset-parts.js';

/** A small complete ruleset (a deal the first player ends) with the given definitions and extra steps. */
function ruleset(o: { defs?: string[]; steps?: string; head?: string }): string {
  return `id: hostile
name: Hostile
players: { min: 2, max: 4 }
${o.head ?? ''}${oneTeam('count(pile)')}cardTypes:
  - { id: chip, fields: {} }
cards:
  - { id: chip, type: chip, count: 6 }
zones:
  - { id: box, visibility: nobody }
  - { id: pile, visibility: public }
endings:
  - { id: done, winner: all }
${o.defs?.length ? `definitions:\n${o.defs.join('\n')}\n` : ''}setup:
${EVERYONE_A_MEMBER}phases:
  - id: main
    steps:
${o.steps ?? ''}      - id: pick
        prompt: { player: "player(1)", choose: options, from: "[1, 3]" }
        do:
          - end: done
`;
}

/** `a0 … a{depth}`, each the previous one twice: a{k} expands to about 2^(k+2) parts. */
function doubling(depth: number, params = false): string[] {
  const p = params ? ', params: [x]' : '';
  const call = (k: number) => (params ? `a${k}($x)` : `a${k}`);
  return [`  - { id: a0${p}, value: "${params ? '$x' : '1'}" }`, ...Array.from({ length: depth }, (_, i) => `  - { id: a${i + 1}${p}, value: "${call(i)} + ${call(i)}" }`)];
}

/** `uses` definitions each using `a15`, which grows past the per-expression limit (the 8 KB file of 200 took
 *  14.7 s to validate). */
export function overLimitUses(uses: number): string {
  return ruleset({ defs: [...doubling(15), ...Array.from({ length: uses }, (_, j) => `  - { id: u${j}, value: "a15" }`)] });
}

/** `uses` definitions each using `a12`, just under the per-expression limit: each legal, all together huge. */
export function underLimitUses(uses: number): string {
  return ruleset({ defs: [...doubling(12), ...Array.from({ length: uses }, (_, j) => `  - { id: u${j}, value: "a12" }`)] });
}

/** The same with a parameter, so no use can be judged from another: `uses` calls of `a15(1)`. */
export function overLimitCalls(uses: number): string {
  return ruleset({ defs: [...doubling(15, true), ...Array.from({ length: uses }, (_, j) => `  - { id: u${j}, value: "a15(1)" }`)] });
}

/** A chain of `n` definitions, each the previous plus one (3,000: 112 KB, 20 s to validate). */
export function definitionChain(n: number): string {
  return ruleset({ defs: [`  - { id: c0, value: "1" }`, ...Array.from({ length: n - 1 }, (_, i) => `  - { id: c${i + 1}, value: "c${i} + 1" }`)] });
}

/** A move of a huge count refilled from its own destination, before the first decision (or after it). */
export function runawayMove(decisionFirst = false): string {
  const go = decisionFirst ? '      - id: go\n        prompt: { player: "player(1)", choose: options, from: "[\'go\', \'wait\']" }\n' : '';
  return ruleset({ steps: `${go}      - { id: s, do: [ { move: { from: box, to: pile, count: 1000000000000, refill: pile } } ] }\n` });
}

/** `cards` cards each costing 16 of three kinds, bought with cheapest() from three sellers: every search near
 *  the solver's own limit (400 cards: 234 s of CPU, then "ok"). */
export function paymentSum(cards: number, decisionFirst = false): string {
  const go = decisionFirst ? '      - id: go\n        prompt: { player: "player(1)", choose: options, from: "[1, 2]" }\n' : '';
  return `id: pay
name: Pay
players: { min: 2, max: 2 }
enums:
  - { id: resource, values: [wood, stone, glass] }
${oneTeam('n')}cardTypes:
  - id: b
    fields:
      cost: { type: counts, of: resource }
      either: { type: kinds, of: resource }
cards:
  - { id: big, type: b, cost: { wood: 16, stone: 16, glass: 16 }, count: ${cards} }
  - { id: mine, type: b, either: [wood, stone, glass], count: 1 }
zones:
  - { id: box }
  - { id: mines }
vars:
  - { id: n, type: number }
definitions:
  - { id: offer, params: [price], value: "{ sources: sources(mines, it.cost, it.either, 100), price: countsBy(resource, $price) }" }
endings:
  - { id: done, winner: all }
setup:
${EVERYONE_A_MEMBER}  - move: { cards: "filter(box, size(it.either) > 0)", to: mines }
phases:
  - id: main
    steps:
${go}      - id: s
        do:
          - set: { n: "sum(box, cheapest(it.cost, sources(filter(mines, false), it.cost, it.either), [offer(1), offer(2), offer(3)]))" }
      - id: fin
        prompt: { player: "player(1)", choose: options, from: "[1, 2]" }
        do:
          - end: done
`;
}

/** Every case, by name, at a size: for the fuzz campaign and the loader benchmark. */
export const HOSTILE: Record<string, (size: number) => string> = {
  'definitions over the limit, used n times': (n) => overLimitUses(n),
  'definitions under the limit, used n times': (n) => underLimitUses(n),
  'definitions with a parameter over the limit, called n times': (n) => overLimitCalls(n),
  'a chain of n definitions': (n) => definitionChain(n),
  'a payment over n cards before the first decision': (n) => paymentSum(n),
  'a runaway move before the first decision': () => runawayMove(),
};
