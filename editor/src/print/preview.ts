// The card preview: one card's front and back as SVG, drawn by print/'s renderCard (the function that
// draws the PDF) on an SvgSurface, at the ruleset's default card size with its bleed.
import type { Game } from '../../../engine/index.js';
import { mm, renderCard, resolveOptions, type Slot, type TextMeasure } from '../../../print/index.js';
import { SvgSurface } from './svg-surface.js';

export interface Preview {
  front: string;
  back: string;
  /** card width and height, and bleed, in mm */
  size: [number, number, number];
}

export function previewCard(game: Game, cardId: string, m: TextMeasure, family: (face: string) => string): Preview {
  const card = game.cards.find((c) => c.id === cardId);
  if (!card) throw new Error(`no card '${cardId}'`);
  const r = resolveOptions(game, {});
  const bleed = r.bleed;
  const slot: Slot = {
    trim: { x: bleed, y: bleed, w: r.card.w, h: r.card.h },
    bleed: { x: 0, y: 0, w: r.card.w + 2 * bleed, h: r.card.h + 2 * bleed },
    rotate: 0,
  };
  const { trim, bleed: outer } = slot;
  const trimLine = `<rect x="${mm(trim.x)}" y="${mm(trim.y)}" width="${mm(trim.w)}" height="${mm(trim.h)}" rx="${mm(3)}" fill="none" stroke="#d33" stroke-width="0.5" stroke-dasharray="3 2" class="trim"/>`;
  const front = new SvgSurface(family, 'f');
  renderCard(front, { game, m }, card, 'front', slot);
  const back = new SvgSurface(family, 'b');
  renderCard(back, { game, m }, card, 'back', slot);
  return {
    front: front.svg(mm(outer.w), mm(outer.h), trimLine),
    back: back.svg(mm(outer.w), mm(outer.h), trimLine),
    size: [r.card.w, r.card.h, bleed],
  };
}
