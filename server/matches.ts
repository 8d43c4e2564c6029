// The matches a server hosts: creating one from a request (checked field by field, stored before it is
// answered), finding one by id, and resuming every stored match when the server starts.

import { Match, MatchError, botProblem, parseBot, resolveBot, seatKindOf, type BotKind, type OptionValues } from '../engine/index-node.js';
import { HostedMatch, MatchRefusal } from './hosted-match.js';
import type { CreatedMatch } from './protocol.js';
import { Rulesets, type RulesetFiles } from './rulesets.js';
import { MatchStore, STORE_FORMAT, type MatchStart } from './store.js';
import { MATCH_ID, newMatchId, newToken, tokenHash } from './tokens.js';
import { newMatchSeed } from './seeds.js';

/** A request refused before anything was stored: HTTP status, message, and the ruleset's problems. */
export class CreateError extends Error {
  constructor(readonly status: number, message: string, readonly problems: string[] = []) {
    super(message);
  }
}

/** The default bot (`true` in a request's `bots`). */
export const DEFAULT_BOT: BotKind = 'greedy';

const FIELDS = ['ruleset', 'players', 'seed', 'options', 'bots'];
const MAX_FILES = 64;

function isRecord(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/** The checked fields of `POST /api/matches`. */
export interface CreateRequest {
  ruleset: string | RulesetFiles;
  players: number;
  seed: number | string;
  /** the seed came with the request (a script's), rather than drawn by the server: anyone who knows it knows
   *  every hidden card */
  seedGiven: boolean;
  options: OptionValues;
  bots: (BotKind | null)[];
}

/** Checks a request body's shape (the engine checks players, options and seats against the ruleset). */
export function readCreateRequest(body: unknown, randomSeed: () => number | string = newMatchSeed): CreateRequest {
  if (!isRecord(body)) throw new CreateError(400, 'the body must be a JSON object { ruleset, players, seed, options, bots }');
  for (const k of Object.keys(body)) {
    if (!FIELDS.includes(k)) throw new CreateError(400, `unknown field '${k}' (fields: ${FIELDS.join(', ')})`);
  }
  const r = body.ruleset;
  let ruleset: string | RulesetFiles;
  if (typeof r === 'string') ruleset = r;
  else if (isRecord(r) && typeof r.path === 'string' && isRecord(r.files)) {
    const files = Object.entries(r.files);
    if (files.length > MAX_FILES) throw new CreateError(400, `'ruleset.files' holds at most ${MAX_FILES} files`);
    for (const [k, v] of files) if (typeof v !== 'string') throw new CreateError(400, `'ruleset.files' maps paths to texts; '${k}' is not a text`);
    for (const k of Object.keys(r)) if (k !== 'path' && k !== 'files') throw new CreateError(400, `unknown field 'ruleset.${k}' (fields: path, files)`);
    ruleset = { path: r.path, files: Object.fromEntries(files) as Record<string, string> };
  } else throw new CreateError(400, "'ruleset' is the path of a shipped ruleset (GET /api/rulesets) or { path, files: { path: text } }");
  if (!Number.isInteger(body.players)) throw new CreateError(400, "'players' must be a whole number");
  const seedGiven = body.seed !== undefined && body.seed !== null;
  const seed = seedGiven ? body.seed : randomSeed();
  if (!(typeof seed === 'string' && seed.length <= 200) && !Number.isSafeInteger(seed)) throw new CreateError(400, "'seed' must be a whole number or a text (up to 200 characters)");
  if (body.options !== undefined && !isRecord(body.options)) throw new CreateError(400, "'options' must be a mapping of option names to values");
  const players = body.players as number;
  let bots: (BotKind | null)[];
  if (body.bots === undefined) bots = Array.from({ length: Math.max(0, Math.min(players, 64)) }, () => null);
  else if (!Array.isArray(body.bots)) throw new CreateError(400, "'bots' must be a list with one entry per seat: false for a person, true or a bot's name");
  else {
    bots = body.bots.map((b, i) => {
      if (b === false || b === null) return null;
      if (b === true) return DEFAULT_BOT;
      const kind = parseBot(b);
      if (kind === null) throw new CreateError(400, `'bots[${i}]' is ${JSON.stringify(b)}: give false for a person, true for the default bot (${DEFAULT_BOT}), or a bot: ${botProblem(b)}`);
      // the server's bots run on its one thread: a seat searches at most its bot's default budget
      const { entry, budget } = resolveBot(kind);
      if (entry.budget && budget > entry.budget.default) throw new CreateError(400, `'bots[${i}]' is ${JSON.stringify(b)}: a hosted seat's ${entry.name} searches at most ${entry.budget.default} ${entry.budget.unit} (${entry.name}:${entry.budget.default})`);
      return kind;
    });
  }
  return { ruleset, players, seed: seed as number | string, seedGiven, options: (body.options ?? {}) as OptionValues, bots };
}

export interface MatchesOptions {
  /** unfinished matches held at once (a new one beyond is refused) */
  maxLive?: number;
  onError?: (e: unknown) => void;
}

export class Matches {
  private byId = new Map<string, HostedMatch>();
  /** stored matches that could not be resumed: their seats are told so, not that there is no such match */
  private damagedIds = new Set<string>();
  private readonly maxLive: number;
  private readonly onError: (e: unknown) => void;

  private constructor(readonly store: MatchStore, readonly rulesets: Rulesets, o: MatchesOptions) {
    this.maxLive = o.maxLive ?? 1000;
    this.onError = o.onError ?? (() => undefined);
  }

  /** Opens the store and resumes every match in it; `problems` says which files could not be resumed (or
   * not exactly). */
  static async open(data: string, rulesets: Rulesets, o: MatchesOptions = {}): Promise<{ matches: Matches; problems: string[] }> {
    const store = await MatchStore.open(data);
    const ms = new Matches(store, rulesets, o);
    const { matches, problems, damaged } = await store.loadAll();
    for (const id of damaged) ms.damagedIds.add(id);
    for (const sm of matches) {
      const path = sm.file.path;
      const loaded = rulesets.load({ path: sm.start.ruleset.path, files: sm.start.ruleset.files });
      if (!loaded.ok) {
        problems.push(`${path}: not resumed: its ruleset does not load: ${loaded.problems[0]}`);
        ms.damagedIds.add(sm.start.id);
        await sm.file.close();
        continue;
      }
      try {
        const m = new HostedMatch(sm.start, loaded.game, sm.file, sm.actions);
        ms.add(m);
        if (!m.exact) problems.push(`${path}: resumed, but a bot now decides otherwise than stored (the engine changed?): the game is as stored, the bots' next draws differ`);
      } catch (e) {
        problems.push(`${path}: not resumed: its actions cannot be replayed: ${(e as Error).message}`);
        ms.damagedIds.add(sm.start.id);
        await sm.file.close();
      }
    }
    // bots whose turn it was when the server stopped play on
    for (const m of ms.byId.values()) m.pump().catch(ms.onError);
    return { matches: ms, problems };
  }

  private add(m: HostedMatch): void {
    m.onError = this.onError;
    this.byId.set(m.id, m);
  }

  get(id: string): HostedMatch | undefined {
    return MATCH_ID.test(id) ? this.byId.get(id) : undefined;
  }

  /** Whether a stored match could not be resumed (its file is damaged, or no longer plays back). */
  damaged(id: string): boolean {
    return MATCH_ID.test(id) && this.damagedIds.has(id);
  }

  get size(): number {
    return this.byId.size;
  }

  all(): HostedMatch[] {
    return [...this.byId.values()];
  }

  /** Creates a match: checked, stored, then answered with one secret token (and link) per person's seat. */
  async create(req: CreateRequest, base: string): Promise<CreatedMatch> {
    let live = 0;
    for (const m of this.byId.values()) if (!m.ended) live++;
    if (live >= this.maxLive) throw new CreateError(503, `the server already hosts ${live} unfinished matches; try again later`);
    const loaded = await this.rulesets.loadRequested(req.ruleset);
    if (!loaded.ok) throw new CreateError(422, `the ruleset does not load (${loaded.problems.length} problem${loaded.problems.length === 1 ? '' : 's'})`, loaded.problems);
    try {
      Match.start(loaded.game, { players: req.players, seed: req.seed, options: req.options, bots: req.bots, log: false });
    } catch (e) {
      if (e instanceof MatchError) throw new CreateError(400, e.message);
      throw e;
    }
    const id = newMatchId();
    const tokens = req.bots.map((b) => (b === null ? newToken() : null));
    const host = newToken();
    const path = typeof req.ruleset === 'string' ? req.ruleset : req.ruleset.path;
    const start: MatchStart = {
      format: STORE_FORMAT,
      id,
      ruleset: { path, files: loaded.files, bundled: loaded.bundled },
      players: req.players,
      seed: req.seed,
      seedGiven: req.seedGiven,
      options: req.options,
      bots: req.bots,
      seatKeys: tokens.map((t) => (t === null ? '' : tokenHash(t))),
      hostKey: tokenHash(host),
    };
    const file = await this.store.create(start);
    const m = new HostedMatch(start, loaded.game, file);
    this.add(m);
    m.pump().catch(this.onError);
    const link = (page: string, token: string) => `${base}${page}#match=${id}&token=${token}`;
    return {
      id,
      seats: tokens.map((token, seat) => ({ seat, kind: seatKindOf(req.bots[seat] ?? null), token, url: token === null ? null : link('play.html', token) })),
      host: { token: host, url: link('host.html', host) },
    };
  }

  async close(): Promise<void> {
    await this.rulesets.uploads.close();
    await Promise.all(this.all().map((m) => m.close()));
  }
}

export { MatchRefusal };
