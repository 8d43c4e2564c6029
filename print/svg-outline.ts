// An SvgSurface whose text is drawn as the glyphs' outlines (fontkit, from the same font files as the PDF),
// so that an SVG rasteriser with no fonts of its own draws the card exactly (the Tabletop Simulator export).
// Glyphs are laid out as pdfkit lays them out for the PDF (fontkit's layout: kerning, ligatures).
import { create, type FontkitFont } from 'fontkit';
import type { FontSet } from './fonts.js';
import { SvgSurface } from './svg-surface.js';

export class OutlineSvgSurface extends SvgSurface {
  private readonly fonts = new Map<string, FontkitFont>();

  constructor(private readonly set: FontSet, idPrefix = 'o') {
    super(() => 'sans-serif', idPrefix);
  }

  /** The fontkit font of a print/ face id (`regular-0`, `bold-2`: FontChains numbers them so). */
  private font(face: string): FontkitFont {
    let f = this.fonts.get(face);
    if (!f) {
      const [weight, i] = face.split('-') as ['regular' | 'bold', string];
      const files = weight === 'bold' && this.set.bold?.length ? this.set.bold : this.set.regular;
      const file = files[Number(i)] ?? files[0]!;
      f = create(file.bytes);
      this.fonts.set(face, f);
    }
    return f;
  }

  override text(s: string, x: number, y: number, face: string, size: number): this {
    const font = this.font(face);
    const k = size / font.unitsPerEm;
    const run = font.layout(s);
    let pen = 0;
    let d = '';
    run.glyphs.forEach((g, i) => {
      const p = run.positions[i]!;
      // font units, y up → points, y down, at the pen's place on the baseline
      d += g.path.transform(k, 0, 0, -k, x + (pen + p.xOffset) * k, y - p.yOffset * k).toSVG();
      pen += p.xAdvance;
    });
    if (d) this.path(d).fill();
    return this;
  }
}
