import { describe, expect, it } from 'vitest';
import { DiagnosticBag, describeValue, formatDiagnostic, hasErrors, sortAndDedupe, type Diagnostic } from '../../engine/load/diagnostics.js';
import { didYouMean, editDistance, suggestSuffix } from '../../engine/suggest.js';

const d = (file: string, line: number, col: number, message: string, severity: Diagnostic['severity'] = 'error'): Diagnostic => ({
  file,
  line,
  col,
  message,
  severity,
});

describe('diagnostics', () => {
  it('formats as FILE:LINE:COL: severity: message', () => {
    expect(formatDiagnostic(d('a.yaml', 3, 7, "unknown key 'x'"))).toBe("a.yaml:3:7: error: unknown key 'x'");
    expect(formatDiagnostic(d('a.yaml', 1, 1, 'careful', 'warning'))).toBe('a.yaml:1:1: warning: careful');
  });

  it('collects, sorts by file/line/col and drops identical duplicates', () => {
    const bag = new DiagnosticBag();
    bag.error({ file: 'b.yaml', line: 1, col: 1 }, 'x');
    bag.warning({ file: 'a.yaml', line: 2, col: 5 }, 'w');
    bag.error({ file: 'a.yaml', line: 2, col: 3 }, 'y');
    bag.error({ file: 'a.yaml', line: 10, col: 1 }, 'z');
    bag.error({ file: 'a.yaml', line: 2, col: 3 }, 'y');
    expect(bag.size).toBe(4);
    expect(bag.errorCount).toBe(3);
    expect(bag.hasErrors()).toBe(true);
    expect(bag.all().map(formatDiagnostic)).toEqual([
      'a.yaml:2:3: error: y',
      'a.yaml:2:5: warning: w',
      'a.yaml:10:1: error: z',
      'b.yaml:1:1: error: x',
    ]);
    expect(sortAndDedupe([d('f', 2, 1, 'b'), d('f', 1, 9, 'a'), d('f', 2, 1, 'b')]).map(formatDiagnostic)).toEqual(['f:1:9: error: a', 'f:2:1: error: b']);
    expect(hasErrors([d('f', 1, 1, 'w', 'warning')])).toBe(false);
  });

  it('describes offending values briefly', () => {
    expect(describeValue('abc')).toBe("'abc'");
    expect(describeValue('x'.repeat(100))).toBe(`'${'x'.repeat(40)}…'`);
    expect(describeValue('two\nlines')).toBe("'two\\nlines'");
    expect(describeValue(42)).toBe('42');
    expect(describeValue(-1.5)).toBe('-1.5');
    expect(describeValue(true)).toBe('true');
    expect(describeValue(null)).toBe('null');
    expect(describeValue([1])).toBe('a list');
    expect(describeValue([])).toBe('an empty list');
    expect(describeValue({ a: 1 })).toBe('a mapping');
    expect(describeValue({})).toBe('an empty mapping');
    expect(describeValue(undefined)).toBe('nothing');
  });
});

describe('suggest', () => {
  it('computes Damerau-Levenshtein distance', () => {
    expect(editDistance('zones', 'zones')).toBe(0);
    expect(editDistance('zoens', 'zones')).toBe(1); // transposition
    expect(editDistance('zone', 'zones')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('suggests the closest candidate when it is close enough', () => {
    const keys = ['zones', 'players', 'setup', 'size'];
    expect(didYouMean('zonez', keys)).toBe('zones');
    expect(didYouMean('ZONES', keys)).toBe('zones');
    expect(didYouMean('playres', keys)).toBe('players');
    expect(didYouMean('sizee', keys)).toBe('size');
    expect(didYouMean('set', keys)).toBe('setup'); // prefix
    expect(didYouMean('qqqqq', keys)).toBeUndefined();
    expect(didYouMean('zones', keys)).toBeUndefined(); // the name itself
    expect(didYouMean('ab', [])).toBeUndefined();
    // distance limit: max(1, floor(len / 3))
    expect(didYouMean('abcdef', ['abxyef'])).toBe('abxyef');
    expect(didYouMean('abcdef', ['axxyef'])).toBeUndefined();
  });

  it('formats the suffix', () => {
    expect(suggestSuffix('colr', ['color', 'size'])).toBe(" (did you mean 'color'?)");
    expect(suggestSuffix('zzz', ['color'])).toBe('');
  });
});
