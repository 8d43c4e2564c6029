// Font chains: each weight is a list of font files tried in order for every character, so Latin text
// uses the Latin font and Japanese text the CJK font, and a character that no font has is an error
// (pdfkit would silently drop it). Fonts come as bytes: print/ never reads files (it runs in browsers).

import { create, type FontkitFont } from 'fontkit';

export interface FontFile {
  /** a readable name for messages (e.g. "Noto Sans JP") */
  name: string;
  /** read only when a character is looked for in this font or drawn with it: a caller may make it a getter that
   *  reads the file then (a deck in Latin script never needs the 120 files of Japanese glyphs) */
  readonly bytes: Uint8Array;
}

/** Font files per weight, each in fallback order. `bold` falls back to `regular` when absent. */
export interface FontSet {
  regular: FontFile[];
  bold?: FontFile[];
}

export type Weight = 'regular' | 'bold';

/** A stretch of text drawn with one font (the pdfkit name under which it is registered). */
export interface Run {
  face: string;
  text: string;
}

/** A problem with the deck's content (a missing glyph, text that cannot fit): the CLI reports it. */
export class PrintError extends Error {}

interface Face {
  id: string;
  file: FontFile;
  font?: FontkitFont;
  /** given to the document (`register`) */
  registered?: boolean;
}

/** Variation selectors and joiners select a glyph form; they need no glyph of their own. */
const INVISIBLE = /[\uFE00-\uFE0F\u200B-\u200D\u2060]/gu;

export class FontChains {
  private readonly chains: Record<Weight, Face[]>;
  private readonly cache = new Map<string, Face | null>();

  /** `register` gives a face to the document, the first time a text is to be drawn or measured with it (a face no
   *  text uses is never read, registered nor embedded). */
  constructor(set: FontSet, private readonly register: (id: string, bytes: Uint8Array) => void) {
    if (!set.regular?.length) throw new PrintError('no fonts given: print needs at least one regular font file');
    const make = (files: FontFile[], w: string): Face[] => files.map((file, i) => ({ id: `${w}-${i}`, file }));
    const regular = make(set.regular, 'regular');
    this.chains = { regular, bold: set.bold?.length ? make(set.bold, 'bold') : regular };
  }

  /** The face, registered with the document. */
  private used(f: Face): Face {
    if (!f.registered) {
      this.register(f.id, f.file.bytes);
      f.registered = true;
    }
    return f;
  }

  /** The first face of the chain that has this character. */
  private faceFor(cp: number, weight: Weight): Face | null {
    const key = `${weight}:${cp}`;
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    let found: Face | null = null;
    for (const f of this.chains[weight]) {
      f.font ??= create(f.file.bytes);
      if (f.font.hasGlyphForCodePoint(cp)) { found = this.used(f); break; }
    }
    this.cache.set(key, found);
    return found;
  }

  /** The primary face of a weight (for spaces and measuring). */
  primary(weight: Weight): string {
    return this.used(this.chains[weight][0]!).id;
  }

  /** Split text into runs by the font that has each character; throws on a character no font has. */
  runs(text: string, weight: Weight, where: string): Run[] {
    const out: Run[] = [];
    for (const ch of text.replace(INVISIBLE, '')) {
      const cp = ch.codePointAt(0)!;
      const face = ch === ' ' ? this.used(this.chains[weight][0]!) : this.faceFor(cp, weight);
      if (!face) {
        const names = [...new Set(this.chains[weight].map((f) => f.file.name))].join(', ');
        throw new PrintError(`${where}: the character '${ch}' (U+${cp.toString(16).toUpperCase().padStart(4, '0')}) is in none of the fonts (${names})`);
      }
      const last = out[out.length - 1];
      if (last && last.face === face.id) last.text += ch;
      else out.push({ face: face.id, text: ch });
    }
    return out;
  }
}
