// The match store: one append-only file per match in DATA/matches/, `<id>.log`. A game is (ruleset, seed,
// players, options, actions), so a match is stored as its start record followed by one record per action,
// each written and fsynced before the action is acknowledged to anyone.
//
// A record is one line: its JSON, a tab, and the first 16 hex digits of the SHA-256 of that JSON (JSON
// text never holds a raw tab or newline). A line is whole only if its checksum matches; actions are
// numbered, so a gap or a repeat is seen too.
//
// Durability: a match file is first written whole under a temporary name, fsynced, linked into place, the folder
// fsynced, so a match exists completely or not at all. Each batch of actions (a person's action and the bot
// decisions it sets off) is one write, then fdatasync; only after that does the server answer or tell any
// seat. A crash can therefore only leave a torn last line — one without its newline — whose batch nobody was
// told about; it is cut off when the file is opened again, and the server says so. A whole line (newline
// included) whose checksum fails is damage, not a crash: it was written and acknowledged, so the match is not
// served (its seats are told it is damaged) rather than resumed without it.

import { createHash } from 'node:crypto';
import { link, mkdir, open, readdir, readFile, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Action, BotKind, OptionValues } from '../engine/index-node.js';
import { MATCH_ID } from './tokens.js';

export const STORE_FORMAT = 'babelkit-match/1';

/** How a match started: everything needed to play it again, and the hashes of its tokens. */
export interface MatchStart {
  format: typeof STORE_FORMAT;
  id: string;
  /** the ruleset's path and the text of every file it was loaded from (the file itself, then its bases) */
  ruleset: { path: string; files: Record<string, string>; bundled: boolean };
  players: number;
  /** never sent to a seat or the host; in the replay once the match has ended */
  seed: number | string;
  /** false: the server drew the seed (a secret key); true: the request gave it. Absent in matches stored before
   *  seeds were secret (theirs were guessable, given or not) */
  seedGiven?: boolean;
  options: OptionValues;
  /** per seat: the bot that plays it, or null for a person */
  bots: (BotKind | null)[];
  /** per seat: SHA-256 of its token (hex) */
  seatKeys: string[];
  /** SHA-256 of the host's token */
  hostKey: string;
}

type Rec = { t: 'start'; start: MatchStart } | { t: 'act'; n: number; a: Action };

/** A match as read back: its start and its actions, in order. */
export interface StoredMatch {
  start: MatchStart;
  actions: Action[];
  file: MatchFile;
}

export class StoreError extends Error {}

function checksum(json: string): string {
  return createHash('sha256').update(json, 'utf8').digest('hex').slice(0, 16);
}

function line(r: Rec): string {
  const json = JSON.stringify(r);
  return `${json}\t${checksum(json)}\n`;
}

/** One match's open file: appends whole batches, durably. */
export class MatchFile {
  private broken: string | null = null;
  private constructor(readonly path: string, private fh: FileHandle, private size: number) {}

  static async open(path: string, size: number): Promise<MatchFile> {
    const fh = await open(path, 'r+');
    // a torn last line (a batch nobody was told about) is cut off before anything is appended
    const st = await fh.stat();
    if (st.size !== size) {
      await fh.truncate(size);
      await fh.datasync();
    }
    await fh.close();
    return new MatchFile(path, await open(path, 'a'), size);
  }

  /** Appends actions numbered from `first`, as one write, and returns once they are on disk. */
  async append(first: number, actions: readonly Action[]): Promise<void> {
    if (this.broken) throw new StoreError(this.broken);
    if (!actions.length) return;
    const buf = Buffer.from(actions.map((a, i) => line({ t: 'act', n: first + i, a })).join(''), 'utf8');
    try {
      let off = 0;
      while (off < buf.length) off += (await this.fh.write(buf, off, buf.length - off)).bytesWritten;
      await this.fh.datasync();
      this.size += buf.length;
    } catch (e) {
      // nothing of this batch was acknowledged: take it back off the file, or refuse every later append
      try {
        await this.fh.truncate(this.size);
        await this.fh.datasync();
      } catch {
        this.broken = `the match file ${this.path} could not be restored after a failed write`;
      }
      throw new StoreError(`cannot write ${this.path}: ${(e as Error).message}`);
    }
  }

  async close(): Promise<void> {
    await this.fh.close().catch(() => undefined);
  }
}

/** A match file read back: its whole records, the bytes they take, what is wrong (then the match is not
 *  served), and the torn last line cut off, if any. */
export interface ParsedMatchFile {
  records: Rec[];
  size: number;
  problem: string | null;
  /** a last line without its newline: a write the server never finished, so never acknowledged */
  torn: { line: number; bytes: number } | null;
}

/** Reads a match file's lines: the records whole, the byte length they take, and what is wrong. */
export function parseMatchFile(text: string): ParsedMatchFile {
  const records: Rec[] = [];
  let at = 0, lineNo = 0;
  while (at < text.length) {
    lineNo++;
    const nl = text.indexOf('\n', at);
    if (nl < 0) {
      // a line without its end is the trace of a crash during a write that nobody was told about
      const size = Buffer.byteLength(text.slice(0, at), 'utf8');
      return { records, size, problem: null, torn: { line: lineNo, bytes: Buffer.byteLength(text, 'utf8') - size } };
    }
    const raw = text.slice(at, nl);
    const tab = raw.lastIndexOf('\t');
    const json = tab < 0 ? '' : raw.slice(0, tab);
    let rec: Rec | null = null;
    if (tab >= 0 && checksum(json) === raw.slice(tab + 1)) {
      try {
        rec = JSON.parse(json) as Rec;
      } catch {
        rec = null;
      }
    }
    // a whole line was written whole and acknowledged: if it does not read back, the file is damaged
    if (!rec) return { records, size: 0, problem: `line ${lineNo}: the record is damaged (its checksum does not match)`, torn: null };
    records.push(rec);
    at = nl + 1;
  }
  return { records, size: Buffer.byteLength(text, 'utf8'), problem: null, torn: null };
}

function startProblem(s: unknown, id: string): string | null {
  if (!s || typeof s !== 'object') return 'the start record is missing';
  const o = s as Partial<MatchStart>;
  if (o.format !== STORE_FORMAT) return `the start record has format ${JSON.stringify(o.format)}, expected '${STORE_FORMAT}'`;
  if (o.id !== id) return `the start record names match '${String(o.id)}'`;
  if (!o.ruleset || typeof o.ruleset.path !== 'string' || !o.ruleset.files || typeof o.ruleset.files !== 'object') return 'the start record has no ruleset';
  if (!Array.isArray(o.seatKeys) || !Array.isArray(o.bots) || typeof o.hostKey !== 'string') return 'the start record has no seats';
  return null;
}

/** The folder of match files. */
export class MatchStore {
  private constructor(readonly dir: string) {}

  /** Opens (and creates) DATA/matches. */
  static async open(data: string): Promise<MatchStore> {
    const dir = join(data, 'matches');
    await mkdir(dir, { recursive: true });
    return new MatchStore(dir);
  }

  private pathOf(id: string): string {
    return join(this.dir, `${id}.log`);
  }

  /** Writes a new match's start record: complete and on disk when this returns, or not there at all. */
  async create(start: MatchStart): Promise<MatchFile> {
    const path = this.pathOf(start.id);
    const tmp = `${path}.tmp`;
    const text = line({ t: 'start', start });
    try {
      const fh = await open(tmp, 'wx');
      try {
        await fh.writeFile(text, 'utf8');
        await fh.sync();
      } finally {
        await fh.close();
      }
      // a hard link puts the whole file in place at once, and fails if a match has that id already
      await link(tmp, path);
      await rm(tmp);
      await this.syncDir();
    } catch (e) {
      await rm(tmp, { force: true });
      throw new StoreError(`cannot store the match: ${(e as Error).message}`);
    }
    return MatchFile.open(path, Buffer.byteLength(text, 'utf8'));
  }

  private async syncDir(): Promise<void> {
    const d = await open(this.dir, 'r');
    try {
      await d.sync();
    } finally {
      await d.close();
    }
  }

  /** Every stored match; a message per file that cannot be read (that match is left alone, unserved: its id
   *  is in `damaged`) and per torn last line cut off. */
  async loadAll(): Promise<{ matches: StoredMatch[]; problems: string[]; damaged: string[] }> {
    const matches: StoredMatch[] = [];
    const problems: string[] = [];
    const damaged: string[] = [];
    const names = (await readdir(this.dir)).sort();
    for (const name of names) {
      const path = join(this.dir, name);
      // a start record never renamed into place belongs to a match that was never created
      if (name.endsWith('.log.tmp')) { await rm(path, { force: true }); continue; }
      const id = name.endsWith('.log') ? name.slice(0, -4) : '';
      if (!MATCH_ID.test(id)) continue;
      const fail = (why: string) => { problems.push(`${path}: not resumed: ${why}`); damaged.push(id); };
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (e) {
        fail(`cannot read it: ${(e as Error).message}`);
        continue;
      }
      const { records, size, problem, torn } = parseMatchFile(text);
      if (problem) { fail(problem); continue; }
      const first = records[0];
      const sp = startProblem(first?.t === 'start' ? first.start : null, id);
      if (sp) { fail(`line 1: ${sp}`); continue; }
      const actions: Action[] = [];
      let bad: string | null = null;
      for (let i = 1; i < records.length; i++) {
        const r = records[i]!;
        if (r.t !== 'act' || r.n !== actions.length) { bad = `line ${i + 1}: expected action ${actions.length + 1}`; break; }
        actions.push(r.a);
      }
      if (bad) { fail(bad); continue; }
      if (torn) problems.push(`${path}: line ${torn.line} is torn (${torn.bytes} bytes without a newline: the server stopped while writing it, before anyone was told of it); cut off, the match resumes after line ${torn.line - 1}`);
      matches.push({ start: (first as { start: MatchStart }).start, actions, file: await MatchFile.open(path, size) });
    }
    return { matches, problems, damaged };
  }
}
