/**
 * "Did you mean …?" suggestions for misspelt names (keys, ids, enum values).
 *
 * Generic (no knowledge of any ruleset) and browser-safe.
 */

/**
 * Damerau-Levenshtein distance (optimal string alignment variant: insertions,
 * deletions, substitutions and transpositions of adjacent characters each cost 1).
 * If `cap` is given, the result may stop early at any value > cap.
 */
export function editDistance(a: string, b: string, cap = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = new Array<number>(n + 1);
  let cur = new Array<number>(n + 1);
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        v = Math.min(v, prev2[j - 2]! + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > cap) return cap + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev[n]!;
}

/**
 * The candidate closest to `name` (case-insensitive Damerau-Levenshtein), if it
 * is close enough: distance ≤ max(1, floor(name.length / 3)), or one of the two
 * is a prefix of the other (the shorter having at least 2 characters).
 * Returns undefined when nothing is close, or when `name` itself is a candidate.
 * Ties go to the candidate listed first.
 */
export function didYouMean(name: string, candidates: Iterable<string>): string | undefined {
  const lower = name.toLowerCase();
  const maxDist = Math.max(1, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestScore = Infinity;
  for (const cand of candidates) {
    if (typeof cand !== 'string') continue;
    if (cand === name) return undefined;
    const cl = cand.toLowerCase();
    let score: number;
    const d = editDistance(lower, cl, maxDist);
    if (d <= maxDist) {
      score = d;
    } else {
      const shorter = Math.min(lower.length, cl.length);
      if (shorter >= 2 && (cl.startsWith(lower) || lower.startsWith(cl))) {
        // A prefix match ranks after every edit-distance match.
        score = maxDist + 1 + Math.abs(cl.length - lower.length) / 1000;
      } else continue;
    }
    if (score < bestScore) {
      bestScore = score;
      best = cand;
    }
  }
  return best;
}

/** `" (did you mean 'x'?)"`, or `""` when there is no close candidate. */
export function suggestSuffix(name: string, candidates: Iterable<string>): string {
  const s = didYouMean(name, candidates);
  return s === undefined ? '' : ` (did you mean '${s}'?)`;
}
