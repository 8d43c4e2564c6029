// The shape of a belief as the state and the expression language see it (the implementation is belief.ts):
// kept apart so that model.ts and the `belief` function need not import the bots.

import type { Game, OpenPrompt, State } from '../model.js';

/** What the bot seats of a real game infer of what they cannot see, kept up to date as the game is played. */
export interface BeliefTracker {
  /** A decision was taken: `pre` is the game just before it, `post` the game after it (and after the flow
   *  ran on to the next decision). */
  observe(g: Game, pre: State, post: State, p: OpenPrompt, choice: readonly unknown[]): void;
  /** Whether `viewer`'s belief is kept. */
  tracks(viewer: number): boolean;
  /** `viewer`'s chance that seat `p`'s role is one that `is` accepts (a team's roles, or one role); with
   *  `given`, among the worlds where seat `given.seat` holds role `given.role` (how `viewer` models what that
   *  seat believes). NaN when it keeps no belief for `viewer`. */
  chance(viewer: number, p: number, is: (role: number) => boolean, given?: { seat: number; role: number }): number;
  /** A copy of `viewer`'s world drawn by its weight (a full state, consistent with what `viewer` saw), or null. */
  draw(viewer: number, rng: Uint32Array): State | null;
  /** An independent copy (the belief of a game saved for undo). */
  copy(): BeliefTracker;
}

/** In a bot's copy: the belief it was planned from, and whose. */
export interface BeliefSource {
  tracker: BeliefTracker;
  viewer: number;
}
