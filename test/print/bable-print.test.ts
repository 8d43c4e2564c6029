// babelkit print on Bable, read back from the real PDFs with poppler: every building card names each resource
// it costs with its count (and none it does not), word cards show the word and the command it means (starting
// cards their seat's colour by name), resource cards their kind, Confusion cards their effect and text; word
// and building cards (both idea cards) print the same back; the same input gives the same bytes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { babelkit, ROOT } from '../cli/run.js';
import { loadGame, pdfInfo, pdfTextIn, pdfWords, requireTools, scratch } from './pdf.js';
import { planSheet } from '../../print/index.js';
import { CARD_SIZES, parsePaper } from '../../print/sizes.js';
import type { CardDef } from '../../engine/model.js';

const FILE = 'rulesets/bable.yaml';
const ADVANCED = 'rulesets/variants/bable-advanced.yaml';
const KINDS = ['stone', 'cement', 'tools', 'wood'] as const;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

let dir = '';
const out = (name: string) => relative(ROOT, join(dir, name));
const game = loadGame(join(ROOT, FILE));
const cardsOf = (type: string) => game.cards.filter((c) => c.type === type);
// the sheet the command line lays out by default: A4, poker, 3 mm bleed, crop marks, duplex-long backs
const plan = planSheet({ paper: parsePaper('a4'), card: CARD_SIZES.poker!, bleed: 3, cropMarks: true, backs: 'duplex-long' });

beforeAll(() => { requireTools(); dir = scratch('bable-print'); });
afterAll(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

/** Print one card type, one copy of each card, fronts only; the text of each card (its lines), in ruleset order. */
function printType(type: string, file = FILE): string[][] {
  const pdf = out(`${type}.pdf`);
  const r = babelkit('print', file, '--deck', type, '--unique', '--backs', 'none', '--out', pdf);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const n = cardsOf(type).length;
  return Array.from({ length: n }, (_, i) => pdfTextIn(join(ROOT, pdf), Math.floor(i / 9) + 1, plan.fronts[i % 9]!.trim)
    .split('\n').map((l) => l.trim()).filter(Boolean));
}

describe('print: Bable', () => {
  it('prints the whole game, 106 cards with their backs, and the same bytes twice', () => {
    const a = babelkit('print', FILE, '--out', out('all.pdf'));
    expect(a.stderr).toBe('');
    expect(a.code).toBe(0);
    expect(a.stdout).toMatch(/106 cards on 24 pages/);
    expect(pdfInfo(join(dir, 'all.pdf')).pages).toBe(24);
    const b = babelkit('print', FILE, '--out', out('again.pdf'));
    expect(b.code).toBe(0);
    expect(readFileSync(join(dir, 'again.pdf')).equals(readFileSync(join(dir, 'all.pdf')))).toBe(true);
  });

  it('every building card names each resource it costs with its count, and no other; its detail in the band', () => {
    const buildings = cardsOf('building');
    expect(buildings).toHaveLength(16);
    const texts = printType('building');
    buildings.forEach((c: CardDef, i) => {
      const cost = KINDS.filter((k) => (c.fields[k] as number) > 0).map((k) => `${c.fields[k] as number} ${cap(k)}`);
      expect(cost.length, c.id).toBeGreaterThan(0);
      expect(texts[i], c.id).toEqual([cap(c.fields.image as string), 'Building · cost', ...cost]);
    });
    // large and readable: the cost's words are at least 5 mm tall (21 pt, shrunk only if a card needed it)
    const resourceWords = pdfWords(join(dir, 'building.pdf'), 1).filter((w) => /^(Stone|Cement|Tools|Wood)$/.test(w.text));
    expect(resourceWords.length).toBeGreaterThan(9);
    for (const w of resourceWords) expect(w.y2 - w.y1, w.text).toBeGreaterThan(5);
  });

  it('word cards show the word and the command it means; starting cards their colour by name, not a number', () => {
    const words = cardsOf('word');
    expect(words).toHaveLength(45);
    const texts = printType('word');
    const colours = ['Red', 'Blue', 'Green', 'Orange', 'Purple'];
    words.forEach((c, i) => {
      const seat = c.fields.colour as number;
      const foot = seat ? `Starting word · ${colours[seat - 1]}` : 'Idea deck';
      expect(texts[i], c.id).toEqual(['Word card', c.fields.word as string, 'means', cap(c.fields.command as string), foot]);
    });
    // the word is the biggest thing on the card
    const bamo = pdfWords(join(dir, 'word.pdf'), 1).find((w) => w.text === 'Bamo')!;
    expect(bamo.y2 - bamo.y1).toBeGreaterThan(10);
  });

  it('resource cards show their kind, big', () => {
    const texts = printType('resource');
    cardsOf('resource').forEach((c, i) => expect(texts[i], c.id).toEqual(['Resource', cap(c.fields.kind as string)]));
  });

  it('Confusion cards (the advanced game) show their name, their effect and what it does', () => {
    const texts = printType('confusion', ADVANCED);
    const confusion = cardsOf('confusion');
    expect(confusion).toHaveLength(7);
    confusion.forEach((c, i) => {
      const t = texts[i]!.join(' ');
      expect(t, c.id).toContain(cap(c.fields.effect as string));
      expect(t.replace(/\s+/g, ' '), c.id).toContain(c.fields.text as string);
      // a long name wraps in the band: its words are all there
      for (const w of c.name.split(' ')) expect(t, c.id).toContain(w);
    });
  });

  it('word and building cards, both idea cards, print the same back', () => {
    const back = (type: string) => { const ct = game.cardTypes.find((t) => t.id === type)!; return ct.layout.back; };
    expect(back('word')).toEqual(back('building'));
    expect(back('word')).toMatchObject({ color: '#3b5b8c', label: 'Idea card', icon: 'tower' });
    // page 11 holds the last 7 building cards and the first 2 word cards; page 12 their backs, all alike
    const file = join(dir, 'all.pdf');
    const fronts = plan.fronts.map((s) => pdfTextIn(file, 11, s.trim));
    expect(fronts.filter((t) => t.includes('Building · cost'))).toHaveLength(7);
    expect(fronts.filter((t) => t.includes('Word card'))).toHaveLength(2);
    const backs = plan.backs.map((s) => pdfTextIn(file, 12, s.trim).replace(/\s+/g, ' ').trim());
    expect(backs).toEqual(Array(9).fill('Bable Idea card'));
  });
});
