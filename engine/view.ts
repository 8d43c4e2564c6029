// What one player may see: `view(state, game, player)`. The editor's pages, replays shown to a player,
// logs and bots all read the game through this; hidden cards appear only as counts (or face-down slots),
// hidden roles not at all, and log lines are rendered for the viewer.

import type { Ctx, Game, LogEntry, LogHole, OpenPrompt, State } from './model.js';
import type { Ty, Value } from './expr/types.js';
import { instances } from './instances.js';
import { ALL_SEEING, NO_PLAYER } from './seats.js';
import { cardSeenIn, cardVisibleTo, inMask, roleVisibleTo, varVisibleTo, zoneVisibleTo } from './visibility.js';
import { promptOf, activePlayers, labelsOf } from './flow.js';
import { listCards, playerName, showHole, showValue } from './render.js';
import { sameValue } from './expr/value.js';
import { countsRuns, runsText, type Run } from './present.js';
import { scoreTable } from './scores.js';
import { begin, end as endReads, abandon, varKey, rolesKey, settingKey } from './memo.js';
export { playerName } from './render.js';

export interface CardView {
  /** entity number (stable for the whole game) */
  e: number;
  id: string;
  name: string;
  type: string;
  /** what lies on this card as this viewer sees it: its per-card variables that changed from their start
   *  (a counter, a charge), named and written for a person */
  state?: { name: string; text: string }[];
  /** the cards attached to it (its per-card zones that hold cards), each face up or down (null) */
  attached?: { zone: string; cards: (CardView | null)[] }[];
}

/**
 * A piece of a line for a person, kept as data so that pages draw it without reading text: plain text, a
 * player (seat), a card (null: a card this viewer may not know), a list of cards, or runs of text and symbols
 * (counts of an enumeration: "2 [stone]").
 */
export type Seg = string | { p: number } | { c: CardName | null } | { cs: (CardName | null)[] } | { r: Run[] };

/** A card named in a line: which card it is, not which copy (identical copies stay indistinguishable). */
export type CardName = Omit<CardView, 'e'>;

/** One line of the log as one viewer may read it: its kind, its plain text, and the same as pieces, with the
 *  players and cards it names (a later page or redaction works on these, never on the text). */
export interface LogLine {
  kind: 'text' | 'heading' | 'move' | 'shuffle' | 'role' | 'choice';
  text: string;
  segs: Seg[];
  players: number[];
  cards: CardName[];
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
    /** the same, as pieces (symbols, cards, players), with the prompt's `detail` line under each */
    rich?: { label: Seg[]; detail?: Seg[] }[];
    /** options that are records with a card: each option's card (null: face down), to draw each card once */
    cards?: (CardView | null)[];
    /** what this player cannot choose now, and why (the prompt's `unavailable` and `why`) */
    unavailable?: { card: CardView | null; label: Seg[]; why: Seg[] }[];
    min: number;
    max: number;
  } | null;
  waiting: number[];
  log: string[];
  /** the log as structured lines (the same lines as `log`) */
  lines: LogLine[];
  /** the ruleset's seat summary (`table.seat`), per seat: the lines this viewer may see */
  summary?: { label: string; segs: Seg[] }[][];
  /** how the game ended: a winning team, or (an ending decided by scores or by a list of players) the winning seats;
   *  in a game with scores, every seat's score per category (the order of the ruleset's categories) */
  ended: { ending: string | null; winner: string | null; winners?: number[]; truncated: boolean; message?: string; scores?: number[][] } | null;
}


/** A card as a line names it: its definition, not its entity (the copy). */
export function cardName(g: Game, e: number): CardName {
  const d = g.cards[g.entityDef[e]!]!;
  return { id: d.id, name: d.name, type: d.type };
}

export function cardView(g: Game, e: number): CardView {
  const d = g.cards[g.entityDef[e]!]!;
  return { e, id: d.id, name: d.name, type: d.type };
}

/** A card as one viewer sees it on the table: with what lies on it (per-card variables and zones), if any. */
function cardViewFor(s: State, g: Game, e: number, viewer: number, depth = 0): CardView {
  const cv = cardView(g, e);
  if (!hasCardState(g)) return cv;
  const state: NonNullable<CardView['state']> = [];
  g.vars.forEach((v, i) => {
    if (!v.perCard || !varVisibleTo(s, g, v, e, viewer)) return;
    const x = (s.vars[i] as Value[])[e];
    if (sameValue(x, v.initial)) return;
    state.push({ name: v.name ?? inWords(v.id), text: valueText(g, v.type, x, (c) => !cardVisibleTo(s, g, c, viewer)) });
  });
  if (state.length) cv.state = state;
  if (depth === 0) {
    const attached: NonNullable<CardView['attached']> = [];
    for (const z of g.zones) {
      if (!z.perCard) continue;
      const inst = z.base + e;
      if (s.zones[inst]!.length === 0) continue;
      const zv = zoneView(s, g, inst, viewer, depth + 1);
      attached.push({ zone: z.name ?? inWords(z.id), cards: zv.cards ?? s.zones[inst]!.map(() => null) });
    }
    if (attached.length) cv.attached = attached;
  }
  return cv;
}

const cardStateCache = new WeakMap<Game, boolean>();
/** Whether a ruleset puts anything on cards (per-card variables or zones). */
function hasCardState(g: Game): boolean {
  let v = cardStateCache.get(g);
  if (v === undefined) { v = g.vars.some((x) => x.perCard) || g.zones.some((z) => z.perCard); cardStateCache.set(g, v); }
  return v;
}

/** A variable's value written for a person (a card this viewer may not know reads "a card"). */
function valueText(g: Game, t: Ty, v: unknown, hide: (e: number) => boolean): string {
  const name = (e: number) => (e < 0 ? 'none' : hide(e) ? 'a card' : cardName(g, e).name);
  if (t.k === 'bool') return v ? 'yes' : 'no';
  if (t.k === 'player') return playerName(v as number);
  if (t.k === 'card') return name(v as number);
  if (t.k === 'list' && t.of.k === 'card') return listCards((v as number[]).map(name));
  if (t.k === 'list' && t.of.k === 'player') return (v as number[]).map(playerName).join(', ') || 'nobody';
  return showValue(v);
}

function zoneView(s: State, g: Game, inst: number, viewer: number, depth = 0): ZoneView {
  const ents = s.zones[inst]!;
  if (zoneVisibleTo(s, g, inst, viewer)) return { count: ents.length, cards: ents.map((e) => cardViewFor(s, g, e, viewer, depth)) };
  let any = false;
  for (const e of ents) if (cardSeenIn(s, e, false, viewer)) { any = true; break; }
  if (!any) return { count: ents.length };
  return { count: ents.length, cards: ents.map((e) => (cardSeenIn(s, e, false, viewer) ? cardViewFor(s, g, e, viewer, depth) : null)) };
}

export function view(s: State, g: Game, viewer: number): PlayerView {
  const zones: PlayerView['zones'] = {};
  for (const z of g.zones) {
    const inst = z.base;
    if (z.perCard) {
      // what lies on each card the viewer sees (keyed by card number), the empty ones left out
      const on: Record<string, ZoneView> = {};
      for (let e = 0; e < s.loc.length; e++) if (s.zones[inst + e]!.length && cardVisibleTo(s, g, e, viewer)) on[e] = zoneView(s, g, inst + e, viewer);
      zones[z.id] = on;
      continue;
    }
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
    zones[z.id] = (z.perPlayer ? perOwner.slice(0, s.players) : perOwner[0]!) as PlayerView['zones'][string];
  }
  const vars: Record<string, unknown> = {};
  g.vars.forEach((v, i) => {
    if (v.perPlayer) {
      const vals = s.vars[i] as unknown[];
      vars[v.id] = vals.map((x, p) => (varVisibleTo(s, g, v, p, viewer) ? x : null));
    } else if (v.perCard) {
      // the values on the cards the viewer may see, where they changed from the start (keyed by card number)
      const vals = s.vars[i] as Value[];
      const on: Record<string, Value> = {};
      vals.forEach((x, e) => { if (!sameValue(x, v.initial) && varVisibleTo(s, g, v, e, viewer) && cardVisibleTo(s, g, e, viewer)) on[e] = x; });
      vars[v.id] = on;
    } else if (varVisibleTo(s, g, v, NO_PLAYER, viewer)) vars[v.id] = s.vars[i];
  });
  const p = promptOf(s, viewer);
  let prompt: PlayerView['prompt'] = null;
  if (p) {
    const def = g.promptSteps[p.key]!;
    const c: Ctx = { s, g, bindings: s.simultaneous ? s.simultaneous.threads.find((t) => t.player === viewer)!.bindings : s.bindings, it: undefined };
    prompt = {
      step: def.path,
      text: def.prompt.text ? def.prompt.text(c) : def.path,
      choose: def.prompt.choose,
      // a card the player cannot see is offered face down (null): answer such a choice by position
      options: p.options.map((o) => (def.prompt.kind.cards ? (cardVisibleTo(s, g, o as number, viewer) ? cardViewFor(s, g, o as number, viewer) : null) : o)), // a card kind's options are cards
      ...(def.prompt.kind.labelled ? optionLabels(s, g, p, viewer) : {}),
      ...(def.prompt.kind.labelled ? optionPieces(s, g, p, viewer) : {}),
      min: p.min,
      max: p.max,
    };
  }
  const lines = s.log ? renderLogLines(s.log, s, g, viewer) : [];
  return {
    game: g.id,
    viewer,
    players: s.players,
    seats: Array.from({ length: s.players }, (_, i) => {
      const known = roleVisibleTo(s, i, viewer) && s.roles[i]! >= 0;
      const r = known ? g.roles[s.roles[i]!]! : null;
      return { seat: i, name: playerName(i), role: r?.id ?? null, team: r ? g.teams[r.team]!.id : null };
    }),
    zones,
    vars,
    prompt,
    waiting: activePlayers(s),
    log: lines.map((l) => l.text),
    lines,
    ...(g.table.seat.length ? { summary: seatSummary(s, g, viewer) } : {}),
    ended: s.ended ? { ...s.ended, ...(g.scoring && !s.ended.truncated ? { scores: scoreTable(s, g) } : {}) } : null,
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

/** The prompt's options as pieces for a person: labels and `detail` lines, each record's card, and what cannot
 *  be chosen now with why. Evaluated with the chooser's bindings, as the labels are. */
function optionPieces(s: State, g: Game, p: OpenPrompt, viewer: number): Partial<NonNullable<PlayerView['prompt']>> {
  const pr = g.promptSteps[p.key]!.prompt;
  const hide = (e: number) => !cardVisibleTo(s, g, e, viewer);
  const b = s.simultaneous ? s.simultaneous.threads.find((t) => t.player === p.player)?.bindings ?? s.bindings : s.bindings;
  const c: Ctx = { s, g, bindings: b.slice(), it: undefined };
  c.bindings[0] = p.player;
  const pieces = (e: LogEntry) => entrySegs(e, g, hide);
  const out: Partial<NonNullable<PlayerView['prompt']>> = {};
  const card = (o: unknown): CardView | null => {
    const e = pr.cardField && o && typeof o === 'object' ? (o as Record<string, unknown>)[pr.cardField] : undefined;
    return typeof e === 'number' && e >= 0 && !hide(e) ? cardView(g, e) : null;
  };
  if (pr.label || pr.detail) {
    out.rich = p.options.map((o) => {
      c.it = o;
      const label = pr.label ? pieces(pr.label(c)) : [showValue(o)];
      return pr.detail ? { label, detail: pieces(pr.detail(c)) } : { label };
    });
  }
  if (pr.cardField) out.cards = p.options.map(card);
  if (pr.unavailable) {
    c.it = undefined;
    const list = pr.unavailable(c);
    out.unavailable = list.map((o) => {
      c.it = o;
      return { card: card(o), label: pr.label ? pieces(pr.label(c)) : [showValue(o)], why: pr.why ? pieces(pr.why(c)) : [] };
    });
  }
  return out;
}

/**
 * The seat summary for one viewer: each line of the ruleset's `table.seat` for each seat. A line is shown only
 * when everything it read is something this viewer sees (zones, variables, roles): a summary never tells
 * more than the table does.
 */
function seatSummary(s: State, g: Game, viewer: number): { label: string; segs: Seg[] }[][] {
  const hide = (e: number) => !cardVisibleTo(s, g, e, viewer);
  const c: Ctx = { s, g, bindings: s.bindings.slice(), it: undefined };
  const visible = (deps: readonly number[]): boolean => {
    for (let i = 0; i < deps.length; i += 2) {
      const k = deps[i]!;
      if (k < s.zones.length) { if (!zoneVisibleTo(s, g, k, viewer)) return false; continue; }
      if (k === rolesKey(s)) { if (!s.roles.every((_, p) => roleVisibleTo(s, p, viewer))) return false; continue; }
      if (k === settingKey(s)) continue;
      const v = g.vars[k - varKey(s, 0)];
      if (!v) continue;
      // a per-player value: every entry must be seen (which entries were read is not recorded)
      if (v.perPlayer ? !Array.from({ length: s.players }, (_, p) => varVisibleTo(s, g, v, p, viewer)).every(Boolean) : !varVisibleTo(s, g, v, NO_PLAYER, viewer)) return false;
    }
    return true;
  };
  return Array.from({ length: s.players }, (_, p) => g.table.seat.flatMap((item) => {
    c.bindings[item.slot] = p;
    begin();
    let segs: Seg[] | null = null;
    try {
      if (!item.when || item.when(c)) {
        if (item.text) segs = entrySegs(item.text(c), g, hide);
        else if (item.value) segs = valueSegs(item.value(c), item.valueT, g, hide, item.symbol);
      }
    } catch {
      abandon();
      return [];
    }
    const deps = endReads();
    return segs && segs.length && visible(deps) ? [{ label: item.label, segs }] : [];
  }));
}

/** A value as pieces: a number (with its symbol), counts as symbols, a card, cards, a player, a text. */
function valueSegs(v: unknown, t: Ty | undefined, g: Game, hide: (e: number) => boolean, symbol?: string): Seg[] {
  if (symbol && typeof v === 'number') return [{ r: [{ t: 'sym', id: symbol, n: v }] }];
  if (t?.k === 'counts') { const r = countsRuns(g, t.of, v as number[]); return r.length ? [{ r }] : ['none']; }
  if (t?.k === 'card') return typeof v === 'number' && v >= 0 ? [{ c: hide(v) ? null : cardName(g, v) }] : [];
  if (t?.k === 'player') return typeof v === 'number' && v >= 0 ? [{ p: v }] : [];
  if (t?.k === 'list' && t.of.k === 'card') return [{ cs: (v as number[]).map((e) => (hide(e) ? null : cardName(g, e))) }];
  if (typeof v === 'boolean') return [v ? 'yes' : 'no'];
  return [showValue(v)];
}

/** A text entry as pieces; `hide(card, hole, k)` tells which cards this reader may not know (k: the card's place
 *  among the hole's cards). */
function entrySegs(e: LogEntry, g: Game, hide: (card: number, hole: number, k: number) => boolean): Seg[] {
  const parts = e.parts ?? [];
  const out: Seg[] = [];
  const put = (x: Seg) => { if (x !== '') out.push(x); };
  put(parts[0] ?? '');
  (e.holes ?? []).forEach((h, i) => {
    for (const x of holeSegs(h, g, (card, k) => hide(card, i, k))) put(x);
    put(parts[i + 1] ?? '');
  });
  return out;
}

function holeSegs(h: LogHole, g: Game, hide: (card: number, k: number) => boolean): Seg[] {
  switch (h.t) {
    // a hole's kind says what its value is: a seat, a card's number, a list of them, counts
    case 'player': { const p = h.v as number; return [p < 0 ? 'nobody' : { p }]; }
    case 'card': { const e = h.v as number; return [e < 0 ? 'nothing' : { c: hide(e, 0) ? null : cardName(g, e) }]; }
    case 'cards': return (h.v as number[]).length ? [{ cs: (h.v as number[]).map((e, k) => (hide(e, k) ? null : cardName(g, e))) }] : ['nothing'];
    case 'counts': { const r = countsRuns(g, h.of!, h.v as number[]); return r.length ? [{ r }] : ['']; }
    default: {
      if (!h.pieces) return [showHole(h, g)];
      // a record or list with cards inside: only a card this reader may not know reads "a card"
      let k = 0;
      return h.pieces.map((x): Seg => (typeof x === 'string' ? x : 'p' in x ? { p: x.p } : { c: hide(x.e, k++) ? null : cardName(g, x.e) }));
    }
  }
}

/** A line's pieces as plain text (the same text the log always had). */
export function segsText(g: Game, segs: readonly Seg[]): string {
  return segs.map((x) => {
    if (typeof x === 'string') return x;
    if ('p' in x) return playerName(x.p);
    if ('c' in x) return x.c ? x.c.name : 'a card';
    if ('cs' in x) return listCards(x.cs.map((c) => (c ? c.name : 'a card')));
    return runsText(g, x.r);
  }).join('');
}

/** A text entry rendered with some cards hidden. */
function renderEntry(e: LogEntry, g: Game, hide: (card: number) => boolean): string {
  return segsText(g, entrySegs(e, g, hide));
}

/** Renders log entries for one viewer: hidden cards become "a card", private lines are left out. */
export function renderLog(entries: readonly LogEntry[], s: State, g: Game, viewer: number): string[] {
  return renderLogLines(entries, s, g, viewer).map((l) => l.text);
}

/** The same lines, structured (kind, pieces, players, cards). */
export function renderLogLines(entries: readonly LogEntry[], s: State, g: Game, viewer: number): LogLine[] {
  const out: LogLine[] = [];
  renderLogMoreLines(out, { wrote: false }, entries, s, g, viewer);
  return out;
}

/** renderLogMoreLines, for callers that keep only the text. */
export function renderLogMore(out: string[], at: { wrote: boolean }, entries: readonly LogEntry[], s: State, g: Game, viewer: number): void {
  const lines: LogLine[] = out.map((text) => ({ kind: 'text', text, segs: [text], players: [], cards: [] }));
  renderLogMoreLines(lines, at, entries, s, g, viewer);
  out.length = 0;
  for (const l of lines) out.push(l.text);
}

function line(kind: LogLine['kind'], g: Game, segs: Seg[]): LogLine {
  const players: number[] = [];
  const cards: CardName[] = [];
  for (const x of segs) {
    if (typeof x === 'string') continue;
    if ('p' in x && !players.includes(x.p)) players.push(x.p);
    if ('c' in x && x.c) cards.push(x.c);
    if ('cs' in x) for (const c of x.cs) if (c) cards.push(c);
  }
  const text = segsText(g, segs);
  // a heading's text is marked "── Round 3 ──", as the log has always written it
  return { kind, text: kind === 'heading' ? `── ${text} ──` : text, segs, players, cards };
}

/**
 * Renders more entries onto the lines already rendered for the same viewer (`at` carries whether the last
 * entry wrote a line for it). A `join` entry amends the last line, so a log sent line by line may see its
 * last line change.
 */
export function renderLogMoreLines(out: LogLine[], at: { wrote: boolean }, entries: readonly LogEntry[], s: State, g: Game, viewer: number): void {
  const zoneName = (inst: number) => {
    const ins = instances(g);
    const z = g.zones[ins.zone[inst]!]!;
    const owner = ins.owner[inst]!;
    const cell = ins.cell[inst]!;
    const host = ins.host[inst]!;
    const name = z.name ?? inWords(z.id);
    const rest = `${name}${cell >= 0 ? ` ${z.cells![cell]}` : ''}`;
    // a card's own zone: "Wasabi's taken cards" (the card as this reader may know it now)
    if (host >= 0) return [{ c: cardVisibleTo(s, g, host, viewer) ? cardName(g, host) : null }, `'s ${rest}`] as Seg[];
    return owner >= 0 ? [{ p: owner }, `'s ${rest}`] as Seg[] : [rest] as Seg[];
  };
  const cardOf = (e: number, seen: number | undefined): Seg => ({ c: inMask(seen ?? 0, viewer) ? cardName(g, e) : null });
  // whether the entry just before was written for this viewer (a `join` line continues only that one)
  let wrote = at.wrote;
  for (const e of entries) {
    // a choice recorded without words is invisible: it neither writes nor ends a line another may join
    if (e.kind === 'choice' && e.silent) continue;
    if (e.to && viewer !== ALL_SEEING && !(viewer >= 0 && e.to.includes(viewer))) { wrote = false; continue; }
    const before = out.length;
    switch (e.kind) {
      case 'text': {
        const segs = textSegs(e, g, viewer);
        if (e.heading) out.push(line('heading', g, segs));
        else if (e.join && wrote && out.length) {
          // after a space, or right after the line before when the text goes on with punctuation (", paying …")
          const last = out[out.length - 1]!;
          const tight = /^[\s,.;:!?)]/.test(segsText(g, segs));
          out[out.length - 1] = line(last.kind, g, [...last.segs, ...(tight ? [] : [' ']), ...segs]);
        } else out.push(line('text', g, segs));
        break;
      }
      case 'move': {
        const cards = e.cards ?? [];
        const froms: Seg[] = [];
        const seenFrom = new Set<number>();
        for (const f of e.from ?? []) {
          if (seenFrom.has(f)) continue;
          seenFrom.add(f);
          if (froms.length) froms.push(', ');
          froms.push(...zoneName(f));
        }
        out.push(line('move', g, [{ cs: cards.map((c, i) => (cardOf(c, e.seen?.[i]) as { c: CardName | null }).c) }, ': ', ...froms, ' → ', ...zoneName(e.dest!)]));
        break;
      }
      case 'shuffle':
        out.push(line('shuffle', g, [...zoneName(e.dest!), ' shuffled']));
        break;
      case 'role':
        if (e.parts?.[0] === 'shown') {
          const r = e.role ?? s.roles[e.player!]!;
          out.push(line('role', g, [{ p: e.player! }, ` is revealed: ${r >= 0 ? g.roles[r]!.name : '?'}`]));
        } else if (e.player === viewer) {
          const r = e.role ?? s.roles[e.player!]!;
          out.push(line('role', g, [`You are now: ${r >= 0 ? g.roles[r]!.name : '?'}`]));
        }
        break;
      case 'choice': {
        const who: Seg = { p: e.player! };
        const secret = e.secret === true && e.player !== viewer && viewer !== ALL_SEEING;
        if (e.say) {
          // another seat reads a secret choice's own words only where they tell nothing of what was chosen
          // but the chooser and the cards it may know; otherwise, that a choice was made
          const segs = secret ? veiledSegs(e.say, g, viewer, e.player!) : textSegs(e.say, g, viewer);
          out.push(line('choice', g, segs ?? [who, ' has chosen.']));
          break;
        }
        const chosen = (e.holes?.[0]?.v ?? []) as unknown[];
        if (secret) { out.push(line('choice', g, [who, ' has chosen.'])); break; }
        if (e.labels) {
          const segs: Seg[] = [who, ' chose '];
          if (!e.labels.length) segs.push('nothing');
          e.labels.forEach((l, i) => { if (i) segs.push('; '); segs.push(...textSegs(l, g, viewer)); });
          segs.push(` (${stepWords(e.step)})`);
          out.push(line('choice', g, segs));
          break;
        }
        const segs: Seg[] = [who, ' chose '];
        if (!chosen.length) segs.push('nothing');
        if (e.seen) segs.push({ cs: chosen.map((x, i) => (cardOf(x as number, e.seen![i]) as { c: CardName | null }).c) });
        else {
          const players = typeof chosen[0] === 'number' && e.step && isPlayerChoice(g, e.step);
          chosen.forEach((x, i) => { if (i) segs.push(', '); segs.push(players ? { p: x as number } : String(x)); });
        }
        segs.push(` (${stepWords(e.step)})`);
        out.push(line('choice', g, segs));
        break;
      }
    }
    wrote = out.length > before || (e.kind === 'text' && !!e.join && wrote);
  }
  at.wrote = wrote;
}

/** A text entry for one viewer: each card named in it shows only to those who may know it (judged at the end of
 *  the step it was written in), a card inside a hole alone, not the whole hole. */
function textSegs(e: LogEntry, g: Game, viewer: number): Seg[] {
  return entrySegs(e, g, (_card, i, k) => {
    const seen = e.holes?.[i]?.seen?.[k] ?? e.seen?.[i];
    return seen !== undefined && !inMask(seen, viewer);
  });
}

/** A secret choice's words for another seat: every hole that does not read the choice, and those that do where
 *  they are the chooser or cards (those it may not know read "a card"); null when the words would tell what was
 *  chosen. */
function veiledSegs(e: LogEntry, g: Game, viewer: number, chooser: number): Seg[] | null {
  for (const h of e.holes ?? []) {
    if (!h.choice) continue;
    if (h.t === 'card' || h.t === 'cards') continue;
    if (h.t === 'player' && h.v === chooser) continue;
    return null;
  }
  return textSegs(e, g, viewer);
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
  return g.promptSteps.some((p) => p.path === step && p.prompt.kind.reads === 'player');
}


export { cardVisibleTo };
