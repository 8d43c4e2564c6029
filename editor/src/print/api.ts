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

export type PdfRequest = RulesetSource;

export interface PdfResult {
  bytes: Uint8Array;
  pages: number;
  cards: number;
}

export interface PrintApi {
  methods: {
    preview(req: PreviewRequest): PreviewResult;
    pdf(req: PdfRequest): PdfResult;
  };
  events: NoEvents;
}
