// What print/ draws on: the handful of drawing calls a card needs, in points with the origin at the top
// left. The PDF (print/pdf-surface.ts, over pdfkit) and the editor's SVG preview implement it, and both
// are drawn by the one renderCard(), so the preview is the printed card.

import type { ImageAsset } from '../engine/index.js';

export type FillRule = 'nonzero' | 'evenodd';
export type LineCap = 'butt' | 'round' | 'square';

/**
 * A stateful canvas in the manner of PDF: a path is built (rect, roundedRect, moveTo, lineTo, path), then
 * filled, stroked or made the clip; colours, line width and cap persist until changed or restored.
 */
export interface DrawingSurface {
  /** push the graphics state (colours, line style, transforms, clip) */
  save(): this;
  /** pop it: transforms and clips made since the matching save() end here */
  restore(): this;
  translate(x: number, y: number): this;
  scale(k: number): this;
  /** `angle` degrees about the point (x, y) */
  rotate(angle: number, x: number, y: number): this;
  rect(x: number, y: number, w: number, h: number): this;
  roundedRect(x: number, y: number, w: number, h: number, r: number): this;
  moveTo(x: number, y: number): this;
  lineTo(x: number, y: number): this;
  /** SVG path data, in the current transform */
  path(d: string): this;
  /** the current path becomes the clip (intersected with the current one) */
  clip(): this;
  fillColor(color: string): this;
  strokeColor(color: string): this;
  lineWidth(w: number): this;
  lineCap(cap: LineCap): this;
  /** fill the current path; a colour given becomes the fill colour */
  fill(color?: string, rule?: FillRule): this;
  /** stroke the current path; a colour given becomes the stroke colour */
  stroke(color?: string): this;
  /** a PNG or JPEG (as the loader read it) stretched over the box x, y, w, h; SVG images are drawn as paths */
  image(img: ImageAsset, x: number, y: number, w: number, h: number): this;
  /** one run of text in one font face (a print/ face id, e.g. `bold-0`), left end of its baseline at (x, y), in the fill colour */
  text(s: string, x: number, y: number, face: string, size: number): this;
}
