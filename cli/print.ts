// `babelkit print`: the CLI side of print/ — parse options, read the fonts shipped as npm packages,
// render, and write the PDF atomically (a failed run never leaves a half-written file).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { checkOutput, loadOrReport, writeAtomic } from './load-file.js';
import { parseArgs, UsageError, type ArgSpec } from './args.js';
import { BACKS_MODES, printDeck, PrintError, PrintOptionError, type FontFile, type FontSet, type PrintOptions } from '../print/index.js';
import type { BacksMode } from '../print/sheet.js';
import { PRINT_USAGE } from './print-usage.js';

export { PRINT_USAGE };

const SPEC: ArgSpec = {
  out: 'string', deck: 'string', cards: 'string', unique: 'flag', size: 'string', paper: 'string', landscape: 'flag',
  bleed: 'string', 'crop-marks': 'flag', 'no-crop-marks': 'flag', backs: 'string', 'back-offset': 'string', calibration: 'flag',
};

/** Noto Sans (Latin, Greek, Cyrillic) then Noto Sans JP (Japanese, then the rest of its glyphs), per weight; a
 *  file is read only if print needs it. */
export function loadFonts(): FontSet {
  const req = createRequire(import.meta.url);
  const dir = (pkg: string) => join(dirname(req.resolve(`${pkg}/package.json`)), 'files');
  const sans = dir('@fontsource/noto-sans');
  const jp = dir('@fontsource/noto-sans-jp');
  const chain = (weight: number): FontFile[] => {
    const files: [string, string, string][] = [
      ...['latin', 'latin-ext', 'greek', 'cyrillic'].map((s): [string, string, string] => ['Noto Sans', sans, `noto-sans-${s}-${weight}-normal.woff`]),
      ['Noto Sans JP', jp, `noto-sans-jp-japanese-${weight}-normal.woff`],
      // the numbered files are the rest of Noto Sans JP (symbols, arrows, rare kanji): parsed only when needed
      ...Array.from({ length: 120 }, (_, i): [string, string, string] => ['Noto Sans JP', jp, `noto-sans-jp-${i}-${weight}-normal.woff`]),
    ];
    // each file read when print first needs it (FontFile.bytes)
    return files.map(([name, d, f]): FontFile => {
      let bytes: Uint8Array | undefined;
      return { name, get bytes() { return (bytes ??= new Uint8Array(readFileSync(join(d, f)))); } };
    });
  };
  return { regular: chain(400), bold: chain(700) };
}

function num(v: string, what: string): number {
  if (!/^-?\d+(\.\d+)?$/.test(v.trim())) throw new UsageError(`${what} needs a number in mm, not '${v}'`);
  return Number(v);
}

export function parsePrintArgs(args: string[]): { file: string; out: string; options: PrintOptions } {
  const { positional, values } = parseArgs(args, SPEC);
  if (positional.length !== 1) throw new UsageError('give exactly one ruleset file');
  const out = values.out as string | undefined;
  if (!out) throw new UsageError('--out OUT.pdf is required');
  if (values['crop-marks'] && values['no-crop-marks']) throw new UsageError('give --crop-marks or --no-crop-marks, not both');
  const o: PrintOptions = {};
  if (values.deck !== undefined) o.deck = values.deck as string;
  if (values.cards !== undefined) o.cards = values.cards as string;
  if (values.unique) o.unique = true;
  if (values.size !== undefined) o.size = values.size as string;
  if (values.paper !== undefined) o.paper = values.paper as string;
  if (values.landscape) o.landscape = true;
  if (values.bleed !== undefined) {
    o.bleed = num(values.bleed as string, '--bleed');
    if (o.bleed < 0 || o.bleed > 10) throw new UsageError(`--bleed must be between 0 and 10 mm, not ${o.bleed}`);
  }
  if (values['crop-marks']) o.cropMarks = true;
  if (values['no-crop-marks']) o.cropMarks = false;
  if (values.backs !== undefined) {
    const b = values.backs as string;
    if (!BACKS_MODES.includes(b as BacksMode)) throw new UsageError(`--backs is ${BACKS_MODES.join(', ')}, not '${b}'`);
    o.backs = b as BacksMode;
  }
  if (values['back-offset'] !== undefined) {
    const parts = (values['back-offset'] as string).split(',');
    if (parts.length !== 2) throw new UsageError(`--back-offset takes X,Y in mm (e.g. 1.5,-0.5), not '${String(values['back-offset'])}'`);
    o.backOffset = { x: num(parts[0]!, '--back-offset'), y: num(parts[1]!, '--back-offset') };
  }
  if (values.calibration) o.calibration = true;
  return { file: positional[0]!, out, options: o };
}

export async function printCmd(args: string[]): Promise<number> {
  const { file, out, options } = parsePrintArgs(args);
  // before the cards are drawn (which takes seconds): an --out that is not a regular file, or whose folder is not
  // there (writeAtomic checks again when writing)
  checkOutput(out);
  const g = loadOrReport(file);
  if (!g) return 1;
  let res;
  try {
    res = await printDeck(g, loadFonts(), options);
  } catch (e) {
    if (e instanceof PrintOptionError) throw new UsageError(e.message);
    if (e instanceof PrintError) {
      process.stderr.write(`${file}: error: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
  writeAtomic(out, res.bytes);
  const p = res.plan;
  const n = (k: number, w: string) => `${k} ${w}${k === 1 ? '' : 's'}`;
  const sheet = (q: typeof p) => `${q.cols}×${q.rows} per sheet, ${q.card.w}×${q.card.h} mm on ${q.paper.w}×${q.paper.h} mm, ${q.mode === 'abut' ? 'shared cut lines' : 'bleed per card'}`;
  // boards and tiles print at their own sizes, on sheets of their own
  process.stdout.write(`${out}: ${n(res.cards, 'card')} on ${n(res.pages, 'page')} (${res.plans.map(sheet).join('; ')})\n`);
  return 0;
}
