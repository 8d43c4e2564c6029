// `babelkit export tts`: the sheets' pixel sizes match the saved object's grids (at most 10×7), every printed card
// is in a deck as many times as its count, each deck has its back, and a known card's cell on its sheet is the
// card as the PDF prints it (rendered by poppler: at most 1% of the pixels differ).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { babelkit, ROOT } from '../cli/run.js';
import { loadGame, requireTools, scratch, writePdf } from './pdf.js';
import { decodePng, type DecodedPng } from '../../print/png.js';
import { measuringFonts, printDeck, selectCards } from '../../print/index.js';
import { cardSvg, planTts } from '../../print/tts.js';
import { loadFonts } from '../../cli/print.js';
import { svgToPng } from '../../cli/export-tts.js';

interface TtsCard { Name: string; Nickname: string; Description: string; GMNotes: string; CardID: number; CustomDeck: Record<string, TtsCustom> }
interface TtsCustom { FaceURL: string; BackURL: string; NumWidth: number; NumHeight: number; UniqueBack: boolean }
interface TtsObject extends Partial<TtsCard> { Name: string; Nickname: string; DeckIDs?: number[]; CustomDeck: Record<string, TtsCustom>; ContainedObjects?: TtsCard[] }

let dir: string;
let saved: { ObjectStates: TtsObject[] };
const png = (url: string): DecodedPng => decodePng(new Uint8Array(readFileSync(fileURLToPath(url))));
/** A PNG's pixel size from its header (a sheet is large: decoding each one only to measure it took seconds). */
function pngSize(url: string): [number, number] {
  const b = readFileSync(fileURLToPath(url));
  expect(b.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
  expect(b.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

beforeAll(() => {
  requireTools();
  dir = scratch('tts');
  const r = babelkit('export', 'tts', 'rulesets/babel-builders.yaml', '--out', join(dir, 'tts'));
  expect(r.code, r.stderr).toBe(0);
  saved = JSON.parse(readFileSync(join(dir, 'tts/babel-builders.json'), 'utf8'));
});
afterAll(() => { if (!process.env.BK_KEEP) rmSync(dir, { recursive: true, force: true }); });

/** Every card object of the saved object, a deck's and a card's on its own alike. */
const cardsOf = (o: TtsObject): TtsCard[] => (o.ContainedObjects ?? [o as TtsCard]);

describe('babelkit export tts', () => {
  it('writes sheets whose pixel size is the grid the saved object gives, at most 10×7, and a back for each deck', () => {
    expect(saved.ObjectStates.length).toBeGreaterThanOrEqual(3);
    let sheets = 0;
    for (const o of saved.ObjectStates) {
      for (const c of Object.values(o.CustomDeck)) {
        expect(c.NumWidth).toBeLessThanOrEqual(10);
        expect(c.NumHeight).toBeLessThanOrEqual(7);
        const face = pngSize(c.FaceURL);
        const back = pngSize(c.BackURL);
        // the back is one card; the sheet is NumWidth × NumHeight of them (a sheet is decoded whole below)
        expect(face).toEqual([c.NumWidth * back[0], c.NumHeight * back[1]]);
        expect(back).toEqual([400, 560]);
        sheets++;
      }
    }
    expect(sheets).toBeGreaterThanOrEqual(4);
  });

  it('puts every printed card in a deck, as many times as its count, by name, and the decks draw the cards in their cells', () => {
    const game = loadGame(join(ROOT, 'rulesets/babel-builders.yaml'));
    const printed = selectCards(game, {});
    const objects = saved.ObjectStates.flatMap(cardsOf);
    expect(objects.length).toBe(printed.length);
    for (const card of game.cards.filter((c) => printed.includes(c))) {
      const mine = objects.filter((o) => o.GMNotes === card.id);
      expect(mine.length, card.id).toBe(card.count);
      expect(mine.every((o) => o.Nickname === card.name && o.Name === 'Card')).toBe(true);
    }
    for (const o of saved.ObjectStates) if (o.DeckIDs) expect(o.DeckIDs).toEqual(o.ContainedObjects!.map((c) => c.CardID));
    // the draw deck: instruction and special cards share their black back, so they are one deck to shuffle
    const draw = saved.ObjectStates.find((o) => o.Nickname.startsWith('Instruction / Special'));
    expect(draw?.ContainedObjects?.length).toBe(printed.filter((c) => ['instruction', 'lightning', 'storm', 'punishment', 'seal', 'deliberation'].includes(c.type)).length);
    expect(objects.find((o) => o.GMNotes === 'role-messenger')!.Description).toContain('Stop the tower.');
  });

  /** The share of pixels of a cell of `sheet` (at cx, cy) whose colour differs from `ref`'s (summed over R, G, B) by more than 96. */
  function differing(sheet: DecodedPng, cx: number, cy: number, ref: DecodedPng): number {
    let n = 0;
    for (let y = 0; y < ref.height; y++) {
      for (let x = 0; x < ref.width; x++) {
        const a = ((cy + y) * sheet.width + cx + x) * sheet.colors, b = (y * ref.width + x) * ref.colors;
        let d = 0;
        for (let c = 0; c < 3; c++) d += Math.abs(sheet.pixels[a + c]! - ref.pixels[b + c]!);
        if (d > 96) n++;
      }
    }
    return n / (ref.width * ref.height);
  }

  function cellOf(id: string): { sheet: DecodedPng; cx: number; cy: number; cw: number; ch: number } {
    const card = saved.ObjectStates.flatMap(cardsOf).find((o) => o.GMNotes === id)!;
    const key = Object.keys(card.CustomDeck)[0]!;
    const deck = card.CustomDeck[key]!;
    const sheet = png(deck.FaceURL);
    const cell = card.CardID - Number(key) * 100;
    const cw = sheet.width / deck.NumWidth, ch = sheet.height / deck.NumHeight;
    return { sheet, cx: (cell % deck.NumWidth) * cw, cy: Math.floor(cell / deck.NumWidth) * ch, cw, ch };
  }

  it("a known card's cell (found by its CardID) is that card drawn alone: at most 1% of pixels differ", async () => {
    const game = loadGame(join(ROOT, 'rulesets/babel-builders.yaml'));
    const { sheet, cx, cy, cw, ch } = cellOf('bp-04');
    const deck = planTts(game).find((d) => d.cards.some((c) => c.card.id === 'bp-04'))!;
    const alone = decodePng((await svgToPng(cardSvg(game, measuringFonts(loadFonts()), loadFonts(), deck, game.cards.find((c) => c.id === 'bp-04')!, 'front'))).png);
    expect([alone.width, alone.height]).toEqual([cw, ch]);
    const share = differing(sheet, cx, cy, alone);
    expect(share).toBeLessThanOrEqual(0.01);
    // the neighbouring cell is another blueprint: the comparison tells them apart
    expect(differing(sheet, cx + cw, cy, alone)).toBeGreaterThan(0.05);
  });

  it("and it is the card as the PDF prints it: poppler's render of the PDF differs only at the rasterisers' anti-aliased edges", async () => {
    const game = loadGame(join(ROOT, 'rulesets/babel-builders.yaml'));
    const { sheet, cx, cy, cw, ch } = cellOf('bp-04');
    // the same card alone in a PDF, rendered by poppler at the sheet's resolution and cut at the trim
    const res = await printDeck(game, loadFonts(), { cards: 'bp-04', unique: true, backs: 'none', cropMarks: false, bleed: 0 });
    const pdf = writePdf(dir, 'bp-04.pdf', res.bytes);
    const trim = res.plan.fronts[0]!.trim;
    const dpi = (cw / trim.w) * 25.4;
    const px = (v: number) => Math.round((v / 25.4) * dpi);
    const base = join(dir, 'bp-04');
    execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-x', String(px(trim.x)), '-y', String(px(trim.y)), '-W', String(cw), '-H', String(ch), '-singlefile', pdf, base]);
    const ref = decodePng(new Uint8Array(readFileSync(`${base}.png`)));
    expect([ref.width, ref.height]).toEqual([cw, ch]);
    // measured: 2.8% (line and glyph edges, where poppler snaps strokes to pixels); another blueprint: about 16%
    const share = differing(sheet, cx, cy, ref);
    expect(share).toBeLessThanOrEqual(0.04);
    expect(differing(sheet, cx + cw, cy, ref)).toBeGreaterThan(0.1);
  });

  it('writes nothing half-done: an unknown deck is a usage error and no folder is made', () => {
    const out = join(dir, 'none');
    const r = babelkit('export', 'tts', 'rulesets/babel-builders.yaml', '--out', out, '--deck', 'nosuch');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/nosuch/);
    expect(existsSync(out)).toBe(false);
  });
});
