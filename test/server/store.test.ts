// The match store on its own: a match's file is its start record and its actions, each line checksummed;
// a torn last line (one without its newline: a crash during a write nobody was told about) is cut off when
// the file is opened again, and said; a damaged whole line, last or not, or a gap in the numbering, keeps that
// match from being served; a start record never renamed into place leaves no match behind.

import { afterEach, describe, expect, it } from 'vitest';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MatchStore, parseMatchFile, STORE_FORMAT, type MatchStart } from '../../server/store.js';
import { newMatchId, tokenHash } from '../../server/tokens.js';

const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });

function data(): string {
  const d = mkdtempSync(join(tmpdir(), 'bk-store-'));
  dirs.push(d);
  return d;
}

function start(id = newMatchId()): MatchStart {
  return {
    format: STORE_FORMAT, id, ruleset: { path: 'x.yaml', files: { 'x.yaml': 'id: x\n' }, bundled: false },
    players: 2, seed: 1, options: {}, bots: [null, 'random'], seatKeys: [tokenHash('a'), ''], hostKey: tokenHash('h'),
  };
}

const act = (player: number, k: number) => ({ player, step: 'turn/pick', choice: [k] });

describe('match store', () => {
  it('stores a start and its actions, and reads them back in order', async () => {
    const d = data();
    const store = await MatchStore.open(d);
    const s = start();
    const f = await store.create(s);
    await f.append(0, [act(0, 1)]);
    await f.append(1, [act(1, 2), act(0, 3)]);
    await f.close();
    const { matches, problems } = await (await MatchStore.open(d)).loadAll();
    expect(problems).toEqual([]);
    expect(matches).toHaveLength(1);
    expect(matches[0]!.start).toEqual(s);
    expect(matches[0]!.actions).toEqual([act(0, 1), act(1, 2), act(0, 3)]);
    await matches[0]!.file.close();
    // every line is JSON, a tab and its checksum
    const lines = readFileSync(join(d, 'matches', `${s.id}.log`), 'utf8').split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
    for (const l of lines.slice(0, 4)) expect(l).toMatch(/^\{.*\}\t[0-9a-f]{16}$/);
  });

  it('cuts off a torn last line and appends after the last whole one', async () => {
    const d = data();
    const store = await MatchStore.open(d);
    const s = start();
    const f = await store.create(s);
    await f.append(0, [act(0, 1), act(1, 1)]);
    await f.close();
    const path = join(d, 'matches', `${s.id}.log`);
    const whole = statSync(path).size;
    appendFileSync(path, '{"t":"act","n":2,"a":{"player":0,"st');
    const { matches, problems, damaged } = await (await MatchStore.open(d)).loadAll();
    // the cut is told, with the line and its size
    expect(problems).toEqual([`${path}: line 4 is torn (36 bytes without a newline: the server stopped while writing it, before anyone was told of it); cut off, the match resumes after line 3`]);
    expect(damaged).toEqual([]);
    expect(matches[0]!.actions).toHaveLength(2);
    expect(statSync(path).size).toBe(whole);
    await matches[0]!.file.append(2, [act(0, 4)]);
    await matches[0]!.file.close();
    const again = await (await MatchStore.open(d)).loadAll();
    expect(again.matches[0]!.actions).toEqual([act(0, 1), act(1, 1), act(0, 4)]);
    await again.matches[0]!.file.close();
  });

  it('a whole last line whose checksum does not match is damage, not a tear: it was acknowledged, so the match is not resumed without it', async () => {
    const good = '{"t":"start"}';
    const text = `${good}\t${'0'.repeat(16)}\n`;
    expect(parseMatchFile(text)).toEqual({ records: [], size: 0, problem: 'line 1: the record is damaged (its checksum does not match)', torn: null });
    const d = data();
    const store = await MatchStore.open(d);
    const s = start();
    const f = await store.create(s);
    await f.append(0, [act(0, 1), act(1, 1)]);
    await f.close();
    const path = join(d, 'matches', `${s.id}.log`);
    const before = readFileSync(path, 'utf8');
    // one bit of the last, acknowledged line flipped: [1] becomes [3]
    const lines = before.split('\n');
    lines[2] = lines[2]!.replace('"choice":[1]', '"choice":[3]');
    writeFileSync(path, lines.join('\n'));
    const { matches, problems, damaged } = await (await MatchStore.open(d)).loadAll();
    expect(matches).toEqual([]);
    expect(damaged).toEqual([s.id]);
    expect(problems).toEqual([`${path}: not resumed: line 3: the record is damaged (its checksum does not match)`]);
    // the file is left as it was, for its operator to look at
    expect(readFileSync(path, 'utf8')).not.toBe(before);
    expect(statSync(path).size).toBe(Buffer.byteLength(before));
  });

  it('reports a damaged line before the last, and a gap in the numbering, without serving that match', async () => {
    const d = data();
    const store = await MatchStore.open(d);
    const a = start(), b = start();
    for (const s of [a, b]) {
      const f = await store.create(s);
      await f.append(0, [act(0, 1), act(1, 1), act(0, 2)]);
      await f.close();
    }
    const pa = join(d, 'matches', `${a.id}.log`);
    const la = readFileSync(pa, 'utf8').split('\n');
    la[2] = la[2]!.replace('"choice":[1]', '"choice":[7]');
    writeFileSync(pa, la.join('\n'));
    const pb = join(d, 'matches', `${b.id}.log`);
    const lb = readFileSync(pb, 'utf8').split('\n');
    writeFileSync(pb, [lb[0], lb[1], lb[3], ''].join('\n'));
    const { matches, problems, damaged } = await (await MatchStore.open(d)).loadAll();
    expect(matches).toEqual([]);
    expect(damaged.sort()).toEqual([a.id, b.id].sort());
    expect(problems.sort()).toEqual([
      `${pa}: not resumed: line 3: the record is damaged (its checksum does not match)`,
      `${pb}: not resumed: line 3: expected action 2`,
    ].sort());
  });

  it('removes a start record that was never renamed into place, and ignores other files', async () => {
    const d = data();
    const store = await MatchStore.open(d);
    const tmp = join(d, 'matches', `${newMatchId()}.log.tmp`);
    writeFileSync(tmp, 'half');
    writeFileSync(join(d, 'matches', 'notes.txt'), 'hello');
    const { matches, problems } = await store.loadAll();
    expect(matches).toEqual([]);
    expect(problems).toEqual([]);
    expect(existsSync(tmp)).toBe(false);
  });

  it('never creates a match twice under one id', async () => {
    const store = await MatchStore.open(data());
    const s = start();
    await (await store.create(s)).close();
    await expect(store.create(s)).rejects.toThrow(/cannot store the match/);
  });
});
