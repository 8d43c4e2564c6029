// Rule 19 — anonymity of the cards handed to the Master (rulebook §5.2.1–2: cards are given face down
// and the Master shuffles them; in the ruleset the `received` zone is anonymous: "no view or log says
// who handed which"). Also the secrecy of what reached the Master.

import { describe, expect, it } from 'vitest';
import { act, cardsIn, getVar, options, roleOf, stepOf, view } from '../helpers/game.js';
import { A, M, Z, arrange, logSince, mark, select } from './bb.js';
import { renderLogLines } from '../../engine/view.js';

const HANDS = (): Record<number, string[]> => ({
  0: ['i3-A1', 'seal', 'i1-row3'],
  1: ['i3-B2', 'i1-colA', 'i1-colB'],
  2: ['lightning', 'i1-row1', 'i1-row2'],
  3: ['i2-A1A2', 'i2-A2A3', 'storm'],
  4: ['i2-B1B2', 'i2-B2B3', 'deliberation'],
});
const PLAYED_NAMES = ['3 blocks: B2', 'Lightning', '2 blocks: A1/A2'];

describe('Rule 19 — anonymity of the received cards', () => {
  it('the log lines rendered for the Master name no card for the move from staged to received, nor who handed what', () => {
    const { g, s } = arrange({ players: 5, roles: [A, A, M, A, A], master: 0, hands: HANDS() });
    act(s, g, 0, 1, 2, 3);
    const from = mark(s);
    select(s, g, 1, 'i3-B2', 'i1-colA');
    select(s, g, 2, 'lightning', 'i1-row1');
    select(s, g, 3, 'i2-A1A2', 'i2-A2A3');
    expect(stepOf(s, g, 0)).toBe('round/swap-take');
    const lines = logSince(s, g, 0, from);
    const handing = (ls: string[]) => ls.filter((l) => / hands | receives /.test(l));
    expect(handing(lines)).toEqual([
      'Player 2 hands a card to the Master face down.',
      'Player 3 hands a card to the Master face down.',
      'Player 4 hands a card to the Master face down.',
      'Player 1 receives 3 cards, shuffled.',
    ]);
    for (const l of lines) for (const name of PLAYED_NAMES) expect(l).not.toContain(name);
    // a bystander reads the same anonymous lines; an architect recognises only their own card
    expect(handing(logSince(s, g, 4, from))).toEqual(handing(lines));
    expect(handing(logSince(s, g, 1, from))).toEqual([
      'Player 2 hands 3 blocks: B2 to the Master face down.',
      'Player 3 hands a card to the Master face down.',
      'Player 4 hands a card to the Master face down.',
      'Player 1 receives 3 cards, shuffled.',
    ]);
    for (const l of logSince(s, g, 1, from)) for (const name of PLAYED_NAMES.slice(1)) expect(l).not.toContain(name);
    // the Master's view shows the cards, with nothing that ties them to a seat
    const recv = (view(s, g, 0).zones as any).received.cards as any[];
    expect(recv.map((c) => c.id).sort()).toEqual(['i2-A1A2', 'i3-B2', 'lightning']);
    for (const c of recv) expect(Object.keys(c).sort()).toEqual(['e', 'id', 'name', 'type']);
    // nobody else sees them
    for (const viewer of [1, 2, 3, 4]) expect((view(s, g, viewer).zones as any).received).toEqual({ count: 3 });
  });

  it('the received cards are shuffled on arrival (their order does not always follow the seats)', () => {
    let differs = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const { g, s } = arrange({ players: 5, seed, roles: [A, A, M, A, A], master: 0, hands: HANDS() });
      act(s, g, 0, 1, 2, 3);
      select(s, g, 1, 'i3-B2', 'i1-colA');
      select(s, g, 2, 'lightning', 'i1-row1');
      select(s, g, 3, 'i2-A1A2', 'i2-A2A3');
      if (cardsIn(s, g, 'received').join() !== 'i3-B2,lightning,i2-A1A2') differs++;
    }
    expect(differs).toBeGreaterThan(0);
  });

  // Formerly a bug (ruleset, then engine): the Messenger's (and a two-card Zealot's) Divine Punishment
  // card was handed over by a `forced` do-step, with no "Player N has chosen (play)" line;
  // and once folded into the play prompt, the single-option play was still answered at once, inside the
  // Master's appointment action, before anyone else could act. Now the play prompt offers the forced
  // cards as its only option and, inside a simultaneous step, every decision is asked — so the
  // Messenger is asked, waited for and logged like everyone else. Rulebook §5.2.1: the play card is
  // given to the Master face down; the ruleset's `received` zone: "no view or log says who handed which".
  it('the Master’s log does not single out the architect who handed a Divine Punishment card', () => {
    const h = HANDS();
    h[2] = ['punishment', 'i1-row1', 'i1-row2'];
    const { g, s } = arrange({ players: 5, roles: [A, A, M, A, A], master: 0, hands: h });
    act(s, g, 0, 1, 2, 3);
    const from = mark(s);
    // the Messenger is asked to play, like the others, with the card they must pass as the only option
    expect(stepOf(s, g, 2)).toBe('round/select/play');
    expect(options(s, g, 2)).toEqual(['punishment']);
    expect(cardsIn(s, g, 'staged', 2)).toEqual([]);
    select(s, g, 1, 'i3-B2', 'i1-colA');
    select(s, g, 2, 'punishment', 'i1-row1');
    select(s, g, 3, 'i2-A1A2', 'i2-A2A3');
    expect(cardsIn(s, g, 'hand', 0)).not.toContain('punishment');
    // the Master is asked to take the Divine Punishment card (the only option), like any other take
    expect(stepOf(s, g, 0)).toBe('round/swap-take');
    expect(options(s, g, 0)).toEqual(['punishment']);
    const lines = logSince(s, g, 0, from);
    expect(lines).toContain('Player 3 hands a card to the Master face down.');
    const perSeat = [1, 2, 3].map((p) => lines.filter((l) => l.startsWith(`Player ${p + 1} `)).map((l) => l.replace(/Player \d+/g, 'P')));
    // every appointed architect leaves the same trace in the Master's log
    expect(perSeat[0]).toEqual(['P hands a card to the Master face down.', 'P discards a card face down.']);
    expect(perSeat[1]).toEqual(perSeat[0]);
    expect(perSeat[2]).toEqual(perSeat[0]);
    // and the card is not named on its way to `staged`, to the Master or to a bystander
    for (const viewer of [0, 4]) {
      for (const l of logSince(s, g, viewer, from)) if (l.startsWith('Player 3 ') || l.includes('receives')) expect(l).not.toContain('Divine Punishment');
    }
  });

  // The same, read from the views (the former bug showed staged[Player 3] = 1 and hand[Player 3] = 2 to
  // everyone right after the appointment): nothing the Master or a bystander sees may depend on whether
  // the Messenger holds a Divine Punishment card.
  it('right after the appointment, no view tells whether an appointed architect holds a Divine Punishment card', () => {
    const afterAppoint = (messengerHand: string[], viewer: number) => {
      const h = HANDS();
      h[2] = messengerHand;
      const { g, s } = arrange({ players: 5, roles: [A, A, M, A, A], master: 0, hands: h });
      const from = mark(s);
      act(s, g, 0, 1, 2, 3);
      const v = view(s, g, viewer);
      const z = v.zones as any;
      // the zones the selection touches (the public box differs only by how the test arranged the hands)
      return { hand: z.hand, staged: z.staged, discarded: z.discarded, received: z.received, waiting: v.waiting, log: logSince(s, g, viewer, from) };
    };
    for (const viewer of [0, 4]) {
      expect(afterAppoint(['punishment', 'i1-row1', 'i1-row2'], viewer)).toEqual(afterAppoint(['lightning', 'i1-row1', 'i1-row2'], viewer));
    }
  });

  // Formerly a bug (ruleset, with the engine's views): the variable `punishmentsIn` was shown in every
  // player's view, so everyone learnt that a Divine Punishment card reached the Master — and so that an
  // Architect Master had just become a Zealot. It is now visible to the Master only. Rulebook §5.2: the
  // Master checks the received cards privately; one Divine Punishment card is exchanged face down and
  // only two or more are revealed.
  it('a bystander cannot tell whether a Divine Punishment card reached the Master', () => {
    const play = (messengerHand: string[]) => {
      const h = HANDS();
      h[2] = messengerHand;
      const { g, s } = arrange({ players: 5, roles: [A, A, M, A, A], master: 0, hands: h });
      act(s, g, 0, 1, 2, 3);
      select(s, g, 1, 'i3-B2', 'i1-colA');
      if (stepOf(s, g, 2) === 'round/select/play') act(s, g, 2, messengerHand[0]!);
      act(s, g, 2, 'i1-row1');
      select(s, g, 3, 'i2-A1A2', 'i2-A2A3');
      return { g, s };
    };
    const withDp = play(['punishment', 'i1-row1', 'i1-row2']);
    const without = play(['lightning', 'i1-row1', 'i1-row2']);
    const bystander = (r: { g: any; s: any }) => view(r.s, r.g, 4); // seat 5: not appointed, not the Master
    expect(bystander(withDp).prompt).toBeNull();
    expect(bystander(withDp).vars).toEqual(bystander(without).vars);
    expect(bystander(withDp).vars).not.toHaveProperty('punishmentsIn');
    // the Master, who checks the received cards, does know
    expect((view(withDp.s, withDp.g, 0).vars as any).punishmentsIn).toBe(1);
    expect((view(without.s, without.g, 0).vars as any).punishmentsIn).toBe(0);
  });

  // Formerly a bug (engine and ruleset): the take was answered at once when a single Divine Punishment
  // card had arrived (its only legal choice), so everyone read "Player 1 chose a card (swap take)"
  // in the same action as the last architect's choice and saw the Master asked only what to give up:
  // a bystander learnt that a Divine Punishment card reached the Master (and that an Architect Master
  // was about to turn). `alwaysAsk` on round/swap-take and round/swap-give now asks the Master in every
  // case. Rulebook §5.2: one Divine Punishment card is exchanged face down.
  it('with one Divine Punishment card received, a bystander sees the same as with none (the Master is asked in both cases)', () => {
    // 6 seats: Master 1, appointed 2–4 (seat 3 the Messenger), the bystander is seat 5. The two tables hold
    // the same cards; only the Messenger's Lightning and seat 6's Divine Punishment card change places
    // (seat 6, holding it, is a Zealot), so the public box is the same and seat 5 cannot tell them apart.
    const play = (dp: boolean) => {
      const { g, s } = arrange({
        players: 6, roles: [A, A, M, A, A, dp ? A : Z], master: 0,
        hands: {
          0: ['i3-A1', 'seal', 'i1-row3'],
          1: ['i3-B2', 'i1-colA', 'i1-colB'],
          2: [dp ? 'punishment' : 'lightning', 'i1-row1', 'i1-row2'],
          3: ['i2-A1A2', 'i2-A2A3', 'storm'],
          4: ['i2-B1B2', 'i2-B2B3', 'deliberation'],
          5: [dp ? 'lightning' : 'punishment', 'i2-C1C2', 'i2-C2C3'],
        },
      });
      const from = mark(s);
      act(s, g, 0, 1, 2, 3);
      select(s, g, 1, 'i3-B2', 'i1-colA');
      select(s, g, 3, 'i2-A1A2', 'i2-A2A3');
      select(s, g, 2, dp ? 'punishment' : 'lightning', 'i1-row1'); // the last architect's choice
      return { g, s, from };
    };
    // the bystander's whole view, with the log read from the end of the arrangement (the arrangement
    // itself moved cards out of the public box, which the full log names)
    const seen = (r: ReturnType<typeof play>, viewer: number) => ({ ...view(r.s, r.g, viewer), log: logSince(r.s, r.g, viewer, r.from), lines: renderLogLines(r.s.log!.slice(r.from), r.s, r.g, viewer) });
    const withDp = play(true);
    const without = play(false);
    expect(getVar(withDp.s, withDp.g, 'punishmentsIn')).toBe(1);
    expect(getVar(without.s, without.g, 'punishmentsIn')).toBe(0);
    // the Master is asked to take in both cases: the Divine Punishment card is the only option with one
    expect(stepOf(withDp.s, withDp.g, 0)).toBe('round/swap-take');
    expect(options(withDp.s, withDp.g, 0)).toEqual(['punishment']);
    expect(stepOf(without.s, without.g, 0)).toBe('round/swap-take');
    expect((options(without.s, without.g, 0) as string[]).sort()).toEqual(['i2-A1A2', 'i3-B2', 'lightning']);
    const bystander = 4;
    expect(seen(withDp, bystander)).toEqual(seen(without, bystander));
    expect(seen(withDp, bystander).waiting).toEqual([0]);
    expect(seen(withDp, bystander).prompt).toBeNull();
    expect(seen(withDp, bystander).log.join('\n')).not.toContain('swap-take');
    // the same once the Master has answered both swap decisions (taking the card the Messenger handed)
    act(withDp.s, withDp.g, 0, 'punishment');
    act(without.s, without.g, 0, 'lightning');
    expect(stepOf(withDp.s, withDp.g, 0)).toBe('round/swap-give');
    expect(stepOf(without.s, without.g, 0)).toBe('round/swap-give');
    expect(seen(withDp, bystander)).toEqual(seen(without, bystander));
    act(withDp.s, withDp.g, 0, 'seal');
    act(without.s, without.g, 0, 'seal');
    expect(roleOf(withDp.s, withDp.g, 0)).toBe(Z); // the Architect Master has turned, privately
    expect(roleOf(without.s, without.g, 0)).toBe(A);
    expect(seen(withDp, bystander)).toEqual(seen(without, bystander));
    expect(seen(withDp, bystander).log).toEqual(expect.arrayContaining(['Player 1 takes a card into their hand and gives up a card.']));
  });
});
