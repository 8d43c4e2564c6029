// `--no-compile` on validate, simulate, compare, replay and serve: the rules run as the interpreter's closures
// only (engine/expr/emit.ts off), with the same results; each command's usage says so.

import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { babelkit } from './run.js';

const BB = 'rulesets/babel-builders.yaml';
/** A simulate or compare report without its timing. */
const untimed = (json: string) => JSON.stringify(JSON.parse(json), (k, v) => (k === 'seconds' || k === 'gamesPerSecond' ? undefined : v));

describe('--no-compile', () => {
  it('simulate and compare give the same reports with and without it, on worker threads too', () => {
    const args = ['simulate', BB, '--players', '5', '--games', '12', '--seed', '3', '--json', '--workers', '2'];
    const on = babelkit(...args), off = babelkit(...args, '--no-compile');
    expect(off.stderr).toBe('');
    expect(off.code).toBe(0);
    expect(untimed(off.stdout)).toBe(untimed(on.stdout));
    const cmp = ['compare', BB, 'rulesets/variants/steep-tower.yaml', '--players', '5', '--games', '10', '--seed', '4', '--json', '--workers', '1'];
    const cOn = babelkit(...cmp), cOff = babelkit(...cmp, '--no-compile');
    expect(cOff.code).toBe(0);
    expect(untimed(cOff.stdout)).toBe(untimed(cOn.stdout));
  });

  it('validate and replay take it', () => {
    expect(babelkit('validate', BB, '--no-compile')).toMatchObject({ code: 0, stderr: '' });
    const dir = mkdtempSync(join(tmpdir(), 'bk-nocompile-'));
    expect(babelkit('simulate', BB, '--players', '5', '--games', '1', '--seed', '5', '--workers', '1', '--save-replay', dir).code).toBe(0);
    const replay = join(dir, readdirSync(dir)[0]!);
    const r = babelkit('replay', replay, '--no-compile');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('is in the usage of each of the five commands', () => {
    for (const cmd of ['validate', 'simulate', 'compare', 'replay', 'serve']) {
      expect(babelkit(cmd, '--help').stdout, cmd).toContain('--no-compile');
    }
  });
});
