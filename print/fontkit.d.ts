// The few fontkit calls print/ makes (fontkit ships no types). pdfkit embeds and subsets the fonts;
// print/ only asks fontkit which characters a font has, to fall back or fail instead of losing them.
declare module 'fontkit' {
  export interface FontkitFont {
    postscriptName: string;
    familyName: string;
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): FontkitFont;
}
