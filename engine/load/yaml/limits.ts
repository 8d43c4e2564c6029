/**
 * The parser's resource limits and the figures its messages show. Generic and browser-safe.
 */

/**
 * Limits of one parsed text. The defaults keep the worst accepted file (a flow or block list of
 * 100 000 values, 60 000 keys, 512 KiB of blank lines) loading in about 1.5 s of CPU on a small machine
 * (`node dist/bench/loader-limits.js`): the YAML library needs about 10 µs per value. The bundled
 * rulesets are 26–48 KiB with 900–1 600 values, so the limits leave ten to sixty times that room.
 */
export interface Limits {
  /** Largest accepted text, in UTF-8 bytes. Default 512 KiB. */
  maxBytes: number;
  /** Most values (scalars and collections) after expanding aliases. Default 100 000. */
  maxNodes: number;
  /** Deepest nesting of mappings and lists (the root collection is level 1). Default 100; values above 500 act as 500. */
  maxDepth: number;
  /** Most YAML syntax errors reported for one file. Default 100. */
  maxErrors: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxBytes: 512 * 1024,
  maxNodes: 100_000,
  maxDepth: 100,
  maxErrors: 100,
});

/**
 * Limits of a ruleset and all its bases together (an `extends` chain): twice one file's, so a variant may be
 * as large as its base, and 32 files of the largest size are refused rather than read (they took minutes).
 */
export interface ChainLimits {
  /** Most files in one chain. Default 32. */
  maxFiles: number;
  /** Most UTF-8 bytes in all the files of a chain. Default 1 MiB. */
  maxBytes: number;
  /** Most values in all the files of a chain, aliases expanded. Default 200 000. */
  maxValues: number;
}

export const DEFAULT_CHAIN_LIMITS: Readonly<ChainLimits> = Object.freeze({
  maxFiles: 32,
  maxBytes: 1024 * 1024,
  maxValues: 200_000,
});

/** Nesting depth beyond which the YAML library's own recursion is not trusted. */
export const HARD_MAX_DEPTH = 500;
/** Slack for the pre-parse depth estimate of block (indentation) nesting. */
export const DEPTH_GATE_SLACK = 10;

/** UTF-8 length of a JS string, without allocating. */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/** `5 MiB`, `1.5 MiB`, `12 KiB`, `300 bytes`. */
export function formatSize(bytes: number): string {
  const trim = (x: number) => x.toFixed(1).replace(/\.0$/, '');
  if (bytes >= 1024 * 1024) return `${trim(bytes / (1024 * 1024))} MiB`;
  if (bytes >= 1024) return `${trim(bytes / 1024)} KiB`;
  return `${bytes} bytes`;
}

export function sizeMessage(bytes: number, limit: number): string {
  let shown = formatSize(bytes);
  const lim = formatSize(limit);
  if (shown === lim) shown = `${bytes} bytes`;
  return `file is ${shown}, larger than the ${lim} limit`;
}

/** For an input whose size is not known in advance (a pipe, a device): reading stopped at the limit. */
export function streamSizeMessage(limit: number): string {
  return `input is larger than the ${formatSize(limit)} limit (reading stopped after ${formatSize(limit)})`;
}

export function depthMessage(maxDepth: number): string {
  return `nesting is too deep: more than ${maxDepth} levels of mappings and lists`;
}
