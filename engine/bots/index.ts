// The bots, in one place: the built-in ones registered (registry.ts holds the list every reader reads:
// names, budgets, descriptions), how one decides, and how each seat's random stream is seeded. A bot decides
// from its own seat's view only (see determinize.ts); the options it may take exclude those the ruleset
// marks `botsNever` (options.ts). A new bot is one more `registerBot` entry below.

import type { Game, Choice, OpenPrompt, State } from '../model.js';
import { seedRng } from '../rng.js';
import { botPrompt } from './options.js';
import { greedyChoice } from './greedy.js';
import { randomChoice } from './random.js';
import { GUIDED_DEFAULT_ITERATIONS, ISMCTS_DEFAULT_ITERATIONS, ismctsChoice } from './ismcts.js';
import { AHEAD_DEFAULT_COPIES, aheadChoice } from './ahead.js';
import { botProblem, parseBot, registerBot, resolveBot, sealBuiltInBots, type BotKind } from './registry.js';

export { botEntries, botNames, botProblem, parseBot, registerBot, resolveBot, unregisterBot, type BotBudget, type BotEntry, type BotKind, type ResolvedBot } from './registry.js';
export { GUIDED_DEFAULT_ITERATIONS, ISMCTS_DEFAULT_ITERATIONS } from './ismcts.js';

/** The most iterations one ISMCTS decision may be given. */
export const ISMCTS_MAX_ITERATIONS = 1_000_000;

registerBot({
  name: 'random', atTable: true,
  description: 'uniform over the legal choices',
  decide: (_s, _g, q, rng) => randomChoice(q, rng),
});
registerBot({
  name: 'greedy', atTable: true,
  description: "plays each choice on a copy dealt from what it sees and keeps the best for its team's objective",
  decide: (s, g, q, rng) => greedyChoice(s, g, q, rng),
});
registerBot({
  name: 'deduce', atTable: false, usesBelief: true,
  description: 'greedy, planning from a belief of what its seat cannot see, inferred from play',
  decide: (s, g, q, rng) => greedyChoice(s, g, q, rng),
});
registerBot({
  name: 'ismcts', atTable: false,
  description: 'information-set Monte Carlo tree search over copies dealt from what it sees',
  budget: { default: ISMCTS_DEFAULT_ITERATIONS, max: ISMCTS_MAX_ITERATIONS, unit: 'iterations' },
  decide: (s, g, q, rng, n) => ismctsChoice(s, g, q, rng, n, false),
});
registerBot({
  name: 'guided', atTable: false,
  description: "ISMCTS led by the ruleset's heuristic scores",
  budget: { default: GUIDED_DEFAULT_ITERATIONS, max: ISMCTS_MAX_ITERATIONS, unit: 'iterations' },
  decide: (s, g, q, rng, n) => ismctsChoice(s, g, q, rng, n, true),
});
registerBot({
  name: 'ahead', atTable: false,
  description: 'plays each choice on copies dealt from what it sees, every later decision as greedy would, and keeps the best a step later',
  budget: { default: AHEAD_DEFAULT_COPIES, max: 10_000, unit: 'copies' },
  decide: (s, g, q, rng, n) => aheadChoice(s, g, q, rng, n),
});
sealBuiltInBots();

/**
 * A seat list such as `ismcts,greedy,random` (one bot per seat, in seat order), or one bot for every seat.
 * Throws an Error naming the entry at fault.
 */
export function parseSeats(text: string, players: number): BotKind[] {
  const parts = text.split(',').map((x) => x.trim());
  if (parts.length !== players) throw new Error(`give one bot per seat (${players}), not ${parts.length}: '${text}'`);
  return parts.map((x, i) => {
    const b = parseBot(x);
    if (!b) throw new Error(`seat ${i + 1}: ${botProblem(x)}`);
    return b;
  });
}

/** A bot's choice for an open decision, drawn with the bot's own stream. */
export function botChoice(kind: BotKind, s: State, g: Game, p: OpenPrompt, rng: Uint32Array): Choice {
  const { entry, budget } = resolveBot(kind);
  return entry.decide(s, g, botPrompt(s, g, p), rng, budget); // without the options a bot never takes
}

/** Whether a bot plans from a belief of what its seat cannot see, inferred from play (bots/belief.ts): `deduce`
 *  (greedy with a belief). `greedy` plans on copies dealt from what it sees and reads the roles as dealt: the
 *  cheap baseline. The searching bots keep fresh copies too: a belief for every seat of an ISMCTS table is
 *  played along every real decision (a dozen worlds a seat), which made their games several times dearer
 *  for a search that does not read it yet. */
export function usesBelief(kind: BotKind): boolean {
  return resolveBot(kind).entry.usesBelief === true;
}

/** Whether a game keeps beliefs for its bots: when some seat's role is hidden from another at its start and the
 *  roles dealt belong to more than one team (who is on which side is what there is to infer). */
export function beliefWorthKeeping(g: Game, s: State): boolean {
  if (s.ended) return false;
  const teams = new Set<number>();
  let hidden = false;
  for (let p = 0; p < s.players; p++) {
    const r = s.dealtRoles[p]!;
    if (r >= 0) teams.add(g.roles[r]!.team);
    if (s.roleShown[p] === 0) hidden = true;
  }
  return hidden && teams.size > 1;
}

const STREAM_NAMES = Array.from({ length: 32 }, (_, p) => `bot:${p}`);

/** Each seat's own random stream for its bot, seeded from the game's seed (`bot:<seat>`): a bot's draws
 *  never shift the game's, and batch simulation, the playtest and a server seed bots alike. */
export function botStreams(seed: number | string, players: number): Uint32Array[] {
  return Array.from({ length: players }, (_, p) => seedRng(seed, STREAM_NAMES[p] ?? `bot:${p}`));
}
