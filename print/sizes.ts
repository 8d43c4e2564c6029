// Card sizes and papers, in millimetres. Everything in print/ is planned in mm (what designers and
// cutters measure) and converted to PDF points only when drawn, so no rounding creeps into positions.

export const PT_PER_MM = 72 / 25.4;

/** Millimetres → PDF points. */
export function mm(v: number): number {
  return v * PT_PER_MM;
}

export interface Size {
  /** width, mm */
  w: number;
  /** height, mm */
  h: number;
}

/** Trim sizes (without bleed) of the usual card formats. */
export const CARD_SIZES: Readonly<Record<string, Size>> = {
  poker: { w: 63.5, h: 88.9 }, // 2.5 × 3.5 in
  bridge: { w: 57.15, h: 88.9 }, // 2.25 × 3.5 in
  euro: { w: 59, h: 92 },
  mini: { w: 41, h: 63 }, // mini American
  'mini-euro': { w: 44, h: 68 },
  tarot: { w: 69.85, h: 120.65 }, // 2.75 × 4.75 in
  square: { w: 70, h: 70 },
  jumbo: { w: 88.9, h: 139.7 },
};

export const PAPERS: Readonly<Record<string, Size>> = {
  a4: { w: 210, h: 297 },
  letter: { w: 215.9, h: 279.4 },
};

/** A bad print option (unknown size, paper…): the CLI reports it as a usage error. */
export class PrintOptionError extends Error {}

/** `poker`, `bridge`, … or `WxH` / `WxHmm` (e.g. `63x88`, `63.5x88.9mm`). */
export function parseCardSize(spec: string | Size): Size {
  if (typeof spec === 'object') return checkSize(spec.w, spec.h, `${spec.w}x${spec.h}`);
  const named = CARD_SIZES[spec.toLowerCase()];
  if (named) return named;
  const m = /^(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?$/i.exec(spec.trim());
  if (!m) throw new PrintOptionError(`unknown card size '${spec}': use ${Object.keys(CARD_SIZES).join(', ')} or WxH in mm (e.g. 63x88)`);
  return checkSize(Number(m[1]), Number(m[2]), spec);
}

function checkSize(w: number, h: number, spec: string): Size {
  // 10 mm is smaller than any real card; 400 mm is larger than any home paper
  if (!(w >= 10 && h >= 10 && w <= 400 && h <= 400)) throw new PrintOptionError(`card size '${spec}' is out of range (10–400 mm per side)`);
  return { w, h };
}

export function parsePaper(spec: string, landscape = false): Size {
  const p = PAPERS[spec.toLowerCase()];
  if (!p) throw new PrintOptionError(`unknown paper '${spec}': use ${Object.keys(PAPERS).join(' or ')}`);
  return landscape ? { w: p.h, h: p.w } : { ...p };
}
