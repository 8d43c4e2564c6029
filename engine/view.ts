// What one player may see: `view(state, game, player)`. The editor's pages, replays shown to a player,
// logs and bots all read the game through this; hidden cards appear only as counts (or face-down slots),
// hidden roles not at all, and log lines are rendered for the viewer.

import type { Ctx, Game, LogEntry, OpenPrompt, State } from './model.js';
import { instances } from './instances.js';
import { ALL_SEEING, cardVisibleTo, inMask, roleVisibleTo, varVisibleTo, zoneVisibleTo } from './visibility.js';
import { promptOf, activePlayers, labelsOf } from './flow.js';
import { listCards, playerName, showHole, showValue } from './render.js';
export { playerName } from './render.js';

export interface CardView {
  /** entity number (stable for the whole game) */
  e: number;
  id: string;
  name: string;
  type: string;
}

export interface ZoneView {
  count: number;
  /** present when the viewer sees some cards: null marks a face-down card */
  cards?: (CardView | null)[];
}

export interface PlayerView {
  game: string;
  viewer: number;
  players: number;
  seats: { seat: number; name: string; role: string | null; team: string | null }[];
  /** shared zone → ZoneView; per-player zone → one per seat; grid → cell → ZoneView (per seat if per player) */
  zones: Record<string, ZoneView | ZoneView[] | Record<string, ZoneView> | Record<string, ZoneView>[]>;
  vars: Record<string, unknown>;
  prompt: {
    step: string;
    text: string;
    choose: string;
    options: unknown[];
    /** how each option reads (options chosen among values: records, numbers) */
    labels?: string[];
    min: number;
    max: number;
  } | null;
  waiting: number[];
  log: string[];
  /** how the game ended: a winning team, or (an ending decided by scores or by a list of players) the winning seats */
  ended: { ending: string | null; winner: string | null; winners?: number[]; truncated: boolean; message?: string } | null;
}


export function cardView(g: Game, e: number): CardView {
  const d = g.cards[g.entityDef[e]!]!;
  return { e, id: d.id, name: d.name, type: d.type };
}

function zoneView(s: State, g: Game, inst: number, viewer: number): ZoneView {
  const ents = s.zones[inst]!;
  if (zoneVisibleTo(s, g, inst, viewer)) return { count: ents.length, cards: ents.map((e) => cardView(g, e)) };
  let any = false;
  for (const e of ents) if (s.shown[e]) { any = true; break; }
  if (!any) return { count: ents.length };
  return { count: ents.length, cards: ents.map((e) => (s.shown[e] ? cardView(g, e) : null)) };
}

export function view(s: State, g: Game, viewer: number): PlayerView {
  const zones: PlayerView['zones'] = {};
  let inst = 0;
  for (const z of g.zones) {
    const owners = z.perPlayer ? g.maxPlayers : 1;
    const ncell = z.cells ? z.cells.length : 1;
    const perOwner: (ZoneView | Record<string, ZoneView>)[] = [];
    for (let p = 0; p < owners; p++) {
      if (z.cells) {
        const grid: Record<string, ZoneView> = {};
        z.cells.forEach((cell, ci) => { grid[cell] = zoneView(s, g, inst + p * ncell + ci, viewer); });
        perOwner.push(grid);
      } else perOwner.push(zoneView(s, g, inst + p, viewer));
    }
    inst += owners * ncell;
    zones[z.id] = (z.perPlayer ? perOwner.slice(0, s.n) : perOwner[0]!) as PlayerView['zones'][string];
  }
  const vars: Record<string, unknown> = {};
  g.vars.forEach((v, i) => {
    if (v.perPlayer) {
      const vals = s.vars[i] as unknown[];
      vars[v.id] = vals.map((x, p) => (varVisibleTo(s, g, v, p, viewer) ? x : null));
    } else if (varVisibleTo(s, g, v, -1, viewer)) vars[v.id] = s.vars[i];
  });
  const p = promptOf(s, viewer);
  let prompt: PlayerView['prompt'] = null;
  if (p) {
    const def = g.promptSteps[p.key]!;
    const c: Ctx = { s, g, b: s.par ? s.par.threads.find((t) => t.player === viewer)!.b : s.b, it: undefined };
    prompt = {
      step: def.path,
      text: def.prompt.text ? def.prompt.text(c) : def.path,
      choose: def.prompt.choose,
      // a card the player cannot see is offered face down (null): answer such a choice by position
      options: p.options.map((o) => (def.prompt.choose === 'cards' ? (cardVisibleTo(s, g, o, viewer) ? cardView(g, o) : null) : o)),
      ...(def.prompt.choose === 'options' ? optionLabels(s, g, p, viewer) : {}),
      min: p.min,
      max: p.max,
    };
  }
  return {
    game: g.id,
    viewer,
    players: s.n,
    seats: Array.from({ length: s.n }, (_, i) => {
      const known = roleVisibleTo(s, i, viewer) && s.roles[i]! >= 0;
      const r = known ? g.roles[s.roles[i]!]! : null;
      return { seat: i, name: playerName(i), role: r?.id ?? null, team: r ? g.teams[r.team]!.id : null };
    }),
    zones,
    vars,
    prompt,
    waiting: activePlayers(s),
    log: s.log ? renderLog(s.log, s, g, viewer) : [],
    ended: s.ended ? { ...s.ended } : null,
  };
}

/** Labels of a prompt's options for its player: the `label` texts, or records written out. */
function optionLabels(s: State, g: Game, p: OpenPrompt, viewer: number): { labels?: string[] } {
  const entries = labelsOf(s, g, p, p.options);
  const hide = (e: number) => !cardVisibleTo(s, g, e, viewer);
  if (entries) return { labels: entries.map((e) => renderEntry(e, g, hide)) };
  if (p.options.some((o) => o !== null && typeof o === 'object')) return { labels: p.options.map((o) => showValue(o)) };
  return {};
}

/** A text entry rendered with some cards hidden. */
function renderEntry(e: LogEntry, g: Game, hide: (card: number) => boolean): string {
  const parts = e.parts ?? [];
  let line = parts[0] ?? '';
  (e.holes ?? []).forEach((h, i) => { line += showHole(h, g, hide) + (parts[i + 1] ?? ''); });
  return line;
}

/** Renders log entries for one viewer: hidden cards become "a card", private lines are left out. */
export function renderLog(entries: readonly LogEntry[], s: State, g: Game, viewer: number): string[] {
  const out: string[] = [];
  renderLogMore(out, { wrote: false }, entries, s, g, viewer);
  return out;
}

/**
 * Renders more entries onto the lines already rendered for the same viewer (`at` carries whether the last
 * entry wrote a line for it). A `join` entry amends the last line, so a log sent line by line may see its
 * last line change.
 */
export function renderLogMore(out: string[], at: { wrote: boolean }, entries: readonly LogEntry[], s: State, g: Game, viewer: number): void {
  const zoneName = (inst: number) => {
    const ins = instances(g);
    const z = g.zones[ins.zone[inst]!]!;
    const owner = ins.owner[inst]!;
    const cell = ins.cell[inst]!;
    const name = z.name ?? inWords(z.id);
    return `${owner >= 0 ? `${playerName(owner)}'s ${name}` : name}${cell >= 0 ? ` ${z.cells![cell]}` : ''}`;
  };
  // whether the entry just before was written for this viewer (a `join` line continues only that one)
  let wrote = at.wrote;
  for (const e of entries) {
    // a choice recorded without words is invisible: it neither writes nor ends a line another may join
    if (e.kind === 'choice' && e.silent) continue;
    if (e.to && viewer !== ALL_SEEING && !(viewer >= 0 && e.to.includes(viewer))) { wrote = false; continue; }
    const before = out.length;
    switch (e.kind) {
      case 'text': {
        const line = textFor(e, g, viewer);
        if (e.heading) out.push(`${HEADING[0]}${line}${HEADING[1]}`);
        else if (e.join && wrote && out.length) out[out.length - 1] += ` ${line}`;
        else out.push(line);
        break;
      }
      case 'move': {
        const cards = e.cards ?? [];
        const names = cards.map((c, i) => (inMask(e.seen?.[i] ?? 0, viewer) ? g.cards[g.entityDef[c]!]!.name : 'a card'));
        const froms = [...new Set((e.from ?? []).map(zoneName))];
        out.push(`${listCards(names)}: ${froms.join(', ')} → ${zoneName(e.dest!)}`);
        break;
      }
      case 'shuffle':
        out.push(`${zoneName(e.dest!)} shuffled`);
        break;
      case 'role':
        if (e.parts?.[0] === 'shown') {
          const r = e.role ?? s.roles[e.player!]!;
          out.push(`${playerName(e.player!)} is revealed: ${r >= 0 ? g.roles[r]!.name : '?'}`);
        } else if (e.player === viewer) {
          const r = e.role ?? s.roles[e.player!]!;
          out.push(`You are now: ${r >= 0 ? g.roles[r]!.name : '?'}`);
        }
        break;
      case 'choice': {
        if (e.say) { out.push(textFor(e.say, g, viewer, e.secret === true && e.player !== viewer && viewer !== ALL_SEEING ? e.player! : -1)); break; }
        const who = playerName(e.player!);
        const chosen = (e.holes?.[0]?.v ?? []) as unknown[];
        if (e.secret && e.player !== viewer && viewer !== ALL_SEEING) { out.push(`${who} has chosen (${stepWords(e.step)})`); break; }
        if (e.labels) {
          out.push(`${who} chose ${e.labels.map((l) => textFor(l, g, viewer)).join('; ') || 'nothing'} (${stepWords(e.step)})`);
          break;
        }
        const shown = chosen.map((x, i) => {
          if (e.seen) return inMask(e.seen[i] ?? 0, viewer) ? g.cards[g.entityDef[x as number]!]!.name : 'a card';
          return typeof x === 'number' && e.step && isPlayerChoice(g, e.step) ? playerName(x) : String(x);
        });
        out.push(`${who} chose ${shown.length ? shown.join(', ') : 'nothing'} (${stepWords(e.step)})`);
        break;
      }
    }
    wrote = out.length > before || (e.kind === 'text' && !!e.join && wrote);
  }
  at.wrote = wrote;
}

/** How a heading line is marked in a rendered log: "── Round 3 ──" (the editor's log draws it apart). */
const HEADING = ['── ', ' ──'] as const;

/** A text entry for one viewer: each card named in it shows only to those who saw it when it was written. */
function textFor(e: LogEntry, g: Game, viewer: number, veiledFor = -1): string {
  const parts = e.parts ?? [];
  // a secret choice read by another seat (veiledFor: the chooser): it learns who chose and the cards it may
  // know, nothing else of what was chosen
  const veiled = veiledFor >= 0;
  let line = parts[0] ?? '';
  (e.holes ?? []).forEach((h, i) => {
    const seen = e.seen?.[i];
    const hide = seen === undefined ? undefined : () => !inMask(seen, viewer);
    const shown = veiled && h.t !== 'card' && h.t !== 'cards' && !(h.t === 'player' && h.v === veiledFor) ? 'something' : showHole(h, g, hide);
    line += shown + (parts[i + 1] ?? '');
  });
  return line;
}

/** A name from a file in words: "dealPile" → "deal pile", "swap-take" → "swap take". */
export function inWords(id: string): string {
  return id.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' ').toLowerCase();
}

/** A decision's step in words: its own name, not its path ("round/select/play" → "play"). */
function stepWords(path: string | undefined): string {
  return inWords((path ?? '').slice((path ?? '').lastIndexOf('/') + 1));
}

function isPlayerChoice(g: Game, step: string): boolean {
  return g.promptSteps.some((p) => p.path === step && p.prompt.choose === 'players');
}


export { cardVisibleTo };
