// The print worker's API: print/ on the edited ruleset — one card drawn to SVG by print/'s own layout
// (the preview), or the whole print-and-play PDF.
import type { NoEvents } from '../shared/rpc.js';
import type { RulesetSource } from '../shared/source.js';

export interface PreviewRequest extends RulesetSource {
  card: string;
}

export interface PreviewResult {
  card: string;
  front: string;
  back: string;
  /** card width, height and bleed, in mm */
  size: [number, number, number];
}

export type BacksMode = 'duplex-long' | 'duplex-short' | 'fold' | 'none';

/** What to print and how: the options of `babelkit print` (unset: the ruleset's `print` defaults). */
export interface PdfOptions {
  /** a card type id or a deck named in `print.decks` */
  deck?: string;
  /** card ids (and `type:ID`), comma-separated */
  cards?: string;
  /** one copy of each card instead of its count */
  unique?: boolean;
  /** a size name (`poker`, `bridge`, …) or `WxH` in mm */
  size?: string;
  paper?: 'a4' | 'letter';
  landscape?: boolean;
  backs?: BacksMode;
  cropMarks?: boolean;
}

export interface PdfRequest extends RulesetSource {
  options?: PdfOptions;
}

export interface PdfResult {
  bytes: Uint8Array;
  pages: number;
  cards: number;
}

/** What the print dialog offers for a ruleset, and what it prints when nothing is changed. */
export interface PrintChoices {
  name: string;
  /** decks named in `print.decks`, then the card types with cards to print; `cards`: copies */
  decks: { id: string; name: string; cards: number; named: boolean }[];
  /** every card, copies counted */
  cards: number;
  /** named card sizes, in mm */
  sizes: { id: string; w: number; h: number }[];
  defaults: { size: string; paper: 'a4' | 'letter'; landscape: boolean; backs: BacksMode; cropMarks: boolean };
}

export interface PrintApi {
  methods: {
    preview(req: PreviewRequest): PreviewResult;
    pdf(req: PdfRequest): PdfResult;
    choices(req: RulesetSource): PrintChoices;
  };
  events: NoEvents;
}
