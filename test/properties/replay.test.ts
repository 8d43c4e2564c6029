// Replays: a recorded bot game replays to the same final state (same stateHash); a corrupted action is
// rejected with a message naming that action's number; a replay made with another ruleset hash is
// flagged; the views of a replay shown to a seat never show what the seat may not see (same checks as
// the live views); playouts are deterministic in (seed, bot) and different seeds give different games.
// A replay lists every answered decision, including the single-choice ones asked inside simultaneous steps
// or at steps that set `prompt.alwaysAsk` (Babel Builders' swap: round/swap-take, round/swap-give), which
// s.actions does not count, so it can be longer than s.actions.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Action } from '../../engine/model.js';
import { applyInPlace, choiceCount, newGame, promptOf } from '../../engine/flow.js';
import { cloneState } from '../../engine/state.js';
import { checkReplay, makeReplay, replayViews, stateHash, type Replay } from '../../engine/index.js';
import { playout, type BotKind } from '../../engine/sim/playout.js';
import { view } from '../../engine/view.js';
import { babelBuilders } from '../helpers/game.js';
import { playersArb, seedArb, viewProblems } from './support.js';

const g = babelBuilders();
const botArb = fc.constantFrom<BotKind>('random', 'greedy');

/**
 * Replays `actions` on a fresh game and sorts them by the decision open before each: `real` had at least
 * two legal choices (what s.actions counts), `forcedInside` had one and was open inside a simultaneous step
 * (asked all the same), `forcedAsked` had one outside a simultaneous step at an `alwaysAsk` step (asked all
 * the same), `forcedOutside` had one outside a simultaneous step elsewhere (the engine should have taken it).
 */
function decisionKinds(players: number, seed: number | string, actions: readonly Action[]): { real: number; forcedInside: number; forcedAsked: number; forcedOutside: number } {
  const s = newGame(g, { players, seed });
  const out = { real: 0, forcedInside: 0, forcedAsked: 0, forcedOutside: 0 };
  for (const a of actions) {
    const p = promptOf(s, a.player);
    expect(p, `no decision open for ${JSON.stringify(a)}`).not.toBeNull();
    if (choiceCount(p!) >= 2) out.real++;
    else if (s.simultaneous !== null) out.forcedInside++;
    else if (g.promptSteps[p!.key]!.prompt.alwaysAsk) out.forcedAsked++;
    else out.forcedOutside++;
    applyInPlace(s, g, a);
  }
  return out;
}

function recordedGame(players: number, seed: number | string, bot: BotKind): Replay {
  const r = playout(g, { players, seed, bot, record: true, log: false });
  expect(r.truncated).toBe(false);
  // every answered decision is recorded; s.actions counts only those that had a real alternative
  const kinds = decisionKinds(players, seed, r.recorded!);
  expect(kinds.real).toBe(r.actions);
  expect(kinds.forcedOutside).toBe(0);
  expect(r.recorded!.length).toBe(kinds.real + kinds.forcedInside + kinds.forcedAsked);
  return makeReplay(g, r.state, { seed, players, actions: r.recorded! });
}

/** A value that is certainly not among the options of the decision open before action `i`. */
function illegalChoice(replay: Replay, i: number): Action {
  const s = newGame(g, { players: replay.players, seed: replay.seed });
  for (let k = 0; k < i; k++) applyInPlace(s, g, replay.actions[k]!);
  const a = replay.actions[i]!;
  const p = promptOf(s, a.player)!;
  const bad = typeof p.options[0] === 'string' ? 'Z9' : 10_000 + i;
  expect(p.options).not.toContain(bad);
  const choice = a.choice.length ? [bad, ...a.choice.slice(1)] : [bad];
  return { ...a, choice };
}

describe('replays (Babel Builders)', () => {
  it('a recorded game replays to the identical final state', () => {
    fc.assert(
      fc.property(playersArb, seedArb, botArb, (players, seed, bot) => {
        const r = playout(g, { players, seed, bot, record: true, log: false });
        const replay = makeReplay(g, r.state, { seed, players, actions: r.recorded! });
        expect(replay.finalHash).toBe(stateHash(r.state));
        // survives a JSON round trip (replays are files)
        const back = JSON.parse(JSON.stringify(replay)) as Replay;
        const c = checkReplay(g, back);
        expect(c.problems).toEqual([]);
        expect(c.ok).toBe(true);
        expect(stateHash(c.state!)).toBe(stateHash(r.state));
        expect(c.state!.ended).toEqual(r.state.ended);
        // with a log the replayed state is the same too
        const withLog = checkReplay(g, back, true);
        expect(withLog.ok).toBe(true);
        expect(stateHash(withLog.state!)).toBe(replay.finalHash);
      }),
      { numRuns: 40 },
    );
  });

  it('a corrupted action is rejected, naming its number', () => {
    fc.assert(
      fc.property(playersArb, seedArb, botArb, fc.nat(), (players, seed, bot, k) => {
        const replay = recordedGame(players, seed, bot);
        const i = k % replay.actions.length;
        const actions = replay.actions.slice();
        actions[i] = illegalChoice(replay, i);
        const c = checkReplay(g, { ...replay, actions });
        expect(c.ok).toBe(false);
        expect(c.problems.length).toBe(1);
        const m = /^action (\d+) /.exec(c.problems[0]!);
        expect(m, c.problems[0]).not.toBeNull();
        expect(Number(m![1])).toBe(i + 1);
        expect(c.problems[0]).toMatch(/not legal/);
      }),
      { numRuns: 40 },
    );
  });

  it('forced decisions (inside simultaneous steps, or at alwaysAsk steps) are part of the replay: corrupting or dropping one is caught', () => {
    let forcedSeen = 0;
    let askedTested = 0; // runs that corrupted / dropped a forced decision of an `alwaysAsk` step (the swap)
    fc.assert(
      fc.property(playersArb, seedArb, botArb, fc.nat(), (players, seed, bot, k) => {
        const replay = recordedGame(players, seed, bot);
        // indices of recorded actions whose decision had a single legal choice (inside a simultaneous
        // step, or outside one at a step that sets `alwaysAsk`)
        const s = newGame(g, { players, seed });
        const forced: number[] = [];
        const asked: number[] = [];
        replay.actions.forEach((a, i) => {
          const p = promptOf(s, a.player)!;
          if (choiceCount(p) === 1) {
            forced.push(i);
            if (s.simultaneous === null) {
              expect(g.promptSteps[p.key]!.prompt.alwaysAsk, `forced decision ${i + 1} (${a.step}) asked outside a simultaneous step`).toBe(true);
              asked.push(i);
            }
          }
          applyInPlace(s, g, a);
        });
        fc.pre(forced.length > 0);
        forcedSeen++;
        // in two runs out of three, prefer a forced swap decision when the game had one
        const pool = k % 3 !== 0 && asked.length ? asked : forced;
        const i = pool[Math.floor(k / 3) % pool.length]!;
        if (asked.includes(i)) askedTested++;
        // another choice than the only legal one is rejected, naming the action
        const bad = replay.actions.slice();
        bad[i] = illegalChoice(replay, i);
        const c = checkReplay(g, { ...replay, actions: bad });
        expect(c.ok).toBe(false);
        expect(c.problems.length).toBe(1);
        expect(c.problems[0]).toMatch(new RegExp(`^action ${i + 1} .*not legal`));
        // leaving it out is not silently filled in by the engine
        const dropped = checkReplay(g, { ...replay, actions: replay.actions.filter((_, j) => j !== i) });
        expect(dropped.ok).toBe(false);
      }),
      { numRuns: 25 },
    );
    expect(forcedSeen).toBeGreaterThan(10); // most games have one (the Messenger, a Zealot)
    expect(askedTested).toBeGreaterThan(0);
  });

  it('a changed action that is still legal is caught by the final hash or result', () => {
    // drop the last action: the replay stops early, so the result/hash no longer match
    fc.assert(
      fc.property(playersArb, seedArb, (players, seed) => {
        const replay = recordedGame(players, seed, 'random');
        const c = checkReplay(g, { ...replay, actions: replay.actions.slice(0, -1) });
        expect(c.ok).toBe(false);
        expect(c.problems.join('\n')).toMatch(/final state differs|result differs/);
      }),
      { numRuns: 15 },
    );
  });

  it('a replay of another ruleset hash is flagged', () => {
    fc.assert(
      fc.property(playersArb, seedArb, fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 16, maxLength: 16 }), (players, seed, other) => {
        fc.pre(other !== g.hash);
        const replay = recordedGame(players, seed, 'random');
        const c = checkReplay(g, { ...replay, ruleset: { ...replay.ruleset, hash: other } });
        expect(c.ok).toBe(false);
        expect(c.problems.length).toBe(1);
        expect(c.problems[0]).toMatch(/hash/);
        expect(c.problems[0]).toContain(other);
      }),
      { numRuns: 15 },
    );
  });

  it('replays shown to a seat never show what the seat may not see', () => {
    fc.assert(
      fc.property(playersArb, seedArb, botArb, fc.nat(), (players, seed, bot, k) => {
        const replay = recordedGame(players, seed, bot);
        const viewer = k % players;
        const views = replayViews(g, replay, viewer);
        expect(views.length).toBe(replay.actions.length + 1);
        // replay the states alongside and check each view against its state
        const s = newGame(g, { players, seed, log: true });
        views.forEach((v, i) => {
          if (i > 0) applyInPlace(s, g, replay.actions[i - 1]!);
          const problems = viewProblems(s, g, viewer, v);
          if (problems.length) throw new Error(`replay view ${i} for seat ${viewer}:\n${problems.join('\n')}`);
          expect(v).toEqual(view(s, g, viewer));
        });
        expect(stateHash(s)).toBe(replay.finalHash);
      }),
      { numRuns: 20 },
    );
  });

  // stateHash covers the whole state but the log: besides zones, roles and variables, the random stream,
  // the flow position, the bindings, the open decisions, the deal and the step count. A replay that ends
  // in the same cards and variables but at another point of the flow, or with the random stream drawn
  // differently, no longer passes for the same game.
  it('the state hash covers everything but the log', () => {
    fc.assert(
      fc.property(playersArb, seedArb, botArb, fc.nat(), (players, seed, bot, k) => {
        const replay = recordedGame(players, seed, bot);
        const s = newGame(g, { players, seed, log: true });
        const stop = k % replay.actions.length; // a state with a decision open
        for (let i = 0; i < stop; i++) applyInPlace(s, g, replay.actions[i]!);
        expect(s.ended).toBeNull();
        const h = stateHash(s);
        const changed = (what: string, f: (t: typeof s) => void) => {
          const t = cloneState(s);
          f(t);
          expect(stateHash(t), what).not.toBe(h);
        };
        // the log is not part of it
        const noLog = cloneState(s);
        noLog.log = null;
        expect(stateHash(noLog)).toBe(h);
        expect(stateHash(cloneState(s))).toBe(h);
        changed('random stream', (t) => { t.rng[k % t.rng.length] = (t.rng[k % t.rng.length]! ^ 1) >>> 0; });
        changed('step count', (t) => { t.steps++; });
        changed('flow position', (t) => { t.stack[t.stack.length - 1]!.i++; });
        changed('bindings', (t) => { t.bindings.push(-7); });
        changed('options', (t) => { t.options.push(-7); });
        if (s.prompt) changed('open decision', (t) => { t.prompt!.max++; });
        if (s.simultaneous) changed('open decisions of a simultaneous step', (t) => { t.simultaneous!.threads[0]!.i++; });
        const a = s.dealtRoles.findIndex((r) => r !== s.dealtRoles[0]);
        changed('the deal', (t) => { t.dealtRoles[0] = s.dealtRoles[a]!; t.dealtRoles[a] = s.dealtRoles[0]!; });
        // and a replay is checked against it: no earlier state of the game has the recorded final hash
        expect(h).not.toBe(replay.finalHash);
      }),
      { numRuns: 20 },
    );
  });

  it('playouts are deterministic in (seed, bot)', () => {
    fc.assert(
      fc.property(playersArb, seedArb, botArb, (players, seed, bot) => {
        const a = playout(g, { players, seed, bot, record: true });
        const b = playout(g, { players, seed, bot, record: true });
        expect(b.recorded).toEqual(a.recorded);
        expect(stateHash(b.state)).toBe(stateHash(a.state));
        expect(b.state.ended).toEqual(a.state.ended);
        // and logging does not change the game
        const c = playout(g, { players, seed, bot, record: true, log: true });
        expect(c.recorded).toEqual(a.recorded);
        expect(stateHash(c.state)).toBe(stateHash(a.state));
      }),
      { numRuns: 30 },
    );
  });

  it('different seeds give different games', () => {
    fc.assert(
      fc.property(playersArb, botArb, fc.uniqueArray(seedArb, { minLength: 10, maxLength: 10, selector: (x) => `${typeof x}:${x}` }), (players, bot, seeds) => {
        const games = seeds.map((seed) => playout(g, { players, seed, bot, record: true }));
        const distinctHashes = new Set(games.map((r) => stateHash(r.state))).size;
        const distinctActions = new Set(games.map((r) => JSON.stringify(r.recorded))).size;
        expect(distinctHashes).toBeGreaterThanOrEqual(9);
        expect(distinctActions).toBeGreaterThanOrEqual(9);
      }),
      { numRuns: 10 },
    );
  });
});
