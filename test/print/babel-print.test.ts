// babelkit print on the 7 Wonders Babel variant, read back with poppler: the 24 Babel tiles and the 15 Grand
// Project cards print with their number, law, colour, participation cost (resources named), penalty and reward.
import { beforeAll, describe, expect, it } from 'vitest';
import { join, relative } from 'node:path';
import { babelkit, ROOT } from '../cli/run.js';
import { pdfInfo, pdfTextRaw as pdfText, requireTools, scratch } from './pdf.js';

const FILE = 'rulesets/variants/7-wonders-babel.yaml';
let dir: string;
const out = (name: string) => relative(ROOT, join(dir, name));

beforeAll(() => {
  requireTools();
  dir = scratch('babel-print');
});

describe('print: 7 Wonders Babel', () => {
  it('prints the 24 tiles, each with its number and law', () => {
    const r = babelkit('print', FILE, '--deck', 'babel-tiles', '--backs', 'none', '--out', out('tiles.pdf'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/24 cards on 3 pages/);
    const text = pdfText(join(dir, 'tiles.pdf')).replace(/\s+/g, ' ');
    for (let n = 1; n <= 24; n++) expect(text).toContain(`Tile ${n} `);
    expect(text).toContain('Closed markets');
    expect(text).toContain('Trading Posts, Marketplace, Caravansery');
    expect(text).toContain('Defeat tokens instead of 1.');
  });

  it('prints the 15 Grand Projects with colour, participation cost, penalty and reward', () => {
    const r = babelkit('print', FILE, '--deck', 'grand-projects', '--backs', 'none', '--out', out('projects.pdf'));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/15 cards on 2 pages/);
    const file = join(dir, 'projects.pdf');
    expect(pdfInfo(file).pages).toBe(2);
    const text = pdfText(file).replace(/\s+/g, ' ');
    // the rulebook's River Port: yellow, 1 coin and a loom
    expect(text).toContain('River Port');
    expect(text).toContain('Age 2 · taken part in with yellow');
    expect(text).toContain('resources: 1 loom');
    expect(text).toContain('resources: 1 stone, 1 papyrus');
    expect(text).toContain('Success: 4 coins per marker.');
    for (const name of ['Double Wall', 'Obelisk', 'Granary', 'Sanctuary', 'Caravan Road', 'War Mirror', 'Star Tower', 'Terraces',
      'Great Kiln', 'Archives', 'Triumphal Arch', 'Great Library', 'Hall of Guilds', 'Ziggurat']) expect(text).toContain(name);
  });

  it('prints every card of the combined variant: the base game, the tiles and the projects', () => {
    const r = babelkit('print', FILE, '--out', out('all.pdf'));
    expect(r.code).toBe(0);
    const cards = Number(/(\d+) cards on/.exec(r.stdout)?.[1]);
    const base = Number(/(\d+) cards on/.exec(babelkit('print', 'rulesets/7-wonders.yaml', '--out', out('base.pdf')).stdout)?.[1]);
    expect(cards).toBe(base + 24 + 15);
  });
});
