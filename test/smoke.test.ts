import { describe, expect, it } from 'vitest';
import { babelBuilders, start, act, stepOf, options } from './helpers/game.js';

describe('smoke', () => {
  it('loads Babel Builders and opens the first decision', () => {
    const g = babelBuilders();
    const s = start(g, 5, 1);
    const master = s.prompt!.player;
    expect(stepOf(s, g, master)).toBe('round/appoint');
    expect(options(s, g, master)).not.toContain(master);
  });
});
