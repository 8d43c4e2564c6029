// The playtest's engine, off the page's thread: loads the ruleset, runs the game and the bots, and posts
// to the page only what the seat in front of the screen may see (see protocol.ts).

import { loadRulesetText } from '../../../engine/index.js';
import type { Game } from '../../../engine/index.js';
import { playerName } from '../../../engine/index.js';
import { Session, tableMeta } from './session.js';
import { BUNDLED } from '../bundled.js';
import type { FromWorker, Problem, StartRequest, ToWorker } from './protocol.js';

// the rulesets as shipped: an exported replay names a bundled ruleset only when the game used it unchanged
const shipped = BUNDLED;

let game: Game | null = null;
let session: Session | null = null;
let req: StartRequest | null = null;
/** the human seat whose screen is showing (-1: the table; null: waiting for the next human to take the device) */
let viewer: number | null = -1;
let botDelay = 0;
/** bumped by every command that changes the game, so a pending bot turn from before is dropped */
let generation = 0;
let watchAs = -1;

const post = (m: FromWorker) => (self as unknown as Worker).postMessage(m);

function load(r: { path: string; files: Record<string, string> }): Game | null {
  const text = r.files[r.path];
  if (text === undefined) {
    post({ type: 'problems', problems: [{ file: r.path, line: 1, col: 1, severity: 'error', message: `no file '${r.path}' to play` }] });
    return null;
  }
  const res = loadRulesetText(r.path, text, (p) => r.files[p]);
  const problems: Problem[] = res.diagnostics.map((d) => ({ file: d.file, line: d.line, col: d.col, severity: d.severity, message: d.message }));
  if (!res.game) {
    post({ type: 'problems', problems });
    return null;
  }
  post({ type: 'loaded', meta: tableMeta(res.game), problems });
  return res.game;
}

function showView(seat: number): void {
  const s = session!;
  const u = s.undoState();
  const bot = s.nextBot();
  post({
    type: 'view',
    seat,
    view: s.view(seat),
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

/** Run bots until a human must answer or the game ends; with a delay, one bot move per tick. */
function pump(): void {
  const s = session!;
  const gen = generation;
  const t0 = performance.now();
  for (;;) {
    if (s.imported) { showView(watchAs); return; }
    if (s.s.ended) { showView(viewer ?? -1); return; }
    if (s.nextBot()) {
      if (botDelay > 0) {
        if (viewer !== null) showView(viewer);
        setTimeout(() => { if (gen === generation) { s.botMove(); pump(); } }, botDelay);
        return;
      }
      s.botMove();
      // yield now and then so that a restart or another command is not kept waiting
      if (performance.now() - t0 > 40) { setTimeout(() => { if (gen === generation) pump(); }, 0); return; }
      continue;
    }
    const h = s.nextHuman();
    if (h === null) { post({ type: 'error', message: 'nobody has a decision open, yet the game has not ended' }); return; }
    if (s.humans.length > 1 && h !== viewer) {
      viewer = null;
      post({ type: 'handoff', seat: h });
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
  viewer = s.humans.length === 0 ? -1 : s.humans.length === 1 ? s.humans[0]! : null;
  pump();
}

function exportReplay(): void {
  const s = session!;
  const r = req!;
  const base = shipped[r.path];
  const pristine = base !== undefined && loadRulesetText(r.path, base, (p) => shipped[p]).game?.hash === game!.hash;
  // a bundled ruleset is named by its path in the package (the CLI finds it there); an edited one must be
  // saved beside the replay under its own file name
  const rulesetFile = pristine ? r.path : r.path.slice(r.path.lastIndexOf('/') + 1);
  const replay = s.replay(rulesetFile);
  const seed = String(s.setup.seed).replace(/[^\w.-]+/g, '_');
  post({ type: 'replay', replay, fileName: `${game!.id}-seed-${seed}-replay.json`, bundled: pristine, rulesetFile });
}

function handle(m: ToWorker): void {
  switch (m.type) {
    case 'load':
      load(m);
      return;
    case 'start': {
      generation++;
      req = m.req;
      botDelay = m.req.botDelay;
      game = load(m.req);
      if (!game) { session = null; return; }
      session = new Session(game, { players: m.req.players, seed: m.req.seed, seats: m.req.seats, options: m.req.options });
      begin();
      return;
    }
    case 'delay':
      botDelay = m.botDelay;
      return;
  }
  if (!session) { post({ type: 'error', message: 'start a game first' }); return; }
  const s = session;
  switch (m.type) {
    case 'act':
      if (m.seat !== viewer) { post({ type: 'error', message: `it is not ${playerName(m.seat)}'s screen` }); return; }
      generation++;
      s.act(m.seat, m.positions);
      pump();
      return;
    case 'ready':
      if (viewer !== null) return;
      viewer = s.nextHuman();
      pump();
      return;
    case 'undo':
      generation++;
      s.undo();
      pump();
      return;
    case 'restart':
      s.restart();
      begin();
      return;
    case 'export':
      exportReplay();
      return;
    case 'import': {
      generation++;
      req = { ...m.req, players: 0, seed: 0, options: {} };
      botDelay = m.req.botDelay;
      game = load(m.req);
      if (!game) { session = null; return; }
      const ses = new Session(game, { players: game.minPlayers, seed: 0, seats: Array.from({ length: game.minPlayers }, () => 'greedy') });
      ses.importReplay(m.req.text, m.req.seats);
      session = ses;
      watchAs = m.req.watchAs;
      showView(watchAs);
      return;
    }
    case 'step':
      generation++;
      watchAs = m.watchAs;
      s.stepTo(m.to);
      showView(watchAs);
      return;
    case 'resume':
      s.resume(m.seats);
      begin();
      return;
  }
}

self.onmessage = (e: MessageEvent<ToWorker>) => {
  try {
    handle(e.data);
  } catch (err) {
    post({ type: 'error', message: (err as Error).message });
  }
};
