// A replay's fields are checked before anything is sized by them: a 3 KB replay claiming a billion players is
// refused at once with the ruleset's range, in a process allowed 128 MB of heap (it used to build the seat list
// first: 1.5 GB, then an abort).

import { expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { babelkit, ROOT } from './run.js';
import { smallRuleset } from '../helpers/small-ruleset.js';

const BIN = process.env.BABELKIT_BIN ?? join(ROOT, 'bin', 'babelkit.mjs');

it('a replay claiming 1,000,000,000 players is refused at once, naming the range, without allocating for them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bk-replay-fields-'));
  const rules = join(dir, 't.yaml');
  writeFileSync(rules, smallRuleset({ steps: '      - id: pick\n        prompt: { player: "player(1)", choose: options, from: "[1, 2]" }' }));
  expect(babelkit('simulate', rules, '--players', '2', '--games', '1', '--seed', '1', '--save-replay', join(dir, 'out')).code).toBe(0);
  const saved = join(dir, 'out', readdirSync(join(dir, 'out'))[0]!);
  const replay = JSON.parse(readFileSync(saved, 'utf8'));
  replay.players = 1_000_000_000;
  const hostile = join(dir, 'hostile.json');
  writeFileSync(hostile, JSON.stringify(replay));
  expect(readFileSync(hostile).length).toBeLessThan(4096);
  const t0 = Date.now();
  const r = spawnSync(process.execPath, ['--max-old-space-size=128', BIN, 'replay', hostile, '--ruleset', rules], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CI: '1' }, timeout: 60_000 });
  expect(Date.now() - t0).toBeLessThan(30_000);
  expect(r.status, r.stderr).toBe(1);
  expect(r.stderr).toMatch(/hostile\.json: error: T is for 2–3 players, not 1000000000/);
  expect(r.stderr).not.toMatch(/heap|allocation failed|RangeError/i);
});
