// A seat's decision inside a simultaneous step, committed on a copy: what the fair-play tests compare a later
// seat's choice against (a seat must not see what another committed in the same step).

import type { Game, State } from '../../engine/model.js';
import type { Value } from '../../engine/expr/types.js';
import { choices, resolve } from '../../engine/flow.js';
import { cloneState } from '../../engine/state.js';

/** The state after `seat` commits `choice` in the step (and the first option of any later decision of its
 *  thread); null when the step is then over. */
export function committed(s: State, g: Game, seat: number, choice: Value[]): State | null {
  const t = cloneState(s);
  const thread = () => t.simultaneous?.threads.find((x) => x.player === seat);
  resolve(t, g, thread()!.prompt!, choice);
  for (let th = thread(); th?.prompt; th = thread()) resolve(t, g, th.prompt, choices(th.prompt)[0]!);
  return t.simultaneous ? t : null;
}
