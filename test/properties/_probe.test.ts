import { it } from 'vitest';
import { babelBuilders } from '../helpers/game.js';
import { view } from '../../engine/view.js';
import { playRandom } from './support.js';
import { getVar } from '../helpers/game.js';

it('probe', () => {
  const g = babelBuilders();
  let shownPI = 0;
  for (let seed = 0; seed < 200; seed++) {
    const r = playRandom(g, 5, seed, [seed * 13 + 7, 3, 11, 2, 5], { log: true, after: (s, a) => {
      const m = getVar(s, g, 'master');
      const pi = getVar(s, g, 'punishmentsIn');
      if (pi === 1 && !s.ended) for (let p = 0; p < s.n; p++) if (p !== m && (view(s, g, p).vars as any).punishmentsIn === 1) { shownPI++; break; }
    } });
    // find messenger forced moves
    const mess = Array.from(r.s.roles).findIndex((x) => g.roles[x]!.id === 'messenger');
    const obs = (mess + 1) % 5;
    const lines = view(r.s, g, obs).log;
    const i = lines.findIndex((l) => l.endsWith(`hand of Player ${mess + 1} → staged of Player ${mess + 1}`));
    if (i >= 0 && seed < 60) { console.log('seed', seed, 'messenger', mess + 1, 'observer', obs + 1); console.log(lines.slice(i - 3, i + 12).join('\n')); }
  }
  console.log('states where a non-master view shows punishmentsIn=1:', shownPI);
});
