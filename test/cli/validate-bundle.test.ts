// `babelkit validate` runs from one bundled file (cli/bundle.mjs → dist/cli/validate.bundle.mjs) and loads ajv only
// to explain a ruleset that fails the schema check compiled at build time; the other commands run from
// dist/cli/main.bundle.mjs and its chunks. All are speed-ups only: what a command prints must be what the whole
// command line's modules print, byte for byte, for good input and bad.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './run.js';

type Run = { code: number | null; stdout: string; stderr: string };

function run(args: string[], opts: { input?: string; env?: Record<string, string> } = {}): Run {
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', input: opts.input, env: { ...process.env, ...opts.env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The same command through dist/cli/main.js, the modules, never the bundle. */
const viaModules = (args: string[], input?: string): Run =>
  run(['--input-type=module', '-e', `const { main } = await import(${JSON.stringify(join(ROOT, 'dist/cli/main.js'))}); process.exitCode = await main(${JSON.stringify(args)});`], { input });
const viaBin = (args: string[], input?: string): Run => run([join(ROOT, 'bin/babelkit.mjs'), ...args], { input });

describe('babelkit validate, bundled', () => {
  it('the build made the bundle', () => {
    expect(existsSync(join(ROOT, 'dist/cli/validate.bundle.mjs'))).toBe(true);
  });

  it('prints what the modules print: every bundled ruleset, broken input, --help and usage errors', () => {
    const rulesets = ['', 'variants'].flatMap((d) => readdirSync(join(ROOT, 'rulesets', d)).filter((f) => f.endsWith('.yaml')).map((f) => join('rulesets', d, f)));
    expect(rulesets.length).toBeGreaterThan(8);
    const cases: [string[], string?][] = [
      [['validate', ...rulesets]],
      [['validate', '-'], 'id: x\nname: X\nplayers: { min: 2, max: many }\n'],
      [['validate', '-'], 'a: &a [*a\n'],
      [['validate', '-'], '__proto__: { polluted: 1 }\nid: x\n'],
      [['validate', 'no-such-file.yaml']],
      [['validate', '--help']],
      [['validate']],
      [['validate', '--nope', 'x.yaml']],
    ];
    const printed = cases.map(([args, input]) => {
      const a = viaBin(args, input);
      const b = viaModules(args, input);
      expect({ args, ...a }).toEqual({ args, ...b });
      return a;
    });
    // not vacuous: the good ones were ok, the broken ones were explained
    expect(printed[0]!.stdout.split('\n').filter((l) => l.includes(': ok (')).length).toBe(rulesets.length);
    expect(printed[1]!.stderr).toMatch(/^<stdin>:3:25: error: players\.max: /m);
  });

  it('loads ajv only for a ruleset the compiled check turns down', () => {
    const ajvLoaded = (r: Run) => /ajv[\\/]dist[\\/]2020\.js/.test(r.stderr);
    const good = run([join(ROOT, 'bin/babelkit.mjs'), 'validate', 'rulesets/babel-builders.yaml'], { env: { NODE_DEBUG: 'module' } });
    expect(good.code).toBe(0);
    expect(ajvLoaded(good)).toBe(false);
    const bad = run([join(ROOT, 'bin/babelkit.mjs'), 'validate', '-'], { input: 'id: x\nname: 3\n', env: { NODE_DEBUG: 'module' } });
    expect(bad.code).toBe(1);
    expect(ajvLoaded(bad)).toBe(true);
    expect(bad.stderr).toMatch(/^<stdin>:2:7: error: name: expected a string, got 3$/m);
  });
});

describe('the other commands, bundled', () => {
  it('the build made the bundle, and a command imported on demand is a chunk of its own', () => {
    expect(existsSync(join(ROOT, 'dist/cli/main.bundle.mjs'))).toBe(true);
    const chunks = readdirSync(join(ROOT, 'dist/cli')).filter((f) => /^bundle-.*\.mjs$/.test(f));
    expect(chunks.some((f) => f.startsWith('bundle-print-'))).toBe(true);
    expect(chunks.some((f) => f.startsWith('bundle-serve-'))).toBe(true);
    // `simulate` never reads pdfkit (print's) nor vite (serve's)
    const r = run(['--import', join(ROOT, 'test/fixtures/log-imports.mjs'), join(ROOT, 'bin/babelkit.mjs'), 'simulate', 'rulesets/bable.yaml', '--players', '2', '--games', '2', '--seed', '1', '--workers', '1']);
    expect(r.code, r.stderr.slice(-2000)).toBe(0);
    const loaded = r.stderr.split('\n').filter((l) => l.startsWith('import: '));
    expect(loaded.some((l) => l.endsWith('/dist/cli/main.bundle.mjs'))).toBe(true);
    expect(loaded.filter((l) => /\/dist\/(engine|cli)\/.*\.js$/.test(l))).toEqual([]);
    expect(loaded.filter((l) => /pdfkit|fontkit|\/vite\/|bundle-(print|serve|server)-/.test(l))).toEqual([]);
  });

  it('prints what the modules print: simulate, compare, replay, cards export, merge, usage errors', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bk-bundle-'));
    const cases: [string[], string?][] = [
      [['simulate', 'rulesets/babel-builders.yaml', '--players', '5', '--games', '4', '--seed', '2', '--workers', '1', '--json', '--save-replay', join(dir, 'r')]],
      [['compare', 'rulesets/7-wonders.yaml', 'rulesets/variants/7-wonders-babel.yaml', '--players', '3', '--games', '3', '--seed', '1', '--workers', '1']],
      [['cards', 'export', 'rulesets/babel-builders.yaml', '--type', 'storm']],
      [['print', 'rulesets/babel-builders.yaml', '--out', join(dir, 'no', 'x.pdf')]],
      [['merge', '-']],
      [['simulate', 'rulesets/babel-builders.yaml', '--players', '5', '--bot', 'clever']],
      [['ladder']],
      [['--help']],
    ];
    const strip = (r: Run) => ({ ...r, stdout: r.stdout.replace(/\d+(\.\d+)? games\/s \([\d.]+ s\)|"(seconds|gamesPerSecond)":\s*[\d.e+-]+/g, '') });
    for (const [args, input] of cases) {
      const a = viaBin(args, input);
      if (args.includes('--save-replay')) rmSync(join(dir, 'r'), { recursive: true, force: true }); // saved again by the modules
      const b = viaModules(args, input);
      expect({ args, ...strip(a) }).toEqual({ args, ...strip(b) });
    }
    // and a replay the bundle saved replays through it
    const saved = readdirSync(join(dir, 'r'));
    expect(saved.length).toBe(4);
    const rep = viaBin(['replay', join(dir, 'r', saved[0]!)]);
    expect(rep.code, rep.stderr).toBe(0);
    expect(rep.stdout).toEqual(viaModules(['replay', join(dir, 'r', saved[0]!)]).stdout);
  });
});
