// `babelkit export tts FILE --out DIR`: the ruleset's cards as Tabletop Simulator decks (print/tts.ts plans and
// draws them as SVG; resvg, a rasteriser compiled to WebAssembly and installed from npm with the package, turns
// each sheet into PNG: no program of the system is needed). Every file is written whole (writeAtomic).

import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadOrReport, writeAtomic } from './load-file.js';
import { HelpRequested, parseArgs, UsageError } from './args.js';
import { loadFonts } from './print.js';
import { measuringFonts, PrintError, PrintOptionError } from '../print/index.js';
import { cardSvg, planTts, savedObject, sheetSvg, type TtsDeck } from '../print/tts.js';
import { EXPORT_USAGE } from './export-usage.js';

export { EXPORT_USAGE };

let resvg: Promise<typeof import('@resvg/resvg-wasm')> | null = null;

/** The rasteriser, its WebAssembly read from the installed package once. */
function rasteriser(): Promise<typeof import('@resvg/resvg-wasm')> {
  resvg ??= (async () => {
    const mod = await import('@resvg/resvg-wasm');
    const wasm = readFileSync(createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm'));
    await mod.initWasm(wasm);
    return mod;
  })();
  return resvg;
}

/** An SVG document as PNG bytes, at its own pixel size. */
export async function svgToPng(svg: string): Promise<{ png: Uint8Array; width: number; height: number; pixels: Uint8Array }> {
  const { Resvg } = await rasteriser();
  const r = new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false }, shapeRendering: 2, imageRendering: 0 });
  try {
    const img = r.render();
    try {
      return { png: img.asPng(), width: img.width, height: img.height, pixels: img.pixels };
    } finally {
      img.free();
    }
  } finally {
    r.free();
  }
}

export async function exportCmd(args: string[]): Promise<number> {
  const [what, ...rest] = args;
  if (what === '--help' || what === '-h') throw new HelpRequested();
  if (what !== 'tts') throw new UsageError(what === undefined ? 'give what to export: tts' : `unknown export '${what}' (tts)`);
  const { positional, values } = parseArgs(rest, { out: 'string', deck: 'string', cards: 'string', size: 'string', url: 'string' });
  if (positional.length !== 1) throw new UsageError('give one ruleset file');
  const out = values.out as string | undefined;
  if (!out) throw new UsageError('--out DIR is required');
  const file = positional[0]!;
  const g = loadOrReport(file);
  if (!g) return 1;
  let decks: TtsDeck[];
  try {
    decks = planTts(g, { deck: values.deck as string | undefined, cards: values.cards as string | undefined, size: values.size as string | undefined });
  } catch (e) {
    if (e instanceof PrintOptionError) throw new UsageError(e.message);
    if (e instanceof PrintError) { process.stderr.write(`${file}: error: ${e.message}\n`); return 1; }
    throw e;
  }
  try {
    mkdirSync(out, { recursive: true });
    if (!statSync(out).isDirectory()) throw new UsageError(`'${out}' is not a folder`);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`cannot make the folder '${out}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const fonts = loadFonts();
  const m = measuringFonts(fonts);
  const base = values.url as string | undefined;
  const dir = resolve(out);
  const url = (f: string) => (base ? `${base.replace(/\/?$/, '/')}${encodeURIComponent(f)}` : pathToFileURL(join(dir, f)).href);
  const written: string[] = [];
  try {
    for (const deck of decks) {
      for (const sheet of [...deck.faces, ...deck.backs]) {
        const png = await svgToPng(sheetSvg(g, m, fonts, deck, sheet));
        writeAtomic(join(out, sheet.file), png.png);
        written.push(`${sheet.file} (${png.width}×${png.height}, ${sheet.cols}×${sheet.rows})`);
      }
      if (deck.back) {
        const png = await svgToPng(cardSvg(g, m, fonts, deck, null, 'back'));
        writeAtomic(join(out, deck.back), png.png);
      }
    }
  } catch (e) {
    if (e instanceof PrintError) { process.stderr.write(`${file}: error: ${e.message}\n`); return 1; }
    throw e;
  }
  const json = `${g.id.replace(/[^A-Za-z0-9_-]+/g, '-')}.json`;
  writeAtomic(join(out, json), JSON.stringify(savedObject(g, decks, url), null, 2) + '\n');
  const cards = decks.reduce((a, d) => a + d.cards.reduce((b, c) => b + c.copies, 0), 0);
  process.stdout.write(`${join(out, json)}: ${decks.length} deck${decks.length === 1 ? '' : 's'}, ${cards} cards (${basename(file)})\n`);
  for (const w of written) process.stdout.write(`  ${w}\n`);
  return 0;
}
