/**
 * The parser's resource limits and the figures its messages show. Generic and browser-safe.
 */

export interface Limits {
  /** Largest accepted text, in UTF-8 bytes. Default 2 MiB: a full ruleset is tens of KiB, and the YAML parser needs seconds and gigabytes for texts near 5 MiB. */
  maxBytes: number;
  /** Most values (scalars and collections) after expanding aliases. Default 1 000 000. */
  maxNodes: number;
  /** Deepest nesting of mappings and lists (the root collection is level 1). Default 100; values above 500 act as 500. */
  maxDepth: number;
  /** Most YAML syntax errors reported for one file. Default 100. */
  maxErrors: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxBytes: 2 * 1024 * 1024,
  maxNodes: 1_000_000,
  maxDepth: 100,
  maxErrors: 100,
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

export function depthMessage(maxDepth: number): string {
  return `nesting is too deep: more than ${maxDepth} levels of mappings and lists`;
}
