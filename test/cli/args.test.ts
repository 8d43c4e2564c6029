// The CLI's building blocks on their own: argument parsing looks names up as given (never through an object's
// inherited properties), and the one writer refuses anything but a regular file.

import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HelpRequested, parseArgs, UsageError } from '../../cli/args.js';
import { outputProblem, writeAtomic } from '../../cli/load-file.js';

describe('parseArgs', () => {
  const spec = { seed: 'string', games: 'int', json: 'flag', option: 'multi' } as const;

  it('reads options and positional arguments', () => {
    const { positional, values } = parseArgs(['a.yaml', '--seed', 's', '--games=3', '--json', '--option', 'x=1', '--option', 'y=2', '-'], spec);
    expect(positional).toEqual(['a.yaml', '-']);
    expect({ ...values }).toEqual({ seed: 's', games: 3, json: true, option: ['x=1', 'y=2'] });
  });

  it('takes names every object inherits for unknown options, and returns values with no inherited names', () => {
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf']) {
      expect(() => parseArgs([`--${name}`], spec)).toThrow(new UsageError(`unknown option --${name} (options: --seed, --games, --json, --option)`));
      expect(() => parseArgs([`--${name}=1`], {})).toThrow(new UsageError(`unknown option --${name}`));
    }
    const { values } = parseArgs(['--seed', 'x'], spec);
    expect(values.toString).toBeUndefined();
    expect(values.constructor).toBeUndefined();
    expect(Object.keys(values)).toEqual(['seed']);
  });

  it('asks for help on --help or -h, wherever it is', () => {
    expect(() => parseArgs(['--help'], {})).toThrow(HelpRequested);
    expect(() => parseArgs(['a.yaml', '--seed', '1', '-h'], spec)).toThrow(HelpRequested);
    // but not when it is the value of an option
    expect(parseArgs(['--seed', '-h'], spec).values.seed).toBe('-h');
  });
});

describe('writeAtomic and outputProblem', () => {
  it('names what a path is when it is not a regular file', () => {
    expect(outputProblem('/dev/null')).toBe("'/dev/null' is a device, not a regular file; babelkit writes only regular files and has left it alone");
    expect(outputProblem(tmpdir())).toMatch(/is a folder, not a regular file/);
    expect(outputProblem(join(tmpdir(), 'surely-not-here-' + process.pid))).toBeNull();
  });

  it('replaces a regular file whole and leaves no temporary file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'babelkit-write-'));
    const f = join(dir, 'out.txt');
    writeFileSync(f, 'old');
    writeAtomic(f, 'new');
    expect(readFileSync(f, 'utf8')).toBe('new');
    expect(readdirSync(dir)).toEqual(['out.txt']);
    expect(() => writeAtomic(dir, 'x')).toThrow(UsageError);
  });
});
