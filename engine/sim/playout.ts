// One complete game played by bots, fast: state is mutated in place, no log unless a replay is wanted.

import type { Action, Game, OpenPrompt, State } from '../model.js';
import { newGame, resolve } from '../flow.js';
import { seedRng } from '../rng.js';
import { randomChoice } from '../bots/random.js';
import { greedyChoice } from '../bots/greedy.js';
import { botPrompt } from '../bots/options.js';

export type BotKind = 'random' | 'greedy';
const BOT_STREAMS = Array.from({ length: 32 }, (_, p) => `bot:${p}`);
export const BOTS: BotKind[] = ['random', 'greedy'];

export interface PlayoutOptions {
  players: number;
  seed: number | string;
  bot: BotKind;
  /** one bot kind per seat (overrides `bot`) */
  seats?: BotKind[];
  options?: Record<string, number | boolean | string>;
  /** record the actions (for a replay) */
  record?: boolean;
  log?: boolean;
}

export interface PlayoutResult {
  outcome: string | null;
  ending: string | null;
  truncated: boolean;
  actions: number;
  message?: string;
  recorded?: Action[];
  state: State;
}

/** The seat whose decision a bot takes next: the lowest seat with an open decision. */
export function nextPrompt(s: State): OpenPrompt | null {
  if (s.par) {
    let best: OpenPrompt | null = null;
    for (const t of s.par.threads) if (t.prompt && (!best || t.prompt.player < best.player)) best = t.prompt;
    return best;
  }
  return s.prompt;
}

export function botChoice(kind: BotKind, s: State, g: Game, p: OpenPrompt, rng: Uint32Array): any[] {
  const q = botPrompt(s, g, p); // without the options a bot never takes
  return kind === 'greedy' ? greedyChoice(s, g, q, rng) : randomChoice(q, rng);
}

export function playout(g: Game, o: PlayoutOptions): PlayoutResult {
  const s = newGame(g, { players: o.players, seed: o.seed, options: o.options, log: o.log });
  const rngs = Array.from({ length: o.players }, (_, p) => seedRng(o.seed, BOT_STREAMS[p] ?? `bot:${p}`));
  const recorded: Action[] | undefined = o.record ? [] : undefined;
  while (!s.ended) {
    const p = nextPrompt(s);
    if (!p) break;
    const kind = o.seats?.[p.player] ?? o.bot;
    const choice = botChoice(kind, s, g, p, rngs[p.player]!);
    if (recorded) recorded.push({ player: p.player, step: g.promptSteps[p.key]!.path, choice });
    resolve(s, g, p, choice);
  }
  const e = s.ended;
  return {
    outcome: e && !e.truncated ? e.winner : null,
    ending: e && !e.truncated ? e.ending : null,
    truncated: !e || e.truncated,
    actions: s.actions,
    message: e?.message,
    recorded,
    state: s,
  };
}
