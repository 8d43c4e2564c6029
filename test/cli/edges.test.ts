// The command line's edges, through the real binary: each command's own --help, option names that are also
// names of every JavaScript object, output paths that are not regular files, replays of the wrong shape and
// seeds that are not small numbers.

import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, symlinkSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { babelkit } from './run.js';

const BB = 'rulesets/babel-builders.yaml';
const dir = mkdtempSync(join(tmpdir(), 'babelkit-edges-'));

describe('babelkit COMMAND --help', () => {
  const commands = ['validate', 'simulate', 'ladder', 'replay', 'print', 'demo'];
  for (const cmd of commands) {
    it(`${cmd} --help and ${cmd} -h print the usage of ${cmd} alone and exit 0`, () => {
      for (const flag of ['--help', '-h']) {
        const r = babelkit(cmd, flag);
        expect(r.stderr).toBe('');
        expect(r.code).toBe(0);
        expect(r.stdout).toMatch(new RegExp(`^Usage:\\n  babelkit ${cmd}\\b`));
        for (const other of commands.filter((c) => c !== cmd)) expect(r.stdout).not.toMatch(new RegExp(`babelkit ${other}\\b`));
      }
    });
  }

  it('shows the usage even after other arguments, without running the command', () => {
    const r = babelkit('simulate', BB, '--players', '5', '--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage:\n  babelkit simulate FILE --players N/);
    expect(r.stdout).not.toMatch(/Wins/);
  });
});

describe('option names that every JavaScript object has', () => {
  for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
    it(`--${name} is an unknown option`, () => {
      const v = babelkit('validate', `--${name}`, BB);
      expect(v.code).toBe(2);
      expect(v.stderr).toMatch(new RegExp(`^babelkit validate: unknown option --${name}\\b`));
      const withValue = babelkit('validate', `--${name}=1`, BB);
      expect(withValue.code).toBe(2);
      expect(withValue.stderr).toMatch(new RegExp(`unknown option --${name}\\b`));
      const s = babelkit('simulate', BB, '--players', '5', '--games', '1', '--seed', '1', `--${name}`, 'x');
      expect(s.code).toBe(2);
      expect(s.stderr).toMatch(new RegExp(`unknown option --${name}\\b`));
    });
  }
});

describe('output files are regular files only', () => {
  it('print --out refuses a symbolic link, a FIFO and a folder, and leaves each as it was', () => {
    const target = join(dir, 'precious.txt');
    writeFileSync(target, 'keep me');
    const link = join(dir, 'link.pdf');
    symlinkSync(target, link);
    const r = babelkit('print', BB, '--out', link);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`babelkit print: '${link}' is a symbolic link, not a regular file; babelkit writes only regular files and has left it alone\n`);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
    expect(readFileSync(target, 'utf8')).toBe('keep me');

    const fifo = join(dir, 'out.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const f = babelkit('print', BB, '--out', fifo);
    expect(f.code).toBe(2);
    expect(f.stderr).toMatch(/'.*out\.fifo' is a FIFO, not a regular file/);
    expect(lstatSync(fifo).isFIFO()).toBe(true);

    const folder = join(dir, 'a-folder');
    mkdirSync(folder);
    const d = babelkit('print', BB, '--out', folder);
    expect(d.code).toBe(2);
    expect(d.stderr).toMatch(/'.*a-folder' is a folder, not a regular file/);
    expect(lstatSync(folder).isDirectory()).toBe(true);
    // nothing was left beside them
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('simulate --save-replay refuses a replay file that is a symbolic link, and leaves it as it was', () => {
    const out = join(dir, 'replays');
    mkdirSync(out);
    const target = join(dir, 'elsewhere.json');
    writeFileSync(target, 'not yours');
    symlinkSync(target, join(out, 'game-1.json'));
    const r = babelkit('simulate', BB, '--players', '5', '--games', '1', '--seed', '1', '--save-replay', out);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^babelkit simulate: '.*game-1\.json' is a symbolic link, not a regular file/);
    expect(lstatSync(join(out, 'game-1.json')).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('not yours');
  });

  it('an output file in a folder that is not there is said before the work, in one line, exit 1', () => {
    const missing = join(dir, 'no-such-folder');
    const runs: [string[], string][] = [
      // before any game is played: the folder of their replays is never made
      [['simulate', BB, '--players', '5', '--games', '20', '--seed', '1', '--save-replay', join(dir, 'early'), '--csv', join(missing, 'r.csv')], 'simulate'],
      [['tune', BB, '--players', '5', '--target', 'architects=0.3', '--budget', '40', '--tune', 'handSize=2..4', '--out', join(missing, 't.yaml')], 'tune'],
      [['cards', 'export', BB, '--type', 'instruction', '--out', join(missing, 'c.csv')], 'cards'],
      [['print', BB, '--cards', 'seal', '--out', join(missing, 'p.pdf')], 'print'],
    ];
    for (const [args, cmd] of runs) {
      const r = babelkit(...args);
      expect(r.stderr).toBe(`babelkit ${cmd}: cannot write '${args[args.length - 1]}': ENOENT\n`);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
    }
    expect(readdirSync(dir)).not.toContain('no-such-folder');
    expect(readdirSync(dir)).not.toContain('early');
  });

  it('a write that fails after the work is one line, exit 1, not a crash, and leaves no temporary file', () => {
    // a folder that is a file: the check before the work sees something there, the write itself fails
    const notFolder = join(dir, 'a-file');
    writeFileSync(notFolder, 'x');
    const r = babelkit('simulate', BB, '--players', '5', '--games', '2', '--seed', '1', '--csv', join(notFolder, 'r.csv'));
    expect(r.stderr).toBe(`babelkit simulate: cannot write '${join(notFolder, 'r.csv')}': ENOTDIR\n`);
    expect(r.code).toBe(1);
    expect(readFileSync(notFolder, 'utf8')).toBe('x');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('replay files of the wrong shape', () => {
  const good = () => {
    const out = mkdtempSync(join(dir, 'good-'));
    expect(babelkit('simulate', BB, '--players', '5', '--games', '1', '--seed', '1', '--save-replay', out).code).toBe(0);
    return { out, replay: JSON.parse(readFileSync(join(out, 'game-1.json'), 'utf8')) };
  };

  it('a ruleset file that is not a text is named, not a crash', () => {
    const { out, replay } = good();
    replay.ruleset.file = 42;
    const f = join(out, 'file-42.json');
    writeFileSync(f, JSON.stringify(replay));
    for (const r of [babelkit('replay', f), babelkit('replay', f, '--ruleset', BB)]) {
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`${f}:1:1: error: not a babelkit replay: 'ruleset.file' must be a text (a path), not 42\n`);
    }
  });

  it('a replay that never ends (a device) is read up to a limit, not into all the memory', () => {
    const r = babelkit('replay', '/dev/zero');
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('/dev/zero:1:1: error: cannot read the replay: input is larger than the 64 MiB limit (reading stopped after 64 MiB)\n');
    const missing = join(dir, 'no-such-replay.json');
    expect(babelkit('replay', missing).stderr).toBe(`${missing}:1:1: error: cannot read the replay: no such file\n`);
  });

  it('every wrong field is named', () => {
    const { out, replay } = good();
    Object.assign(replay, { seed: true, players: 0, options: { handSize: { x: 1 } }, result: { ending: 3, winner: null, truncated: 'no' }, finalHash: 5 });
    replay.ruleset.id = 7;
    replay.actions[0].player = -1;
    replay.actions[1].step = 2;
    const f = join(out, 'many.json');
    writeFileSync(f, JSON.stringify(replay));
    const r = babelkit('replay', f, '--ruleset', BB);
    expect(r.code).toBe(1);
    const problems = r.stderr.replace(/^.*not a babelkit replay: /, '').trim().split('; ');
    expect(problems).toEqual([
      "'ruleset.id' must be a text, not 7",
      "'seed' must be a number or a text, not true",
      "'players' must be a whole number of at least 1, not 0",
      "'options.handSize' must be a number, true or false, or a text, not {\"x\":1}",
      "'actions[1].player' must be a whole number of at least 0, not -1",
      "'actions[2].step' must be a text, not 2",
      "'result.ending' must be a text or null, not 3",
      "'result.truncated' must be true or false, not \"no\"",
      "'finalHash' must be a text, not 5",
    ]);
  });
});

describe('--seed', () => {
  it('keeps a long seed of digits as the text typed', () => {
    const seed = '12345678901234567890123456';
    const r = babelkit('simulate', BB, '--players', '5', '--games', '2', '--seed', seed, '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).seed).toBe(seed);
    // and a game seeded by it is seeded by that text, not by 1e+26
    const out = mkdtempSync(join(dir, 'seeded-'));
    expect(babelkit('simulate', BB, '--players', '5', '--games', '1', '--seed', seed, '--save-replay', out).code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'game-1.json'), 'utf8')).seed).toBe(`${seed}:0`);
  });

  it('keeps a seed that fits a safe whole number as that number', () => {
    const r = babelkit('simulate', BB, '--players', '5', '--games', '2', '--seed', '9007199254740991', '--json');
    expect(JSON.parse(r.stdout).seed).toBe(9007199254740991);
  });

  it('refuses an empty seed', () => {
    for (const args of [['--seed', ''], ['--seed=']]) {
      const r = babelkit('simulate', BB, '--players', '5', '--games', '1', ...args);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe('babelkit simulate: --seed needs a value, not an empty text\n');
    }
  });
});
