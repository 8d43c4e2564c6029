// The CLI's file access (Node only): loading a ruleset from disk or standard input (the loader itself takes
// texts and a reader, so that the browser can use it with in-memory files) and writing output files whole.

import { closeSync, existsSync, lstatSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { UsageError } from './args.js';
import { formatDiagnostic, loadRulesetText, nodeReadFile, nodeReadImage, readStdin, usePrecompiledSchemaCheck, type Game, type LoadResult } from '../engine/index-node.js';

// the schema check compiled by the build (schemas/build-validator.mjs); without it the loader compiles the schema
try {
  const mod = (await import(new URL('../schemas/ruleset-check.js', import.meta.url).href)) as { validate?: (v: unknown) => boolean };
  if (typeof mod.validate === 'function') usePrecompiledSchemaCheck(mod.validate);
} catch {
  // not built by `npm run build` (a checkout run from sources): the loader's own validator does the same check
}

/** The name standard input goes by in messages, when the ruleset file is given as `-`. */
export const STDIN_NAME = '<stdin>';

/** Loads a ruleset file (`-`: standard input); a file that cannot be read is one diagnostic at 1:1. */
export function loadRulesetFile(file: string): LoadResult {
  const name = file === '-' ? STDIN_NAME : file;
  const text = file === '-' ? readStdin() : nodeReadFile(file);
  if (typeof text !== 'string') {
    const message = text === undefined ? `cannot read '${file}': no such file` : text.notRead === 'too-large' ? text.message : `cannot read '${file}': ${text.message}`;
    return { diagnostics: [{ file: name, line: 1, col: 1, severity: 'error', message }], files: [] };
  }
  return loadRulesetText(name, text, nodeReadFile, { readImage: nodeReadImage });
}

/** Loads a ruleset given as text, read as if it were the file `file` (its `extends` resolve beside it, from disk). */
export function loadRulesetSource(file: string, text: string): LoadResult {
  return loadRulesetText(file, text, (p) => (p === file ? text : nodeReadFile(p)), { readImage: nodeReadImage });
}

/** Loads a ruleset and writes every diagnostic to stderr; the game, or null when it has errors. */
export function loadOrReport(file: string, counts?: { warnings: number }): Game | null {
  const r = loadRulesetFile(file);
  for (const d of r.diagnostics) process.stderr.write(formatDiagnostic(d) + '\n');
  if (counts) counts.warnings = r.diagnostics.filter((d) => d.severity === 'warning').length;
  return r.game ?? null;
}

/**
 * Why `path` may not be written: it exists and is not a regular file (a symbolic link, a FIFO, a device, a
 * folder…). Writing through it, or renaming over it, would replace or feed something that is not ours.
 */
export function outputProblem(path: string): string | null {
  let st;
  try {
    st = lstatSync(path);
  } catch {
    return null; // nothing there (or nothing we can see): the write itself will say what is wrong
  }
  if (st.isFile()) return null;
  const what = st.isSymbolicLink() ? 'a symbolic link'
    : st.isDirectory() ? 'a folder'
    : st.isFIFO() ? 'a FIFO'
    : st.isCharacterDevice() || st.isBlockDevice() ? 'a device'
    : st.isSocket() ? 'a socket'
    : 'something else';
  return `'${path}' is ${what}, not a regular file; babelkit writes only regular files and has left it alone`;
}

/** An output file that could not be written (its folder missing, no permission, a full disk): the command says so
 *  (`babelkit CMD: cannot write 'PATH': ENOENT`) and exits with 1. */
export class WriteError extends Error {}

/**
 * An output file checked before the work that makes it (a simulation or a print can take minutes): refuses (with
 * a UsageError) a path that is not a regular file, and (with a WriteError) one whose folder is not there, as the
 * write would say it.
 */
export function checkOutput(path: string): void {
  const problem = outputProblem(path);
  if (problem) throw new UsageError(problem);
  if (!existsSync(dirname(resolve(path)))) throw new WriteError(`cannot write '${path}': ENOENT`);
}

/**
 * The one writer of output files: refuses (with a UsageError) an existing path that is not a regular file,
 * then writes a new temporary file beside it and renames it into place, so a failure never leaves a
 * half-written file, nor the temporary one.
 */
export function writeAtomic(path: string, data: string | Uint8Array): void {
  const problem = outputProblem(path);
  if (problem) throw new UsageError(problem);
  // a fresh name, created exclusively: never written through something already there
  const tmp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  let created = false;
  try {
    const fd = openSync(tmp, 'wx');
    created = true;
    try {
      writeFileSync(fd, data);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (e) {
    if (created) rmSync(tmp, { force: true });
    throw new WriteError(`cannot write '${path}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}
