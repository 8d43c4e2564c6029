// The playtest's engine, off the page's thread: loads the ruleset, runs the game and the bots, and sends
// the page only what the seat in front of the screen may see (PlaytestApi in protocol.ts).

import '../shared/schema-check.js';
import { TABLE_VIEW, loadRulesetText, logFrom, logSent, playerName, type Game, type LogSent } from '../../../engine/index.js';
import { Session, tableMeta } from './session.js';
import { BUNDLED } from '../bundled.js';
import { serve } from '../shared/rpc-serve.js';
import { imageReaderOf, readerOf, type RulesetSource } from '../shared/source.js';
import { applyCompileSetting } from '../shared/compile-setting.js';
import type { LoadResult, PlaytestApi, Problem, ReplayExport, StartRequest } from './protocol.js';

// the rulesets as shipped: an exported replay names a bundled ruleset only when the game used it unchanged
const shipped = BUNDLED;

let game: Game | null = null;
let session: Session | null = null;
let req: StartRequest | null = null;
/** the person's seat whose screen is showing (TABLE_VIEW: the table, when no person plays; null: waiting for the
 *  next person to take the device) */
let viewer: number | null = TABLE_VIEW;
let botDelay = 0;
/** bumped by every command that changes the game, so a pending bot turn from before is dropped */
let generation = 0;
/** the seat an imported replay is watched as (TABLE_VIEW: the table) */
let watchAs = TABLE_VIEW;
/** designer mode: the views show the whole table */
let designer = false;
/** the log key of a designer's view of seat p (DESIGNER_KEY - p): below every seat's own, the table's included */
const DESIGNER_KEY = -1000;

function load(r: RulesetSource): { game: Game | null; result: LoadResult } {
  const read = readerOf(r.files);
  const text = read(r.path);
  if (text === undefined) {
    return { game: null, result: { meta: null, problems: [{ file: r.path, line: 1, col: 1, severity: 'error', message: `no file '${r.path}' to play` }] } };
  }
  applyCompileSetting(r);
  const res = loadRulesetText(r.path, text, read, { readImage: imageReaderOf(r.images) });
  const problems: Problem[] = res.diagnostics.map((d) => ({ file: d.file, line: d.line, col: d.col, severity: d.severity, message: d.message }));
  return { game: res.game ?? null, result: { meta: res.game ? tableMeta(res.game) : null, problems } };
}

/** What the page was last sent of the log (it keeps those lines: a view sends only the lines after them). */
let sent: LogSent | null = null;

function showView(seat: number): void {
  const s = session!;
  const u = s.undoState();
  const bot = s.nextBot();
  const now = s.seatView(seat, designer);
  // a designer's view of a seat and the seat's own view are different logs
  const key = designer ? DESIGNER_KEY - seat : seat;
  const from = logFrom(sent, key, now);
  sent = logSent(key, now);
  emit('view', {
    seat,
    view: { ...now.view, log: now.view.log.slice(from), lines: now.view.lines.slice(from) },
    logFrom: from,
    info: {
      seats: s.setup.seats.slice(),
      seed: s.setup.seed,
      // every decision asked, forced or not: how many had a real alternative is not told (a forced play
      // inside a simultaneous step is a secret)
      actions: s.taken.length,
      canUndo: u.can,
      undoBlocked: u.why,
      thinking: bot ? bot.player : null,
      replay: s.imported ? { at: s.taken.length, of: s.imported.actions.length, problems: s.imported.problems.slice() } : undefined,
    },
  });
}

/** Runs `f` later, unless a command changed the game meanwhile; a failure is told to the page as an event
 * (no call is open to fail, and the worker must not die of it). */
function later(gen: number, ms: number, f: () => void): void {
  setTimeout(() => {
    if (gen !== generation) return;
    try {
      f();
    } catch (e) {
      emit('error', { message: e instanceof Error ? e.message : String(e) });
    }
  }, ms);
}

/** Run bots until a person must answer or the game ends; with a delay, one bot move per tick. */
function pump(): void {
  const s = session!;
  const gen = generation;
  const t0 = performance.now();
  for (;;) {
    if (s.imported) { showView(watchAs); return; }
    if (s.s.ended) { showView(viewer ?? TABLE_VIEW); return; }
    if (s.nextBot()) {
      if (botDelay > 0) {
        if (viewer !== null) showView(viewer);
        later(gen, botDelay, () => { s.botMove(); pump(); });
        return;
      }
      s.botMove();
      // yield now and then so that a restart or another command is not kept waiting
      if (performance.now() - t0 > 40) { later(gen, 0, pump); return; }
      continue;
    }
    const h = s.nextPerson();
    if (h === null) { emit('error', { message: 'nobody has a decision open, yet the game has not ended' }); return; }
    if (s.people.length > 1 && h !== viewer) {
      viewer = null;
      emit('handoff', { seat: h });
      return;
    }
    viewer = h;
    showView(h);
    return;
  }
}

function begin(): void {
  const s = session!;
  generation++;
  viewer = s.people.length === 0 ? TABLE_VIEW : s.people.length === 1 ? s.people[0]! : null;
  pump();
}

function exportReplay(): ReplayExport {
  const s = session!;
  const r = req!;
  const base = shipped[r.path];
  const pristine = base !== undefined && loadRulesetText(r.path, base, readerOf(shipped)).game?.hash === game!.hash;
  // a bundled ruleset is named by its path in the package (the CLI finds it there); an edited one must be
  // saved beside the replay under its own file name
  const rulesetFile = pristine ? r.path : r.path.slice(r.path.lastIndexOf('/') + 1);
  const replay = s.replay(rulesetFile);
  const seed = String(s.setup.seed).replace(/[^\w.-]+/g, '_');
  return { replay, fileName: `${game!.id}-seed-${seed}-replay.json`, bundled: pristine, rulesetFile };
}

/** The game in progress, for the commands that need one. */
function current(): Session {
  if (!session) throw new Error('start a game first');
  return session;
}

const { emit } = serve<PlaytestApi>({
  load: (r) => load(r).result,
  start(r) {
    generation++;
    req = r;
    botDelay = r.botDelay;
    const { game: g, result } = load(r);
    game = g;
    session = g ? new Session(g, { players: r.players, seed: r.seed, seats: r.seats, options: r.options }) : null;
    if (session) begin();
    return result;
  },
  setDelay(r) {
    botDelay = r.botDelay;
  },
  act({ seat, positions }) {
    const s = current();
    if (seat !== viewer) throw new Error(`it is not ${playerName(seat)}'s screen`);
    generation++;
    s.act(seat, positions);
    pump();
  },
  ready() {
    const s = current();
    if (viewer !== null) return;
    viewer = s.nextPerson();
    pump();
  },
  undo() {
    const s = current();
    generation++;
    s.undo();
    pump();
  },
  designer({ on }) {
    designer = on;
    if (session) pump();
  },
  rewind({ to }) {
    const s = current();
    if (!designer) throw new Error('rewinding is for designer mode');
    generation++;
    s.rewind(to);
    // a rewound game may be back before the people's turn order: take the next person's screen
    viewer = s.people.length === 1 ? s.people[0]! : s.people.length === 0 ? TABLE_VIEW : s.nextPerson();
    pump();
  },
  restart() {
    current().restart();
    begin();
  },
  exportReplay() {
    current();
    return exportReplay();
  },
  importReplay(r) {
    generation++;
    req = { ...r, players: 0, seed: 0, options: {} };
    botDelay = r.botDelay;
    const { game: g, result } = load(r);
    game = g;
    session = null;
    if (!g) return result;
    const ses = new Session(g, { players: g.minPlayers, seed: 0, seats: Array.from({ length: g.minPlayers }, () => 'greedy') });
    ses.importReplay(r.text, r.seats);
    session = ses;
    watchAs = r.watchAs;
    showView(watchAs);
    return result;
  },
  step({ to, watchAs: as }) {
    const s = current();
    generation++;
    watchAs = as;
    s.stepTo(to);
    showView(watchAs);
  },
  resume({ seats }) {
    current().resume(seats);
    begin();
  },
});
