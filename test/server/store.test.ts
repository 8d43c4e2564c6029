// The match store on its own: a match's file is its start record and its actions, each line checksummed;
// a torn last line (a crash during a write nobody was told about) is cut off when the file is opened again;
// a damaged line before the last, or a gap in the numbering, keeps that match from being served; a start
// record never renamed into place leaves no match behind.

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
    const { matches, problems } = await (await MatchStore.open(d)).loadAll();
    expect(problems).toEqual([]);
    expect(matches[0]!.actions).toHaveLength(2);
    expect(statSync(path).size).toBe(whole);
    await matches[0]!.file.append(2, [act(0, 4)]);
    await matches[0]!.file.close();
    const again = await (await MatchStore.open(d)).loadAll();
    expect(again.matches[0]!.actions).toEqual([act(0, 1), act(1, 1), act(0, 4)]);
    await again.matches[0]!.file.close();
  });

  it('a last line whose checksum does not match is torn too', () => {
    const good = '{"t":"start"}';
    const text = `${good}\t${'0'.repeat(16)}\n`;
    expect(parseMatchFile(text)).toEqual({ records: [], size: 0, problem: null });
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
    const { matches, problems } = await (await MatchStore.open(d)).loadAll();
    expect(matches).toEqual([]);
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
