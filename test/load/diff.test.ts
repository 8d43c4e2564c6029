// What a variant changes, item by item (the editor lists it beside a variant).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { diffRulesets, loadRulesetText, nodeReadFile } from '../../engine/index-node.js';
import { rulesetPath } from '../helpers/game.js';

const valueOf = (name: string) => {
  const f = rulesetPath(name);
  const r = loadRulesetText(f, readFileSync(f, 'utf8'), nodeReadFile);
  return r.value;
};

describe('diffRulesets', () => {
  it("lists the steep-tower variant's changed blueprint and table rows, field by field", () => {
    const lines = diffRulesets(valueOf('babel-builders.yaml'), valueOf('variants/steep-tower.yaml')).map((c) => `${c.kind} ${c.path}: ${c.detail}`);
    expect(lines).toContain("changed : id: 'babel-builders' → 'babel-builders-steep-tower'");
    expect(lines).toContain("changed cards › bp-02: name: 'Blueprint 2' → 'Blueprint 2 (steep)'");
    expect(lines).toContain('changed cards › bp-02 › targets: B2: 8 → 10');
    expect(lines).toContain('changed cards › bp-02 › targets: A1: 3 → 2');
    expect(lines).toContain('changed tables › byPlayers › rows › p5: seals: 3 → 4');
    expect(lines.filter((l) => l.includes('tables › byPlayers › rows'))).toHaveLength(5);
  });

  it('names items added and removed, and nothing for an unchanged ruleset', () => {
    const base = { cards: [{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }] };
    const variant = { cards: [{ id: 'a', name: 'A' }, { id: 'c', name: 'C' }] };
    expect(diffRulesets(base, variant)).toEqual([
      { path: 'cards › c', kind: 'added', detail: 'added (C)' },
      { path: 'cards › b', kind: 'removed', detail: 'removed (B)' },
    ]);
    expect(diffRulesets(valueOf('7-wonders.yaml'), valueOf('7-wonders.yaml'))).toEqual([]);
  });

  it('follows modules: the combined Babel variant adds the tiles and the projects to the base', () => {
    const cs = diffRulesets(valueOf('7-wonders.yaml'), valueOf('variants/7-wonders-babel.yaml'));
    const added = cs.filter((c) => c.kind === 'added').map((c) => c.path);
    expect(added).toContain('cards › babel-04');
    expect(added).toContain('cards › gp-river-port');
    expect(added).toContain('phases › tileDraft');
  });
});
