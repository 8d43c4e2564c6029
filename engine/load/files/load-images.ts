// The loader's image pass: every image a card layout draws (an `image` element's `file`, or the file each card
// names in the element's `field`) is found relative to the ruleset file that writes its name, read through the
// caller's reader and checked (engine/images.ts). A missing, unreadable, oversized or hostile image is an error
// at the place that names it. Each file is read once, however many cards draw it.

import type { Game } from '../../model.js';
import type { Path } from '../../effects/index.js';
import type { Diagnostic } from '../diagnostics.js';
import { IMAGE_LIMITS, ImageError, readImage, type ImageAsset } from '../../images.js';
import { imageRefProblem } from '../compile/print.js';
import { asNotRead, type NotRead } from '../variants/merge.js';

/** Reads an image file's bytes: undefined when it does not exist, or why it was not read (larger than `maxBytes`…). */
export type ImageReader = (path: string, maxBytes: number) => Uint8Array | undefined | NotRead;

type Where = (path: Path) => { file: string; line: number; col: number };

export function loadImages(game: Game, root: unknown, at: Where, resolve: (from: string, ref: string) => string, read: ImageReader): Diagnostic[] {
  const out: Diagnostic[] = [];
  const tried = new Map<string, ImageAsset | string>();
  let total = 0;
  const colour = (name: string) => game.print.colors.get(name) ?? null;
  const cardItems = new Map<string, number>();
  const cards = (root as { cards?: unknown }).cards;
  if (Array.isArray(cards)) cards.forEach((c, i) => { if (c && typeof c === 'object' && typeof (c as { id?: unknown }).id === 'string' && !cardItems.has((c as { id: string }).id)) cardItems.set((c as { id: string }).id, i); });

  /** The image `ref` named at `path`: its key in game.images, or undefined (the problem reported there). */
  const load = (ref: string, path: Path): string | undefined => {
    const pos = at(path);
    const bad = imageRefProblem(ref);
    if (bad) { out.push({ ...pos, severity: 'error', message: bad }); return undefined; }
    const key = resolve(pos.file, ref);
    let got = tried.get(key);
    if (got === undefined && tried.size >= IMAGE_LIMITS.files) got = `image '${ref}': more than ${IMAGE_LIMITS.files} image files in one ruleset`;
    if (got === undefined) {
      const bytes = read(key, Math.min(IMAGE_LIMITS.bytes, Math.max(0, IMAGE_LIMITS.totalBytes - total)));
      const notRead = asNotRead(bytes);
      if (bytes === undefined) got = `image '${ref}' not found (looked for ${key})`;
      else if (notRead) got = notRead.notRead === 'too-large' ? `image '${ref}': ${notRead.message}${total + IMAGE_LIMITS.bytes > IMAGE_LIMITS.totalBytes ? ` (the ruleset's images together may take ${IMAGE_LIMITS.totalBytes} bytes)` : ''}` : `cannot read image '${ref}': ${notRead.message}`;
      else {
        total += (bytes as Uint8Array).length;
        try {
          got = readImage(key, bytes as Uint8Array, { colour });
        } catch (e) {
          if (!(e instanceof ImageError)) throw e;
          got = `image '${ref}': ${e.message}`;
        }
      }
      tried.set(key, got);
    }
    if (typeof got === 'string') { out.push({ ...pos, severity: 'error', message: got }); return undefined; }
    game.images.set(key, got);
    return key;
  };

  for (const ct of game.cardTypes) {
    for (const el of ct.layout.elements) {
      if (el.type !== 'image') continue;
      if (el.file !== undefined && el.filePath) el.key = load(el.file, el.filePath);
      if (el.field === undefined) continue;
      const byCard = new Map<string, string>();
      for (const card of game.cards) {
        if (card.type !== ct.id) continue;
        const v = card.fields[el.field];
        if (typeof v !== 'string' || v === '') continue;
        // at the card's value, or at the element when the value is the field's default
        const i = cardItems.get(card.id);
        const item = i === undefined ? undefined : (cards as Record<string, unknown>[])[i];
        const key = load(v, item && Object.prototype.hasOwnProperty.call(item, el.field) ? ['cards', i!, el.field] : [...el.at, 'field']);
        if (key !== undefined) byCard.set(card.id, key);
      }
      el.byCard = byCard;
    }
  }
  return out;
}
