// The card preview: one card's front and back as SVG, drawn by print/'s renderCard (the function that
// draws the PDF) on an SvgSurface, at the ruleset's default card size (or its card type's own: a board, a
// tile) with its bleed; a two-sided card's back is its other side.
import type { Game } from '../../../engine/index.js';
import { mm, renderCard, resolveOptions, type Slot, type TextMeasure } from '../../../print/index.js';
import { SvgSurface } from '../../../print/index.js';

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
  const ct = game.cardTypes.find((t) => t.id === card.type);
  const size = ct?.layout.printSize ?? r.card;
  const pair = ct?.layout.back.otherSide;
  const other = pair !== undefined ? game.cards.find((o) => o.type === card.type && o.id !== card.id && o.fields[pair] === card.fields[pair]) : undefined;
  const slot: Slot = {
    trim: { x: bleed, y: bleed, w: size.w, h: size.h },
    bleed: { x: 0, y: 0, w: size.w + 2 * bleed, h: size.h + 2 * bleed },
    rotate: 0,
  };
  const { trim, bleed: outer } = slot;
  const trimLine = `<rect x="${mm(trim.x)}" y="${mm(trim.y)}" width="${mm(trim.w)}" height="${mm(trim.h)}" rx="${mm(3)}" fill="none" stroke="#d33" stroke-width="0.5" stroke-dasharray="3 2" class="trim"/>`;
  const front = new SvgSurface(family, 'f');
  renderCard(front, { game, m }, card, 'front', slot);
  const back = new SvgSurface(family, 'b');
  if (other) renderCard(back, { game, m }, other, 'front', slot);
  else renderCard(back, { game, m }, card, 'back', slot);
  return {
    front: front.svg(mm(outer.w), mm(outer.h), trimLine),
    back: back.svg(mm(outer.w), mm(outer.h), trimLine),
    size: [size.w, size.h, bleed],
  };
}
