// The fonts of the print-and-play PDF, as in `babelkit print` (Noto Sans, then Noto Sans JP's Japanese
// set): URLs of the same @fontsource files, fetched when the preview or the PDF first needs them.
import sansLatin400 from '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff?url';
import sansLatinExt400 from '@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff?url';
import sansGreek400 from '@fontsource/noto-sans/files/noto-sans-greek-400-normal.woff?url';
import sansCyrillic400 from '@fontsource/noto-sans/files/noto-sans-cyrillic-400-normal.woff?url';
import jp400 from '@fontsource/noto-sans-jp/files/noto-sans-jp-japanese-400-normal.woff?url';
import sansLatin700 from '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff?url';
import sansLatinExt700 from '@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff?url';
import sansGreek700 from '@fontsource/noto-sans/files/noto-sans-greek-700-normal.woff?url';
import sansCyrillic700 from '@fontsource/noto-sans/files/noto-sans-cyrillic-700-normal.woff?url';
import jp700 from '@fontsource/noto-sans-jp/files/noto-sans-jp-japanese-700-normal.woff?url';

export interface FontUrl {
  name: string;
  url: string;
}

/** Per weight, in fallback order; the face ids print/ gives them are `${weight}-${index}`. */
export const FONT_URLS: { regular: FontUrl[]; bold: FontUrl[] } = {
  regular: [
    { name: 'Noto Sans', url: sansLatin400 }, { name: 'Noto Sans', url: sansLatinExt400 }, { name: 'Noto Sans', url: sansGreek400 },
    { name: 'Noto Sans', url: sansCyrillic400 }, { name: 'Noto Sans JP', url: jp400 },
  ],
  bold: [
    { name: 'Noto Sans', url: sansLatin700 }, { name: 'Noto Sans', url: sansLatinExt700 }, { name: 'Noto Sans', url: sansGreek700 },
    { name: 'Noto Sans', url: sansCyrillic700 }, { name: 'Noto Sans JP', url: jp700 },
  ],
};

/** The CSS font family the preview uses for a print/ face id (`regular-0`, `bold-4`…). */
export function familyOf(face: string): string {
  return `bk-print-${face}`;
}

/** Every face as [face id, url], for @font-face rules in the page. */
export function faces(): [string, string][] {
  return [
    ...FONT_URLS.regular.map((f, i): [string, string] => [`regular-${i}`, f.url]),
    ...FONT_URLS.bold.map((f, i): [string, string] => [`bold-${i}`, f.url]),
  ];
}
