import { it } from 'vitest';
import { babelBuilders } from '../helpers/game.js';
import { promptOf, activePlayers } from '../../engine/flow.js';
import { greedyChoice } from '../../engine/bots/greedy.js';
import { cloneState } from '../../engine/state.js';
import { seedRng, shuffleInPlace } from '../../engine/rng.js';
import { playRandom } from './support.js';
import { cardVisibleTo, roleVisibleTo } from '../../engine/visibility.js';
import type { State, Game } from '../../engine/model.js';

function permuteHidden(s: State, g: Game, p: number, r: Uint32Array): State {
  const t = cloneState(s);
  const places: [number, number][] = []; const ents: number[] = [];
  s.zones.forEach((z, zi) => z.forEach((e, i) => { if (!cardVisibleTo(s, g, e, p)) { places.push([zi, i]); ents.push(e); } }));
  shuffleInPlace(r, ents);
  places.forEach(([zi, i], k) => { t.zones[zi]![i] = ents[k]!; t.loc[ents[k]!] = zi; });
  const hid = [...Array(s.n).keys()].filter((q) => !roleVisibleTo(s, q, p));
  const roles = hid.map((q) => s.roles[q]!); shuffleInPlace(r, roles); hid.forEach((q, k) => { t.roles[q] = roles[k]!; });
  return t;
}

it('probe', () => {
  const g = babelBuilders();
  let decDiff = 0, total = 0;
  const steps = new Map<string, number>();
  for (let seed = 0; seed < 150; seed++) {
    const n = 5 + (seed % 6);
    const picks = Array.from({ length: 150 }, (_, i) => (seed * 7919 + i * 104729) % 1000);
    playRandom(g, n, seed, picks, { after: (s) => {
      if (s.ended) return;
      const p = Math.min(...activePlayers(s));
      const t = permuteHidden(s, g, p, seedRng(seed, 'perm' + s.actions));
      total++;
      const c1 = greedyChoice(s, g, promptOf(s, p)!, seedRng(9, 'bot'));
      const c2 = greedyChoice(t, g, promptOf(t, p)!, seedRng(9, 'bot'));
      if (JSON.stringify(c1) !== JSON.stringify(c2)) { decDiff++; const st = g.promptSteps[promptOf(s,p)!.key]!.path; steps.set(st, (steps.get(st) ?? 0) + 1); if (decDiff < 5) console.log('decision differs', seed, n, s.actions, st, c1, c2); }
    } });
  }
  console.log({ total, decDiff, steps });
});
