// Views of a game in progress with each seat's log rendered as its entries arrive (engine/view-log.ts), and a page
// sent only the lines it does not have yet (logFrom/logSent): what the served match and the editor's playtest
// do. At every decision of real games, each seat's view must be the engine's own view, and the log a page puts
// together from what it was sent must be the whole log; after a rewind (the log replaced) too.
import { describe, expect, it } from 'vitest';
import { Match } from '../../engine/match.js';
import { view } from '../../engine/view.js';
import { SeatLogs, logFrom, logSent, type LogSent } from '../../engine/view-log.js';
import { ALL_SEEING, TABLE_VIEW } from '../../engine/seats.js';
import { loadGame, rulesetPath } from '../helpers/game.js';
import type { Game } from '../../engine/model.js';
import type { PlayerView } from '../../engine/view.js';

/** A page: the lines it was sent so far, put together as the playtest page does. */
class Page {
  log: string[] = [];
  lines: PlayerView['lines'] = [];
  sent: LogSent | null = null;
  linesSent = 0;
  receive(seat: number, now: ReturnType<SeatLogs['view']>): void {
    const from = logFrom(this.sent, seat, now);
    this.sent = logSent(seat, now);
    const log = now.view.log.slice(from);
    this.linesSent += log.length;
    this.log = this.log.slice(0, from).concat(log);
    this.lines = this.lines.slice(0, from).concat(now.view.lines.slice(from));
  }
}

const SEATS = [TABLE_VIEW, 0, 1, ALL_SEEING];

function check(m: Match, g: Game, logs: SeatLogs, pages: Page[]): number {
  let whole = 0;
  SEATS.forEach((seat, k) => {
    const now = logs.view(m.state, g, seat);
    const want = view(m.state, g, seat);
    expect(now.view).toEqual(want);
    pages[k]!.receive(seat, now);
    expect(pages[k]!.log).toEqual(want.log);
    expect(pages[k]!.lines).toEqual(want.lines);
    whole += want.log.length;
  });
  return whole;
}

describe('a log rendered as it grows, sent as it grows', () => {
  for (const [file, players, seed] of [['babel-builders.yaml', 5, 3], ['7-wonders.yaml', 3, 4]] as const) {
    it(`${file}: every seat's view at every decision is the engine's own, and a page rebuilds the whole log`, () => {
      const g = loadGame(rulesetPath(file));
      const m = Match.start(g, { players, seed, bots: Array.from({ length: players }, () => 'greedy'), log: true });
      const logs = new SeatLogs();
      const pages = SEATS.map(() => new Page());
      let whole = check(m, g, logs, pages);
      let decisions = 0;
      while (!m.ended && decisions < 40) {
        m.botAct();
        decisions++;
        whole += check(m, g, logs, pages);
      }
      // each page was sent its lines about once (a line that grows is sent again), not the whole log every time
      const sent = pages.reduce((n, p) => n + p.linesSent, 0);
      const final = SEATS.reduce((n, seat) => n + view(m.state, g, seat).log.length, 0);
      expect(sent).toBeLessThan(final + 2 * SEATS.length * decisions);
      expect(sent * 5).toBeLessThan(whole);

      // back to an earlier point: the log is replaced, and rendered and sent again from its start
      const before = pages.map((p) => p.sent!.generation);
      m.rewind(Math.floor(decisions / 3));
      check(m, g, logs, pages);
      pages.forEach((p, k) => expect(p.sent!.generation).not.toBe(before[k]));
      for (let k = 0; k < 5 && !m.ended; k++) { m.botAct(); check(m, g, logs, pages); }
    });
  }

  it('sends the last line again when a later entry continues it, and nothing else twice', () => {
    const now = (log: string[], generation = 1) => ({ view: { log } as PlayerView, generation });
    const a = now(['Round 1', 'Ann plays']);
    const sent = logSent(0, a);
    expect(logFrom(sent, 0, now(['Round 1', 'Ann plays', 'Bob draws']))).toBe(2);
    expect(logFrom(sent, 0, now(['Round 1', 'Ann plays a Seal', 'Bob draws']))).toBe(1);
    expect(logFrom(sent, 1, now(['Round 1', 'Ann plays', 'Bob draws']))).toBe(0); // another seat's log
    expect(logFrom(sent, 0, now(['Round 1', 'Ann plays', 'Bob draws'], 2))).toBe(0); // another generation
    expect(logFrom(sent, 0, now(['Round 1']))).toBe(0); // shorter than what was sent
    expect(logFrom(null, 0, a)).toBe(0);
  });
});
