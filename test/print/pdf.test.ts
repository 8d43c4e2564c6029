// babelkit print, read back from the real PDFs with poppler: pages and sizes, boxes, card positions,
// mirrored backs, text, embedded subset fonts, identical reruns, and a rendered page checked for its
// grid and crop marks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { babelkit, ROOT } from '../cli/run.js';
import { loadGame, pdfFonts, pdfInfo, pdfText, pdfTextIn, pdfWords, PT, render, requireTools, scratch, writePdf, type Word } from './pdf.js';
import { printDeck, planSheet, PrintError, type PrintOptions } from '../../print/index.js';
import { loadFonts } from '../../cli/print.js';
import { parsePaper, CARD_SIZES } from '../../print/sizes.js';

let dir: string;
let deck: string;
const fonts = loadFonts();
const BB = 'rulesets/babel-builders.yaml';
/** Babel Builders' printable cards: 10 roles, 12 blueprints, 39 instruction and 27 special cards. */
const BB_CARDS = 89; // 88 cards + the base card

const rel = (p: string) => relative(ROOT, p);

async function print(opts: PrintOptions, name: string, file = BB) {
  const res = await printDeck(loadGame(join(ROOT, file)), fonts, opts);
  return { ...res, file: writePdf(dir, name, res.bytes) };
}

/** The word boxes whose text is `t`, in page order. */
const find = (words: Word[], t: string) => words.filter((w) => w.text === t);
const cx = (w: Word) => (w.x1 + w.x2) / 2;
const cy = (w: Word) => (w.y1 + w.y2) / 2;

beforeAll(() => {
  requireTools();
  dir = scratch('print');
  deck = join(dir, 'deck.pdf');
  const r = babelkit('print', BB, '--out', rel(deck));
  if (r.code !== 0) throw new Error(`babelkit print failed: ${r.stderr}`);
});

// keep the PDFs for a look with BABELKIT_KEEP_PDF=1
afterAll(() => { if (dir && !process.env.BABELKIT_KEEP_PDF) rmSync(dir, { recursive: true, force: true }); });

describe('babelkit print rulesets/babel-builders.yaml (A4, poker, crop marks, duplex-long)', () => {
  it('prints every card with its back: 10 sheets of 9, each a front page and a back page', () => {
    const info = pdfInfo(deck);
    expect(info.pages).toBe(2 * Math.ceil(BB_CARDS / 9));
    expect(info.width).toBeCloseTo(595.28, 1);
    expect(info.height).toBeCloseTo(841.89, 1);
    const text = pdfText(deck);
    // counts respected: each special card ×count, each blueprint once
    for (const [title, n] of [['Lightning', 5], ['Storm', 5], ['Deliberation', 4], ['Blueprint 9', 1], ['Custom blueprint 3', 1], ['Messenger of God', 1]] as const) {
      expect(text.split(title).length - 1, title).toBeGreaterThanOrEqual(n);
    }
    const fronts = Array.from({ length: info.pages / 2 }, (_, i) => pdfText(deck, 2 * i + 1)).join('\n');
    expect(fronts.match(/\bLightning\b/g)?.length).toBe(5);
    expect(fronts.match(/\bStorm\b/g)?.length).toBe(5);
    expect(fronts.match(/Place 1 block\(s\)/g)?.length).toBe(18);
    expect(fronts.match(/Place 2 block\(s\)/g)?.length).toBe(12);
    expect(fronts.match(/Place 3 block\(s\)/g)?.length).toBe(9);
    // every back page carries the back label of each card on the matching front page
    const backs = Array.from({ length: info.pages / 2 }, (_, i) => pdfText(deck, 2 * i + 2)).join('\n');
    expect(backs.match(/\bRole\b/g)?.length).toBe(10);
    expect(backs.match(/\bBlueprint\b/g)?.length).toBe(12);
    expect(backs.match(/Instruction \/ Special/g)?.length).toBe(66);
  });

  it('every font is embedded and subset (no standard-14 fonts)', () => {
    const rows = pdfFonts(deck);
    expect(rows.length).toBeGreaterThan(0);
    for (const f of rows) {
      expect(f.emb, f.name).toBe('yes');
      expect(f.sub, f.name).toBe('yes');
      expect(f.name).toMatch(/^[A-Z]{6}\+Noto/);
    }
  });

  it('has a TrimBox and BleedBox per page (the card block), PrintScaling /None and a duplex hint', () => {
    const plan = planSheet({ paper: parsePaper('a4'), card: CARD_SIZES.poker!, bleed: 3, cropMarks: true, backs: 'duplex-long' });
    const info = pdfInfo(deck, 1);
    const t = plan.trimBox;
    expect(info.trimBox[0]).toBeCloseTo(t.x * PT, 1);
    expect(info.trimBox[2]).toBeCloseTo((t.x + t.w) * PT, 1);
    expect(info.trimBox[3]).toBeCloseTo((297 - t.y) * PT, 1);
    expect(info.bleedBox[0]).toBeCloseTo((t.x - 3) * PT, 1);
    for (let p = 2; p <= info.pages; p += 7) expect(pdfInfo(deck, p).trimBox[2] - pdfInfo(deck, p).trimBox[0]).toBeCloseTo(3 * 63.5 * PT, 1);
    const raw = readFileSync(deck).toString('latin1');
    expect(raw).toMatch(/\/ViewerPreferences \d+ 0 R/);
    expect(raw).toMatch(/\/PrintScaling \/None/);
    expect(raw).toMatch(/\/Duplex \/DuplexFlipLongEdge/);
  });

  it('places the cards at their mm positions and the backs at the mirrored ones', () => {
    const plan = planSheet({ paper: parsePaper('a4'), card: CARD_SIZES.poker!, bleed: 3, cropMarks: true, backs: 'duplex-long' });
    // page 3: card 10 (the last Architect) in slot 0, then Blueprints 1–8
    const words = pdfWords(deck, 3);
    for (let i = 1; i <= 8; i++) {
      const slot = plan.fronts[i]!.trim;
      const title = find(words, 'Blueprint').filter((w) => w.x1 > slot.x && w.x2 < slot.x + slot.w && w.y1 > slot.y && w.y2 < slot.y + 14);
      expect(title.length, `Blueprint ${i}`).toBe(1);
      const num = words.find((w) => w.text === String(i) && Math.abs(w.y1 - title[0]!.y1) < 1 && w.x1 > title[0]!.x2);
      expect(num, `Blueprint ${i}`).toBeDefined();
      // the title is centred on its card
      expect((title[0]!.x1 + num!.x2) / 2).toBeCloseTo(slot.x + slot.w / 2, 0);
    }
    // the back page: the role's back (slot 0 in front) is at the top right, the blueprints' backs mirrored
    const back = pdfWords(deck, 4);
    const role = find(back, 'Role');
    expect(role.length).toBe(1);
    const mirrored = plan.backs[0]!.trim;
    expect(cx(role[0]!)).toBeCloseTo(mirrored.x + mirrored.w / 2, 0);
    expect(mirrored.x).toBeCloseTo(210 - plan.fronts[0]!.trim.x - 63.5, 6);
    expect(cy(role[0]!)).toBeGreaterThan(mirrored.y);
    expect(cy(role[0]!)).toBeLessThan(mirrored.y + mirrored.h);
    for (const w of find(back, 'Blueprint')) expect(cx(w) < mirrored.x || cy(w) > mirrored.y + mirrored.h).toBe(true);
  });

  it('renders the blueprint grid and the crop marks at their places (pixels of page 3)', () => {
    const dpi = 150;
    const r = render(deck, 3, dpi, dir);
    const plan = planSheet({ paper: parsePaper('a4'), card: CARD_SIZES.poker!, bleed: 3, cropMarks: true, backs: 'duplex-long' });
    const dark = (v: number) => v < 110;
    // a 0.4 pt mark is under a pixel wide: look at the darkest pixel next to the point
    // crop marks: dark along each mark, and nothing dark in the margin beside them
    for (const m of plan.marks) {
      const mx = (m.x1 + m.x2) / 2, my = (m.y1 + m.y2) / 2;
      expect(r.darkest(mx, my, 1), `mark at ${mx.toFixed(1)},${my.toFixed(1)}`).toBeLessThan(140);
      if (m.x1 === m.x2) expect(r.at(mx + 2, my)).toBeGreaterThan(240);
      else expect(r.at(mx, my + 2)).toBeGreaterThan(240);
    }
    // between a mark's inner end and the bleed: paper white (the marks never reach the cards)
    const top = plan.marks.find((m) => m.x1 === m.x2 && m.y2 < plan.trimBox.y)!;
    expect(r.at(top.x1, (top.y2 + plan.trimBox.y - plan.outerBleed.top) / 2)).toBeGreaterThan(240);
    // margins elsewhere are blank
    expect(r.at(105, 4)).toBeGreaterThan(250);
    expect(r.at(4, 150)).toBeGreaterThan(250);
    // Blueprint 1 (slot 1): the grid of the layout [4.5, 17, 54.5, 54.5], labels take half a cell
    const t = plan.fronts[1]!.trim;
    const s = 54.5 / 3.5;
    const x0 = t.x + 4.5 + s / 2, y0 = t.y + 17 + s / 2;
    for (let k = 0; k <= 3; k++) {
      for (let j = 0; j < 3; j++) {
        expect(dark(r.at(x0 + k * s, y0 + (j + 0.15) * s)), `vertical line ${k}`).toBe(true);
        expect(dark(r.at(x0 + (j + 0.15) * s, y0 + k * s)), `horizontal line ${k}`).toBe(true);
      }
    }
    // targets C1 3, B2 8, A3 3: highlighted cells (a light tint, not white), others white
    const cell = (c: number, rw: number) => r.at(x0 + (c + 0.12) * s, y0 + (rw + 0.12) * s);
    for (const [c, rw] of [[2, 0], [1, 1], [0, 2]] as const) {
      expect(cell(c, rw)).toBeLessThan(245);
      expect(cell(c, rw)).toBeGreaterThan(150);
    }
    for (const [c, rw] of [[0, 0], [1, 0], [0, 1], [2, 1], [1, 2], [2, 2]] as const) expect(cell(c, rw)).toBeGreaterThan(250);
    // and the numbers in them are readable text at their cells
    const words = pdfWords(deck, 3);
    const at = (txt: string, c: number, rw: number) =>
      words.some((w) => w.text === txt && cx(w) > x0 + c * s && cx(w) < x0 + (c + 1) * s && cy(w) > y0 + rw * s && cy(w) < y0 + (rw + 1) * s);
    expect(at('3', 2, 0)).toBe(true);
    expect(at('8', 1, 1)).toBe(true);
    expect(at('3', 0, 2)).toBe(true);
  });

  it('gives identical bytes on a second run', () => {
    const again = join(dir, 'deck-again.pdf');
    expect(babelkit('print', BB, '--out', rel(again)).code).toBe(0);
    expect(readFileSync(again).equals(readFileSync(deck))).toBe(true);
  });
});

describe('print options', () => {
  it('--paper letter: Letter pages, still 9 poker cards a page', async () => {
    const out = join(dir, 'letter.pdf');
    const r = babelkit('print', BB, '--paper', 'letter', '--out', rel(out));
    expect(r.code, r.stderr).toBe(0);
    const info = pdfInfo(out);
    expect([info.width, info.height]).toEqual([612, 792]);
    expect(info.pages).toBe(20);
    const plan = planSheet({ paper: parsePaper('letter'), card: CARD_SIZES.poker!, bleed: 3, cropMarks: true, backs: 'duplex-long' });
    expect(info.trimBox[0]).toBeCloseTo(plan.trimBox.x * PT, 1);
    expect(info.trimBox[1]).toBeCloseTo((279.4 - plan.trimBox.y - plan.trimBox.h) * PT, 1);
    const words = pdfWords(out, 1);
    const m = find(words, 'Messenger')[0]!;
    expect(m.x1).toBeGreaterThan(plan.fronts[0]!.trim.x);
    expect(m.y1).toBeGreaterThan(plan.fronts[0]!.trim.y);
  });

  it('--size bridge: bridge cards, each with its own bleed', async () => {
    const out = join(dir, 'bridge.pdf');
    const r = babelkit('print', BB, '--size', 'bridge', '--deck', 'blueprint', '--out', rel(out));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/12 cards on 4 pages/);
    const plan = planSheet({ paper: parsePaper('a4'), card: CARD_SIZES.bridge!, bleed: 3, cropMarks: true, backs: 'duplex-long' });
    expect(plan.mode).toBe('separate');
    const info = pdfInfo(out);
    expect(info.trimBox[2] - info.trimBox[0]).toBeCloseTo((3 * 57.15 + 2 * 6) * PT, 1);
    const words = pdfWords(out, 1);
    plan.fronts.forEach(({ trim: slot }, i) => {
      const t = find(words, String(i + 1)).find((w) => w.y2 < slot.y + 14 && w.y1 > slot.y && w.x1 > slot.x && w.x2 < slot.x + slot.w);
      expect(t, `Blueprint ${i + 1} title`).toBeDefined();
    });
    // the grid scaled with the card: every cell label inside the card
    for (const w of find(words, 'A')) expect(plan.fronts.some((s) => w.x1 > s.trim.x && w.x2 < s.trim.x + s.trim.w)).toBe(true);
  });

  it('--backs fold: fronts and backs on the same page, backs mirrored across the fold', async () => {
    const out = join(dir, 'fold.pdf');
    const r = babelkit('print', BB, '--backs', 'fold', '--landscape', '--deck', 'role', '--out', rel(out));
    expect(r.code, r.stderr).toBe(0);
    const info = pdfInfo(out);
    expect(info.pages).toBe(3); // 10 roles, 4 per landscape sheet
    expect(info.width).toBeCloseTo(841.89, 1);
    const plan = planSheet({ paper: parsePaper('a4', true), card: CARD_SIZES.poker!, bleed: 3, cropMarks: true, backs: 'fold' });
    const words = pdfWords(out, 1);
    const fold = plan.fold!.x1;
    const fronts = find(words, 'Architect').concat(find(words, 'Messenger')).filter((w) => w.y1 < plan.fronts[0]!.trim.y + 14 || w.y1 > plan.fronts[2]!.trim.y);
    expect(fronts.every((w) => w.x2 < fold)).toBe(true);
    const backs = find(words, 'Role');
    expect(backs.length).toBe(4);
    for (const [i, s] of plan.backs.entries()) {
      expect(backs.some((w) => Math.abs(cx(w) - (s.trim.x + s.trim.w / 2)) < 1 && cy(w) > s.trim.y && cy(w) < s.trim.y + s.trim.h), `back ${i}`).toBe(true);
      expect(s.trim.x).toBeGreaterThan(fold);
    }
    // the Messenger (front slot 0, left) has its back at the mirrored slot nearest the fold's other side
    expect(plan.backs[0]!.trim.x).toBeCloseTo(2 * fold - plan.fronts[0]!.trim.x - 63.5, 6);
  });

  it('--backs none: fronts only, no back pages', async () => {
    const out = join(dir, 'none.pdf');
    const r = babelkit('print', BB, '--backs', 'none', '--out', rel(out));
    expect(r.code, r.stderr).toBe(0);
    expect(pdfInfo(out).pages).toBe(Math.ceil(BB_CARDS / 9));
    expect(pdfText(out)).not.toMatch(/Instruction \/ Special/);
    expect(readFileSync(out).toString('latin1')).not.toMatch(/\/Duplex/);
  });

  it('--unique prints each distinct card once; --no-crop-marks leaves the margins blank', async () => {
    const { pages, cards } = await print({ unique: true, backs: 'none', cropMarks: false }, 'unique.pdf');
    expect(cards).toBe(2 + 1 + 12 + 27 + 5); // roles, the base card, blueprints, instruction cards, specials
    expect(pages).toBe(Math.ceil(47 / 9));
    const r = render(join(dir, 'unique.pdf'), 1, 100, dir);
    const plan = planSheet({ paper: parsePaper('a4'), card: CARD_SIZES.poker!, bleed: 3, cropMarks: false, backs: 'none' });
    for (const x of [plan.trimBox.x, plan.trimBox.x + 63.5]) expect(r.at(x, plan.trimBox.y - 6)).toBeGreaterThan(250);
  });

  it('duplex-short mirrors rows; --calibration adds a front and a back calibration page first', async () => {
    const { file, pages } = await print({ backs: 'duplex-short', calibration: true, deck: 'role' }, 'short.pdf');
    expect(pages).toBe(2 + 4);
    expect(pdfText(file, 1)).toMatch(/calibration/);
    expect(pdfText(file, 2)).toMatch(/--back-offset/);
    const plan = planSheet({ paper: parsePaper('a4'), card: CARD_SIZES.poker!, bleed: 3, cropMarks: true, backs: 'duplex-short' });
    const role = find(pdfWords(file, 4), 'Role');
    // front slot 0 (top left) → bottom left on the back page
    expect(role.some((w) => cy(w) > plan.backs[0]!.trim.y && Math.abs(cx(w) - (plan.backs[0]!.trim.x + 31.75)) < 1)).toBe(true);
    expect(plan.backs[0]!.trim.y).toBeGreaterThan(150);
  });

  it('a custom blueprint from a variant file prints exactly that card, filled in', () => {
    const out = join(dir, 'custom.pdf');
    const r = babelkit('print', 'rulesets/variants/custom-blueprint.yaml', '--cards', 'bp-custom-1', '--out', rel(out));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/1 card on 2 pages/);
    const words = pdfWords(out, 1);
    expect(words.map((w) => w.text).join(' ')).toMatch(/Corner towers/);
    expect(find(words, '4').length).toBe(4);
    expect(pdfText(out, 2)).toMatch(/Blueprint/);
    // the base ruleset's slot is still blank: an empty grid to fill in
    const blank = join(dir, 'blank.pdf');
    expect(babelkit('print', BB, '--cards', 'bp-custom-1', '--out', rel(blank)).code).toBe(0);
    const bw = pdfWords(blank, 1);
    expect(bw.filter((w) => /^\d+$/.test(w.text) && !['1', '2', '3'].includes(w.text))).toEqual([]);
    expect(find(bw, 'A').length).toBe(1);
    expect(pdfText(blank, 1)).toMatch(/write the blocks/);
  });
});

describe('text and fonts', () => {
  const JA = `extends: ${join(ROOT, BB)}
id: bb-ja
name: バベルの建築家たち
cards:
  - { id: lightning, name: 雷, text: "最も高い塔から順にブロックを2個取り除く。矢印 → と ① も。" }
  - { id: storm, text: "${'A very long effect text that keeps going and going. '.repeat(6)}" }
`;
  it('Japanese text is drawn with an embedded, subset CJK font, and long text shrinks to fit', async () => {
    const game = loadGame(join(dir, 'ja.yaml'), JA);
    const res = await printDeck(game, fonts, { cards: 'lightning,storm', unique: true });
    const file = writePdf(dir, 'ja.pdf', res.bytes);
    const plan = planSheet({ paper: parsePaper('a4'), card: CARD_SIZES.poker!, bleed: 3, cropMarks: true, backs: 'duplex-long' });
    const text = pdfTextIn(file, 1, plan.fronts[0]!.trim).replace(/\s+/g, '');
    expect(text).toContain('雷');
    expect(text).toContain('最も高い塔から順にブロックを2個取り除く。矢印→と①も。');
    expect(pdfText(file, 2)).toContain('バベルの建築家たち');
    const rows = pdfFonts(file);
    expect(rows.some((f) => /NotoSansJP/.test(f.name))).toBe(true);
    for (const f of rows) expect([f.emb, f.sub]).toEqual(['yes', 'yes']);
    // the long Storm text: all of it present, inside the card (wrapped and shrunk, not cut)
    const plain = pdfTextIn(file, 1, plan.fronts[1]!.trim).replace(/\s+/g, ' ');
    expect(plain.match(/keeps going and going/g)?.length).toBe(6);
    const slot = plan.fronts[1]!.trim;
    for (const w of pdfWords(file, 1).filter((w) => w.x1 > slot.x - 1 && w.x1 < slot.x + slot.w)) {
      expect(w.x1).toBeGreaterThanOrEqual(slot.x + 2.9);
      expect(w.x2).toBeLessThanOrEqual(slot.x + slot.w - 2.9);
      expect(w.y2).toBeLessThanOrEqual(slot.y + slot.h - 2.9);
    }
  });

  it('a character no font has is an error, never dropped', async () => {
    const game = loadGame(join(dir, 'glyph.yaml'), `extends: ${join(ROOT, BB)}\nid: g\ncards:\n  - { id: seal, text: "Seal 𓀀 now" }\n`);
    await expect(printDeck(game, fonts, { cards: 'seal' })).rejects.toThrow(PrintError);
    await expect(printDeck(game, fonts, { cards: 'seal' })).rejects.toThrow(/card seal.*U\+13000/);
  });

  it('text that cannot fit even at the smallest size is an error naming the card', async () => {
    const game = loadGame(join(dir, 'long.yaml'), `extends: ${join(ROOT, BB)}\nid: l\ncards:\n  - { id: seal, text: "${'word '.repeat(900)}" }\n`);
    await expect(printDeck(game, fonts, { cards: 'seal' })).rejects.toThrow(/card seal.*does not fit/);
  });
});

describe('babelkit print errors', () => {
  const bad: [string[], RegExp][] = [
    [['--size', 'huge'], /unknown card size 'huge'/],
    [['--paper', 'a5'], /unknown paper 'a5'/],
    [['--backs', 'sideways'], /--backs is none, duplex-long, duplex-short, fold/],
    [['--back-offset', '1'], /--back-offset takes X,Y/],
    [['--bleed', 'lots'], /--bleed needs a number/],
    [['--bleed', '30'], /between 0 and 10/],
    [['--cards', 'bp-1'], /unknown card 'bp-1' \(did you mean 'bp-01'\?\)/],
    [['--cards', 'type:bluepint'], /did you mean 'type:blueprint'/],
    [['--deck', 'specal'], /unknown deck 'specal' \(did you mean 'specials'\?\)/],
    [['--calibration', '--backs', 'none'], /calibration page is for duplex/],
    [['--crop-marks', '--no-crop-marks'], /not both/],
    [['--colour', 'red'], /unknown option --colour/],
  ];
  for (const [args, re] of bad) {
    it(`${args.join(' ')} → a clear error, exit 2`, () => {
      const r = babelkit('print', BB, '--out', 'tmp/never.pdf', ...args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(re);
      expect(existsSync(join(ROOT, 'tmp/never.pdf'))).toBe(false);
    });
  }

  it('--out is required; an unwritable path fails and leaves no file', () => {
    expect(babelkit('print', BB).stderr).toMatch(/--out OUT.pdf is required/);
    const sub = join(dir, 'ro');
    const r = babelkit('print', BB, '--out', rel(join(sub, 'x.pdf')));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cannot write/);
    expect(existsSync(sub)).toBe(false);
    // a directory in the way of the file: refused as not a regular file, and no temporary file is left
    const r2 = babelkit('print', BB, '--cards', 'seal', '--out', rel(dir));
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/is a folder, not a regular file/);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('lists print in the usage text', () => {
    expect(babelkit('--help').stdout).toMatch(/babelkit print FILE --out OUT\.pdf/);
  });
});
