/**
 * Node.js file access for the loader (kept out of merge.ts / source.ts so that
 * those stay browser-safe). Generic: no knowledge of any ruleset.
 *
 * Reading is bounded: a regular file larger than the limit is measured, not
 * read; anything else (standard input, a FIFO, a device) is read up to the limit
 * and no further, so /dev/zero or an endless pipe cannot exhaust memory.
 */
import { closeSync, existsSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { dirname, extname, isAbsolute, resolve } from 'node:path';
import { resolveExtends, type NotRead, type ResolveOptions, type ResolveResult } from '../variants/merge.js';
import { DEFAULT_LIMITS, sizeMessage, streamSizeMessage } from '../yaml/limits.js';

const YAML_EXTENSIONS = ['.yaml', '.yml'];

/** Paths that name this process's standard input: read from descriptor 0 (a socket there cannot be opened by path). */
const STDIN_PATHS = new Set(['/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Resolves an `extends` value found in file `from` to an absolute, normalised path:
 * relative to the directory of `from` (or absolute as given). If that file does
 * not exist and the reference has no extension, `.yaml` then `.yml` are tried,
 * so `extends: base` finds `base.yaml` next to the variant.
 */
export function nodePathResolver(from: string, ref: string): string {
  const p = isAbsolute(ref) ? resolve(ref) : resolve(dirname(resolve(from)), ref);
  if (isFile(p) || extname(p) !== '') return p;
  for (const ext of YAML_EXTENSIONS) {
    if (existsSync(p + ext) && isFile(p + ext)) return p + ext;
  }
  return p;
}

const unreadable = (message: string): NotRead => ({ notRead: 'unreadable', message });

function errorReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a folder, not a file';
  if (code === 'ENXIO') return 'it is a socket or a device that cannot be read';
  return code ?? (e instanceof Error ? e.message : String(e));
}

/** Sleeps briefly without spinning (for a non-blocking descriptor that has no data yet). */
function pause(): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
}

/** Reads descriptor `fd` to its end, or until more than `maxBytes` have come (in chunks: no buffer of the limit's size). */
function readBounded(fd: number, maxBytes: number): string | NotRead {
  const chunks: Buffer[] = [];
  let total = 0;
  while (total <= maxBytes) {
    const chunk = Buffer.allocUnsafe(Math.min(64 * 1024, maxBytes + 1 - total));
    let got: number;
    try {
      got = readSync(fd, chunk, 0, chunk.length, null);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EAGAIN') { pause(); continue; }
      if ((e as NodeJS.ErrnoException).code === 'EOF') break;
      return unreadable(errorReason(e));
    }
    if (got === 0) break;
    chunks.push(got === chunk.length ? chunk : chunk.subarray(0, got));
    total += got;
  }
  if (total > maxBytes) return { notRead: 'too-large', message: streamSizeMessage(maxBytes) };
  return Buffer.concat(chunks, total).toString('utf8');
}

/** Reads standard input as a ruleset's text, up to `maxBytes`. */
export function readStdin(maxBytes: number = DEFAULT_LIMITS.maxBytes): string | NotRead {
  return readBounded(0, maxBytes);
}

/** A path's file status for the readers below: undefined when nothing is there, why it is not read when it
 *  cannot be looked at or is a folder. */
function statFile(path: string): Stats | undefined | NotRead {
  let st: Stats;
  try {
    st = statSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? undefined : unreadable(errorReason(e));
  }
  return st.isDirectory() ? unreadable('it is a folder, not a file') : st;
}

/**
 * Reads a UTF-8 text file for the loader: undefined if it does not exist, or why
 * it was not read (larger than `maxBytes`, with its real size when known; a folder;
 * no permission).
 */
export function nodeReadFile(path: string, maxBytes: number = DEFAULT_LIMITS.maxBytes): string | undefined | NotRead {
  if (STDIN_PATHS.has(path)) return readStdin(maxBytes);
  const st = statFile(path);
  if (st === undefined || 'notRead' in st) return st;
  if (st.isFile() && st.size > maxBytes) return { notRead: 'too-large', message: sizeMessage(st.size, maxBytes) };
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    return unreadable(errorReason(e));
  }
  try {
    return readBounded(fd, maxBytes);
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads `path` from disk and resolves its `extends` chain (see `resolveExtends`).
 * File names in diagnostics are absolute paths. A starting file that is missing
 * or cannot be read is reported as a diagnostic at 1:1.
 */
export function resolveExtendsFromFile(path: string, options: ResolveOptions = {}): ResolveResult {
  const abs = resolve(path);
  const text = nodeReadFile(abs, options.limits?.maxBytes);
  if (typeof text !== 'string') {
    const message = text === undefined ? 'cannot read file' : text.notRead === 'too-large' ? text.message : `cannot read file: ${text.message}`;
    return { located: undefined, diagnostics: [{ file: abs, line: 1, col: 1, message, severity: 'error' }], files: [abs] };
  }
  return resolveExtends(abs, text, nodeReadFile, nodePathResolver, options);
}

/**
 * Reads an image file's bytes for the loader (see load-images.ts): undefined when it does not exist, or why it
 * was not read. Only a regular file is read (a FIFO or a device is refused before it is opened), and only when
 * it is no larger than `maxBytes`.
 */
export function nodeReadImage(path: string, maxBytes: number): Uint8Array | undefined | NotRead {
  const st = statFile(path);
  if (st === undefined || 'notRead' in st) return st;
  if (!st.isFile()) return unreadable('it is not a regular file');
  if (st.size > maxBytes) return { notRead: 'too-large', message: `the file is ${st.size} bytes; the limit is ${maxBytes}` };
  try {
    const fd = openSync(path, 'r');
    try {
      const buf = Buffer.alloc(st.size);
      let got = 0;
      while (got < st.size) {
        const n = readSync(fd, buf, got, st.size - got, got);
        if (n === 0) break;
        got += n;
      }
      return new Uint8Array(buf.buffer, buf.byteOffset, got);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    return unreadable(errorReason(e));
  }
}
