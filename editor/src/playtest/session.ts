// One playtest game, as the engine worker runs it: bots take their own decisions, humans answer theirs by
// position, every action is recorded for the replay, and the last human action can be taken back when it
// revealed nothing. Plain logic with no worker or DOM in it, so it is tested directly.

import type { Action, Game, OpenPrompt, State } from '../../../engine/model.js';
import { actionAt, activePlayers, applyInPlace, newGame, promptOf } from '../../../engine/flow.js';
import { cloneState } from '../../../engine/state.js';
import { view, type PlayerView } from '../../../engine/view.js';
import { seedRng } from '../../../engine/rng.js';
import { botChoice } from '../../../engine/sim/playout.js';
import { makeReplay, replayShapeProblem, type Replay } from '../../../engine/replay.js';
import { cardVisibleTo, roleVisibleTo, varVisibleTo } from '../../../engine/visibility.js';
import { playerName } from '../../../engine/render.js';
import type { SeatKind, TableMeta } from './protocol.js';

export interface GameSetup {
  players: number;
  seed: number | string;
  seats: SeatKind[];
  options?: Record<string, number | boolean | string>;
}

interface Taken {
  action: Action;
  /** the decision was asked in the open (not inside a simultaneous step) */
  open: boolean;
}

interface Snapshot {
  state: State;
  rngs: Uint32Array[];
  /** number of actions before the human's action */
  at: number;
  seat: number;
}

export class Session {
  s!: State;
  taken: Taken[] = [];
  private rngs: Uint32Array[] = [];
  private snaps: Snapshot[] = [];
  /** an imported replay being stepped through: its actions, and how many are applied */
  imported: { actions: Action[]; problems: string[] } | null = null;

  constructor(readonly g: Game, public setup: GameSetup) {
    if (setup.seats.length !== setup.players) throw new RangeError(`give one seat kind per player (${setup.players}), not ${setup.seats.length}`);
    this.restart();
  }

  /** A new game with the same seed, players, seats and options. */
  restart(): void {
    const o = this.setup;
    this.s = newGame(this.g, { players: o.players, seed: o.seed, options: o.options, log: true });
    this.rngs = botStreams(o);
    this.taken = [];
    this.snaps = [];
    this.imported = null;
  }

  get humans(): number[] {
    return this.setup.seats.flatMap((k, i) => (k === 'human' ? [i] : []));
  }

  /** The next bot decision: the lowest bot seat with a decision open (bots answer before humans). */
  nextBot(): OpenPrompt | null {
    if (this.imported) return null;
    for (const p of activePlayers(this.s)) if (this.setup.seats[p] !== 'human') return promptOf(this.s, p);
    return null;
  }

  /** The human seat to answer next (the lowest), once no bot has a decision open. */
  nextHuman(): number | null {
    if (this.imported || this.nextBot()) return null;
    for (const p of activePlayers(this.s)) if (this.setup.seats[p] === 'human') return p;
    return null;
  }

  /** One bot decision, from the bot's own view and random stream. */
  botMove(): void {
    const p = this.nextBot();
    if (!p) throw new Error('no bot has a decision to take');
    const kind = this.setup.seats[p.player] === 'greedy' ? 'greedy' : 'random';
    const choice = botChoice(kind, this.s, this.g, p, this.rngs[p.player]!);
    this.take({ player: p.player, step: this.g.promptSteps[p.key]!.path, choice });
  }

  /** A human's answer, by the positions of the chosen options (face-down cards have no other name). */
  act(seat: number, positions: number[]): void {
    if (this.imported) throw new Error('this is a replay: resume it to play on');
    if (this.setup.seats[seat] !== 'human') throw new Error(`${playerName(seat)} is a bot`);
    const p = promptOf(this.s, seat);
    if (!p) throw new Error(`${playerName(seat)} has no decision to make now`);
    const a = actionAt(this.s, this.g, seat, positions);
    const snap: Snapshot = { state: cloneState(this.s), rngs: this.rngs.map((r) => r.slice()), at: this.taken.length, seat };
    this.take(a);
    this.snaps.push(snap);
  }

  private take(a: Action): void {
    const open = !this.s.par;
    applyInPlace(this.s, this.g, a);
    this.taken.push({ action: a, open });
  }

  /**
   * Whether the last human action can be taken back. It can when it revealed nothing to its player:
   * the same player is to answer again, the game's random stream was not used since (no shuffle, no
   * random draw), no other player took a decision in the open since, and no card, role or secret value
   * came into that player's view.
   */
  undoState(): { can: boolean; why?: string } {
    const snap = this.snaps[this.snaps.length - 1];
    if (!snap || this.imported) return { can: false };
    const s = this.s;
    const g = this.g;
    const before = snap.state;
    const me = snap.seat;
    if (s.ended) return { can: false, why: 'the game is over' };
    if (this.nextHuman() !== me) return { can: false, why: 'another player is to play' };
    for (let i = 0; i < 4; i++) if (s.rng[i] !== before.rng[i]) return { can: false, why: 'a shuffle or random draw happened since' };
    // any decision asked in the open counts, forced or not (whether it was forced may be a secret)
    for (const t of this.taken.slice(snap.at + 1)) {
      if (t.action.player !== me && t.open) return { can: false, why: `${playerName(t.action.player)} has decided since` };
    }
    for (let e = 0; e < s.loc.length; e++) {
      if (cardVisibleTo(s, g, e, me) && !cardVisibleTo(before, g, e, me)) return { can: false, why: 'a card you had not seen came into view' };
    }
    for (let p = 0; p < s.n; p++) {
      if (roleVisibleTo(s, p, me) && !roleVisibleTo(before, p, me)) return { can: false, why: 'a role was revealed' };
    }
    if (s.roles[me] !== before.roles[me]) return { can: false, why: 'your role changed' };
    for (let i = 0; i < g.vars.length; i++) {
      const v = g.vars[i]!;
      if (v.visibility.kind === 'public') continue;
      const owners = v.perPlayer ? Array.from({ length: s.n }, (_, p) => p) : [-1];
      for (const o of owners) {
        if (!varVisibleTo(s, g, v, o, me)) continue;
        const now = o < 0 ? s.vars[i] : (s.vars[i] as unknown[])[o];
        const was = o < 0 ? before.vars[i] : (before.vars[i] as unknown[])[o];
        if (!varVisibleTo(before, g, v, o, me) || JSON.stringify(now) !== JSON.stringify(was)) return { can: false, why: 'a secret value you can see changed' };
      }
    }
    return { can: true };
  }

  undo(): void {
    const u = this.undoState();
    if (!u.can) throw new Error(`cannot undo: ${u.why ?? 'nothing to undo'}`);
    const snap = this.snaps.pop()!;
    this.s = snap.state;
    this.rngs = snap.rngs;
    this.taken.length = snap.at;
  }

  /** What `seat` may see (-1: the table, only what everyone sees). */
  view(seat: number): PlayerView {
    return view(this.s, this.g, seat);
  }

  replay(file?: string): Replay {
    const o = this.setup;
    return makeReplay(this.g, this.s, { seed: o.seed, players: o.players, options: o.options, actions: this.taken.map((t) => t.action), file });
  }

  /** Load a replay's text for stepping through; returns what is wrong with it (empty when it reproduces). */
  importReplay(text: string, seats: SeatKind[]): string[] {
    let r: Replay;
    try {
      r = JSON.parse(text) as Replay;
    } catch (e) {
      throw new Error(`not a replay file: ${(e as Error).message}`);
    }
    const shape = replayShapeProblem(r);
    if (shape) throw new Error(`not a babelkit replay: ${shape}`);
    if (r.players < this.g.minPlayers || r.players > this.g.maxPlayers) throw new Error(`${this.g.name} is for ${this.g.minPlayers}–${this.g.maxPlayers} players, not ${r.players}`);
    const problems: string[] = [];
    if (r.ruleset.hash !== this.g.hash) problems.push(`the replay was made with another version of the ruleset (hash ${r.ruleset.hash}, this one is ${this.g.hash})`);
    for (const k of Object.keys(r.options ?? {})) if (!this.g.options.some((o) => o.id === k)) throw new Error(`the replay sets option '${k}', which this ruleset does not have`);
    const fitted = Array.from({ length: r.players }, (_, i) => seats[i] ?? 'greedy');
    this.setup = { players: r.players, seed: r.seed, seats: fitted, options: r.options };
    this.restart();
    this.imported = { actions: r.actions, problems };
    this.stepTo(r.actions.length);
    if (this.taken.length === r.actions.length && this.replay().finalHash !== r.finalHash) problems.push('the final state differs from the one the replay recorded');
    return problems;
  }

  /** Stepping through an imported replay: the game after its first `n` actions. */
  stepTo(n: number): void {
    const imp = this.imported;
    if (!imp) throw new Error('no replay is loaded');
    const want = Math.max(0, Math.min(n, imp.actions.length));
    const o = this.setup;
    this.s = newGame(this.g, { players: o.players, seed: o.seed, options: o.options, log: true });
    this.taken = [];
    for (let i = 0; i < want; i++) {
      const a = imp.actions[i]!;
      const open = !this.s.par;
      try {
        applyInPlace(this.s, this.g, a);
      } catch (e) {
        const msg = `action ${i + 1} is not legal here: ${(e as Error).message}`;
        if (!imp.problems.includes(msg)) imp.problems.push(msg);
        break;
      }
      this.taken.push({ action: a, open });
    }
  }

  /** Play on from the current step of an imported replay, with these seats. */
  resume(seats: SeatKind[]): void {
    if (!this.imported) throw new Error('no replay is loaded');
    this.setup = { ...this.setup, seats: Array.from({ length: this.setup.players }, (_, i) => seats[i] ?? 'greedy') };
    this.imported = null;
    this.rngs = botStreams(this.setup);
    this.snaps = [];
  }
}

/** Each bot seat's own random stream, seeded as in batch simulation (`bot:<seat>`). */
function botStreams(o: GameSetup): Uint32Array[] {
  return Array.from({ length: o.players }, (_, p) => seedRng(o.seed, `bot:${p}`));
}

/** The ruleset's public data for the table: names, card definitions, zone shapes. */
export function tableMeta(g: Game): TableMeta {
  const cardTypes: TableMeta['cardTypes'] = {};
  const colors = ((g.source as { print?: { colors?: Record<string, unknown> } } | null)?.print?.colors ?? {}) as Record<string, unknown>;
  const colour = (c: unknown) => (typeof c !== 'string' ? null : typeof colors[c] === 'string' ? (colors[c] as string) : /^#[0-9a-f]{3,8}$/i.test(c) ? c : null);
  for (const t of g.cardTypes) {
    const layout = (t.raw as { layout?: { accent?: unknown; elements?: { type?: string; field?: string; zone?: string }[] } }).layout;
    const gridFields = (layout?.elements ?? [])
      .filter((el) => el && el.type === 'grid' && typeof el.field === 'string' && typeof el.zone === 'string' && ['cellCounts', 'cells'].includes(t.fields[el.field]?.type ?? ''))
      .map((el) => ({ field: el.field!, zone: el.zone! }));
    cardTypes[t.id] = {
      name: t.name,
      token: t.component === 'token',
      accent: colour(layout?.accent) ?? colour(t.back),
      fields: Object.fromEntries(Object.entries(t.fields).map(([k, f]) => [k, f.type])),
      gridFields,
    };
  }
  const tyKind = (t: { k: string; of?: { k: string } }) => (t.k === 'list' ? `${t.of?.k ?? 'any'}s` : t.k);
  return {
    game: g.id,
    name: g.name,
    minPlayers: g.minPlayers,
    maxPlayers: g.maxPlayers,
    options: g.options.map((o) => ({ id: o.id, type: o.type, default: o.default, description: o.description })),
    zones: g.zones.map((z) => ({
      id: z.id,
      perPlayer: z.perPlayer,
      visibility: z.visibility.kind,
      columns: z.columns,
      rows: z.rows,
      description: z.description,
    })),
    cardTypes,
    cards: Object.fromEntries(g.cards.map((c) => [c.id, { name: c.name, type: c.type, fields: plainFields(g, c.type, c.fields) }])),
    roles: Object.fromEntries(g.roles.map((r) => [r.id, { name: r.name, team: g.teams[r.team]!.id }])),
    teams: Object.fromEntries(g.teams.map((t) => [t.id, { name: t.name }])),
    endings: Object.fromEntries(g.endings.map((e) => [e.id, { winner: e.winner, description: e.description }])),
    vars: Object.fromEntries(g.vars.map((v) => [v.id, { kind: tyKind(v.type as { k: string; of?: { k: string } }), perPlayer: v.perPlayer }])),
  };
}

/** Field values as written in the ruleset (a cell-count list becomes a mapping again: { B2: 8 }). */
function plainFields(g: Game, type: string, fields: Record<string, unknown>): Record<string, unknown> {
  const defs = g.cardTypes.find((t) => t.id === type)?.fields ?? {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    out[k] = defs[k]?.type === 'cellCounts' && Array.isArray(v) ? Object.fromEntries((v as { cell: string; count: number }[]).map((x) => [x.cell, x.count])) : v;
  }
  return out;
}
