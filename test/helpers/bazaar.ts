// Bazaar, a small trading game of our own (test/engine/market.test.ts plays it): enumerations and counts, paying
// a cost with own units and units bought from neighbours, a trade price changed by the cards in play.

export const BAZAAR = `id: bazaar
name: Bazaar
players: { min: 2, max: 4 }
enums:
  - { id: resource, values: [wood, stone, glass] }
  - { id: color, values: [brown, blue, yellow] }
cardTypes:
  - id: building
    inPlay: "zoneOf(it) == 'city'"
    fields:
      color: { type: kind, of: color }
      cost: { type: counts, of: resource }
      produces: { type: counts, of: resource }
      either: { type: kinds, of: resource }
      points: number
cards:
  - { id: forest, type: building, color: brown, produces: { wood: 1 }, count: 3 }
  - { id: quarry, type: building, color: brown, produces: { stone: 1 }, count: 3 }
  - { id: mixed, type: building, color: brown, either: [wood, stone], count: 2 }
  - { id: kiln, type: building, color: brown, produces: { glass: 1 }, count: 2 }
  - id: post
    type: building
    color: yellow
    count: 2
    modifies:
      - { quantity: price, set: 1, when: "$buyer == $owner and $seller == next($owner) and $kind != 'glass'" }
  - { id: hall, type: building, color: blue, cost: { wood: 1, stone: 1, glass: 1 }, points: 5, count: 2 }
  - { id: shrine, type: building, color: blue, cost: { stone: 2 }, points: 3, count: 2 }
zones:
  - { id: box, visibility: public }
  - { id: deck, visibility: nobody }
  - { id: hand, per: player, visibility: owner }
  - { id: staged, per: player, visibility: owner }
  - { id: city, per: player, visibility: public }
  - { id: discard, visibility: public }
vars:
  - { id: coins, type: number, per: player, default: 4 }
  - { id: payLeft, type: number, per: player, visibility: owner }
  - { id: payRight, type: number, per: player, visibility: owner }
  - { id: round, type: number }
quantities:
  - { id: price, params: { buyer: player, seller: player, kind: resource }, base: 2, min: 0, description: Coins per unit bought. }
definitions:
  - { id: own, params: [p], value: "sources(city[$p], it.produces, it.either)" }
  - { id: seller, params: [p, s], value: "{ sources: own($s), price: countsBy(resource, price($p, $s, it)) }" }
  - { id: plansFor, params: [p, c], value: "payments($c.cost, own($p), [seller($p, next($p)), seller($p, prev($p))], coins[$p])" }
  - { id: plays, params: [p], value: "flatten(hand[$p], let($c, it, concat(flatten(plansFor($p, $c), [{ card: $c, act: 'build', left: it.pay[0], right: it.pay[1] }]), [{ card: $c, act: 'sell', left: 0, right: 0 }])))" }
scores:
  categories:
    - { id: buildings, name: Buildings, value: "sum(city[$p], it.points)" }
    - { id: treasury, name: Treasury, value: "floor(coins[$p] / 3)" }
  tiebreak: "coins[$p]"
objective: "score($self) - maxOf(others($self), score(it))"
endings:
  - { id: done, winner: scores, description: Three rounds played. }
setup:
  - shuffle: box
  - move: { from: box, to: deck }
  - deal: { from: deck, to: hand, count: 3 }
phases:
  - id: rounds
    repeat: "round < 3"
    steps:
      - id: choose
        simultaneous: players
        as: p
        steps:
          - id: play
            prompt:
              player: $p
              choose: options
              from: "plays($p)"
              label: "{it.act} {it.card} paying {it.left} left, {it.right} right"
              as: pick
            do:
              - move: { cards: "$pick.card", to: "staged[$p]" }
              - set: { "payLeft[$p]": "$pick.act == 'build' ? $pick.left : -1", "payRight[$p]": "$pick.right" }
      - id: resolve
        forEach: players
        as: p
        steps:
          - id: act
            do:
              - if: "payLeft[$p] >= 0"
                then:
                  - set: { "coins[$p]": "coins[$p] - payLeft[$p] - payRight[$p]", "coins[next($p)]": "coins[next($p)] + payLeft[$p]" }
                  - set: { "coins[prev($p)]": "coins[prev($p)] + payRight[$p]" }
                  - move: { from: "staged[$p]", to: "city[$p]" }
                else:
                  - set: { "coins[$p]": "coins[$p] + 3" }
                  - move: { from: "staged[$p]", to: discard }
      - id: next
        do:
          - set: { round: "round + 1" }
          - if: "round >= 3"
            then:
              - end: done
`;
