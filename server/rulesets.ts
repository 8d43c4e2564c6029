// The rulesets a server can host: the ones shipped in the package's rulesets/ folder (named by their path
// there, `rulesets/babel-builders.yaml`), or one a host sends — its path and the texts of its files, as the
// editor holds them (a file it `extends` and did not send is read from the shipped ones). Every file is
// looked up by own property only. The texts actually read are kept with the match, so a stored match
// replays with the rules it was started with even if the shipped files change later.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { join, relative, sep } from 'node:path';
import { formatDiagnostic, loadRulesetText, rulesetName, type Game } from '../engine/index-node.js';
import { UploadLoader, type UploadLoaderOptions } from './upload-loader.js';

/** The package folder (this file is server/ in the sources, dist/server/ once built). */
export function packageRoot(): string {
  for (const up of ['../..', '..']) {
    const dir = fileURLToPath(new URL(`${up}/`, import.meta.url));
    if (existsSync(join(dir, 'rulesets')) && existsSync(join(dir, 'package.json'))) return dir;
  }
  throw new Error('cannot find the babelkit package folder (rulesets/ beside package.json)');
}

/** A ruleset to load: the path of the file to play and the texts of files by path. */
export interface RulesetFiles {
  path: string;
  files: Record<string, string>;
}

export type Loaded =
  | { ok: true; game: Game; files: Record<string, string>; bundled: boolean }
  | { ok: false; problems: string[] };

function nullProto(entries: [string, string][]): Record<string, string> {
  const o = Object.create(null) as Record<string, string>;
  for (const [k, v] of entries) o[k] = v;
  return o;
}

export class Rulesets {
  /** shipped files by virtual path (`rulesets/…`) */
  readonly shipped: ReadonlyMap<string, string>;
  private cache = new Map<string, Loaded & { ok: true }>();
  /** loads what hosts send in a worker thread first */
  readonly uploads: UploadLoader;

  constructor(root = packageRoot(), uploads: UploadLoaderOptions = {}) {
    const files = new Map<string, string>();
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith('.yaml')) files.set(relative(root, p).split(sep).join('/'), readFileSync(p, 'utf8'));
      }
    };
    walk(join(root, 'rulesets'));
    this.shipped = files;
    this.uploads = new UploadLoader(root, files, uploads);
  }

  /** The content hash of a ruleset to load (its path and sent files). */
  private keyOf(path: string, own: Record<string, string> | null): string {
    return createHash('sha256').update(JSON.stringify([path, own ? Object.entries(own).sort(([a], [b]) => (a < b ? -1 : 1)) : null])).digest('hex');
  }

  /** Loads what a request names: a shipped ruleset at once (compiled once, shared); a sent one first in the
   *  worker thread (upload-loader.ts), then — if it loaded there — here. */
  async loadRequested(src: string | RulesetFiles): Promise<Loaded> {
    if (typeof src === 'string') return this.load(src);
    const own = nullProto(Object.entries(src.files));
    const key = this.keyOf(src.path, own);
    if (this.cache.has(key)) return this.load(src);
    const v = await this.uploads.check(key, src.path, Object.entries(own));
    if (!v.ok) return v;
    return this.load(src);
  }

  /** The shipped rulesets that can be played (variants included), by path. */
  list(): string[] {
    return [...this.shipped.keys()];
  }

  /** The game's name in each shipped ruleset, by path (for lists shown to people). */
  names(): Record<string, string> {
    this.nameList ??= nullProto(this.list().flatMap((p) => {
      const n = rulesetName(p, (f) => this.shipped.get(f));
      return n === undefined ? [] : [[p, n]];
    }));
    return this.nameList;
  }

  private nameList?: Record<string, string>;

  /** Loads a shipped ruleset by its path, or a sent one; the compiled game is shared between matches. */
  load(src: string | RulesetFiles): Loaded {
    const sent = typeof src === 'string' ? null : src;
    const path = typeof src === 'string' ? src : src.path;
    if (!sent && !this.shipped.has(path)) {
      return { ok: false, problems: [`there is no shipped ruleset '${path}' (there are: ${this.list().join(', ')})`] };
    }
    const own = sent ? nullProto(Object.entries(sent.files)) : null;
    const read = (p: string): string | undefined => (own && Object.hasOwn(own, p) ? own[p] : this.shipped.get(p));
    const key = this.keyOf(path, own);
    const hit = this.cache.get(key);
    if (hit) return hit;
    const failed = this.uploads.knownFailure(key);
    if (failed) return { ok: false, problems: failed };
    const text = read(path);
    if (text === undefined) return { ok: false, problems: [`${path}:1:1: error: the ruleset's files do not include '${path}'`] };
    const r = loadRulesetText(path, text, read);
    if (!r.game) {
      const errors = r.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
      const problems = errors.length ? errors : [`${path}:1:1: error: the ruleset does not load`];
      if (sent) this.uploads.remember(key, problems);
      return { ok: false, problems };
    }
    const used = nullProto(r.files.map((f) => [f, read(f) ?? '']));
    const bundled = r.files.every((f) => this.shipped.get(f) === used[f]);
    const out = { ok: true as const, game: r.game, files: used, bundled };
    if (this.cache.size >= 32) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, out);
    return out;
  }
}
