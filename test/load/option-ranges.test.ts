// Options take only the values their rules can play: every option of every bundled ruleset (variants
// included) declares its range or its choices, and every entry point refuses a value outside them (the two
// commands below were accepted and played something else: a hand of -1 cards looped until the step limit; a
// misspelt reading of a rule silently played as neither). A text option that the rules compare with texts but
// that declares no choices is a warning naming those texts; a text compared with an option's choices that is
// none of them is an error.

import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadGame, ROOT } from '../helpers/game.js';
import { loadRulesetText, formatDiagnostic } from '../../engine/index-node.js';
import { babelkit } from '../cli/run.js';
import { smallRuleset } from '../helpers/small-ruleset.js';

const bundled = [
  ...readdirSync(join(ROOT, 'rulesets')).filter((f) => f.endsWith('.yaml')).map((f) => `rulesets/${f}`),
  ...readdirSync(join(ROOT, 'rulesets', 'variants')).filter((f) => f.endsWith('.yaml')).map((f) => `rulesets/variants/${f}`),
];

describe('bundled options', () => {
  it.each(bundled)('%s: every option declares its range (a number) or its choices (a text)', (f) => {
    const g = loadGame(join(ROOT, f));
    for (const o of g.options) {
      if (o.type === 'number') expect([o.id, o.min, o.max].map(String).join(' '), f).toMatch(/^\S+ -?\d+(\.\d+)? -?\d+(\.\d+)?$/);
      if (o.type === 'string') expect(o.choices?.length, `${f}: ${o.id}`).toBeGreaterThan(1);
    }
  });

  it('simulate refuses a hand of -1 cards and a misspelt reading of a rule, naming what it takes', () => {
    const hand = babelkit('simulate', 'rulesets/babel-builders.yaml', '--players', '5', '--games', '1', '--seed', '1', '--option', 'handSize=-1');
    expect(hand.code, hand.stdout).toBe(2);
    expect(hand.stderr).toMatch(/handSize is from 2 to 5, not -1/);
    const typo = babelkit('simulate', 'rulesets/babel-on.yaml', '--players', '2', '--games', '1', '--seed', '1', '--option', 'wrongGuess=pss');
    expect(typo.code, typo.stdout).toBe(2);
    expect(typo.stderr).toMatch(/wrongGuess is one of takeBack, pass, not 'pss'/);
  });
});

describe('text options compared with texts', () => {
  const rules = (option: string, cond: string) => smallRuleset({
    extra: `options:\n  - ${option}`,
    steps: `      - { id: s, when: "${cond}", do: [ { set: { n: "1" } } ] }`,
  });
  const diags = (text: string) => loadRulesetText('t.yaml', text).diagnostics.map(formatDiagnostic);

  it('warns of a text option without choices, naming the texts it is compared with and the choices to declare', () => {
    const d = diags(rules('{ id: mode, type: string, default: easy }', "mode == 'hard' or mode in ['wild', 'hard']"));
    expect(d).toEqual([expect.stringMatching(/^t\.yaml:\d+:11: warning: option 'mode' is compared with 'hard' and 'wild' but declares no choices, so any text is accepted and a misspelt value plays as none of them; declare choices: \[easy, hard, wild\]$/)]);
  });

  it('is quiet when the option declares its choices, and refuses a compared text that is none of them', () => {
    expect(diags(rules('{ id: mode, type: string, default: easy, choices: [easy, hard] }', "mode == 'hard'"))).toEqual([]);
    const d = diags(rules('{ id: mode, type: string, default: easy, choices: [easy, hard] }', "mode != 'hrad'"));
    expect(d).toEqual([expect.stringMatching(/error: 'hrad' is not one of option mode's choices \(easy, hard\); did you mean 'hard'\?/)]);
  });
});
