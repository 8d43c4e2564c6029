// Tabletop Simulator's custom decks, from the cards print/ prints: one deck per back (the cards whose backs look
// alike shuffle together, as the printed cards do: Babel Builders' instruction and special cards), its faces on sheets of
// at most 10×7 cards (as the program cuts them), one cell per card (its copies are the same cell, counted in the
// deck), a back image (or, for a two-sided card type, a sheet of backs in the same grid), and the saved object
// that names every card. Each cell is drawn by renderCard, the function that draws the PDF and the editor's
// preview, on an SVG surface with the text as outlines; the command line turns the SVG into PNG.
import type { CardDef, CardTypeDef, Game } from '../engine/index.js';
import { renderCard } from './card.js';
import { shownFields } from './card.js';
import type { FontSet } from './fonts.js';
import { selectCards, resolveOptions, type PrintOptions } from './index.js';
import { mm } from './sizes.js';
import { OutlineSvgSurface } from './svg-outline.js';
import type { TextMeasure } from './draw.js';

/** Tabletop Simulator cuts a deck sheet into at most 10 columns and 7 rows. */
export const TTS_MAX_COLS = 10;
export const TTS_MAX_ROWS = 7;
/** Pixels across a card of the deck's width 63.5 mm (a poker card is 400 × 560): about 160 dpi, sharp on a table. */
export const TTS_PX_PER_MM = 400 / 63.5;
/** The largest sheet side: larger images load slowly, or not at all, in Tabletop Simulator. */
export const TTS_MAX_SHEET = 4096;

export interface TtsSheet {
  /** the file name of its image */
  file: string;
  cols: number;
  rows: number;
  /** the cards in reading order, one per cell */
  cards: CardDef[];
  /** what the cell of each card shows: its front, or (a sheet of backs) its other side */
  side: 'front' | 'other';
}

export interface TtsDeck {
  /** the card types in it (one, unless several share a back) */
  types: CardTypeDef[];
  name: string;
  /** a file-name stem */
  stem: string;
  /** the card's size in mm and in pixels */
  mm: { w: number; h: number };
  px: { w: number; h: number };
  faces: TtsSheet[];
  /** a two-sided card type: a sheet of backs per sheet of faces, else one back image */
  backs: TtsSheet[];
  back?: string;
  /** each card with its copies */
  cards: { card: CardDef; copies: number }[];
}

const slug = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'deck';

/** The decks of a game: the cards `babelkit print` would print with these options, by card type. */
export function planTts(game: Game, o: Pick<PrintOptions, 'deck' | 'cards' | 'size'> = {}): TtsDeck[] {
  const chosen = selectCards(game, { ...o, unique: false });
  const r = resolveOptions(game, { size: o.size });
  const decks: TtsDeck[] = [];
  const byType = new Map<string, { card: CardDef; copies: number }[]>();
  for (const c of chosen) {
    const list = byType.get(c.type) ?? [];
    const hit = list.find((x) => x.card === c);
    if (hit) hit.copies++;
    else list.push({ card: c, copies: 1 });
    byType.set(c.type, list);
  }
  // card types whose backs are drawn alike (colour, label, icon, ink) and that print at one size share a deck
  const groups = new Map<string, { types: CardTypeDef[]; cards: { card: CardDef; copies: number }[] }>();
  for (const [typeId, cards] of byType) {
    const type = game.cardTypes.find((t) => t.id === typeId)!;
    const b = type.layout.back;
    const size = type.layout.printSize ?? r.card;
    const key = b.otherSide !== undefined ? `type:${type.id}` : JSON.stringify([b.color, b.label ?? type.name, b.icon ?? '', b.ink ?? '', size.w, size.h]);
    const g = groups.get(key) ?? { types: [], cards: [] };
    g.types.push(type);
    g.cards.push(...cards);
    groups.set(key, g);
  }
  for (const { types, cards } of groups.values()) {
    const type = types[0]!;
    const size = type.layout.printSize ?? r.card;
    // full resolution where two cards fit a sheet's side; a larger card (a board) is drawn smaller
    const k = Math.min(TTS_PX_PER_MM, TTS_MAX_SHEET / 2 / size.w, TTS_MAX_SHEET / 2 / size.h);
    const px = { w: Math.floor(size.w * k), h: Math.floor(size.h * k) };
    const maxCols = Math.min(TTS_MAX_COLS, Math.floor(TTS_MAX_SHEET / px.w));
    const maxRows = Math.min(TTS_MAX_ROWS, Math.floor(TTS_MAX_SHEET / px.h));
    const other = type.layout.back.otherSide;
    // a two-sided type: the first card of each pair is the card, the other its back
    const pairs = other !== undefined ? cards.filter(({ card }, i) => !cards.slice(0, i).some((p) => p.card.fields[other] === card.fields[other])) : cards;
    const stem = slug(types.length === 1 ? type.id : type.layout.back.label ?? type.id);
    const per = maxCols * maxRows;
    const faces: TtsSheet[] = [], backs: TtsSheet[] = [];
    for (let i = 0; i < pairs.length; i += per) {
      const part = pairs.slice(i, i + per).map((p) => p.card);
      // Tabletop Simulator reads a grid of at least 2×2
      const cols = Math.min(maxCols, Math.max(2, part.length));
      const rows = Math.max(2, Math.ceil(part.length / cols));
      const n = faces.length + 1;
      faces.push({ file: `${stem}-faces-${n}.png`, cols, rows, cards: part, side: 'front' });
      if (other !== undefined) backs.push({ file: `${stem}-backs-${n}.png`, cols, rows, cards: part, side: 'other' });
    }
    const name = types.length === 1 ? type.name : type.layout.back.label ?? types.map((t) => t.name).join(', ');
    decks.push({ types, name, stem, mm: { w: size.w, h: size.h }, px, faces, backs, ...(other === undefined ? { back: `${stem}-back.png` } : {}), cards: pairs });
  }
  return decks;
}

/** The other side of a two-sided card (the card of its type with the same value of `otherSide`), if any. */
function otherSide(game: Game, card: CardDef, field: string): CardDef | undefined {
  return game.cards.find((o) => o.type === card.type && o.id !== card.id && o.fields[field] === card.fields[field]);
}

/** One card side as an SVG document the deck's pixel size (text as outlines): what a sheet's cell shows. */
export function cardSvg(game: Game, m: TextMeasure, fonts: FontSet, deck: TtsDeck, card: CardDef | null, side: 'front' | 'back' | 'other', prefix = 'c'): string {
  const s = new OutlineSvgSurface(fonts, prefix);
  const r = { x: 0, y: 0, w: deck.mm.w, h: deck.mm.h };
  const slot = { trim: r, bleed: r, rotate: 0 as const };
  const c = card ?? deck.cards[0]!.card;
  const field = game.cardTypes.find((t) => t.id === c.type)?.layout.back.otherSide;
  if (side === 'front') renderCard(s, { game, m }, c, 'front', slot);
  else if (side === 'other' && field !== undefined) {
    const o = otherSide(game, c, field);
    if (o) renderCard(s, { game, m }, o, 'front', slot);
    else renderCard(s, { game, m }, c, 'back', slot);
  } else renderCard(s, { game, m }, c, 'back', slot);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${mm(deck.mm.w)} ${mm(deck.mm.h)}" width="${deck.px.w}" height="${deck.px.h}">${s.content()}</svg>`;
}

/** A sheet as one SVG document: cols × rows cells of the deck's pixel size, each card in its cell. */
export function sheetSvg(game: Game, m: TextMeasure, fonts: FontSet, deck: TtsDeck, sheet: TtsSheet): string {
  const W = sheet.cols * deck.px.w, H = sheet.rows * deck.px.h;
  const cells = sheet.cards.map((card, i) => {
    const x = (i % sheet.cols) * deck.px.w, y = Math.floor(i / sheet.cols) * deck.px.h;
    const inner = cardSvg(game, m, fonts, deck, card, sheet.side === 'front' ? 'front' : 'other', `c${i}-`);
    // the card's own document, placed in its cell (its clip ids are its own: `c<i>-`)
    return inner.replace('<svg xmlns="http://www.w3.org/2000/svg" ', `<svg x="${x}" y="${y}" `);
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#ffffff"/>${cells.join('')}</svg>`;
}

export interface TtsUrls {
  /** the URL of an image file written beside the saved object */
  (file: string): string;
}

/** The saved object (a JSON file for Tabletop Simulator's Saved Objects): one deck per card type, every card named. */
export function savedObject(game: Game, decks: TtsDeck[], url: TtsUrls): object {
  const transform = (i: number) => ({ posX: i * 4, posY: 1, posZ: 0, rotX: 0, rotY: 180, rotZ: 180, scaleX: 1, scaleY: 1, scaleZ: 1 });
  let key = 0;
  const objects = decks.map((deck, di) => {
    const custom: Record<string, object> = {};
    const cardObjects: object[] = [];
    const ids: number[] = [];
    deck.faces.forEach((sheet, si) => {
      key++;
      custom[String(key)] = {
        FaceURL: url(sheet.file),
        BackURL: url(deck.back ?? deck.backs[si]!.file),
        NumWidth: sheet.cols,
        NumHeight: sheet.rows,
        BackIsHidden: true,
        UniqueBack: deck.back === undefined,
        Type: 0,
      };
      sheet.cards.forEach((card, i) => {
        const id = key * 100 + i;
        const copies = deck.cards.find((c) => c.card === card)?.copies ?? 1;
        const type = deck.types.find((t) => t.id === card.type)!;
        const description = shownFields(game, card, Object.keys(type.fields)).map((f) => `${f.label}: ${f.value}`).join('\n');
        for (let k = 0; k < copies; k++) {
          ids.push(id);
          cardObjects.push({
            Name: 'Card', Nickname: card.name, Description: description, GMNotes: card.id, CardID: id,
            Transform: transform(di), CustomDeck: { [String(key)]: custom[String(key)] },
          });
        }
      });
    });
    const name = `${deck.name} — ${game.name}`;
    // a deck of one card is a card on its own in Tabletop Simulator
    if (cardObjects.length === 1) return { ...(cardObjects[0] as object), Transform: transform(di) };
    return { Name: 'Deck', Nickname: name, Description: `${ids.length} cards`, Transform: transform(di), DeckIDs: ids, CustomDeck: custom, ContainedObjects: cardObjects };
  });
  return {
    SaveName: game.name, GameMode: '', Date: '', Table: '', Sky: '', Note: `Made by babelkit from ${game.id}`, Rules: '', XmlUI: '', LuaScript: '', LuaScriptState: '',
    ObjectStates: objects,
  };
}
