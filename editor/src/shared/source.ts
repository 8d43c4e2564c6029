// What the page sends a worker to load: the ruleset's virtual path and the text of every open file (so
// that `extends` resolves against the bundled files and the designer's own).

export interface RulesetSource {
  path: string;
  files: Record<string, string>;
  /** the image files the designer opened, by virtual path (the card layouts' `image` elements draw them) */
  images?: Record<string, Uint8Array>;
  /** false: the ruleset's expressions run as the interpreter's closures only (the editor's "Compiled rules"
   *  setting, compile-setting.ts) */
  compile?: boolean;
}

/** The loader's image reader over the opened images (own properties only, as for the texts). */
export function imageReaderOf(images: Record<string, Uint8Array> | undefined): (path: string, maxBytes: number) => Uint8Array | undefined | { notRead: 'too-large'; message: string } {
  return (path, maxBytes) => {
    const b = images && Object.hasOwn(images, path) ? images[path] : undefined;
    if (b && b.length > maxBytes) return { notRead: 'too-large', message: `the file is ${b.length} bytes; the limit is ${maxBytes}` };
    return b;
  };
}

/** Reads a file of the source by virtual path: own properties only, so that a path that happens to be
 * named like an Object member (`constructor`) is a missing file, not a function. */
export function readerOf(files: Record<string, string>): (path: string) => string | undefined {
  return (path) => (Object.hasOwn(files, path) ? files[path] : undefined);
}
