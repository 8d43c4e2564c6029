// Whether a belief's world still has the real game's shape (the same decisions open at the same place of the flow,
// as many cards in every zone); a world that has not is dealt again.

import type { State } from '../../model.js';

/** Whether two states are inside the same simultaneous step (the same step, at the same depth of the flow). */
export function sameStep(a: State, b: State): boolean {
  return !!a.simultaneous && !!b.simultaneous && a.simultaneous.list === b.simultaneous.list && a.simultaneous.step === b.simultaneous.step && a.stack.length === b.stack.length &&
    a.stack[a.stack.length - 1]!.i === b.stack[b.stack.length - 1]!.i && a.steps <= b.steps;
}

/** Why a world's shape differs from the real game's (measurements, with `stats.why` set). */
export function whyShape(d: State, s: State): string {
  if ((d.ended === null) !== (s.ended === null)) return `ended ${d.ended?.ending} vs ${s.ended?.ending}`;
  if (d.stack.length !== s.stack.length) return 'stack';
  for (let i = 0; i < s.stack.length; i++) if (d.stack[i]!.list !== s.stack[i]!.list || d.stack[i]!.i !== s.stack[i]!.i) return `frame ${i}`;
  if ((d.prompt === null) !== (s.prompt === null) || (d.prompt && s.prompt && d.prompt.key !== s.prompt.key)) return 'prompt';
  if ((d.simultaneous === null) !== (s.simultaneous === null)) return 'simultaneous';
  for (let z = 0; z < s.zones.length; z++) if (d.zones[z]!.length !== s.zones[z]!.length) return `zone ${z}`;
  return 'threads';
}

/** Whether the world has the real game's shape: the same decisions open at the same place of the flow, the same
 *  number of cards in every zone, ended alike. */
export function sameShape(d: State, s: State): boolean {
  if ((d.ended === null) !== (s.ended === null)) return false;
  if (d.ended && s.ended) return d.ended.ending === s.ended.ending && d.ended.winner === s.ended.winner;
  if (d.stack.length !== s.stack.length) return false;
  for (let i = 0; i < s.stack.length; i++) {
    const a = d.stack[i]!, b = s.stack[i]!;
    if (a.list !== b.list || a.i !== b.i || (a.items?.length ?? -1) !== (b.items?.length ?? -1)) return false;
  }
  if ((d.prompt === null) !== (s.prompt === null)) return false;
  if (d.prompt && s.prompt && (d.prompt.key !== s.prompt.key || d.prompt.player !== s.prompt.player)) return false;
  if ((d.simultaneous === null) !== (s.simultaneous === null)) return false;
  if (d.simultaneous && s.simultaneous) {
    if (d.simultaneous.list !== s.simultaneous.list || d.simultaneous.step !== s.simultaneous.step || d.simultaneous.threads.length !== s.simultaneous.threads.length) return false;
    for (let i = 0; i < s.simultaneous.threads.length; i++) {
      const a = d.simultaneous.threads[i]!, b = s.simultaneous.threads[i]!;
      if (a.player !== b.player || a.i !== b.i || (a.prompt?.key ?? -1) !== (b.prompt?.key ?? -1)) return false;
    }
  }
  for (let z = 0; z < s.zones.length; z++) if (d.zones[z]!.length !== s.zones[z]!.length) return false;
  return true;
}
