// `simulate --save-replay DIR`: one replay file per game, named by its number in the batch, written whole.

import { join, relative, resolve } from 'node:path';
import { gameSeed, makeReplay, type BatchSetup, type Game, type PlayoutResult } from '../engine/index-node.js';
import { writeAtomic } from './load-file.js';

export function saveReplay(g: Game, r: PlayoutResult, setup: BatchSetup, i: number, games: number, dir: string, rulesetFile: string): void {
  const rp = makeReplay(g, r.state, {
    seed: gameSeed(setup.seed, i), players: setup.players, options: setup.options, actions: r.recorded!,
    file: relative(resolve(dir), resolve(rulesetFile)),
  });
  writeAtomic(join(dir, `game-${String(i + 1).padStart(String(games).length, '0')}.json`), JSON.stringify(rp));
}
