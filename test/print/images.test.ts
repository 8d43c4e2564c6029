// Images in card layouts: a PNG (from a card's field) and an SVG (for the whole card type) printed into a real
// PDF and read back (poppler's pdfimages and pdftoppm); each file embedded once; the same bytes twice; missing,
// damaged, oversized and hostile images refused by `validate` at the line that names them; an SVG drawn inert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { babelkit, lineCol } from '../cli/run.js';
import { requireTools, scratch } from './pdf.js';
import { STAR_SVG, bombPng, makePng, pattern } from '../helpers/images.js';
import { decodePng } from '../../print/png.js';
import { loadRulesetText, nodeReadFile, nodeReadImage } from '../../engine/index-node.js';
import { SvgSurface, measuringFonts, renderCard } from '../../print/index.js';
import { loadFonts } from '../../cli/print.js';

// a plain literal: the editor's image test (test/editor/cards-csv-browser.test.ts) reads it from this file
const RULESET = `# cards with pictures
id: pictures
name: Picture cards
players: { min: 2, max: 4 }
teams:
  - { id: all, name: Everyone, objective: "count(pile)" }
roles:
  - { id: member, team: all }
cardTypes:
  - id: picture
    name: Picture
    back: blue
    startIn: pile
    fields:
      art: { type: string }
    layout:
      background: white
      elements:
        - { type: title }
        - { type: image, field: art, box: [4, 16, 55.5, 40] }
        - { type: image, file: art/star.svg, box: [20, 60, 23.5, 23.5] }
cards:
  - { id: red, type: picture, name: Red and blue, art: art/pattern.png, count: 3 }
  - { id: plain, type: picture, name: Plain }
zones:
  - { id: box, visibility: nobody }
  - { id: pile, visibility: public }
endings:
  - { id: done, winner: all }
setup:
  - forEach: players
    as: p
    do:
      - setRole: { player: $p, role: member }
phases:
  - id: main
    steps:
      - id: pick
        prompt: { player: "player(1)", choose: options, from: "[1, 3]", as: n }
        do:
          - end: done
`;

let dir: string;

function project(files: Record<string, string | Uint8Array> = {}, text = RULESET): string {
  const d = scratch('images');
  mkdirSync(join(d, 'art'), { recursive: true });
  writeFileSync(join(d, 'art/pattern.png'), pattern(64, 32));
  writeFileSync(join(d, 'art/star.svg'), STAR_SVG);
  for (const [k, v] of Object.entries(files)) writeFileSync(join(d, k), v);
  writeFileSync(join(d, 'pictures.yaml'), text);
  return d;
}

/** The page rendered in colour: how many pixels are near each colour. */
function colours(pdf: string, page: number, want: Record<string, [number, number, number]>): Record<string, number> {
  const base = join(dir, `c${page}`);
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', String(page), '-l', String(page), '-singlefile', pdf, base]);
  const img = decodePng(new Uint8Array(readFileSync(`${base}.png`)));
  const out: Record<string, number> = {};
  for (const k of Object.keys(want)) out[k] = 0;
  for (let i = 0; i < img.width * img.height; i++) {
    const r = img.pixels[i * 3]!, g = img.pixels[i * 3 + 1]!, b = img.pixels[i * 3 + 2]!;
    for (const [k, c] of Object.entries(want)) if (Math.abs(r - c[0]) + Math.abs(g - c[1]) + Math.abs(b - c[2]) < 40) out[k]!++;
  }
  return out;
}

beforeAll(() => {
  requireTools();
  dir = project();
});
// BK_KEEP=1 keeps the scratch folder (the ruleset, its images and the PDFs) to look at
afterAll(() => { if (!process.env.BK_KEEP) rmSync(dir, { recursive: true, force: true }); });

describe('images in layouts', () => {
  it('validate reads both images; print puts the PNG in the PDF once and draws the SVG', () => {
    const file = join(dir, 'pictures.yaml');
    const v = babelkit('validate', file);
    expect(v.code, v.stderr).toBe(0);
    const out = join(dir, 'deck.pdf');
    const p = babelkit('print', file, '--out', out, '--backs', 'none');
    expect(p.code, p.stderr).toBe(0);
    // pdfimages: page, num, type, width, height, color, comp, bpc, enc, interp, object, id …
    const list = execFileSync('pdfimages', ['-list', out], { encoding: 'utf8' }).trim().split('\n').slice(2).map((l) => l.trim().split(/\s+/));
    const images = list.filter((r) => r[2] === 'image');
    const masks = list.filter((r) => r[2] === 'smask');
    // three copies of the card show the 64×32 PNG; its pixels and its transparency are one object each
    expect(images.map((r) => [r[0], r[3], r[4], r[5]])).toEqual([['1', '64', '32', 'rgb'], ['1', '64', '32', 'rgb'], ['1', '64', '32', 'rgb']]);
    expect(masks).toHaveLength(3);
    expect(new Set(images.map((r) => r[10])).size).toBe(1);
    expect(new Set(masks.map((r) => r[10])).size).toBe(1);
    // the drawing: red and blue from the PNG on three cards, the SVG's green star and yellow disc on all four
    const c = colours(out, 1, { red: [220, 30, 30], blue: [30, 60, 220], green: [31, 138, 58], yellow: [242, 194, 48] });
    expect(c.red).toBeGreaterThan(300);
    expect(c.blue).toBeGreaterThan(300);
    expect(c.green).toBeGreaterThan(100);
    expect(c.yellow).toBeGreaterThan(100);
  });

  it('the same input gives the same PDF bytes', () => {
    const file = join(dir, 'pictures.yaml');
    const a = join(dir, 'a.pdf'), b = join(dir, 'b.pdf');
    expect(babelkit('print', file, '--out', a).code).toBe(0);
    expect(babelkit('print', file, '--out', b).code).toBe(0);
    expect(readFileSync(a).equals(readFileSync(b))).toBe(true);
  });

  it('a JPEG goes into the PDF as it is (DCT), once, and into the preview as a data: URL', () => {
    // a JPEG made by poppler from a page of this test's own PDF
    const pdf = join(dir, 'for-jpeg.pdf');
    expect(babelkit('print', join(dir, 'pictures.yaml'), '--out', pdf, '--backs', 'none').code).toBe(0);
    execFileSync('pdftoppm', ['-jpeg', '-r', '20', '-f', '1', '-l', '1', '-singlefile', pdf, join(dir, 'photo')]);
    const d = project({ 'art/photo.jpg': new Uint8Array(readFileSync(join(dir, 'photo.jpg'))) }, RULESET.replace('name: Plain }', 'name: Plain, art: art/photo.jpg }'));
    const file = join(d, 'pictures.yaml');
    const v = babelkit('validate', file);
    expect(v.code, v.stderr).toBe(0);
    const out = join(d, 'deck.pdf');
    expect(babelkit('print', file, '--out', out, '--backs', 'none').code).toBe(0);
    const list = execFileSync('pdfimages', ['-list', out], { encoding: 'utf8' }).trim().split('\n').slice(2).map((l) => l.trim().split(/\s+/));
    const jpegs = list.filter((r) => r[8] === 'jpeg');
    expect(jpegs).toHaveLength(1);
    const r = loadRulesetText(file, readFileSync(file, 'utf8'), nodeReadFile, { readImage: nodeReadImage });
    const g = r.game!;
    const jpeg = [...g.images.values()].find((i) => i.format === 'jpeg')!;
    expect(jpegs[0]!.slice(3, 5)).toEqual([String(jpeg.width), String(jpeg.height)]);
    expect(jpeg.width).toBeGreaterThan(100);
    const s = new SvgSurface((f) => f);
    const slot = { trim: { x: 3, y: 3, w: 63.5, h: 88.9 }, bleed: { x: 0, y: 0, w: 69.5, h: 94.9 }, rotate: 0 as const };
    renderCard(s, { game: g, m: measuringFonts(loadFonts()) }, g.cards.find((c) => c.id === 'plain')!, 'front', slot);
    expect(s.svg(200, 270)).toContain('href="data:image/jpeg;base64,/9j/');
    rmSync(d, { recursive: true, force: true });
  });

  it('a missing image is an error at the line and column that names it', () => {
    const text = RULESET.replace('art: art/pattern.png', 'art: art/missing.png');
    const d = project({}, text);
    const file = join(d, 'pictures.yaml');
    const r = babelkit('validate', file);
    expect(r.code).toBe(1);
    const { line, col } = lineCol(text, 'art/missing.png');
    expect(r.stderr).toContain(`${file}:${line}:${col}: error: image 'art/missing.png' not found (looked for ${join(d, 'art/missing.png')})`);
    expect(babelkit('print', file, '--out', join(d, 'x.pdf')).code).toBe(1);
    rmSync(d, { recursive: true, force: true });
  });

  const refused: [string, string | Uint8Array, RegExp][] = [
    ['a script', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10"/></svg>', /<script> is not allowed in an SVG image/],
    ['an event attribute', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><rect width="10" height="10"/></svg>', /event attribute 'onload' is not allowed/],
    ['an external image', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><image href="http://example.invalid/x.png" width="10" height="10"/></svg>', /<image> is not allowed in an SVG image/],
    ['a link on a shape', '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><rect xlink:href="#a" width="10" height="10"/></svg>', /'xlink:href' is not allowed/],
    ['a paint from elsewhere', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect fill="url(http://example.invalid/p)" width="10" height="10"/></svg>', /refers to something else/],
    ['an entity', '<!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>', /DOCTYPE is not allowed/],
    ['a style sheet', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><style>rect{fill:url(http://x)}</style><rect width="10" height="10"/></svg>', /<style> is not allowed/],
  ];
  for (const [what, svg, message] of refused) {
    it(`an SVG with ${what} is refused by validate, at the line that names it`, () => {
      const d = project({ 'art/star.svg': svg });
      const file = join(d, 'pictures.yaml');
      const r = babelkit('validate', file);
      expect(r.code).toBe(1);
      const { line, col } = lineCol(RULESET, 'art/star.svg');
      expect(r.stderr).toMatch(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${line}:${col}: error: image 'art/star\\.svg': `));
      expect(r.stderr).toMatch(message);
      rmSync(d, { recursive: true, force: true });
    });
  }

  const bad: [string, Uint8Array, RegExp][] = [
    ['larger than 4096 pixels a side', makePng(5000, 2, () => [0, 0, 0]), /5000×2 pixels; the limit is 4096 a side/],
    ['a decompression bomb', bombPng(), /inflate to more than its 16×16 header says/],
    ['damaged', (() => { const b = pattern(8, 8); b[40]! ^= 0xff; return b; })(), /fails its checksum/],
    ['cut short', pattern(8, 8).subarray(0, 50), /cut short/],
    ['not an image at all', new TextEncoder().encode('hello'), /not a PNG, JPEG or SVG/],
  ];
  for (const [what, bytes, message] of bad) {
    it(`a PNG ${what} is refused by validate`, () => {
      const d = project({ 'art/pattern.png': bytes });
      const r = babelkit('validate', join(d, 'pictures.yaml'));
      expect(r.code).toBe(1);
      const { line, col } = lineCol(RULESET, 'art/pattern.png');
      expect(r.stderr).toContain(`:${line}:${col}: error: image 'art/pattern.png': `);
      expect(r.stderr).toMatch(message);
      rmSync(d, { recursive: true, force: true });
    });
  }

  it('links, absolute paths and other files are not images', () => {
    for (const [ref, message] of [['https://example.invalid/a.png', /never a link/], ['/etc/passwd.png', /absolute path/], ['art/notes.txt', /not a PNG, JPEG or SVG file name/]] as const) {
      const text = RULESET.replace('art: art/pattern.png', `art: "${ref}"`);
      const d = project({}, text);
      const r = babelkit('validate', join(d, 'pictures.yaml'));
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(message);
      rmSync(d, { recursive: true, force: true });
    }
  });

  it('drawn inert: the SVG a card becomes holds no script, no event attribute, no link, whatever the image file was', () => {
    const file = join(dir, 'pictures.yaml');
    const r = loadRulesetText(file, readFileSync(file, 'utf8'), nodeReadFile, { readImage: nodeReadImage });
    expect(r.game, JSON.stringify(r.diagnostics)).toBeDefined();
    const g = r.game!;
    expect([...g.images.values()].map((i) => [i.format, i.width, i.height])).toEqual([['png', 64, 32], ['svg', 100, 100]]);
    const s = new SvgSurface((f) => f);
    const slot = { trim: { x: 3, y: 3, w: 63.5, h: 88.9 }, bleed: { x: 0, y: 0, w: 69.5, h: 94.9 }, rotate: 0 as const };
    renderCard(s, { game: g, m: measuringFonts(loadFonts()) }, g.cards[0]!, 'front', slot);
    const svg = s.svg(200, 270);
    expect(svg).toContain('href="data:image/png;base64,');
    expect(svg).toContain('fill="#1f8a3a"');
    expect(svg).not.toMatch(/<script|\son\w+=|href="(?!data:image\/png;base64,)/i);
  });
});
