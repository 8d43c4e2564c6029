// What the balance tuner aims at: targets such as `red=0.5` (a team's win rate), `seat1-advantage=0`
// (the first seat's advantage as `babelkit ladder` measures it), `length=40..60` (decisions per game), an
// ending's rate (`ending:deck-exhausted=0.2`), the mean score (`score=40`) or a score category's points per
// seat (`score:gold=8`). Each is measured on a setting's games with its 95% interval (the statistics of
// stats.ts), and the distance of the measure from the target makes the setting's loss.

import type { Game } from '../../model.js';
import type { GameSummary } from '../games.js';
import { meanInterval, wilson, type Interval } from '../stats.js';
import { seatAdvantage } from '../measures.js';

export type TargetKind =
  | { k: 'team'; team: string }
  | { k: 'ending'; ending: string }
  | { k: 'advantage'; seat: number }
  | { k: 'length' }
  | { k: 'score' }
  | { k: 'category'; index: number; id: string };

export interface Target {
  /** as typed: `red=0.5` */
  text: string;
  /** the measure's name, as typed before '=' */
  name: string;
  kind: TargetKind;
  /** a point (low = high) or a range */
  low: number;
  high: number;
  /** a rate (0..1, shown in points) or a plain number */
  unit: 'rate' | 'number';
  /** for a person: "the win rate of the Red team" */
  label: string;
}

export class TargetError extends RangeError {}

const NUM = /^-?\d+(?:\.\d+)?%?$/;
const numOf = (s: string) => (s.endsWith('%') ? Number(s.slice(0, -1)) / 100 : Number(s));

/** Reads one `--target NAME=VALUE` or `NAME=LOW..HIGH` (rates as 0.5 or 50%) against the game's names. */
export function parseTarget(text: string, g: Game, players: number): Target {
  const eq = text.indexOf('=');
  if (eq < 0) throw new TargetError(`--target ${text}: a target is NAME=VALUE or NAME=LOW..HIGH (red=0.5, seat1-advantage=0, length=40..60)`);
  const name = text.slice(0, eq).trim();
  const value = text.slice(eq + 1).trim();
  const parts = value.split('..').map((x) => x.trim());
  if (parts.length > 2 || parts.some((x) => !NUM.test(x))) throw new TargetError(`--target ${text}: the value is a number (0.5, 50%) or a range LOW..HIGH, not '${value}'`);
  const low = numOf(parts[0]!), high = numOf(parts[parts.length - 1]!);
  if (high < low) throw new TargetError(`--target ${text}: the range goes from the smaller value to the larger`);
  let kind: TargetKind;
  let unit: Target['unit'] = 'rate';
  let label: string;
  const team = g.teams.find((t) => t.id === name);
  const adv = /^seat(\d{1,3})-advantage$/.exec(name);
  if (team) { kind = { k: 'team', team: name }; label = `the win rate of ${/^the /i.test(team.name) ? team.name : `the ${team.name}`}`; }
  else if (adv) {
    const seat = Number(adv[1]);
    if (seat < 1 || seat > players) throw new TargetError(`--target ${text}: a ${players}-player game has seats 1 to ${players}`);
    kind = { k: 'advantage', seat: seat - 1 };
    label = `seat ${seat}'s advantage (its win rate less an average seat's)`;
  } else if (name === 'length') { kind = { k: 'length' }; unit = 'number'; label = 'the game length (decisions)'; }
  else if (name === 'score') {
    if (!g.scoring) throw new TargetError(`--target ${text}: the ruleset declares no scores`);
    kind = { k: 'score' }; unit = 'number'; label = "a seat's mean score";
  } else if (name.startsWith('score:')) {
    const id = name.slice(6);
    const index = g.scoring ? g.scoring.categories.findIndex((c) => c.id === id) : -1;
    if (index < 0) throw new TargetError(`--target ${text}: ${g.scoring ? `no score category '${id}' (categories: ${g.scoring.categories.map((c) => c.id).join(', ')})` : 'the ruleset declares no scores'}`);
    kind = { k: 'category', index, id }; unit = 'number'; label = `${g.scoring!.categories[index]!.name ?? id} points per seat`;
  } else if (name.startsWith('ending:')) {
    const id = name.slice(7);
    if (!g.endingIds.has(id)) throw new TargetError(`--target ${text}: no ending '${id}' (endings: ${g.endings.map((e) => e.id).join(', ')})`);
    kind = { k: 'ending', ending: id }; label = `how often the game ends by ${id}`;
  } else {
    throw new TargetError(`--target ${text}: '${name}' is not a measure: give a team (${g.teams.map((t) => t.id).join(', ') || 'none'}), seatN-advantage, length, ending:ID, score or score:CATEGORY`);
  }
  if (unit === 'rate' && kind.k !== 'advantage' && (low < 0 || high > 1)) throw new TargetError(`--target ${text}: a rate is between 0 and 1 (or 0% and 100%)`);
  if (kind.k === 'advantage' && (low < -1 || high > 1)) throw new TargetError(`--target ${text}: an advantage is between -1 and 1 (in points: -100% to 100%)`);
  return { text, name, kind, low, high, unit, label };
}

/** One game's value of a target's measure (a mean of these is the measure). */
export function gameValue(t: Target, s: GameSummary, players: number): number {
  switch (t.kind.k) {
    case 'team': return s.outcome === t.kind.team ? 1 : 0;
    case 'ending': return s.ending === t.kind.ending ? 1 : 0;
    case 'advantage': return (s.winningSeats.includes(t.kind.seat) ? 1 : 0) - s.winningSeats.length / players;
    case 'length': return s.actions;
    case 'score': return s.scores ? s.scores.reduce((a, row) => a + row.reduce((x, y) => x + y, 0), 0) / s.scores.length : 0;
    case 'category': { const k = t.kind.index; return s.scores ? s.scores.reduce((a, row) => a + (row[k] ?? 0), 0) / s.scores.length : 0; }
  }
}

/** A target's measure over some games: its value and 95% interval. */
export interface Measure extends Interval {
  value: number;
  games: number;
  /** how far the value lies from the target (0 inside a range), in the target's units */
  distance: number;
  /** whether the interval reaches the target: the games do not tell the setting from one that meets it */
  meets: boolean;
}

/** Measures a target over summaries (game order). */
export function measure(t: Target, runs: readonly GameSummary[], players: number): Measure {
  const n = runs.length;
  let iv: Interval & { value: number };
  if (t.kind.k === 'team' || t.kind.k === 'ending') {
    let k = 0;
    for (const s of runs) k += gameValue(t, s, players);
    iv = { value: n ? k / n : 0, ...wilson(k, n) };
  } else if (t.kind.k === 'advantage') {
    iv = seatAdvantage(runs, players, t.kind.seat);
  } else {
    let sum = 0, sq = 0;
    for (const s of runs) { const v = gameValue(t, s, players); sum += v; sq += v * v; }
    const m = meanInterval(n, sum, sq);
    iv = { value: m.mean, low: m.low, high: m.high };
  }
  const distance = distanceOf(t, iv.value);
  const meets = iv.high >= t.low && iv.low <= t.high;
  return { ...iv, games: n, distance, meets };
}

export function distanceOf(t: Target, v: number): number {
  return v < t.low ? t.low - v : v > t.high ? v - t.high : 0;
}

/**
 * The loss of a setting: the distances of its measures from their targets, each as a fraction (a rate's in
 * rate units, so 10 points is 0.1; a number's relative to the target, so 10% too long is 0.1), combined as the
 * root of their sum of squares. 0: every target met.
 */
export function lossOf(targets: readonly Target[], values: readonly number[]): number {
  let sum = 0;
  targets.forEach((t, i) => {
    const d = distanceOf(t, values[i]!);
    const mid = Math.abs((t.low + t.high) / 2);
    const scale = t.unit === 'rate' || mid === 0 ? 1 : mid;
    sum += (d / scale) ** 2;
  });
  return Math.sqrt(sum);
}

/** A target's value as a person reads it: rates in %, numbers plainly. */
export function showMeasure(t: Target, v: number): string {
  if (t.unit === 'rate') return t.kind.k === 'advantage' ? `${v >= 0 ? '+' : '−'}${Math.abs(100 * v).toFixed(1)} points` : `${(100 * v).toFixed(1)}%`;
  return Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(1);
}

/** An interval as a person reads it: "56.9% to 63.2%", "−6.0 to +11.9 points", "29.6 to 30.0". */
export function showInterval(t: Target, low: number, high: number): string {
  if (t.kind.k === 'advantage') return `${showMeasure(t, low).replace(' points', '')} to ${showMeasure(t, high)}`;
  return `${showMeasure(t, low)} to ${showMeasure(t, high)}`;
}

export function showTarget(t: Target): string {
  return t.low === t.high ? showMeasure(t, t.low) : `${showMeasure(t, t.low)} to ${showMeasure(t, t.high)}`;
}
