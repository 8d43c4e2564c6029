// The DrawingSurface of a pdfkit document, and text measuring with pdfkit's font metrics (the PDF and
// the editor's preview measure the same way, so they break lines alike). Each call maps to exactly the
// pdfkit call print/ has always made, so a PDF's bytes do not depend on this layer.

import PDFDocument from 'pdfkit';
import { TextMeasure } from './draw.js';
import { FontChains, type FontSet } from './fonts.js';
import type { DrawingSurface, FillRule, LineCap } from './surface.js';
import type { ImageAsset } from '../engine/index.js';
import { decodePng } from './png.js';

/** An image as pdfkit draws it once it is in the file: its size, its resource name and its object. */
interface PdfImage {
  width: number;
  height: number;
  label: string;
  obj: unknown;
  embed(): void;
}

export type Doc = PDFKit.PDFDocument;

export class PdfSurface implements DrawingSurface {
  /** each image file is put in the PDF once, the first time a card draws it; every card after refers to it */
  private readonly images = new Map<string, PdfImage>();

  constructor(private readonly doc: Doc) {}

  image(img: ImageAsset, x: number, y: number, w: number, h: number): this {
    let pi = this.images.get(img.key);
    if (!pi) {
      pi = img.format === 'png' ? this.embedPng(img) : this.embedJpeg(img);
      this.images.set(img.key, pi);
    }
    this.doc.image(pi as unknown as string, x, y, { width: w, height: h, ignoreOrientation: true } as PDFKit.Mixins.ImageOption);
    return this;
  }

  /** A JPEG goes in as it is (DCT, read by pdfkit at once). */
  private embedJpeg(img: ImageAsset): PdfImage {
    const bytes = img.bytes!;
    const opened = (this.doc as Doc & { openImage(src: ArrayBuffer): unknown }).openImage(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer) as unknown as PdfImage;
    return opened;
  }

  /** A PNG decoded here, its colours and its transparency as two deflated images (see png.ts for why). */
  private embedPng(img: ImageAsset): PdfImage {
    const d = decodePng(img.bytes!);
    const doc = this.doc as Doc & { ref(data?: object): { end(data?: Uint8Array): void }; _imageCount: number };
    let smask: unknown;
    if (d.alpha) {
      const m = doc.ref({ Type: 'XObject', Subtype: 'Image', Width: d.width, Height: d.height, BitsPerComponent: 8, ColorSpace: 'DeviceGray' });
      m.end(d.alpha);
      smask = m;
    }
    const obj = doc.ref({ Type: 'XObject', Subtype: 'Image', Width: d.width, Height: d.height, BitsPerComponent: 8, ColorSpace: d.colors === 3 ? 'DeviceRGB' : 'DeviceGray', ...(smask ? { SMask: smask } : {}) });
    obj.end(d.pixels);
    return { width: d.width, height: d.height, label: `I${++doc._imageCount}`, obj, embed() {} };
  }

  save(): this { this.doc.save(); return this; }
  restore(): this { this.doc.restore(); return this; }
  translate(x: number, y: number): this { this.doc.translate(x, y); return this; }
  scale(k: number): this { this.doc.scale(k); return this; }
  rotate(angle: number, x: number, y: number): this { this.doc.rotate(angle, { origin: [x, y] }); return this; }
  rect(x: number, y: number, w: number, h: number): this { this.doc.rect(x, y, w, h); return this; }
  roundedRect(x: number, y: number, w: number, h: number, r: number): this { this.doc.roundedRect(x, y, w, h, r); return this; }
  moveTo(x: number, y: number): this { this.doc.moveTo(x, y); return this; }
  lineTo(x: number, y: number): this { this.doc.lineTo(x, y); return this; }
  path(d: string): this { this.doc.path(d); return this; }
  clip(): this { this.doc.clip(); return this; }
  fillColor(color: string): this { this.doc.fillColor(color); return this; }
  strokeColor(color: string): this { this.doc.strokeColor(color); return this; }
  lineWidth(w: number): this { this.doc.lineWidth(w); return this; }
  lineCap(cap: LineCap): this { this.doc.lineCap(cap); return this; }
  fill(color?: string, rule?: FillRule): this { this.doc.fill(color, rule); return this; }
  stroke(color?: string): this { this.doc.stroke(color); return this; }

  text(s: string, x: number, y: number, face: string, size: number): this {
    // one run, placed exactly: no wrapping by pdfkit, y is the baseline (@types/pdfkit lacks `baseline`)
    this.doc.font(face).fontSize(size).text(s, x, y, { lineBreak: false, baseline: 'alphabetic' } as PDFKit.Mixins.TextOptions);
    return this;
  }
}

/** Register the font chains in a document; its metrics then measure the text drawn with them. */
export function fontsOf(doc: Doc, fonts: FontSet): TextMeasure {
  const chains = new FontChains(fonts, (id, bytes) => doc.registerFont(id, bytes));
  return new TextMeasure(chains, (face, text) => doc.font(face).fontSize(1000).widthOfString(text) / 1000);
}

/** Text measuring for a surface other than a PDF (the editor's SVG preview): a pdfkit document that is never drawn on. */
export function measuringFonts(fonts: FontSet): TextMeasure {
  return fontsOf(new PDFDocument({ autoFirstPage: false, font: null as unknown as string }), fonts);
}
