// The Simulate tab's engine, off the page's thread (SimApi in protocol.ts): reads the ruleset, plays a slice
// of a batch's games with the bots, counts a batch into the command line's report, compares two runs.
import { categoriesOf, compareRuns, ladder, loadRulesetText, playGame, summarize, Tally, type Game, type GameSummary } from '../../../engine/index.js';
import { serve } from '../shared/rpc-serve.js';
import { readerOf, type RulesetSource } from '../shared/source.js';
import type { Batch, SimApi } from './protocol.js';

const cache = new Map<string, { game: Game | null; problems: string[]; files: string[] }>();

function load(src: RulesetSource) {
  const read = readerOf(src.files);
  const key = `${src.path}\u0000${JSON.stringify(src.files)}`;
  let hit = cache.get(key);
  if (!hit) {
    const text = read(src.path);
    if (text === undefined) hit = { game: null, problems: [`${src.path}:1:1: no such file`], files: [] };
    else {
      const r = loadRulesetText(src.path, text, read);
      hit = { game: r.game ?? null, problems: r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.line}:${d.col}: ${d.message}`), files: r.files };
    }
    cache.clear(); // one ruleset (or a variant and its base) at a time
    cache.set(key, hit);
  }
  return hit;
}

function gameOf(src: RulesetSource): Game {
  const { game, problems } = load(src);
  if (!game) throw new Error(problems[0] ?? 'the ruleset does not load');
  return game;
}

const setupOf = (b: Batch) => ({ players: b.players, seed: b.seed, seats: b.seats, options: {} });

serve<SimApi>({
  info({ source }) {
    const { game, problems, files } = load(source);
    return {
      problems, name: game?.name ?? '', id: game?.id ?? '', players: game ? { min: game.minPlayers, max: game.maxPlayers } : { min: 1, max: 1 }, base: files[1] ?? '',
      categories: game ? categoriesOf(game) : [],
    };
  },
  play(req, ctx) {
    const g = gameOf(req.source);
    const out: GameSummary[] = [];
    for (let i = req.from; i < req.to; i++) {
      if (ctx.signal.aborted) break;
      out.push(summarize(g, playGame(g, setupOf(req), i)));
      if ((i - req.from) % 10 === 9) ctx.emit('progress', { done: out.length });
    }
    return out;
  },
  report(req) {
    const t = new Tally(gameOf(req.source), setupOf(req));
    for (const s of req.summaries) t.add(s);
    return t.report(req.seconds);
  },
  compare(req) {
    return compareRuns(gameOf(req.base.source), gameOf(req.variant.source), req.a, req.b, req.base.players);
  },
  ladder(req, ctx) {
    return ladder(gameOf(req.source), {
      players: req.players, seed: req.seed, bots: req.bots, games: req.games,
      onGame: (done) => { if (done % 5 === 0) ctx.emit('progress', { done }); },
    });
  },
});
