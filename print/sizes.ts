// Card sizes and papers, in millimetres. Everything in print/ is planned in mm (what designers and
// cutters measure) and converted to PDF points only when drawn, so no rounding creeps into positions.

import { cardSizeOf, type CardSize } from '../engine/index.js';

/** Trim sizes (without bleed) of the usual card formats: the loader checks `print.size` against them too. */
export { CARD_SIZES } from '../engine/index.js';

export const PT_PER_MM = 72 / 25.4;

/** Millimetres → PDF points. */
export function mm(v: number): number {
  return v * PT_PER_MM;
}

/** width and height, mm */
export type Size = CardSize;

export const PAPERS: Readonly<Record<string, Size>> = {
  a4: { w: 210, h: 297 },
  letter: { w: 215.9, h: 279.4 },
};

/** A bad print option (unknown size, paper…): the CLI reports it as a usage error. */
export class PrintOptionError extends Error {}

/** `poker`, `bridge`, … or `WxH` / `WxHmm` (e.g. `63x88`, `63.5x88.9mm`). */
export function parseCardSize(spec: string | Size): Size {
  const r = cardSizeOf(spec);
  if ('error' in r) throw new PrintOptionError(r.error);
  return r.size;
}

export function parsePaper(spec: string, landscape = false): Size {
  const key = spec.toLowerCase();
  const p = Object.hasOwn(PAPERS, key) ? PAPERS[key] : undefined;
  if (!p) throw new PrintOptionError(`unknown paper '${spec}': use ${Object.keys(PAPERS).join(' or ')}`);
  return landscape ? { w: p.h, h: p.w } : { ...p };
}
