// The print half of the compiled game: sheet defaults, colours, named decks and card layouts, checked and
// resolved by the loader (engine/load/compile/print.ts) so that print/ and the editor read typed values
// and never the raw ruleset. Generic print notions only (colours, sizes, boxes, fields): no game here.

import type { CardDef } from './card-def.js';
import { didYouMean } from './suggest.js';

/** A colour resolved at load time: always `#rrggbb`, lower case. */
export type Hex = string;

/** A size in millimetres. */
export interface CardSize {
  w: number;
  h: number;
}

export type BacksMode = 'none' | 'duplex-long' | 'duplex-short' | 'fold';
export const BACKS_MODES: readonly BacksMode[] = ['none', 'duplex-long', 'duplex-short', 'fold'];
export type PaperName = 'a4' | 'letter';

/** The ruleset's top-level `print` section, checked: defaults that the print options override. */
export interface PrintSettings {
  size?: CardSize;
  paper?: PaperName;
  landscape?: boolean;
  /** mm */
  bleed?: number;
  cropMarks?: boolean;
  backs?: BacksMode;
  /** mm, x right and y down as seen on the back page */
  backOffset?: { x: number; y: number };
  /** colour name → #rrggbb: the built-in names, overridden and extended by `print.colors` */
  colors: ReadonlyMap<string, Hex>;
  /** the named decks of `print.decks`, each resolved to its card definitions (ruleset order, once each) */
  decks: PrintDeck[];
}

export interface PrintDeck {
  id: string;
  name?: string;
  cards: CardDef[];
}

/** [x, y, width, height] in mm on the layout's design size. */
export type LayoutBox = [number, number, number, number];
export type Align = 'left' | 'center' | 'right';
export type VAlign = 'top' | 'middle' | 'bottom';

interface Shown {
  /** show the element only when this field of the card is set (true, non-empty, non-zero) */
  when?: string;
  /** show the element only when this field of the card is not set */
  unless?: string;
}
export interface TitleElement extends Shown {
  type: 'title';
  /** a template: `{field}` is replaced by the card's value (default: the card's name) */
  text?: string;
  box?: LayoutBox;
  size?: number;
  color?: Hex;
  /** the band's colour, false for no band (default the accent) */
  band?: Hex | false;
  align?: Align;
}
export interface TextElement extends Shown {
  type: 'text';
  /** the field shown (a field of the card type, or name, id, type, count) */
  field?: string;
  /** a template, used instead of `field` */
  text?: string;
  /** fields shown one per line as "Label: value", those that read as nothing skipped (print/card.ts fieldLines) */
  fields?: string[];
  /** how each of `fields` is written: a template of `{label}` and `{value}` (default "{label}: {value}") */
  item?: string;
  /** what goes between the items of `fields` (default a new line) */
  join?: string;
  /** for `field`: the text shown for a value (a value not in the map is shown as it is) */
  map?: ReadonlyMap<string, string>;
  /** the names of the cards whose field of this name (a list of names) names this card ({names} in `text`) */
  namedBy?: string;
  box: LayoutBox;
  size?: number;
  minSize?: number;
  bold?: boolean;
  align?: Align;
  valign?: VAlign;
  color?: Hex;
}
export interface GridElement extends Shown {
  type: 'grid';
  /** a cellCounts or cells field of the card type */
  field: string;
  /** a grid zone (the ruleset's first grid zone unless the layout names one) */
  zone: string;
  box: LayoutBox;
  /** for a cells field: the template shown in each listed cell */
  value?: string;
  highlight?: Hex;
  fill?: Hex;
  labels?: boolean;
  color?: Hex;
}
export interface IconElement extends Shown {
  type: 'icon';
  icon?: string;
  /** choose the icon by this field's value: through `map`, else the value is the icon's name */
  field?: string;
  map?: ReadonlyMap<string, string>;
  /** how many: a number, or the name of a number field */
  repeat?: string | number;
  box: LayoutBox;
  color?: Hex;
}
export interface RectElement extends Shown {
  type: 'rect';
  box: LayoutBox;
  fill?: Hex;
  /** choose the fill by this field's value through `map` (a value not in the map: `fill`) */
  field?: string;
  map?: ReadonlyMap<string, Hex>;
  stroke?: Hex;
  lineWidth?: number;
  radius?: number;
}
/** A card's fields as their symbols (with any text they read as), in a row or a column (a cost in a corner). */
export interface SymbolsElement extends Shown {
  type: 'symbols';
  fields: string[];
  box: LayoutBox;
  direction: 'row' | 'column';
  align?: Align;
  /** colour of the text among the symbols */
  color?: Hex;
}
/** Other cards drawn on this one, each by its own layout, side by side: the cards of `cardType` whose fields
 *  equal this card's (`match`: their field → this card's field), in the order of `sort` (a board's stages). */
export interface CardsElement extends Shown {
  type: 'cards';
  cardType: string;
  match: [string, string][];
  sort?: string;
  box: LayoutBox;
  direction: 'row' | 'column';
  /** mm between two cards */
  gap?: number;
}
/** An image file drawn in the box (engine/images.ts reads and checks it): the same file on every card of the type,
 *  or the one each card names in a field. */
export interface ImageElement extends Shown {
  type: 'image';
  box: LayoutBox;
  /** where the element is written (its path in the ruleset) */
  at: (string | number)[];
  /** the file as the layout writes it, and where */
  file?: string;
  filePath?: (string | number)[];
  /** a text field whose value is each card's image file */
  field?: string;
  fit: 'contain' | 'cover';
  /** the loaded image of `file` (a key of Game.images), once the loader has read it */
  key?: string;
  /** per card id, the loaded image its `field` names */
  byCard?: Map<string, string>;
}
export type LayoutElement = TitleElement | TextElement | GridElement | IconElement | RectElement | SymbolsElement | CardsElement | ImageElement;

/** How the cards of one card type are drawn: the ruleset's `layout`, or one made from the fields. */
export interface CardLayout {
  /** false: the ruleset gives no layout for this card type (elements made from its fields) */
  declared: boolean;
  /** the card size in mm the boxes are designed for */
  size: readonly [number, number];
  /** the size its cards print at whatever the deck's size (a board, a small square); none: the deck's */
  printSize?: CardSize;
  /** false: drawn on other cards only (a `cards` element), never printed alone unless asked for by name */
  standalone: boolean;
  background?: Hex;
  accent?: Hex;
  ink?: Hex;
  /** mm */
  safe?: number;
  elements: LayoutElement[];
  back: {
    /** the card type's `back` colour (white when it has none) */
    color: Hex;
    label?: string;
    icon?: string;
    ink?: Hex;
    /** the back is the front of the other card of this type with the same value of this field (a
     *  double-sided board: its two sides are two cards); each pair prints once */
    otherSide?: string;
  };
}

/** Layouts are designed on a poker card unless they say otherwise. */
export const DESIGN_SIZE: readonly [number, number] = [63.5, 88.9];

/** Colour names every ruleset may use; `print.colors` adds or overrides names. */
export const BASE_COLORS: ReadonlyMap<string, Hex> = new Map([
  ['black', '#231f20'], ['white', '#ffffff'], ['yellow', '#f4c542'], ['red', '#c8372d'], ['blue', '#2e5fa8'], ['green', '#3a8a4f'],
  ['grey', '#8a8a8a'], ['gray', '#8a8a8a'], ['brown', '#8a5a33'], ['orange', '#e58a2b'], ['purple', '#6b4c9a'],
]);

/** Trim sizes (without bleed) of the usual card formats, in mm (a null-prototype record: own names only). */
export const CARD_SIZES: Readonly<Record<string, CardSize>> = Object.freeze(Object.assign(Object.create(null) as Record<string, CardSize>, {
  poker: { w: 63.5, h: 88.9 }, // 2.5 × 3.5 in
  bridge: { w: 57.15, h: 88.9 }, // 2.25 × 3.5 in
  euro: { w: 59, h: 92 },
  mini: { w: 41, h: 63 }, // mini American
  'mini-euro': { w: 44, h: 68 },
  tarot: { w: 69.85, h: 120.65 }, // 2.75 × 4.75 in
  square: { w: 70, h: 70 },
  jumbo: { w: 88.9, h: 139.7 },
  'mini-square': { w: 50, h: 50 },
  board: { w: 240, h: 90 }, // a player board, larger than any card (landscape sheets)
}));

/** `poker`, `bridge`, … or `WxH` / `WxHmm` in mm (e.g. `63x88`, `63.5x88.9mm`): the size, or why not. */
export function cardSizeOf(spec: string | CardSize): { size: CardSize } | { error: string } {
  if (typeof spec === 'object') return checkSize(spec.w, spec.h, `${spec.w}x${spec.h}`);
  const named = CARD_SIZES[spec.toLowerCase()];
  if (named) return { size: named };
  const m = /^(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?$/i.exec(spec.trim());
  const near = didYouMean(spec, Object.keys(CARD_SIZES));
  if (!m) return { error: `unknown card size '${spec}'${near ? ` (did you mean '${near}'?)` : ''}: use ${Object.keys(CARD_SIZES).join(', ')} or WxH in mm (e.g. 63x88)` };
  return checkSize(Number(m[1]), Number(m[2]), spec);
}

function checkSize(w: number, h: number, spec: string): { size: CardSize } | { error: string } {
  // 10 mm is smaller than any real card; 400 mm is larger than any home paper
  if (!(w >= 10 && h >= 10 && w <= 400 && h <= 400)) return { error: `card size '${spec}' is out of range (10–400 mm per side)` };
  return { size: { w, h } };
}
