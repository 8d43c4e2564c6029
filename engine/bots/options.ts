// What a bot may choose from: the open decision's options less those the ruleset marks with `botsNever`
// (a condition on one option, `it`): declarations a person may make but a bot never should, such as
// admitting a physical accident. When the condition excludes every option, the decision is left whole.

import type { Ctx, Game, OpenPrompt, State } from '../model.js';

export function botPrompt(s: State, g: Game, p: OpenPrompt): OpenPrompt {
  const never = g.promptSteps[p.key]!.prompt.botsNever;
  if (!never) return p;
  const bindings = s.simultaneous ? s.simultaneous.threads.find((t) => t.player === p.player)?.bindings ?? s.bindings : s.bindings;
  const c: Ctx = { s, g, bindings: bindings.slice(), it: undefined };
  c.bindings[0] = p.player; // $self
  const options = p.options.filter((x) => { c.it = x; return !never(c); });
  if (options.length === 0 || options.length === p.options.length) return p;
  const max = Math.min(p.max, options.length);
  return { ...p, options, max, min: Math.min(p.min, max) };
}
