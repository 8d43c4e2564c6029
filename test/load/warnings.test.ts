// Warnings: what looks wrong but is legal. The loader reports declared values no rule reads, and its dry run
// (every allowed player count set up to the first decision) reports counts asking for more cards than exist,
// at the table value behind them when there is one. Playing keeps the same warnings by place, with counts.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRulesetText } from '../../engine/load/index.js';
import { formatDiagnostic } from '../../engine/load/diagnostics.js';
import { playout } from '../../engine/sim/playout.js';
import { ROOT, rulesetPath } from '../helpers/game.js';
import { EVERYONE_A_MEMBER, oneTeam } from '../../bench/ruleset-parts.js';

const BB = readFileSync(rulesetPath('babel-builders.yaml'), 'utf8');
/** A variant beside the base, both in memory (own-property lookups only). */
function variant(text: string) {
  const files: Record<string, string> = Object.assign(Object.create(null), { '/r/babel-builders.yaml': BB });
  return loadRulesetText('/r/variants/v.yaml', text, (p) => files[p]);
}
const lines = (r: ReturnType<typeof variant>) => r.diagnostics.map(formatDiagnostic);

describe('warnings on a Babel Builders variant', () => {
  it('seals: 12 at 10 players is reported at its line: the take() finds only 9 Seal cards', () => {
    const r = variant(`extends: ../babel-builders.yaml
id: v
name: twelve seals
tables:
  - id: byPlayers
    rows:
      - { id: p10, seals: 12 }
`);
    expect(r.game).toBeDefined(); // a warning does not fail the ruleset
    expect(lines(r)).toEqual([
      expect.stringMatching(/^\/r\/variants\/v\.yaml:7:27: warning: seals = 12 at 10 players: take\(\) asked for 12 items of a list of 9 .*at \/r\/babel-builders\.yaml:\d+:\d+$/),
    ]);
  });

  it('a messengers column no rule reads is reported at its line', () => {
    const rows = [5, 6, 7, 8, 9, 10].map((n) => `      - { id: p${n}, messengers: 2 }`).join('\n');
    const r = variant(`extends: ../babel-builders.yaml
id: v
name: two messengers
tables:
  - id: byPlayers
    rows:
${rows}
`);
    expect(r.game).toBeDefined();
    expect(lines(r)).toEqual([`/r/variants/v.yaml:7:31: warning: column 'messengers' is never read`]);
  });

  it('an option, a definition and a card field no rule reads are each reported', () => {
    const r = variant(`extends: ../babel-builders.yaml
id: v
name: unread
options:
  - { id: speedy, type: bool, default: false }
definitions:
  - { id: unusedRule, value: "1 + 1" }
cardTypes:
  - id: blueprint
    fields: { flavour: string }
`);
    const ls = lines(r);
    expect(ls).toContain(`/r/variants/v.yaml:5:11: warning: option 'speedy' is never read`);
    expect(ls).toContain(`/r/variants/v.yaml:7:11: warning: definition 'unusedRule' is never used`);
    expect(ls.some((l) => /^\/r\/variants\/v\.yaml:10:\d+: warning: field 'flavour' is never read by a rule nor printed$/.test(l))).toBe(true);
  });

  it('a card field printed only in a layout\'s `fields` list is not reported', () => {
    const r = variant(`extends: ../babel-builders.yaml
id: v
name: listed
cardTypes:
  - id: blueprint
    fields: { flavour: string }
    layout:
      elements:
        - { type: text, fields: [flavour], box: [5, 20, 53.5, 10] }
`);
    expect(lines(r).filter((l) => l.includes("'flavour'"))).toEqual([]);
  });

  it('more architects than there are Architect cards is reported', () => {
    const r = variant(`extends: ../babel-builders.yaml
id: v
name: many architects
tables:
  - id: byPlayers
    rows:
      - { id: p10, architects: 10 }
`);
    expect(lines(r).some((l) => l.startsWith('/r/variants/v.yaml:7:') && l.includes('warning: architects = 10 at 10 players: take() asked for 10 items of a list of 9'))).toBe(true);
  });
});

const DEAL = (upTo: string) => `id: short
name: Short deal
players: { min: 2, max: 4 }
${oneTeam('count(pile)')}cardTypes:
  - { id: chip, fields: {} }
cards:
  - { id: chip, type: chip, count: 6 }
zones:
  - { id: box, visibility: nobody }
  - { id: deck, visibility: nobody }
  - { id: hand, per: player, visibility: owner }
  - { id: pile, visibility: public }
endings:
  - { id: done, winner: all }
setup:
${EVERYONE_A_MEMBER}  - move: { cards: "filter(box, true)", to: deck }
phases:
  - id: main
    steps:
      - id: deal
        do:
          - deal: { from: deck, to: hand, count: 2${upTo} }
          - end: done
`;

describe('rule warnings while playing', () => {
  it('a deal asking for more cards than exist is counted per game, at its place, and upTo: true says it is expected', () => {
    const r = loadRulesetText('short.yaml', DEAL(''));
    // validation's dry run plays up to the first decision: this game has none, so the deal is seen there too
    expect(r.diagnostics.map(formatDiagnostic)).toEqual(['short.yaml:30:19: warning: a deal of 2 each to 4 players ran out after 6 cards (add upTo: true when that is expected) (at 4 players)']);
    const g = r.game!;
    const three = playout(g, { players: 3, seed: 1, bot: 'random', warnings: true });
    expect(three.state.warns!.size).toBe(0); // 6 cards for 3 × 2
    const four = playout(g, { players: 4, seed: 1, bot: 'random', warnings: true });
    const [site, w] = [...four.state.warns!][0]!;
    expect(w.count).toBe(1);
    expect(w.message).toContain('ran out after 6 cards');
    expect(g.sites[site]!.where).toBe('short.yaml:30:19');
    // without asking, a game keeps no warnings (and plays the same)
    const plain = playout(g, { players: 4, seed: 1, bot: 'random' });
    expect(plain.state.warns).toBeNull();
    expect(plain.state.zones).toEqual(four.state.zones);
    const q = loadRulesetText('short.yaml', DEAL(', upTo: true'));
    expect(q.diagnostics).toEqual([]);
    const quiet = q.game!;
    expect(playout(quiet, { players: 4, seed: 1, bot: 'random', warnings: true }).state.warns!.size).toBe(0);
  });
});

describe('bundled rulesets', () => {
  const files = [
    ...readdirSync(join(ROOT, 'rulesets')).filter((f) => f.endsWith('.yaml')).map((f) => join(ROOT, 'rulesets', f)),
    ...readdirSync(join(ROOT, 'rulesets', 'variants')).filter((f) => f.endsWith('.yaml')).map((f) => join(ROOT, 'rulesets', 'variants', f)),
  ];
  const read = (p: string) => { try { return readFileSync(p, 'utf8'); } catch { return undefined; } };
  it.each(files)('%s validates with no warning', (f) => {
    const r = loadRulesetText(f, readFileSync(f, 'utf8'), read);
    expect(r.diagnostics.map(formatDiagnostic)).toEqual([]);
    expect(r.game).toBeDefined();
  });
});
