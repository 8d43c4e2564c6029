// What `babelkit validate` reads: a regular file (refused above the size limit with its real size, without
// reading it), standard input (`-` or /dev/stdin), a FIFO or a device (read up to the limit, never further),
// a folder (said plainly), and bases of an `extends` chain (bounded in all).

import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, ftruncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { babelkit, babelkitWithInput, ROOT } from './run.js';

const dir = mkdtempSync(join(tmpdir(), 'babelkit-input-'));
const RULESET = readFileSync(join(ROOT, 'rulesets/babel-builders.yaml'), 'utf8');
const BIN = join(ROOT, 'bin/babelkit.mjs');

/** A sparse file of `bytes` bytes: its size is real, its content never written (or read). */
function sparse(name: string, bytes: number): string {
  const f = join(dir, name);
  const fd = openSync(f, 'w');
  ftruncateSync(fd, bytes);
  closeSync(fd);
  return f;
}

describe('babelkit validate: what it reads', () => {
  it('reports the real size of a 50 MiB file, without reading it', () => {
    const f = sparse('huge.yaml', 50 * 1024 * 1024);
    const r = babelkit('validate', f);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`${f}:1:1: error: file is 50 MiB, larger than the 512 KiB limit\n`);
  });

  it('reads the ruleset from standard input with `-` and with /dev/stdin', () => {
    const dash = babelkitWithInput(RULESET, 'validate', '-');
    expect(dash.stderr).toBe('');
    expect(dash.code).toBe(0);
    expect(dash.stdout).toMatch(/^<stdin>: ok \(Babel Builders: \d+ components/);
    const dev = babelkitWithInput(RULESET, 'validate', '/dev/stdin');
    expect(dev.stderr).toBe('');
    expect(dev.code).toBe(0);
    expect(dev.stdout).toMatch(/^\/dev\/stdin: ok \(Babel Builders/);
  });

  it('reports problems in standard input at <stdin>:line:col', () => {
    const r = babelkitWithInput(RULESET.replace('phases:', 'phases: [oops'), 'validate', '-');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^<stdin>:\d+:\d+: error: /);
  });

  it('stops reading standard input, a device or a FIFO at the size limit', () => {
    const big = babelkitWithInput('description: "' + 'x'.repeat(600 * 1024) + '"\n', 'validate', '-');
    expect(big.code).toBe(1);
    expect(big.stderr).toBe('<stdin>:1:1: error: input is larger than the 512 KiB limit (reading stopped after 512 KiB)\n');
    // /dev/zero never ends: only the limit stops it
    const zero = babelkit('validate', '/dev/zero');
    expect(zero.code).toBe(1);
    expect(zero.stderr).toBe('/dev/zero:1:1: error: input is larger than the 512 KiB limit (reading stopped after 512 KiB)\n');
  });

  it('reads a ruleset from a FIFO', () => {
    const fifo = join(dir, 'rules.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const source = join(dir, 'rules.yaml');
    writeFileSync(source, RULESET);
    // a writer in the background (which gives up after a while if nothing opens the FIFO), the reader in the foreground
    const script = 'timeout 30 sh -c \'cat "$1" > "$2"\' sh "$1" "$2" & "$3" "$4" validate "$2"; s=$?; kill $! 2>/dev/null; exit $s';
    const r = spawnSync('sh', ['-c', script, 'sh', source, fifo, process.execPath, BIN], {
      cwd: ROOT, encoding: 'utf8', env: { ...process.env, CI: '1' }, timeout: 60_000,
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/rules\.fifo: ok \(Babel Builders/);
  });

  it('says plainly that a folder is not a file', () => {
    const r = babelkit('validate', dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`${dir}:1:1: error: cannot read '${dir}': it is a folder, not a file\n`);
    const missing = babelkit('validate', join(dir, 'absent.yaml'));
    expect(missing.stderr).toBe(`${join(dir, 'absent.yaml')}:1:1: error: cannot read '${join(dir, 'absent.yaml')}': no such file\n`);
  });

  it('refuses an oversized base at the extends line, with its real size', () => {
    sparse('giant-base.yaml', 50 * 1024 * 1024);
    const v = join(dir, 'on-giant.yaml');
    writeFileSync(v, 'id: v\nextends: giant-base.yaml\n');
    const r = babelkit('validate', v);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`${v}:2:10: error: cannot read base file 'giant-base.yaml': file is 50 MiB, larger than the 512 KiB limit\n`);
  });

  it('refuses an extends chain over its total size at the extends line that goes over', () => {
    const text = (ext: string) => `${ext}description: "${'x'.repeat(400 * 1024)}"\n`;
    writeFileSync(join(dir, 'c1.yaml'), text('extends: c2\n'));
    writeFileSync(join(dir, 'c2.yaml'), text('extends: c3\n'));
    writeFileSync(join(dir, 'c3.yaml'), text(''));
    const f = (n: number) => join(dir, `c${n}.yaml`);
    const r = babelkit('validate', f(1));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `${f(2)}:1:10: error: the 'extends' chain is too large: ${f(1)} (400 KiB) + ${f(2)} (400 KiB) + ${f(3)} (400 KiB) = 1.2 MiB, more than the 1 MiB limit for a ruleset and all its bases\n`,
    );
  });
});
