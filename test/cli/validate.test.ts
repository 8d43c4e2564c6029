// `babelkit validate`: the real ruleset passes; broken copies are reported at the right line and column.

import { describe, expect, it, beforeAll } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { babelkit, lineCol, ROOT } from './run.js';

const original = readFileSync(join(ROOT, 'rulesets/babel-builders.yaml'), 'utf8');
let dir = '';

function broken(name: string, from: string, to: string): { file: string; text: string } {
  if (!original.includes(from)) throw new Error(`'${from}' not in the ruleset`);
  const text = original.replace(from, to);
  const file = join(dir, name);
  writeFileSync(file, text);
  return { file, text };
}

/** The diagnostics of one run as {line, col, message}. */
function diags(stderr: string, file: string) {
  return stderr
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const m = /^(.*):(\d+):(\d+): error: (.*)$/.exec(l);
      if (!m) throw new Error(`not a diagnostic line: ${l}`);
      expect(m[1]).toBe(file);
      return { line: Number(m[2]), col: Number(m[3]), message: m[4]! };
    });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'babelkit-validate-'));
});

describe('babelkit validate', () => {
  it('accepts the bundled Babel Builders ruleset', () => {
    const r = babelkit('validate', 'rulesets/babel-builders.yaml');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/babel-builders\.yaml: ok/);
  });

  it('reports a YAML syntax error at its line and column', () => {
    const { file, text } = broken('syntax.yaml', '\nname: Babel Builders\n', '\nname: Babel: Builders\n');
    const r = babelkit('validate', file);
    expect(r.code).toBe(1);
    const d = diags(r.stderr, file);
    // only the syntax error: a half-read document is not checked further
    expect(d).toHaveLength(1);
    const at = lineCol(text, 'Babel: Builders');
    expect(d[0]).toMatchObject({ line: at.line, col: at.col });
    expect(d[0]!.message).toMatch(/mapping/i);
  });

  it('reports an unknown top-level key at the key, with a did-you-mean', () => {
    const { file, text } = broken('topkey.yaml', '\nendings:\n', '\nendigns:\n');
    const r = babelkit('validate', file);
    expect(r.code).toBe(1);
    const d = diags(r.stderr, file);
    const at = lineCol(text, 'endigns:');
    const hit = d.find((x) => /endigns/.test(x.message));
    expect(hit, r.stderr).toBeDefined();
    expect(hit).toMatchObject({ line: at.line, col: at.col });
    expect(hit!.message).toMatch(/did you mean 'endings'/);
  });

  it('reports a misspelt zone name inside an expression at the exact column', () => {
    const { file, text } = broken('zone.yaml', '- move: { cards: $played, to: "staged[$a]" }', '- move: { cards: $played, to: "stagd[$a]" }');
    const r = babelkit('validate', file);
    expect(r.code).toBe(1);
    const d = diags(r.stderr, file);
    const at = lineCol(text, 'stagd[$a]');
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ line: at.line, col: at.col });
    expect(d[0]!.message).toMatch(/unknown name 'stagd' \(did you mean 'staged'\?\)/);
  });

  it('reports a wrongly typed value at the value', () => {
    const { file, text } = broken('typed.yaml', '- { id: p7, players: 7, architects: 6,', '- { id: p7, players: 7, architects: six,');
    const r = babelkit('validate', file);
    expect(r.code).toBe(1);
    const d = diags(r.stderr, file);
    const at = lineCol(text, 'six');
    const hit = d.find((x) => x.line === at.line && x.col === at.col);
    expect(hit, r.stderr).toBeDefined();
    expect(hit!.message).toMatch(/architects.*number.*"six"/);
  });

  it('reports several schema and semantic errors in one run', () => {
    let text = original
      .replace('players: { min: 5, max: 10 }', 'players: { min: 5, max: 10, maximum: 12 }') // schema: unknown key
      .replace('count: "byPlayers[playerCount].appointed"', 'count: "byPlayers[playerCount].apointed"') // semantic: unknown column
      .replace("role: zealot }", "role: zelot }") // semantic: unknown role (string expression)
      .replace('- end: deck-exhausted', '- end: deck-exhaust'); // semantic: unknown ending
    const file = join(dir, 'many.yaml');
    writeFileSync(file, text);
    const r = babelkit('validate', file);
    expect(r.code).toBe(1);
    const d = diags(r.stderr, file);
    const expectAt = (needle: string, re: RegExp, after = '') => {
      const at = lineCol(text, needle, after);
      const hit = d.find((x) => x.line === at.line && re.test(x.message));
      expect(hit, `${needle}: ${r.stderr}`).toBeDefined();
    };
    expectAt('maximum', /maximum/);
    expectAt('apointed', /no column 'apointed'.*did you mean 'appointed'/);
    expectAt('zelot', /zelot/);
    expectAt('deck-exhaust', /unknown ending 'deck-exhaust'.*did you mean 'deck-exhausted'/, '- end: deck-exhaust');
    expect(d.length).toBeGreaterThanOrEqual(4);
    void text;
    text = '';
  });

  it('exits 1 for a missing file and checks every file given', () => {
    const r = babelkit('validate', 'rulesets/babel-builders.yaml', join(dir, 'nope.yaml'));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/babel-builders\.yaml: ok/);
    expect(r.stderr).toMatch(/nope\.yaml:1:1: error: cannot read/);
  });

  it('validates a variant that extends Babel Builders, and points variant errors at the variant file', () => {
    expect(babelkit('validate', 'rulesets/variants/steep-tower.yaml').code).toBe(0);
    const vdir = join(dir, 'variants');
    mkdirSync(vdir, { recursive: true });
    copyFileSync(join(ROOT, 'rulesets/babel-builders.yaml'), join(dir, 'babel-builders.yaml'));
    const v = readFileSync(join(ROOT, 'rulesets/variants/steep-tower.yaml'), 'utf8').replace('{ A1: 2, B2: 10, C3: 2 }', '{ A1: 2, B2: 10, D3: 2 }');
    const vfile = join(vdir, 'steep.yaml');
    writeFileSync(vfile, v);
    const r = babelkit('validate', vfile);
    expect(r.code).toBe(1);
    const d = diags(r.stderr, vfile);
    const at = lineCol(v, '{ A1: 2, B2: 10, D3: 2 }');
    expect(d.some((x) => x.line === at.line && /D3/.test(x.message))).toBe(true);
  });
});
