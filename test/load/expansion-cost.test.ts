// Loading costs in proportion to the file. Definitions are expanded at each use, so a small file of
// definitions that each use a large one cost far more than its size (an 8 KB file: 14.7 s to validate; a chain
// of 3,000: 20 s). Now a definition without parameters that fails on its own fails every later use at once,
// one whose size cannot fit is refused before it is expanded, and the expressions of a whole ruleset may expand
// to MAX_RULESET_EXPANSION parts together: the parts compiled (the loader's work) stay within a fixed multiple
// of the file's size, and each case ends in a clear error at the definition or the expression at fault.

import { describe, expect, it } from 'vitest';
import { compileStats, MAX_RULESET_EXPANSION } from '../../engine/expr/compile.js';
import { formatDiagnostic, loadRulesetText } from '../../engine/index.js';
import { definitionChain, overLimitCalls, overLimitUses, underLimitUses } from '../../bench/hostile-rulesets.js';

/** Loads a text; its errors and the parts compiled (definitions counted at each expansion). */
function load(text: string): { errors: string[]; parts: number } {
  const before = compileStats.parts;
  const r = loadRulesetText('h.yaml', text);
  return { errors: r.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic), parts: compileStats.parts - before };
}

describe('what loading a ruleset of definitions costs', () => {
  it('200 uses of a definition over the limit: one error, at that definition; the uses fail without expanding it again', () => {
    const small = load(overLimitUses(50)), large = load(overLimitUses(200));
    expect(large.errors).toEqual([expect.stringMatching(/^h\.yaml:\d+:\d+: error: in definition 'a13': this expression grows to more than 20000 parts/)]);
    // the 150 more uses cost a few parts each (4 million parts in all before)
    expect(large.parts - small.parts).toBeLessThan(150 * 10);
    expect(large.parts).toBeLessThan(100_000);
  });

  it('a chain of 3,000 definitions: one error, where the chain grows too deep', () => {
    const r = load(definitionChain(3000));
    expect(r.errors).toEqual([expect.stringMatching(/error: in definition 'c150': this expression nests deeper than 300 levels/)]);
    // the parts compiled grow with the chain, not with its square (4.5 million before)
    expect(r.parts).toBeLessThan(100_000);
    const half = load(definitionChain(1500));
    expect(r.parts - half.parts).toBeLessThan(1500 * 10);
  });

  it('200 uses of a definition just under the limit: refused once the ruleset has expanded its share, said once', () => {
    const r = load(underLimitUses(200));
    expect(r.errors).toEqual([expect.stringMatching(new RegExp(`error: the ruleset's expressions grow to more than ${MAX_RULESET_EXPANSION} parts in all`))]);
    expect(r.parts).toBeLessThan(MAX_RULESET_EXPANSION * 1.2);
  });

  it('a definition with a parameter over the limit, called 200 times: each call refused until the ruleset\'s share is spent', () => {
    const r = load(overLimitCalls(200));
    expect(r.errors.at(-1)).toMatch(/error: the ruleset's expressions grow to more than \d+ parts in all/);
    expect(r.errors.length).toBeLessThan(30);
    expect(r.parts).toBeLessThan(MAX_RULESET_EXPANSION * 1.2);
  });

  it('the bundled rulesets are far from the limit', () => {
    // the same figure the constant's comment gives: babel-on.yaml expands the most
    expect(MAX_RULESET_EXPANSION).toBeGreaterThan(12_177 * 15);
  });
});
