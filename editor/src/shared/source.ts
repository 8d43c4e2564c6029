// What the page sends a worker to load: the ruleset's virtual path and the text of every open file (so
// that `extends` resolves against the bundled files and the designer's own).

export interface RulesetSource {
  path: string;
  files: Record<string, string>;
}

/** Reads a file of the source by virtual path: own properties only, so that a path that happens to be
 * named like an Object member (`constructor`) is a missing file, not a function. */
export function readerOf(files: Record<string, string>): (path: string) => string | undefined {
  return (path) => (Object.hasOwn(files, path) ? files[path] : undefined);
}
