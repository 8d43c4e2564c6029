// bench/ab.mjs, the speed comparison of two builds, run on this checkout against itself: the same games, and a
// usage error without a checkout to compare with.
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const script = fileURLToPath(new URL('../../bench/ab.mjs', import.meta.url));

describe('bench/ab.mjs', () => {
  it('plays the same games on both builds and prints both medians and their ratio', () => {
    const out = execFileSync(process.execPath, [script, root, '--ruleset', 'babel-builders.yaml', '--players', '5', '--bot', 'random', '--games', '3', '--rounds', '2'], { encoding: 'utf8' });
    expect(out).toMatch(/babel-builders\.yaml, 5 players, random, 3 games a round, 2 rounds/);
    expect(out).toMatch(/^A .*median \d+ ms/m);
    expect(out).toMatch(/^B .*median \d+ ms/m);
    expect(out).toMatch(/A\/B \d+\.\d{3}; same games: yes/);
  });

  it('with --heap, gives the bytes each build allocates per game, measured the same way for both', () => {
    const out = execFileSync(process.execPath, ['--expose-gc', script, root, '--ruleset', 'babel-builders.yaml', '--players', '5', '--bot', 'random', '--games', '20', '--rounds', '5', '--warmup', '2', '--heap'], { encoding: 'utf8' });
    const m = /^heap allocated per game: A (\d+) KiB .*, B (\d+) KiB .*; A\/B (\d+\.\d\d)$/m.exec(out);
    expect(m, out).not.toBeNull();
    // the same build on both sides: the same games allocate about the same. A random game now allocates some 30 KiB,
    // and V8's own work (compiling, its caches) moves a round's figure by a third either way (17 to 65 KiB a game
    // seen in one run): a measurement taken differently on one side (no collection counted, say) would be off by
    // far more than the factor of 2 allowed here
    expect(Number(m![1])).toBeGreaterThan(0);
    expect(Number(m![3])).toBeGreaterThan(0.5);
    expect(Number(m![3])).toBeLessThan(2);
  });

  it('asks for the other checkout', () => {
    const r = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/usage: node bench\/ab\.mjs OTHER_CHECKOUT/);
  });
});
