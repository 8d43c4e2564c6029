// Compile passes for the flow and what hangs on it: endings, team objectives, setup, reactions, phases and
// their steps, and the visibilities of zones and variables (expressions such as `to: leader`).

import type { Fn, PhaseDef, ReactionDef, Visibility } from '../../model.js';
import { T, showType } from '../../expr/types.js';
import type { Path } from '../../effects/index.js';
import { arr, hintOf, isObj, type CompileContext } from './context.js';
import type { CompileHost } from './host.js';
import type { StepsCompiler } from './steps.js';

export function compileEndings(cx: CompileContext): void {
  const teamIds = cx.ids('teams');
  for (const [id, { item, index }] of cx.ids('endings')) {
    const w = String(item.winner ?? 'none');
    if (w === 'scores' && !cx.scoreCategories) cx.err(['endings', index, 'winner'], `'scores' names the winners by score, and this ruleset declares no scores`);
    else if (w !== 'none' && w !== 'all' && w !== 'scores' && !teamIds.has(w)) cx.err(['endings', index, 'winner'], `unknown team '${w}'${hintOf(w, teamIds.keys())} (or 'none', 'all', 'scores')`);
    cx.endings.push({ id, index: cx.endings.length, winner: w, description: item.description as string });
  }
}

export function compileObjectives(cx: CompileContext, h: CompileHost): void {
  const teamIds = cx.ids('teams');
  for (const t of cx.teams) {
    const { item, index } = teamIds.get(t.id)!;
    if (item.objective !== undefined) t.objective = h.expr(item.objective, ['teams', index, 'objective'], h.baseScope(false), T.num) as Fn<number>;
  }
}

export function compileReactions(cx: CompileContext, h: CompileHost): ReactionDef[] {
  const reactions: ReactionDef[] = [];
  cx.ids('reactions');
  arr(cx.root.reactions).forEach((rx, i) => {
    if (!isObj(rx)) return;
    let scope = h.baseScope(false);
    let players: Fn<number[]> | null = null;
    let slot = -1;
    if (rx.forEach !== undefined) {
      players = h.expr(rx.forEach, ['reactions', i, 'forEach'], scope, T.list(T.player)) as Fn<number[]> | null; // checked against that type
      scope = h.bind(scope, rx.as ?? 'p', T.player, ['reactions', i, 'as']);
      slot = h.env.slotOf(String(rx.as ?? 'p'));
    }
    const when = h.expr(rx.when ?? true, ['reactions', i, 'when'], scope, T.bool) as Fn<boolean> | null; // checked against that type
    const effects = h.effects(rx.do, ['reactions', i, 'do'], { ...scope, random: true });
    let watch: number[] | null = null;
    if (rx.watch !== undefined) {
      watch = [];
      arr(rx.watch).forEach((z, k) => {
        const zi = cx.zoneInfos.get(String(z));
        if (!zi) cx.err(['reactions', i, 'watch', k], `unknown zone '${String(z)}'${hintOf(z, cx.zoneInfos.keys())}`);
        else watch!.push(zi.index);
      });
    }
    const perPlayerWatch = watch !== null && watch.every((zi) => cx.zones[zi]!.perPlayer);
    if (when) reactions.push({ id: String(rx.id ?? i), watch, perPlayerWatch, players, slot, when, effects });
  });
  return reactions;
}

export function compilePhases(cx: CompileContext, h: CompileHost, fc: StepsCompiler): PhaseDef[] {
  const phases: PhaseDef[] = [];
  if (cx.ids('phases').size === 0) cx.err(['phases'], 'a ruleset needs at least one phase');
  arr(cx.root.phases).forEach((ph, i) => {
    if (!isObj(ph)) return;
    const id = String(ph.id ?? i);
    const body = fc.compileSteps(ph.steps, ['phases', i, 'steps'], h.baseScope(false), id, false);
    let repeat: Fn<boolean> | null = null;
    if (ph.repeat === true) repeat = () => true;
    else if (ph.repeat !== undefined && ph.repeat !== false) repeat = h.expr(ph.repeat, ['phases', i, 'repeat'], h.baseScope(false), T.bool) as Fn<boolean> | null; // checked against that type
    phases.push({ id, index: phases.length, repeat, body });
  });
  return phases;
}

/** Zone and variable visibilities refer to expressions (e.g. 'to: leader'): compiled once the game exists. */
export function compileVisibilities(cx: CompileContext, h: CompileHost): void {
  for (const [id, { item, index }] of cx.ids('zones')) {
    const z = cx.zones.find((x) => x.id === id)!;
    // what lies on a card is seen as the card is, unless the zone says otherwise
    z.visibility = z.perCard && item.visibility === undefined ? { kind: 'card' } : visibilityOf(item.visibility, ['zones', index, 'visibility']) ?? z.visibility;
  }
  const varItems = cx.ids('vars');
  for (const v of cx.vars) {
    const { item, index } = varItems.get(v.id)!;
    v.visibility = v.perCard && item.visibility === undefined ? { kind: 'card' } : visibilityOf(item.visibility, ['vars', index, 'visibility']) ?? v.visibility;
  }

  function visibilityOf(v: unknown, path: Path): Visibility | null {
    if (v === undefined || v === 'public') return { kind: 'public' };
    if (v === 'nobody' || v === 'owner' || v === 'others') return { kind: v };
    if (isObj(v) && v.to !== undefined) {
      const f = h.expr(v.to, [...path, 'to'], h.baseScope(false));
      const t = h.typeOf(v.to, [...path, 'to'], h.baseScope(false));
      if (t && !(t.k === 'player' || (t.k === 'list' && t.of.k === 'player'))) cx.err([...path, 'to'], `visibility 'to' needs a player or a list of players, but this is ${showType(t)}`);
      return f ? { kind: 'to', who: f as Fn<number | number[]>, src: String(v.to) } : null;
    }
    cx.err(path, `visibility is public, owner, others, nobody, or { to: <players> }${hintOf(v, ['public', 'owner', 'others', 'nobody'])}`);
    return null;
  }
}
