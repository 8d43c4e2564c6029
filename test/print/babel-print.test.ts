// babelkit print on 7 Wonders Babel (both modules), read back with poppler: structures on poker cards (their
// colour band, cost, production and effects as symbols, chains from and to, Age and player count), the wonder
// boards at board size on landscape sheets with side B on the back of side A and the stages drawn on them, the
// Babel tiles square, the Grand Projects with participation, reward and penalty as symbols. The symbols are
// vector shapes in their own colours (found on the rendered pages), the text fonts embedded.
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { execFileSync } from 'node:child_process';
import { babelkit, ROOT } from '../cli/run.js';
import { PT, pdfFonts, pdfInfo, pdfTextRaw, requireTools, scratch } from './pdf.js';

const FILE = 'rulesets/variants/7-wonders-babel.yaml';
let dir: string;
let pdf: string;
let pages = 0;
const out = (name: string) => relative(ROOT, join(dir, name));
const text = (p: number) => pdfTextRaw(pdf, p).replace(/\s+/g, ' ');
/** The first page whose text holds `s`. */
const pageWith = (s: string) => { for (let p = 1; p <= pages; p++) if (text(p).includes(s)) return p; throw new Error(`no page says '${s}'`); };

/** Pixels of one page near each colour (a symbol's colour), from a raw RGB rendering. */
function colourCounts(page: number, colours: Record<string, string>): Record<string, number> {
  const base = join(dir, `c${page}`);
  execFileSync('pdftoppm', ['-r', '40', '-f', String(page), '-l', String(page), '-singlefile', pdf, base]);
  const buf = readFileSync(`${base}.ppm`);
  const h = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(buf.subarray(0, 64).toString('latin1'))!;
  const px = buf.subarray(h[0].length);
  const out: Record<string, number> = {};
  for (const [name, hex] of Object.entries(colours)) {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    let n = 0;
    for (let i = 0; i + 2 < px.length; i += 3) if (Math.abs(px[i]! - r!) + Math.abs(px[i + 1]! - g!) + Math.abs(px[i + 2]! - b!) < 24) n++;
    out[name] = n;
  }
  return out;
}

beforeAll(() => {
  requireTools();
  dir = scratch('babel-print');
  pdf = join(dir, '7wb.pdf');
  const r = babelkit('print', FILE, '--out', out('7wb.pdf'));
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  // 148 structures and 7 wonder cards on poker cards, 7 boards (14 sides), 24 tiles, 15 projects
  expect(r.stdout).toMatch(/^.*7wb\.pdf: 201 cards on \d+ pages \(3×3 per sheet, 63\.5×88\.9 mm on 210×297 mm, [^;]+; 1×2 per sheet, 240×90 mm on 297×210 mm, [^;]+; 3×5 per sheet, 50×50 mm on 210×297 mm, [^)]+\)$/m);
  pages = pdfInfo(pdf).pages;
}, 60_000);

describe('print: 7 Wonders Babel', () => {
  it('prints structures with their cost, production and effects as symbols, chains from and to, Age and player count', () => {
    const p = pageWith('Clay Pool');
    const info = pdfInfo(pdf, p);
    expect([Math.round(info.width), Math.round(info.height)]).toEqual([595, 842]);
    const t = text(p);
    expect(t).toContain('Age 1');
    expect(t).toMatch(/\b3\+ .*\b5\+/);
    // no list of fields, no raw value
    expect(t).not.toMatch(/Color:|Min players|Either:|coin\(s\)|\b0,0,/);
    const baths = text(pageWith('Baths'));
    expect(baths).toContain('Chains to Aqueduct');
    // Aqueduct's page says where it chains from
    expect(text(pageWith('Free with Baths'))).toMatch(/Aqueduct.*Free with Baths/);
    expect(text(pageWith('Bazar'))).toMatch(/for each\s+card/);
    expect(text(pageWith('East Trading Post'))).toContain('Raw materials from your right neighbour for 1 coin.');
    // the symbols are drawn: clay, ore, stone, wood and coins on the first page of Age I brown cards
    const c = colourCounts(p, { clay: '#b4582c', ore: '#3e4a57', stone: '#7d7d7d', wood: '#6b4423', coin: '#d9a521', band: '#8a5a33' });
    for (const [k, n] of Object.entries(c)) expect(n, k).toBeGreaterThan(15);
    // embedded, subset text fonts
    expect(pdfFonts(pdf).every((f) => f.emb === 'yes' && f.sub === 'yes')).toBe(true);
  });

  it('prints each wonder board at board size, side A on the front, side B behind it, its stages drawn on it', () => {
    const p = pageWith('Alexandria (A)');
    const front = pdfInfo(pdf, p);
    expect([Math.round(front.width), Math.round(front.height)]).toEqual([842, 595]);
    // one column of 240 × 90 mm boards
    expect((front.trimBox[2]! - front.trimBox[0]!) / PT).toBeCloseTo(240, 1);
    const t = text(p);
    expect(t).toMatch(/Stage 1.*Stage 2.*Stage 3/);
    expect(t).toContain('Starting resource');
    expect(t).not.toContain('(B)');
    // duplex: the page after is the backs, side B of the same boards
    const back = text(p + 1);
    expect(back).toContain('Alexandria (B)');
    expect(back).not.toContain('(A)');
    // Gizah B has four stages; the stages are never printed as cards of their own
    expect(text(pageWith('Gizah (B)'))).toContain('Stage 4');
    const c = colourCounts(p, { point: '#2b5f9e', glass: '#2a9cc0' });
    for (const [k, n] of Object.entries(c)) expect(n, k).toBeGreaterThan(10);
  });

  it('prints the 24 Babel tiles square, each with its number, name and law', () => {
    const p = pageWith('Tax on science');
    const info = pdfInfo(pdf, p);
    expect([Math.round(info.width), Math.round(info.height)]).toEqual([595, 842]);
    const tiles = Array.from({ length: pages }, (_, i) => text(i + 1)).filter((t) => /Rulebook group/.test(t)).join(' ');
    for (const name of ['Tax on science', 'Closed markets', 'Double defeat', 'Endless veins', 'Guild levy']) expect(tiles).toContain(name);
    expect(tiles).toContain('Rulebook group 1-6-13-16');
    expect(tiles).toContain('Defeat tokens instead of 1.');
    expect(tiles.match(/Rulebook group/g)).toHaveLength(24);
    // a tile's trim is square: 3 columns of 50 mm with a bleed each
    expect((info.trimBox[3]! - info.trimBox[1]!) / PT).toBeGreaterThan(250);
  });

  it('prints the 15 Grand Projects with participation, reward and penalty as symbols', () => {
    const p = pageWith('River Port');
    const t = text(p);
    expect(t).toContain('Grand Project · Age 2');
    expect(t).toMatch(/Participation:/);
    expect(t).toMatch(/Reward per marker: 4 ×/);
    expect(t).toContain('Penalty:');
    expect(t).not.toMatch(/coin\(s\)|0 coin/);
    const all = Array.from({ length: pages }, (_, i) => text(i + 1)).join(' ');
    for (const name of ['Double Wall', 'Obelisk', 'Granary', 'Sanctuary', 'Caravan Road', 'War Mirror', 'Star Tower', 'Terraces',
      'Great Kiln', 'Archives', 'Triumphal Arch', 'Great Library', 'Hall of Guilds', 'Ziggurat']) expect(all).toContain(name);
    // the participation's coin and the rewards' and penalties' symbols are drawn
    const c = colourCounts(p, { coin: '#d9a521', victory: '#b8322a' });
    for (const [k, n] of Object.entries(c)) expect(n, k).toBeGreaterThan(10);
  });

  it('prints the same bytes twice', () => {
    const again = babelkit('print', FILE, '--out', out('again.pdf'));
    expect(again.code).toBe(0);
    expect(readFileSync(join(dir, 'again.pdf')).equals(readFileSync(pdf))).toBe(true);
  });
});
