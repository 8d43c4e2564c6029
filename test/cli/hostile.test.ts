// Hostile input through the real binary: always a clear error with file:line:col and exit 1, never a
// crash, a hang or a polluted prototype.

import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { babelkit } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'babelkit-hostile-'));
function file(name: string, text: string): string {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
}

function expectCleanError(f: string, re: RegExp): void {
  const t0 = Date.now();
  const r = babelkit('validate', f);
  expect(Date.now() - t0).toBeLessThan(30_000);
  expect(r.code).toBe(1);
  expect(r.stderr).not.toMatch(/at .*\.js:\d+|RangeError|TypeError|Maximum call stack/);
  const lines = r.stderr.trim().split('\n');
  for (const l of lines) expect(l).toMatch(new RegExp(`^${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: error: `));
  expect(r.stderr).toMatch(re);
}

describe('hostile rulesets', () => {
  it('a YAML alias bomb (billion laughs)', () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++) {
      const prev = String.fromCharCode(96 + i);
      const cur = String.fromCharCode(97 + i);
      levels.push(`${cur}: &${cur} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    expectCleanError(file('bomb.yaml', levels.join('\n') + '\n'), /alias|too many|nodes/i);
  });

  it('__proto__ and constructor keys', () => {
    expectCleanError(file('proto.yaml', 'id: x\nname: x\n__proto__: { polluted: 1 }\nconstructor: 2\n'), /__proto__/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('very deep nesting', () => {
    expectCleanError(file('deep.yaml', 'id: ' + '['.repeat(100_000) + ']'.repeat(100_000) + '\n'), /deep|nesting|depth/i);
  });

  it('a multi-megabyte file', () => {
    expectCleanError(file('huge.yaml', 'description: "' + 'x'.repeat(6 * 1024 * 1024) + '"\n'), /MiB/);
  });

  it('a file that is not a mapping, and an empty file', () => {
    expectCleanError(file('list.yaml', '- 1\n- 2\n'), /mapping|object|expected/i);
    expectCleanError(file('empty.yaml', ''), /empty|mapping|expected|missing/i);
  });

  it('binary garbage', () => {
    expectCleanError(file('garbage.yaml', '\u0000\u0001\u0002{{{{::::]]]\n\t\t- :\n'), /./);
  });
});
