// print/'s DrawingSurface writing SVG instead of PDF. The editor's card preview and the Tabletop Simulator
// export draw with print/'s own renderCard on it, so they are drawn from exactly the layout data and the drawing
// code of the PDF. A PNG or JPEG is written in as a data: URL of the file the loader checked (never a link).
// Text is measured with pdfkit's metrics (same fonts, same line breaks); here it is only placed, in
// points, with the face the font chain chose. Every value written into the SVG text is escaped (path data and
// colours from a ruleset are checked by the loader too: nothing of a ruleset becomes markup).

import type { DrawingSurface, FillRule, LineCap } from './surface.js';
import type { ImageAsset } from '../engine/index.js';
import { base64 } from '../engine/index.js';

interface State {
  fill: string;
  stroke: string;
  lineWidth: number;
  lineCap: LineCap;
  /** how many <g> this state level opened */
  groups: number;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n = (v: number) => (Math.round(v * 100) / 100).toString();

export class SvgSurface implements DrawingSurface {
  private out: string[] = [];
  private cur = '';
  private st: State = { fill: '#000000', stroke: '#000000', lineWidth: 1, lineCap: 'butt', groups: 0 };
  private stack: State[] = [];
  private clipId = 0;
  /** font face id → CSS font-family */
  constructor(private readonly family: (face: string) => string, private readonly idPrefix = 'c') {}

  save(): this {
    this.stack.push({ ...this.st });
    this.st.groups = 0;
    return this;
  }

  restore(): this {
    for (let i = 0; i < this.st.groups; i++) this.out.push('</g>');
    const prev = this.stack.pop();
    if (prev) this.st = prev;
    return this;
  }

  private group(attrs: string): void {
    this.out.push(`<g ${attrs}>`);
    this.st.groups++;
  }

  translate(x: number, y: number): this {
    this.group(`transform="translate(${n(x)} ${n(y)})"`);
    return this;
  }

  scale(k: number): this {
    this.group(`transform="scale(${n(k)} ${n(k)})"`);
    return this;
  }

  rotate(angle: number, x: number, y: number): this {
    this.group(`transform="rotate(${n(angle)} ${n(x)} ${n(y)})"`);
    return this;
  }

  rect(x: number, y: number, w: number, h: number): this {
    this.cur += `M${n(x)} ${n(y)}h${n(w)}v${n(h)}h${n(-w)}Z`;
    return this;
  }

  roundedRect(x: number, y: number, w: number, h: number, r: number): this {
    r = Math.max(0, Math.min(r, w / 2, h / 2));
    this.cur += `M${n(x + r)} ${n(y)}H${n(x + w - r)}A${n(r)} ${n(r)} 0 0 1 ${n(x + w)} ${n(y + r)}V${n(y + h - r)}A${n(r)} ${n(r)} 0 0 1 ${n(x + w - r)} ${n(y + h)}H${n(x + r)}A${n(r)} ${n(r)} 0 0 1 ${n(x)} ${n(y + h - r)}V${n(y + r)}A${n(r)} ${n(r)} 0 0 1 ${n(x + r)} ${n(y)}Z`;
    return this;
  }

  moveTo(x: number, y: number): this {
    this.cur += `M${n(x)} ${n(y)}`;
    return this;
  }

  lineTo(x: number, y: number): this {
    this.cur += `L${n(x)} ${n(y)}`;
    return this;
  }

  /** SVG path data, as pdfkit's `path` takes it. */
  path(d: string): this {
    this.cur += d;
    return this;
  }

  clip(): this {
    const id = `${this.idPrefix}${++this.clipId}`;
    this.out.push(`<clipPath id="${id}"><path d="${esc(this.cur)}"/></clipPath>`);
    this.cur = '';
    this.group(`clip-path="url(#${id})"`);
    return this;
  }

  fillColor(c: string): this {
    this.st.fill = c;
    return this;
  }

  strokeColor(c: string): this {
    this.st.stroke = c;
    return this;
  }

  lineWidth(w: number): this {
    this.st.lineWidth = w;
    return this;
  }

  lineCap(c: LineCap): this {
    this.st.lineCap = c;
    return this;
  }

  fill(color?: string, rule?: FillRule): this {
    if (color) this.st.fill = color;
    this.out.push(`<path d="${esc(this.cur)}" fill="${esc(this.st.fill)}"${rule === 'evenodd' ? ' fill-rule="evenodd"' : ''}/>`);
    this.cur = '';
    return this;
  }

  stroke(color?: string): this {
    if (color) this.st.stroke = color;
    const s = this.st;
    this.out.push(`<path d="${esc(this.cur)}" fill="none" stroke="${esc(s.stroke)}" stroke-width="${n(s.lineWidth)}" stroke-linecap="${esc(s.lineCap)}"/>`);
    this.cur = '';
    return this;
  }

  image(img: ImageAsset, x: number, y: number, w: number, h: number): this {
    const mime = img.format === 'png' ? 'image/png' : 'image/jpeg';
    this.out.push(`<image x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" preserveAspectRatio="none" href="data:${mime};base64,${base64(img.bytes!)}"/>`);
    return this;
  }

  text(s: string, x: number, y: number, face: string, size: number): this {
    const bold = face.startsWith('bold');
    this.out.push(`<text x="${n(x)}" y="${n(y)}" font-family="${this.family(face)}" font-size="${n(size)}"${bold ? ' font-weight="700"' : ''} fill="${esc(this.st.fill)}" xml:space="preserve">${esc(s)}</text>`);
    return this;
  }

  /** The SVG document, `w`×`h` points. */
  svg(w: number, h: number, extra = ''): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n(w)} ${n(h)}" width="${n(w)}pt" height="${n(h)}pt">${this.content()}${extra}</svg>`;
  }

  /** What was drawn, as SVG elements (to place in another document: a sheet of cards). */
  content(): string {
    while (this.stack.length) this.restore();
    return this.out.join('');
  }
}
