// Run the real babelkit binary and capture its output.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// BABELKIT_BIN runs the tests against another build (e.g. an older commit's, to see a test fail before its fix)
const BIN = process.env.BABELKIT_BIN ?? fileURLToPath(new URL('../../bin/babelkit.mjs', import.meta.url));

export function babelkit(...args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CI: '1' } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** The same, with `input` on the command's standard input. */
export function babelkitWithInput(input: string, ...args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', input, env: { ...process.env, CI: '1' } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** 1-based line and column of the first occurrence of `needle` in `text` (after `after`, if given). */
export function lineCol(text: string, needle: string, after = ''): { line: number; col: number } {
  const start = after ? text.indexOf(after) : 0;
  if (start < 0) throw new Error(`'${after}' not found`);
  const i = text.indexOf(needle, start);
  if (i < 0) throw new Error(`'${needle}' not found`);
  const before = text.slice(0, i);
  const line = before.split('\n').length;
  const col = i - before.lastIndexOf('\n');
  return { line, col };
}
