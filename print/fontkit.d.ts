// The few fontkit calls print/ makes (fontkit ships no types). pdfkit embeds and subsets the fonts;
// print/ only asks fontkit which characters a font has, to fall back or fail instead of losing them.
declare module 'fontkit' {
  export interface FontkitPath {
    /** a copy transformed by the matrix [a b c d e f] */
    transform(a: number, b: number, c: number, d: number, e: number, f: number): FontkitPath;
    toSVG(): string;
  }
  export interface FontkitGlyph {
    path: FontkitPath;
  }
  export interface FontkitPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface FontkitFont {
    postscriptName: string;
    familyName: string;
    unitsPerEm: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    /** the glyphs of a text and where each goes (kerning and ligatures as pdfkit lays it out) */
    layout(text: string): { glyphs: FontkitGlyph[]; positions: FontkitPosition[] };
  }
  export function create(buffer: Uint8Array, postscriptName?: string): FontkitFont;
}
