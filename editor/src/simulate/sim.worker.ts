// The Simulate tab's engine, off the page's thread (SimApi in protocol.ts): reads the ruleset, plays a slice
// of a batch's games with the bots, counts a batch into the command line's report, compares two runs.
import '../shared/schema-check.js';
import {
  batchSetup, categoriesOf, compareRuns, declaredTunables, ladder, loadRulesetText, parseTarget, playGame, resolveTunable, resolveTunables, summarize, Tally, variantText,
  type Game, type GameSummary,
} from '../../../engine/index.js';
import { serve } from '../shared/rpc-serve.js';
import { readerOf, type RulesetSource } from '../shared/source.js';
import { applyCompileSetting } from '../shared/compile-setting.js';
import type { Batch, SimApi } from './protocol.js';

const cache = new Map<string, { game: Game | null; problems: string[]; files: string[]; value?: unknown }>();
/** rulesets kept loaded: a ruleset and its base, or the tuner's settings, played turn about */
const KEEP = 8;

function load(src: RulesetSource) {
  const read = readerOf(src.files);
  const key = `${src.path}\u0000${src.compile !== false}\u0000${JSON.stringify(src.files)}`;
  let hit = cache.get(key);
  if (!hit) {
    const text = read(src.path);
    if (text === undefined) hit = { game: null, problems: [`${src.path}:1:1: no such file`], files: [] };
    else {
      applyCompileSetting(src);
      const r = loadRulesetText(src.path, text, read);
      hit = { game: r.game ?? null, problems: r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.line}:${d.col}: ${d.message}`), files: r.files, value: r.value };
    }
    if (cache.size >= KEEP) cache.delete(cache.keys().next().value!);
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

/** Where a setting's variant stands: beside the ruleset, so that its `extends` is the ruleset's file name. */
const settingPath = (path: string) => `${path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : ''}.${path.split('/').pop()!.replace(/\.ya?ml$/, '')}.tuning.yaml`;

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
  tuneInfo({ source, players }) {
    const hit = load(source);
    const g = hit.game;
    if (!g) throw new Error(hit.problems[0] ?? 'the ruleset does not load');
    const tunables = [...declaredTunables(hit.value).values()].flatMap((spec) => { try { return [resolveTunable(spec, hit.value)]; } catch { return []; } });
    const measures: { name: string; label: string; suggest: string }[] = [];
    const add = (name: string, suggest: string) => measures.push({ name, label: parseTarget(`${name}=${suggest}`, g, players).label, suggest });
    for (const t of g.teams) add(t.id, '0.5');
    for (let p = 1; p <= players; p++) add(`seat${p}-advantage`, '0');
    add('length', '40..60');
    for (const e of g.endings) add(`ending:${e.id}`, '0.5');
    if (g.scoring) {
      add('score', '50');
      for (const c of g.scoring.categories) add(`score:${c.id}`, '10');
    }
    return { tunables, measures };
  },
  tunePlan({ source, players, tune, targets }) {
    const hit = load(source);
    const g = gameOf(source);
    return { tunables: resolveTunables(hit.value, tune), targets: targets.map((t) => parseTarget(t, g, players)) };
  },
  tuneSetting({ source, players, seats, tunables, values }) {
    const g = gameOf(source);
    const path = settingPath(source.path);
    const text = variantText({ extendsPath: source.path.split('/').pop()!, id: `${g.id}-tuned`, name: `${g.name} — tuned`, tunables, values });
    const hit = load({ path, files: { ...source.files, [path]: text } });
    let problem = hit.problems[0]?.replace(`${path}:`, '') ?? null;
    if (hit.game && !problem) {
      try { batchSetup(hit.game, { players, seed: 1, seats }); } catch (e) { problem = (e as Error).message; }
    }
    return { path, text, problem };
  },
  ladder(req, ctx) {
    return ladder(gameOf(req.source), {
      players: req.players, seed: req.seed, bots: req.bots, games: req.games,
      onGame: (done) => { if (done % 5 === 0) ctx.emit('progress', { done }); },
    });
  },
});
