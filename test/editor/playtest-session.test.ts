// The playtest's game session (what the engine worker runs): a five-player Babel Builders game with one
// person's seat and four greedy bots, played to its end through the same calls the page makes; what the
// person is shown; undo only where nothing was revealed; replays export, check with the CLI, and import.

import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session, tableMeta } from '../../editor/src/playtest/session.js';
import { babelBuilders, ROOT } from '../helpers/game.js';
import { checkReplay, stateHash } from '../../engine/index.js';
import { view } from '../../engine/view.js';
import { cardVisibleTo } from '../../engine/visibility.js';
import type { SeatKind } from '../../editor/src/playtest/protocol.js';

const FIVE: SeatKind[] = ['person', 'greedy', 'greedy', 'greedy', 'greedy'];

/** Let bots move until a person must answer (or the game ends); returns that person's seat. */
function untilPerson(s: Session): number | null {
  while (!s.s.ended && s.nextBot()) s.botMove();
  return s.s.ended ? null : s.nextPerson();
}

/** The person's answer: the first options the prompt allows (at least one when it may be none). */
function firstPositions(s: Session, seat: number): number[] {
  const p = s.view(seat).prompt!;
  return Array.from({ length: Math.max(p.min, Math.min(1, p.max)) }, (_, i) => i);
}

describe('a playtest session', () => {
  it("plays a five-player game with four bots and one person's seat to its end, and its replay reproduces in the CLI", () => {
    const g = babelBuilders();
    const s = new Session(g, { players: 5, seed: 11, seats: FIVE });
    let personTurns = 0;
    for (let h = untilPerson(s); h !== null; h = untilPerson(s)) {
      expect(h).toBe(0);
      // the person is shown exactly their own view, and it hides every other seat's owner-only cards
      const v = s.view(h);
      expect(v).toEqual(view(s.s, g, 0));
      for (const z of g.zones.filter((z) => z.perPlayer && z.visibility.kind === 'owner')) {
        (v.zones[z.id] as { cards?: unknown[] }[]).forEach((zv, p) => {
          // another seat's owner-only cards are face down, unless turned up for everyone (a Deliberation reveal)
          if (p !== 0) for (const c of zv.cards ?? []) if (c !== null) expect(s.s.shown[(c as { e: number }).e]).toBe(1);
        });
      }
      s.act(h, firstPositions(s, h));
      personTurns++;
    }
    expect(s.s.ended).not.toBeNull();
    expect(s.s.ended!.truncated).toBe(false);
    expect(personTurns).toBeGreaterThan(0);
    const r = s.replay('rulesets/babel-builders.yaml');
    expect(checkReplay(g, r).ok).toBe(true);
    // the exported replay names the bundled ruleset by its path in the package: the CLI finds it from anywhere
    const dir = mkdtempSync(join(tmpdir(), 'bk-playtest-'));
    const file = join(dir, 'game.json');
    writeFileSync(file, JSON.stringify(r));
    const out = execFileSync(process.execPath, [join(ROOT, 'bin/babelkit.mjs'), 'replay', file], { cwd: dir, encoding: 'utf8' });
    expect(out).toContain(`reproduces — ${r.actions.length} actions, ending ${r.result.ending}`);
  });

  it("offers undo only when the last person's action revealed nothing, and undo then redo gives the same game", () => {
    const g = babelBuilders();
    let allowed = 0;
    const blocked = new Set<string>();
    for (const seed of [1, 2, 3]) {
      const s = new Session(g, { players: 5, seed, seats: FIVE });
      for (let h = untilPerson(s); h !== null; h = untilPerson(s)) {
        const u = s.undoState();
        if (u.can) {
          allowed++;
          const before = stateHash(s.s);
          const seen = s.view(h);
          const last = s.taken.filter((t) => t.action.player === h).pop()!.action;
          s.undo();
          // the decision undone is open again, and the table is as it was before it
          expect(s.nextPerson()).toBe(h);
          const p = s.view(h).prompt!;
          const positions = last.choice.map((x) => s.s.prompt ? s.s.prompt.options.indexOf(x) : s.s.simultaneous!.threads.find((t) => t.player === h)!.prompt!.options.indexOf(x));
          expect(positions.every((i) => i >= 0 && i < p.options.length)).toBe(true);
          s.act(h, positions);
          expect(untilPerson(s)).toBe(h);
          expect(stateHash(s.s)).toBe(before);
          expect(s.view(h)).toEqual(seen);
        } else if (u.why) blocked.add(u.why);
        s.act(h, firstPositions(s, h));
      }
    }
    expect(allowed).toBeGreaterThan(0);
    // a card coming into view (a draw, a reveal) or a shuffle blocks it
    expect([...blocked].some((w) => /card you had not seen|shuffle|decided since/.test(w))).toBe(true);
  });

  it('never allows undo once a card the person had not seen has come into view', () => {
    const g = babelBuilders();
    const s = new Session(g, { players: 5, seed: 4, seats: FIVE });
    for (let h = untilPerson(s); h !== null; h = untilPerson(s)) {
      if (s.undoState().can) {
        // every card the person sees now, they saw before their last action
        const u = (s as unknown as { m: { snaps: { state: typeof s.s }[] } }).m;
        const before = u.snaps[u.snaps.length - 1]!.state;
        for (let e = 0; e < s.s.loc.length; e++) if (cardVisibleTo(s.s, g, e, h)) expect(cardVisibleTo(before, g, e, h)).toBe(true);
      }
      s.act(h, firstPositions(s, h));
    }
  });

  it('restarts with the same seed to the same game', () => {
    const g = babelBuilders();
    const s = new Session(g, { players: 6, seed: 'table-3', seats: ['person', 'random', 'greedy', 'person', 'greedy', 'random'] });
    const h0 = untilPerson(s)!;
    const first = stateHash(s.s);
    s.act(h0, firstPositions(s, h0));
    untilPerson(s);
    s.restart();
    expect(untilPerson(s)).toBe(h0);
    expect(stateHash(s.s)).toBe(first);
  });

  it('imports a replay, steps through it and plays on from a chosen step', () => {
    const g = babelBuilders();
    const a = new Session(g, { players: 5, seed: 5, seats: FIVE });
    const hashes: string[] = [stateHash(a.s)];
    for (let h = untilPerson(a); h !== null; h = untilPerson(a)) a.act(h, firstPositions(a, h));
    const r = a.replay();
    // the states along the way, from the replay's own actions
    const b = new Session(g, { players: 5, seed: 0, seats: FIVE });
    expect(b.importReplay(JSON.stringify(r), FIVE)).toEqual([]);
    expect(stateHash(b.s)).toBe(stateHash(a.s));
    for (let k = 1; k <= 6; k++) {
      b.stepTo(k);
      hashes.push(stateHash(b.s));
      expect(b.taken.length).toBe(k);
    }
    b.stepTo(3);
    expect(stateHash(b.s)).toBe(hashes[3]);
    b.resume(['greedy', 'greedy', 'greedy', 'greedy', 'greedy']);
    while (!b.s.ended && b.nextBot()) b.botMove();
    expect(b.s.ended).not.toBeNull();
    expect(checkReplay(g, b.replay()).ok).toBe(true);
    expect(b.replay().actions.slice(0, 3)).toEqual(r.actions.slice(0, 3));
  });

  it('says what is wrong with a file that is not a replay of this ruleset', () => {
    const g = babelBuilders();
    const s = new Session(g, { players: 5, seed: 1, seats: FIVE });
    expect(() => s.importReplay('{"format":"other"}', FIVE)).toThrow(/not a babelkit replay: format is "other"/);
    expect(() => s.importReplay('not json', FIVE)).toThrow(/not a replay file/);
    const r = s.replay();
    const other = { ...r, ruleset: { ...r.ruleset, hash: 'ffffffffffffffff' } };
    expect(s.importReplay(JSON.stringify(other), FIVE)[0]).toMatch(/another version of the ruleset/);
  });

  it("describes the ruleset's public data for the table", () => {
    const m = tableMeta(babelBuilders());
    expect(m.zones.find((z) => z.id === 'tower')).toMatchObject({ columns: ['A', 'B', 'C'], rows: ['1', '2', '3'] });
    expect(m.cardTypes.block!.token).toBe(true);
    expect(m.cardTypes.blueprint!.gridFields).toEqual([{ field: 'targets', zone: 'tower' }]);
    expect(m.cardTypes.seal!.accent).toBe('#2f6e52');
    expect(m.vars.appointed!.kind).toBe('players');
    // cell counts as written in the ruleset, for drawing
    expect(m.cards['bp-01']!.fields.targets).toEqual({ C1: 3, B2: 8, A3: 3 });
  });
});

// the CLI still reports a ruleset it cannot find, with the way to name one
it('the CLI asks for --ruleset when a replay names a ruleset that is nowhere', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bk-playtest-'));
  const g = babelBuilders();
  const r = new Session(g, { players: 5, seed: 1, seats: FIVE }).replay('rulesets/no-such-game.yaml');
  writeFileSync(join(dir, 'r.json'), JSON.stringify(r));
  const res = spawnSync(process.execPath, [join(ROOT, 'bin/babelkit.mjs'), 'replay', join(dir, 'r.json')], { cwd: dir, encoding: 'utf8' });
  expect(res.status).toBe(1);
  expect(res.stderr).toMatch(/no-such-game\.yaml/);
});
