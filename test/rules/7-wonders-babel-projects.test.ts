// 7 Wonders Babel, the Grand Projects, from the French rulebook: the project of each Age with players − 1
// markers; taking part when building a structure of its colour (its cost paid with the structure's), once per
// turn, on free builds too, never with a wonder stage; extra markers from the reserve; at the end of the Age,
// before the conflicts, the reward per marker on success or the penalty for players without a marker on failure
// (a penalty that cannot be applied becomes a −1/−2/−3 token); and, with the Tower of Babel, tiles 19 and 22 on
// the project's conflict tokens.
//
// The table: seat 1 in the middle, its left neighbour is seat 2 (the next seat), its right one the last seat.

import { describe, expect, it } from 'vitest';
import { Match } from '../../engine/index.js';
import { actsFor, allCoins, choose, coins, discardToEndOfAge, entity, ev, getVar, ids, othersDiscard, pickFromDiscard, plans, play, plays, reopenTurns, score, setVar } from './sw.js';
import { answer, babel, babelTable, optionsOf, stepOf, type BabelTable, type Module } from './babel.js';
import { loadGame, rulesetPath } from '../helpers/game.js';

const P = (t: Partial<BabelTable>, which: Module = 'projects') => babelTable(which, { players: 3, ...t } as BabelTable);
const join = (m: ReturnType<typeof P>, seat: number, how: 'join' | 'token' | 'no' = 'join') => answer(m, seat, (o) => o === how);
const JOIN = 'ages/turns/choose/join';

describe('Grand Projects: the project of each Age', () => {
  it('before the hands are dealt, a project of the Age is laid face up with players − 1 markers', () => {
    for (const n of [3, 5, 7]) {
      const m = Match.start(babel('projects'), { players: n, seed: n });
      expect(ids(m, 'project')).toHaveLength(1);
      expect(ev(m, 'theProject.age')).toBe(1);
      expect(getVar(m, 'markersLeft')).toBe(n - 1);
    }
    // the next Age's project replaces it; the markers are returned
    const m = Match.start(babel('projects'), { players: 3, seed: 2 });
    discardToEndOfAge(m);
    expect(ev(m, 'theProject.age')).toBe(2);
    expect(ids(m, 'pastProjects')).toHaveLength(1);
    expect([0, 1, 2].map((p) => getVar(m, 'markers', p))).toEqual([0, 0, 0]);
  });
});

describe('Grand Projects: taking part', () => {
  it("the rulebook's example: the Forum with a clay produced and one bought, plus 1 coin and a loom for the River Port", () => {
    const m = P({
      age: 2, project: 'gp-river-port', wonders: ['babylon', 'halikarnassus', 'rhodos'], coins: { 0: 6 }, cities: { 2: ['clay-pool-3'] },
      hands: { 0: ['forum-3', 'school-3', 'library-3'], 1: ['loom-age2-3', 'press-age2-3', 'statue-3'], 2: ['glassworks-age2-3', 'vineyard-3', 'temple-3'] },
    });
    choose(m, 0, 'forum-3', 'build');
    expect(stepOf(m, 0)).toBe(JOIN);
    expect(m.view(0).prompt!.labels).toEqual(['Take part in River Port (1 coin, 1 loom)', 'Do not take part in River Port']);
    join(m, 0);
    // one payment for both: a clay from the right, the loom from the left, 1 coin to the bank
    expect(plans(m, 0).map((p) => [p.pay, p.label])).toEqual([[[2, 2], 'Pay 2 to the left and 2 to the right, 1 to the bank']]);
    answer(m, 0, () => true);
    othersDiscard(m);
    expect(ids(m, 'city', 0)).toEqual(['forum-3']);
    expect(allCoins(m)).toEqual([1, 3 + 2 + 3, 3 + 2 + 3]);
    expect(getVar(m, 'markers', 0)).toBe(1);
    expect(getVar(m, 'markersLeft')).toBe(1);
  });

  it('only with a structure of the colour; never with a wonder stage; not when the cost cannot be paid too', () => {
    const m = P({
      project: 'gp-caravan-road', wonders: ['gizah', 'babylon', 'ephesos'], cities: { 0: ['stone-pit-3'] }, coins: { 1: 1 },
      hands: { 0: ['marketplace-3', 'altar-3'], 1: ['east-trading-post-3', 'theater-3'], 2: ['press-3', 'glassworks-3'] },
    });
    choose(m, 0, 'marketplace-3', 'wonder');
    expect(stepOf(m, 0)).toBeNull(); // a wonder stage: no participation
    choose(m, 1, 'theater-3', 'build');
    expect(stepOf(m, 1)).toBeNull(); // blue: not the project's colour
    // seat 3 builds a yellow card but has 1 coin: the 2 coins of participation cannot be paid
    const m2 = P({ project: 'gp-caravan-road', coins: { 0: 1 }, hands: { 0: ['marketplace-3', 'altar-3'], 1: ['theater-3', 'loom-3'], 2: ['press-3', 'glassworks-3'] } });
    choose(m2, 0, 'marketplace-3', 'build');
    expect(stepOf(m2, 0)).toBeNull();
  });

  it('several players take the last marker in the same turn: extra markers come from the reserve', () => {
    const m = P({ project: 'gp-caravan-road', markersLeft: 1, hands: { 0: ['marketplace-3', 'altar-3', 'baths-3'], 1: ['east-trading-post-3', 'theater-3', 'west-trading-post-3'], 2: ['press-3', 'glassworks-3', 'stockade-3'] } });
    choose(m, 0, 'marketplace-3', 'build');
    join(m, 0);
    choose(m, 1, 'east-trading-post-3', 'build');
    join(m, 1);
    othersDiscard(m);
    expect([0, 1, 2].map((p) => getVar(m, 'markers', p))).toEqual([1, 1, 0]);
    expect(getVar(m, 'markersLeft')).toBe(0);
    expect(allCoins(m)).toEqual([1, 1, 6]);
    // no marker left: nobody else may take part this Age (seat 3 now holds seat 2's hand); the project succeeds
    choose(m, 2, 'west-trading-post-3', 'build');
    expect(stepOf(m, 2)).toBeNull();
    discardToEndOfAge(m);
    expect([0, 1, 2].map((p) => getVar(m, 'anyTokens', p))).toEqual([1, 1, 0]);
  });

  it('a free build (chaining) still allows taking part, at the full participation cost', () => {
    const m = P({
      age: 2, project: 'gp-river-port', wonders: ['babylon', 'halikarnassus', 'rhodos'], cities: { 0: ['east-trading-post-3'] },
      hands: { 0: ['forum-3', 'school-3', 'library-3'], 1: ['loom-age2-3', 'press-age2-3', 'statue-3'], 2: ['glassworks-age2-3', 'vineyard-3', 'temple-3'] },
    });
    choose(m, 0, 'forum-3', 'chain');
    join(m, 0);
    expect(plans(m, 0).map((p) => p.label)).toEqual(['Pay 2 to the left, 1 to the bank']);
    answer(m, 0, () => true);
    othersDiscard(m);
    expect(ids(m, 'city', 0)).toEqual(['east-trading-post-3', 'forum-3']);
    expect(coins(m, 0)).toBe(3 - 2 - 1);
    expect(getVar(m, 'markers', 0)).toBe(1);
  });

  it("Halikarnassus's build from the discard pile may take part (paid at once)", () => {
    const m = P({
      project: 'gp-caravan-road', wonders: ['halikarnassus', 'alexandria', 'rhodos'], side: ['B', 'A', 'A'], cities: { 0: ['ore-vein-3', 'ore-vein-4'] },
      discard: ['marketplace-3'], hands: { 0: ['altar-3', 'theater-3', 'pawnshop-4'], 1: ['baths-3', 'loom-3', 'stockade-3'], 2: ['press-3', 'glassworks-3', 'barracks-3'] },
    });
    play(m, 0, 'altar-3', 'wonder');
    othersDiscard(m);
    pickFromDiscard(m, 0, 'marketplace-3');
    expect(stepOf(m, 0)).toBe('ages/turns/fromTheDiscard/join');
    join(m, 0);
    // one way to pay (2 coins to the bank): a forced choice outside the simultaneous turn is not asked
    expect(ids(m, 'city', 0)).toContain('marketplace-3');
    expect(coins(m, 0)).toBe(1);
    expect(getVar(m, 'markers', 0)).toBe(1);
  });

  it('once per turn: Babylon B, having taken part with its 6th card, may not again with its 7th', () => {
    const m = P({
      project: 'gp-caravan-road', wonders: ['babylon', 'alexandria', 'ephesos'], side: ['B', 'A', 'A'], stages: { 0: 2 }, coins: { 0: 6 },
      hands: { 0: ['marketplace-3', 'west-trading-post-3'], 1: ['baths-3', 'loom-3'], 2: ['press-3', 'glassworks-3'] },
    });
    choose(m, 0, 'marketplace-3', 'build');
    join(m, 0);
    othersDiscard(m);
    expect(getVar(m, 'markers', 0)).toBe(1);
    // the last card of the Age, played the same turn: a yellow card, a marker left, coins enough — no offer
    expect(m.seatsToAct()).toEqual([0]);
    expect(getVar(m, 'markersLeft')).toBe(1);
    choose(m, 0, 'west-trading-post-3', 'build');
    expect(stepOf(m, 0)).not.toBe(JOIN);
  });
});

describe('Grand Projects: success, a reward per marker', () => {
  /** A successful project of `age`: seat 1 holds 2 markers, seat 2 one. */
  const success = (project: string, t: Partial<BabelTable> = {}, which: Module = 'projects') => {
    const m = P({ project, markersLeft: 0, ...t }, which);
    setVar(m, 'markers', 2, 0);
    setVar(m, 'markers', 1, 1);
    return m;
  };

  it('coins from the bank', () => {
    const m = success('gp-obelisk');
    discardToEndOfAge(m);
    // 3 coins per marker; the Age's cards were discarded for 3 coins each turn
    const base = coins(m, 2);
    expect(coins(m, 0) - base).toBe(6);
    expect(coins(m, 1) - base).toBe(3);
  });

  it('Shield tokens count in every conflict', () => {
    const m = success('gp-double-wall');
    discardToEndOfAge(m);
    expect(getVar(m, 'shieldTokens', 0)).toBe(2);
    expect(ev(m, 'shields(player(1))')).toBe(2);
    // seat 1 (2 shields) beats both neighbours, seat 2 (1) beats seat 3 (0)
    expect([0, 1, 2].map((p) => getVar(m, 'victories', p))).toEqual([2, 1, 0]);
    expect([0, 1, 2].map((p) => getVar(m, 'defeats', p))).toEqual([0, 1, 2]);
  });

  it('Victory tokens of the Age', () => {
    const m = success('gp-war-mirror', { age: 2 });
    discardToEndOfAge(m);
    expect(getVar(m, 'vt3', 0)).toBe(2);
    expect(getVar(m, 'victories', 0)).toBe(6);
    expect(getVar(m, 'victories', 1)).toBe(3);
  });

  it('a token to take part in a later project whatever its colour', () => {
    const m = success('gp-caravan-road');
    discardToEndOfAge(m);
    expect(getVar(m, 'anyTokens', 0)).toBe(2);
    expect(getVar(m, 'anyTokens', 1)).toBe(1);
    // in Age II, a grey card takes part in the (yellow) River Port with the token, paying its cost
    const m2 = P({
      age: 2, project: 'gp-river-port', wonders: ['alexandria', 'halikarnassus', 'ephesos'],
      hands: { 0: ['glassworks-age2-3', 'school-3', 'library-3'], 1: ['loom-age2-3', 'press-age2-3', 'statue-3'], 2: ['press-age2-5', 'vineyard-3', 'temple-3'] },
    });
    setVar(m2, 'anyTokens', 1, 0);
    reopenTurns(m2);
    choose(m2, 0, 'glassworks-age2-3', 'build');
    expect(optionsOf(m2, 0)).toEqual(['token', 'no']);
    expect(m2.view(0).prompt!.labels![0]).toBe('Take part in River Port (1 coin, 1 loom, using an any-project token)');
    join(m2, 0, 'token');
    expect(plans(m2, 0).map((p) => p.label)).toEqual(['Pay 2 to the left, 1 to the bank']);
    answer(m2, 0, () => true);
    othersDiscard(m2);
    expect(getVar(m2, 'anyTokens', 0)).toBe(0);
    expect(getVar(m2, 'markers', 0)).toBe(1);
    expect(coins(m2, 0)).toBe(0);
  });

  it('a free-build token and a free wonder-stage token, each used once', () => {
    const m = P({ wonders: ['gizah', 'babylon', 'ephesos'], hands: { 0: ['palace-3', 'altar-3', 'baths-3'], 1: ['theater-3', 'loom-3', 'stockade-3'], 2: ['press-3', 'glassworks-3', 'barracks-3'] } });
    setVar(m, 'freeBuilds', 1, 0);
    setVar(m, 'freeStages', 1, 0);
    reopenTurns(m);
    expect(actsFor(m, 0, 'palace-3')).toEqual(['discard', 'token', 'stageToken']);
    play(m, 0, 'palace-3', 'token');
    othersDiscard(m);
    expect(ids(m, 'city', 0)).toEqual(['palace-3']);
    expect(getVar(m, 'freeBuilds', 0)).toBe(0);
    play(m, 0, plays(m, 0)[0]!.card, 'stageToken');
    othersDiscard(m);
    expect(ids(m, 'built', 0)).toEqual(['gizah-a-1']);
    expect(getVar(m, 'freeStages', 0)).toBe(0);
    expect(coins(m, 0)).toBe(3);
  });

  it('end-game tokens: 3 points per set of three science symbols, 1 per guild around, 1 per wonder stage', () => {
    const m = P({ cities: { 0: ['apothecary-3', 'workshop-3', 'scriptorium-3', 'builders-guild'], 1: ['spies-guild'], 2: ['traders-guild'] }, stages: { 0: 2 } });
    setVar(m, 'scienceTokens', 2, 0);
    expect(score(m, 0, 'projects')).toBe(2 * 3 * 1);
    setVar(m, 'scienceTokens', 0, 0);
    setVar(m, 'guildTokens', 1, 0);
    expect(score(m, 0, 'projects')).toBe(3);
    setVar(m, 'guildTokens', 0, 0);
    setVar(m, 'stageTokens', 3, 0);
    expect(score(m, 0, 'projects')).toBe(6);
  });
});

describe('Grand Projects: failure, the penalty for players without a marker', () => {
  /** A failed project: seat 1 took a marker (no penalty), the others none. */
  const failure = (project: string, t: Partial<BabelTable> = {}, which: Module = 'projects') => {
    const m = P({ project, markersLeft: 1, ...t }, which);
    setVar(m, 'markers', 1, 0);
    return m;
  };

  it('discard a structure of the colour (their choice); none to discard: a −1 token in Age I', () => {
    const m = failure('gp-granary', { cities: { 0: ['lumber-yard-3'], 1: ['lumber-yard-4', 'stone-pit-3', 'altar-3'], 2: ['altar-5'] } });
    discardToEndOfAge(m);
    expect(ids(m, 'city', 0)).toEqual(['lumber-yard-3']);
    expect(ids(m, 'city', 1).filter((id) => ['lumber-yard-4', 'stone-pit-3'].includes(id))).toHaveLength(1);
    expect(ids(m, 'city', 1)).toContain('altar-3');
    expect(getVar(m, 'projectPenalty', 2)).toBe(1);
    expect(score(m, 2, 'projects')).toBe(-1);
  });

  it('the discarded structure is the player’s choice', () => {
    const m = failure('gp-granary', { cities: { 1: ['lumber-yard-4', 'stone-pit-3'] }, hands: { 0: ['altar-3', 'theater-3'], 1: ['baths-3', 'loom-3'], 2: ['press-3', 'glassworks-3'] } });
    othersDiscard(m);
    expect(stepOf(m, 1)).toBe('ages/projectPenalties/discardCard');
    expect(optionsOf(m, 1).sort()).toEqual(['lumber-yard-4', 'stone-pit-3']);
    answer(m, 1, (o) => o === entity(m.game, 'stone-pit-3'));
    expect(ids(m, 'city', 1)).toEqual(['lumber-yard-4']);
    expect(ids(m, 'discard')).toContain('stone-pit-3');
  });

  it('discard all coins; no coins left: a −1 token in Age I', () => {
    // the last turn of Age I: seat 2 spends its last coin on the Timber Yard, the others discard for 3
    const m = failure('gp-obelisk', { coins: { 1: 1 }, hands: { 0: ['altar-3', 'theater-3'], 1: ['timber-yard-3', 'clay-pit-3'], 2: ['press-3', 'glassworks-3'] } });
    play(m, 1, 'timber-yard-3', 'build');
    othersDiscard(m);
    expect(coins(m, 0)).toBe(6); // a marker: no penalty
    expect(coins(m, 2)).toBe(0);
    expect(getVar(m, 'projectPenalty', 2)).toBe(0);
    expect(coins(m, 1)).toBe(0);
    expect(getVar(m, 'projectPenalty', 1)).toBe(1);
  });

  it('discard two Victory tokens (the smallest); one held: discard it; none: a −2 token in Age II', () => {
    const m = failure('gp-war-mirror', { age: 2, players: 4 });
    setVar(m, 'vt1', 1, 1); setVar(m, 'vt3', 2, 1); setVar(m, 'victories', 7, 1);
    setVar(m, 'vt5', 1, 2); setVar(m, 'victories', 5, 2);
    discardToEndOfAge(m);
    // no shields anywhere: Age II's conflicts change nothing
    expect([getVar(m, 'vt1', 1), getVar(m, 'vt3', 1), getVar(m, 'victories', 1)]).toEqual([0, 1, 3]);
    expect([getVar(m, 'vt5', 2), getVar(m, 'victories', 2), getVar(m, 'projectPenalty', 2)]).toEqual([0, 0, 0]);
    expect(getVar(m, 'projectPenalty', 3)).toBe(2);
    expect(getVar(m, 'projectPenalty', 0)).toBe(0);
  });

  it("lose the wonder board's resource until the end; already lost: a −1 token", () => {
    const m = failure('gp-sanctuary', { wonders: ['alexandria', 'babylon', 'ephesos'] });
    setVar(m, 'wonderLost', true, 2);
    discardToEndOfAge(m);
    expect(getVar(m, 'wonderLost', 1)).toBe(true);
    expect(getVar(m, 'wonderLost', 0)).toBe(false);
    expect(getVar(m, 'projectPenalty', 2)).toBe(1);
    // Babylon's clay is gone from its production
    expect(ev(m, 'count(producers(player(2)))')).toBe(0);
    expect(ev(m, 'count(producers(player(1)))')).toBe(1);
  });

  it('take a Defeat token', () => {
    const m = failure('gp-double-wall');
    discardToEndOfAge(m);
    // no shields anywhere: the only Defeat tokens are the project's
    expect([0, 1, 2].map((p) => getVar(m, 'defeats', p))).toEqual([0, 1, 1]);
  });
});

describe('Both modules: tiles 19 and 22 apply to the project conflict tokens', () => {
  it('a Victory token reward is one step smaller under tile 19; a Defeat token penalty doubles under tile 22', () => {
    let m = babelTable('both', { players: 3, age: 2, project: 'gp-war-mirror', markersLeft: 0, tower: [19] } as BabelTable);
    setVar(m, 'markers', 2, 0);
    discardToEndOfAge(m);
    expect(getVar(m, 'victories', 0)).toBe(2 * 1);
    expect(getVar(m, 'vt1', 0)).toBe(2);
    m = babelTable('both', { players: 3, project: 'gp-double-wall', markersLeft: 1, tower: [22] } as BabelTable);
    setVar(m, 'markers', 1, 0);
    discardToEndOfAge(m);
    expect([0, 1, 2].map((p) => getVar(m, 'defeats', p))).toEqual([0, 2, 2]);
  });
});

describe('Grand Projects: colours', () => {
  // Rule: « lorsqu'un joueur construit un bâtiment de la même couleur que la carte Grand Projet en jeu (marron, bleu,
  // rouge, jaune, vert ou violet) ». A placeholder project of a colour no structure of its Age has could never be
  // taken part in with a card of that Age (grey: none in Age III); grey is not among the rulebook's colours either.
  it("every project's colour is one the rulebook lists, and structures of its Age have it", () => {
    const g = babel('projects');
    const colours = new Map<number, Set<string>>();
    for (const c of g.cards) {
      if (c.type !== 'structure') continue;
      const a = Number(c.fields.age);
      if (!colours.has(a)) colours.set(a, new Set());
      colours.get(a)!.add(String(c.fields.color));
    }
    const bad = g.cards.filter((c) => c.type === 'project')
      .filter((c) => !['brown', 'blue', 'red', 'yellow', 'green', 'purple'].includes(String(c.fields.color)) || !colours.get(Number(c.fields.age))!.has(String(c.fields.color)))
      .map((c) => `${c.name} (Age ${c.fields.age}, ${c.fields.color})`);
    expect(bad).toEqual([]);
  });

  it('the Ziggurat, an Age III project, is taken part in with a structure of its colour', () => {
    const m = P({
      age: 3, project: 'gp-ziggurat', wonders: ['gizah', 'babylon', 'ephesos'], cities: { 0: ['dispensary-3', 'stone-pit-3'] },
      hands: { 0: ['arena-3', 'palace-3', 'gardens-3'], 1: ['senate-3', 'town-hall-3', 'pantheon-3'], 2: ['lodge-3', 'study-3', 'university-3'] },
    });
    expect(ev(m, 'theProject.color')).toBe('yellow');
    choose(m, 0, 'arena-3', 'chain');
    expect(stepOf(m, 0)).toBe(JOIN);
    join(m, 0);
    othersDiscard(m);
    expect(getVar(m, 'markers', 0)).toBe(1);
  });
});

describe("Grand Projects: the penalty's colour is the card's own", () => {
  // Rule (penalties): « Le joueur doit défausser une carte de son choix de la couleur correspondante » — the colour
  // printed on the penalty, a field of its own (`penaltyColor`), not the colour that allows taking part.
  const text = [
    'extends: 7-wonders-babel-projects.yaml',
    'id: penalty-colour-test',
    'name: A project taken part in with red cards whose failure costs a blue card',
    'cards:',
    '  - { id: gp-test-works, type: project, name: Test Works, age: 1, color: red, coins: 1, penalty: discardCard, penaltyColor: [blue], reward: coins, amount: 1, text: "Failure: discard a blue card." }',
  ].join('\n');

  it('a red project whose penalty names blue: players without a marker discard a blue card (none: a −1 token)', () => {
    const g = loadGame(rulesetPath('variants/penalty-colour-test.yaml'), text);
    const m = babelTable('projects', { players: 3, project: 'gp-test-works', markersLeft: 1, cities: { 1: ['altar-3', 'stockade-3'], 2: ['stockade-7'] } } as BabelTable, g);
    setVar(m, 'markers', 1, 0);
    discardToEndOfAge(m);
    expect(ids(m, 'city', 1)).toEqual(['stockade-3']);
    expect(ids(m, 'city', 2)).toEqual(['stockade-7']);
    expect(getVar(m, 'projectPenalty', 2)).toBe(1);
  });

  it('each placeholder project that discards a card names the colour of its text', () => {
    const g = babel('projects');
    for (const c of g.cards.filter((x) => x.type === 'project' && x.fields.penalty === 'discardCard')) {
      expect(String(c.fields.text), c.name).toContain(`discard a ${(c.fields.penaltyColor as string[]).join(' or ')} card`);
    }
  });
});

describe('Grand Projects: the science-set reward counts the symbols of the owner\'s choice', () => {
  // Rule: « ce jeton vaudra 3 points pour chaque groupe de 3 symboles scientifiques différents ». A wild symbol (the
  // Scientists Guild, Babylon's stage) is a science symbol: the owner chooses it once, for the best total.
  it('a wild symbol completes a set', () => {
    const m = P({ cities: { 0: ['apothecary-3', 'workshop-3', 'scientists-guild'] } });
    setVar(m, 'scienceTokens', 1, 0);
    expect(score(m, 0, 'science')).toBe(1 + 1 + 1 + 7);
    expect(score(m, 0, 'projects')).toBe(3);
  });

  it('one choice for both: a tablet (25 + a 3-point set) beats a fifth compass (26 and no set)', () => {
    const m = P({ cities: { 0: ['apothecary-3', 'apothecary-5', 'dispensary-3', 'dispensary-4', 'workshop-3', 'scientists-guild'] } });
    expect(score(m, 0, 'science')).toBe(26);
    setVar(m, 'scienceTokens', 1, 0);
    expect(score(m, 0, 'science')).toBe(16 + 1 + 1 + 7);
    expect(score(m, 0, 'projects')).toBe(3);
  });
});

describe('Grand Projects: Halikarnassus pays a participation with the coins it had at the start of the turn', () => {
  // Coins earned during a turn (a neighbour buying a resource) are spent from the next turn on: the build from the
  // discard pile at the end of that turn cannot use them.
  it('2 coins from a neighbour that turn do not pay the Caravan Road', () => {
    const m = P({
      project: 'gp-caravan-road', wonders: ['halikarnassus', 'alexandria', 'rhodos'], side: ['B', 'A', 'A'], coins: { 0: 0 },
      cities: { 0: ['ore-vein-3', 'ore-vein-4'] }, discard: ['marketplace-3'],
      hands: { 0: ['altar-3', 'theater-3', 'pawnshop-4'], 1: ['apothecary-3', 'loom-3', 'stockade-3'], 2: ['press-3', 'glassworks-3', 'barracks-3'] },
    });
    play(m, 0, 'altar-3', 'wonder');
    play(m, 1, 'apothecary-3', 'build', [0, 2]); // Halikarnassus's loom, bought from its right neighbour
    othersDiscard(m);
    expect(coins(m, 0)).toBe(2);
    pickFromDiscard(m, 0, 'marketplace-3');
    expect(stepOf(m, 0)).not.toBe('ages/turns/fromTheDiscard/join');
    expect(ids(m, 'city', 0)).toContain('marketplace-3');
    expect(getVar(m, 'markers', 0)).toBe(0);
    expect(coins(m, 0)).toBe(2);
  });
});

describe('Grand Projects: the participation offer names its cost', () => {
  it('coins and resources as they are: "1 stone", "2 coins", "1 coin, 1 loom"', () => {
    const label = (project: string, card: string, t: Partial<BabelTable> = {}) => {
      const m = P({ project, coins: { 0: 6 }, wonders: ['gizah', 'halikarnassus', 'rhodos'], ...t });
      choose(m, 0, card, plays(m, 0).find((p) => p.card === card && p.act !== 'discard')!.act);
      expect(stepOf(m, 0)).toBe(JOIN);
      return m.view(0).prompt!.labels!;
    };
    expect(label('gp-double-wall', 'stockade-3', { hands: { 0: ['stockade-3', 'altar-3'], 1: ['theater-3', 'loom-3'], 2: ['press-3', 'glassworks-3'] }, cities: { 0: ['lumber-yard-3'] } }))
      .toEqual(['Take part in Double Wall (1 stone)', 'Do not take part in Double Wall']);
    expect(label('gp-caravan-road', 'marketplace-3', { hands: { 0: ['marketplace-3', 'altar-3'], 1: ['theater-3', 'loom-3'], 2: ['press-3', 'glassworks-3'] } }))
      .toEqual(['Take part in Caravan Road (2 coins)', 'Do not take part in Caravan Road']);
    expect(label('gp-river-port', 'forum-3', { age: 2, cities: { 0: ['clay-pool-3', 'clay-pit-3'] }, hands: { 0: ['forum-3', 'school-3'], 1: ['loom-age2-3', 'press-age2-3'], 2: ['glassworks-age2-3', 'vineyard-3'] } }))
      .toEqual(['Take part in River Port (1 coin, 1 loom)', 'Do not take part in River Port']);
  });
});

describe('Both modules: a free-build token pays the tax of the Tower', () => {
  it('a red structure built with a token under tile 6 pays the Age I tax; with no coins it is not offered', () => {
    const t = (coins: number) => {
      const m = babelTable('both', { players: 3, tower: [6], coins: { 0: coins }, hands: { 0: ['stockade-3', 'altar-3'], 1: ['theater-3', 'loom-3'], 2: ['press-3', 'glassworks-3'] } } as BabelTable);
      setVar(m, 'freeBuilds', 1, 0);
      reopenTurns(m);
      return m;
    };
    const m = t(3);
    play(m, 0, 'stockade-3', 'token');
    othersDiscard(m);
    expect(ids(m, 'city', 0)).toEqual(['stockade-3']);
    expect(coins(m, 0)).toBe(2);
    expect(actsFor(t(0), 0, 'stockade-3')).not.toContain('token');
    expect(actsFor(t(0), 0, 'altar-3')).toContain('token');
  });
});
