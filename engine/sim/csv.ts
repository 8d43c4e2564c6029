// Simulation figures as CSV rows a spreadsheet opens: one row per figure (an outcome, an ending, a seat's
// wins, the mean game length, the mean score, each score category's mean per seat), with its rate (or mean)
// and 95% interval.

import { meanInterval, wilson } from './stats.js';
import { categoryMeans } from './categories.js';
import type { SimulateReport } from './report.js';

export const CSV_HEADER = ['ruleset', 'players', 'games', 'seed', 'seats', 'figure', 'key', 'count', 'value', 'low', 'high'];

function cell(v: unknown): string {
  const t = v === undefined || v === null ? '' : String(v);
  return /[",\n\r]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
}

const r4 = (x: number) => String(Math.round(x * 10000) / 10000);

export function reportRows(r: SimulateReport): string[][] {
  const head = [r.ruleset, String(r.players), String(r.games), String(r.seed), r.seats.join(' ')];
  const rows: string[][] = [];
  const rate = (figure: string, key: string, k: number) => {
    const i = wilson(k, r.games);
    rows.push([...head, figure, key, String(k), r4(r.games ? k / r.games : 0), r4(i.low), r4(i.high)]);
  };
  for (const [k, v] of Object.entries(r.wins)) rate('outcome', k, v);
  for (const [k, v] of Object.entries(r.endings)) rate('ending', k, v);
  r.winsBySeat.forEach((v, p) => rate('seat wins', `seat ${p + 1}`, v));
  const len = meanInterval(r.games, r.totals.actions, r.totals.actionsSquared);
  rows.push([...head, 'game length', 'decisions', String(r.games), r4(len.mean), r4(len.low), r4(len.high)]);
  if (r.scores) {
    r.totals.scoreBySeat.forEach((sum, p) => {
      const m = meanInterval(r.totals.scored, sum, r.totals.scoreSquaredBySeat[p]!);
      rows.push([...head, 'score', `seat ${p + 1}`, String(r.totals.scored), r4(m.mean), r4(m.low), r4(m.high)]);
    });
    rows.push(...categoryRows(r, head));
  }
  return rows;
}

/** Each score category's mean points per seat, with its interval over games. */
function categoryRows(r: SimulateReport, head: string[]): string[][] {
  return categoryMeans(r).map((c) => [...head, 'score category', c.id, String(r.totals.scored), r4(c.mean), r4(c.low), r4(c.high)]);
}

export function toCsv(rows: string[][]): string {
  return [CSV_HEADER, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
