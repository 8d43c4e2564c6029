// The engine stays generic: no game's name or term appears anywhere in engine/ (code, comments, examples
// of the schema sections generated from it). The games live in rulesets/.

import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/game.js';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

/** Whole words (case-insensitive), as `grep -rliwE` finds them. */
const TERMS: Record<string, string> = {
  '7 Wonders (the issue\'s grep)': 'wonders?|guilds?|caravansery|forum|papyrus|loom|glass|shields?|military|science',
  'the Babel expansions': 'babel|tiles?|projects?|participation',
  'Babel Builders': 'towers?|blueprints?|zealots?|storms?|architects?|messengers?|seals?|appoint\\w*|deliberation|lightning|punishment',
  'Babel On! and Bable': 'nations?|bable|bonus blocks?',
};

describe('engine/ knows no game', () => {
  const all = files(join(ROOT, 'engine')).filter((f) => f.endsWith('.ts'));
  for (const [game, words] of Object.entries(TERMS)) {
    it(`no term of ${game}`, () => {
      const re = new RegExp(`(^|[^A-Za-z0-9_])(${words})($|[^A-Za-z0-9_])`, 'i');
      const hits = all.flatMap((f) => readFileSync(f, 'utf8').split('\n').flatMap((line, i) => (re.test(line) ? [`${f.slice(ROOT.length + 1)}:${i + 1}: ${line.trim().slice(0, 120)}`] : [])));
      expect(hits).toEqual([]);
    });
  }
  it('looks at every engine source file', () => {
    expect(all.length).toBeGreaterThan(40);
  });
});
