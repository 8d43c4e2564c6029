/**
 * Offsets inside scalars: which source character produced character k of a
 * scalar's string value (quoted escapes, line folding, block scalars), so that
 * an error inside a long text points at the exact column.
 */
import type { Scalar } from 'yaml';

function isWs(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r';
}

/**
 * Maps character `k` of a plain or block scalar's value to a source offset by
 * aligning the non-whitespace characters (folding only changes whitespace).
 */
function alignNonWs(text: string, from: number, to: number, value: string, k: number): number | undefined {
  // Find the non-whitespace value character at or before k.
  let anchor = k;
  while (anchor >= 0 && (anchor >= value.length || isWs(value[anchor]))) anchor--;
  let count = 0;
  for (let i = 0; i < anchor; i++) if (!isWs(value[i])) count++;
  if (anchor < 0) {
    // Only whitespace before k: align on the first non-whitespace character after it.
    let next = k;
    while (next < value.length && isWs(value[next])) next++;
    if (next >= value.length) return undefined;
    const at = nthNonWs(text, from, to, 0);
    return at === undefined ? undefined : Math.max(from, at - (next - k));
  }
  const at = nthNonWs(text, from, to, count);
  if (at === undefined) return undefined;
  return at + (k - anchor);
}

function nthNonWs(text: string, from: number, to: number, n: number): number | undefined {
  for (let i = from; i < to; i++) {
    if (!isWs(text[i])) {
      if (n === 0) return i;
      n--;
    }
  }
  return undefined;
}

const HEX_LEN: Record<string, number> = { x: 2, u: 4, U: 8 };

/** Source offsets of each UTF-16 unit of a quoted scalar's value (plus one for the end). */
function quotedOffsets(text: string, start: number, end: number, double: boolean): number[] | undefined {
  const q = double ? '"' : "'";
  if (text[start] !== q) return undefined;
  const out: number[] = [];
  let i = start + 1;
  const stop = end - 1; // closing quote
  while (i < stop) {
    const c = text[i];
    if (!double && c === "'" && text[i + 1] === "'") {
      out.push(i);
      i += 2;
    } else if (double && c === '\\') {
      const e = text[i + 1];
      if (e === '\n' || e === '\r') {
        // Escaped line break: no character; skip the break and the next line's indentation.
        i += e === '\r' && text[i + 2] === '\n' ? 3 : 2;
        while (i < stop && (text[i] === ' ' || text[i] === '\t')) i++;
      } else if (e !== undefined && HEX_LEN[e] !== undefined) {
        const len = HEX_LEN[e];
        const cp = parseInt(text.slice(i + 2, i + 2 + len), 16);
        out.push(i);
        if (e === 'U' && cp > 0xffff) out.push(i);
        i += 2 + len;
      } else {
        out.push(i);
        i += 2;
      }
    } else if (c === '\n' || c === '\r' || ((c === ' ' || c === '\t') && /^[ \t]*\r?\n/.test(text.slice(i, Math.min(stop, i + 200))))) {
      // Line folding: trailing spaces, the break(s) and the next indentation become
      // one space or the empty lines' breaks.
      let j = i;
      let breaks = 0;
      while (j < stop && isWs(text[j])) {
        if (text[j] === '\n') breaks++;
        j++;
      }
      const produced = breaks <= 1 ? 1 : breaks - 1;
      for (let n = 0; n < produced; n++) out.push(i);
      i = j;
    } else {
      out.push(i);
      i++;
    }
  }
  out.push(stop);
  return out;
}

export function scalarSourceOffset(text: string, s: Scalar & { range?: [number, number, number] }, k: number): number | undefined {
  const value = s.value as string;
  const [start, end] = s.range!;
  if (k < 0) k = 0;
  if (k > value.length) k = value.length;
  switch (s.type) {
    case 'QUOTE_DOUBLE':
    case 'QUOTE_SINGLE': {
      const offs = quotedOffsets(text, start, end, s.type === 'QUOTE_DOUBLE');
      if (!offs || offs.length !== value.length + 1) return start;
      return offs[k];
    }
    case 'PLAIN': {
      const raw = text.slice(start, end);
      if (raw === value) return start + k;
      return alignNonWs(text, start, end, value, k) ?? start;
    }
    case 'BLOCK_LITERAL':
    case 'BLOCK_FOLDED': {
      // Skip the header line (`|`, `>-`, a comment…).
      const nl = text.indexOf('\n', start);
      if (nl < 0 || nl >= end) return start;
      return alignNonWs(text, nl + 1, end, value, k) ?? start;
    }
    default:
      return start;
  }
}
