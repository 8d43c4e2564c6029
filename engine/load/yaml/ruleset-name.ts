// The name a ruleset file gives its game (`name:` at the top level), read without parsing the whole file, for
// lists of files (the editor's file list, the rulesets a server hosts). A variant without a name of its own
// has its base's (the first file it `extends`). Browser- and Node-safe.
import { parse } from 'yaml';
import { resolveRelative } from '../index.js';

/** A top-level key's value, when it fits on its line (the first line at column 0 that starts with the key). */
function topLevel(text: string, key: 'name' | 'extends'): unknown {
  const m = new RegExp(`^${key}[ \\t]*:[ \\t]*(.*)$`, 'm').exec(text);
  if (!m) return undefined;
  try {
    return (parse(`v: ${m[1]}`) as { v?: unknown } | null)?.v;
  } catch {
    return undefined;
  }
}

/** The game's name in the file at `path` (following `extends` up to a few files); undefined when none is given. */
export function rulesetName(path: string, read: (path: string) => string | undefined, depth = 8): string | undefined {
  const text = read(path);
  if (text === undefined) return undefined;
  const name = topLevel(text, 'name');
  if (typeof name === 'string' && name.trim()) return name.trim();
  const ext = topLevel(text, 'extends');
  const base = Array.isArray(ext) ? ext[0] : ext;
  return typeof base === 'string' && depth > 0 ? rulesetName(resolveRelative(path, base), read, depth - 1) : undefined;
}
