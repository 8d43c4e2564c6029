// The Match: the one front door to a game in progress. Starting checks the player count and options
// once; actions are checked against the seat's open decision; bots are seeded as in batch simulation
// (a Match played by bots alone ends exactly as `playout` does); undo and rewind; the one replay checker.

import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ALL_SEEING, Match, MatchError, IllegalAction, NO_PLAYER, PERSON, TABLE_VIEW, botOfSeat, checkOptions, parseOptionAssignments, playout, seatKindOf, stateHash, type BotKind, type SeatKind,
} from '../../engine/index.js';
import { babelBuilders, loadGame, ROOT, rulesetPath } from '../helpers/game.js';

describe('Match.start', () => {
  const g = babelBuilders();

  it('refuses a player count the ruleset does not allow, saying the range', () => {
    expect(() => Match.start(g, { players: 4, seed: 1 })).toThrow(MatchError);
    expect(() => Match.start(g, { players: 4, seed: 1 })).toThrow(/5–10 players, not 4/);
    expect(() => Match.start(g, { players: 5.5, seed: 1 })).toThrow(/not 5.5/);
  });

  it('refuses unknown options and values of the wrong type, naming them', () => {
    expect(() => Match.start(g, { players: 5, seed: 1, options: { handSise: 4 } })).toThrow(/unknown option 'handSise'.*handSize/);
    expect(() => Match.start(g, { players: 5, seed: 1, options: { handSize: '4' } })).toThrow(/option 'handSize' is a number, not "4"/);
    expect(() => Match.start(g, { players: 5, seed: 1, options: { handSize: Number.NaN } })).toThrow(/handSize/);
    // names that are Object members are just unknown names
    for (const k of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      expect(() => checkOptions(g, JSON.parse(`{"${k}": 1}`))).toThrow(new RegExp(`unknown option '${k}'`));
    }
  });

  it('types options written as text (NAME=VALUE), as a command line gives them', () => {
    expect(parseOptionAssignments(g, ['handSize=4', 'swapCardJoinsReveal=true'])).toEqual({ handSize: 4, swapCardJoinsReveal: true });
    expect(() => parseOptionAssignments(g, ['handSize=four'])).toThrow(/handSize is a number, not 'four'/);
    expect(() => parseOptionAssignments(g, ['handSize'])).toThrow(/NAME=VALUE/);
  });

  it('refuses a seat list of the wrong length or with an unknown bot', () => {
    expect(() => Match.start(g, { players: 5, seed: 1, bots: ['random'] })).toThrow(/one entry per seat \(5\)/);
    expect(() => Match.start(g, { players: 5, seed: 1, bots: ['random', 'random', 'random', 'random', 'clever' as BotKind] })).toThrow(/seat 5: 'clever' is not a bot/);
  });

  it("reads a seat list of kinds ('person' or a bot) into the match's bots and back, and watches as the table", () => {
    const kinds: SeatKind[] = [PERSON, 'greedy', PERSON, 'random', 'ismcts:50'];
    const bots = kinds.map(botOfSeat);
    expect(bots).toEqual([null, 'greedy', null, 'random', 'ismcts:50']);
    expect(bots.map(seatKindOf)).toEqual(kinds);
    const m = Match.start(g, { players: 5, seed: 1, bots });
    expect(m.nextPersonSeat() === null || kinds[m.nextPersonSeat()!] === PERSON).toBe(true);
    // the table's view is nobody's: no seat's hand is named in it, and it is not the designer's view of everything
    const table = m.view(TABLE_VIEW);
    expect(table.viewer).toBe(TABLE_VIEW);
    expect(JSON.stringify(table)).not.toBe(JSON.stringify({ ...m.view(ALL_SEEING), viewer: TABLE_VIEW }));
    expect([TABLE_VIEW, NO_PLAYER, ALL_SEEING]).toEqual([-1, -1, -2]);
  });
});

describe('Match play', () => {
  const g = babelBuilders();

  it('a match played by bots alone ends exactly as a batch playout with the same seed (one bot seeding)', () => {
    for (const bot of ['random', 'greedy'] as BotKind[]) {
      for (const seed of ['m:1', 'm:2']) {
        const m = Match.start(g, { players: 6, seed, bots: Array(6).fill(bot), log: false });
        m.runBots();
        const r = playout(g, { players: 6, seed, bot });
        expect(m.ended).toEqual(r.state.ended);
        expect(stateHash(m.state)).toBe(stateHash(r.state));
      }
    }
  });

  it('checks each action against the seat\'s open decision', () => {
    const m = Match.start(g, { players: 5, seed: 3 });
    const seat = m.seatsToAct()[0]!;
    const other = (seat + 1) % 5;
    const legal = m.legal(seat)[0]!;
    expect(() => m.act({ ...legal, player: other })).toThrow(IllegalAction);
    expect(() => m.act({ ...legal, step: 'round/nowhere' })).toThrow(/open decision is/);
    expect(() => m.act({ ...legal, choice: ['not an option'] })).toThrow(IllegalAction);
    expect(() => m.act({ player: 99, step: legal.step, choice: [] })).toThrow(/no seat 100/);
    expect(() => m.act(null as never)).toThrow(IllegalAction);
    expect(m.actions).toEqual([]);
    m.act(legal);
    expect(m.actions).toEqual([legal]);
  });

  it('rewinds to an earlier decision: the state is the replay of the first n actions, and bots then decide as they did', () => {
    const bots: (BotKind | null)[] = [null, 'greedy', 'random', 'greedy', 'random'];
    const m = Match.start(g, { players: 5, seed: 'rewind', bots });
    const hashes: string[] = [];
    const taken = () => m.actions.length;
    // play to the end, recording the state after every action
    hashes[0] = stateHash(m.state);
    while (!m.ended) {
      if (m.nextBotSeat() !== null) m.botAct();
      else m.act(m.legal(m.nextPersonSeat()!)[0]!);
      hashes[taken()] = stateHash(m.state);
    }
    const all = m.actions;
    for (const n of [0, 7, Math.floor(all.length / 2), all.length - 1]) {
      m.rewind(n);
      expect(m.actions).toEqual(all.slice(0, n));
      expect(stateHash(m.state)).toBe(hashes[n]);
      // the person plays as before: the game ends exactly as it did (bots' streams were rewound too)
      while (!m.ended) {
        if (m.nextBotSeat() !== null) m.botAct();
        else m.act(all[m.actions.length]!);
      }
      expect(m.actions).toEqual(all);
    }
  });

  it('exports a replay that the one checker reproduces, and flags a tampered one', () => {
    const m = Match.start(g, { players: 7, seed: 9, bots: Array(7).fill('random') });
    m.runBots();
    const r = JSON.parse(JSON.stringify(m.toReplay()));
    expect(Match.fromReplay(g, r).problems).toEqual([]);
    expect(Match.fromReplay(g, { ...r, finalHash: '0' }).problems.join()).toMatch(/final state differs/);
    expect(Match.fromReplay(g, { ...r, options: { nope: 1 } }).problems.join()).toMatch(/unknown option 'nope'/);
    expect(Match.fromReplay(g, { ...r, players: 3 }).problems.join()).toMatch(/5–10 players, not 3/);
    expect(Match.fromReplay(g, { nonsense: true }).problems.join()).toMatch(/not a babelkit replay/);
  });
});

describe('the engine\'s front door', () => {
  it('cli/, editor/src/, print/ and server/ import the engine only through engine/index (or index-node for Node)', () => {
    let out = '';
    try {
      out = execFileSync('grep', ['-rnE', "from '(\\.\\./)+engine/", 'cli', 'editor/src', 'print', 'server', 'bench/serve-load.ts', 'bench/serve-clients.ts'], { cwd: ROOT, encoding: 'utf8' });
    } catch (e) {
      out = String((e as { stdout?: string }).stdout ?? ''); // grep exits 1 when nothing matches
    }
    const bad = out.split('\n').filter((l) => l && !/engine\/index(-node)?\.js'/.test(l));
    expect(bad).toEqual([]);
    expect(out).toMatch(/engine\/index/); // the grep did find the front door itself
  });

  it('every bundled ruleset starts a match at its smallest and largest player count', () => {
    const files = ['', 'variants'].flatMap((d) => readdirSync(join(ROOT, 'rulesets', d)).filter((f) => /\.ya?ml$/.test(f)).map((f) => join(ROOT, 'rulesets', d, f)));
    expect(files.length).toBeGreaterThan(3);
    for (const f of files) {
      const g = loadGame(f, readFileSync(f, 'utf8'));
      for (const players of [g.minPlayers, g.maxPlayers]) {
        const m = Match.start(g, { players, seed: 1, bots: Array(players).fill('random') });
        m.runBots(50);
        expect(m.actions.length).toBeGreaterThan(0);
      }
    }
    expect(rulesetPath('babel-builders.yaml')).toMatch(/babel-builders/);
  });
});
