// `babelkit merge a.json b.json …`: the shard reports of one batch (`simulate --shard K/N --json`, each a
// report or an array of them for a range of player counts) merged into the report of the whole run.

import { readFileSync } from 'node:fs';
import { mergeReports, MergeError, type SimulateReport } from '../engine/index-node.js';
import { parseArgs, UsageError } from './args.js';
import { writeAtomic } from './load-file.js';

export const MERGE_USAGE = `  babelkit merge REPORT.json… [--out FILE]
      Merge the JSON reports of \`simulate --shard K/N\` into the report of the whole run (printed as JSON).
`;

/** What is wrong with a value read as a simulate report, or null. */
function reportProblem(r: unknown): string | null {
  if (!r || typeof r !== 'object' || Array.isArray(r)) return 'not a simulate report (a JSON object)';
  const o = r as Record<string, unknown>;
  for (const k of ['ruleset', 'hash', 'players', 'seats', 'range', 'wins', 'endings', 'winsBySeat', 'totals', 'actionsPerGame']) {
    if (!Object.prototype.hasOwnProperty.call(o, k)) return `not a simulate report: '${k}' is missing (write shards with simulate --json)`;
  }
  const range = o.range;
  if (!Array.isArray(range) || range.length !== 2 || !range.every((x) => Number.isInteger(x) && x >= 0) || range[1] < range[0]) return "'range' is not [from, to]";
  const counts = (x: unknown) => !!x && typeof x === 'object' && !Array.isArray(x) && Object.values(x).every((v) => Number.isInteger(v) && (v as number) >= 0);
  if (!counts(o.wins) || !counts(o.endings)) return "'wins' and 'endings' are counts";
  if (!Array.isArray(o.winsBySeat) || o.winsBySeat.length !== o.players) return "'winsBySeat' has one count per seat";
  const t = o.totals as Record<string, unknown>;
  if (!t || typeof t !== 'object' || !Array.isArray(t.scoreBySeat) || !Array.isArray(t.scoreByCategory) || typeof t.actions !== 'number' || !counts(t.lengths)) return "'totals' is not a report's totals";
  if (t.scoreByCategory.length > 0 && (!Array.isArray(t.scoreSquaredByCategory) || t.scoreSquaredByCategory.length !== t.scoreByCategory.length)) {
    return "'totals' has no scoreSquaredByCategory (a report of an older babelkit: play the shards again with this one)";
  }
  return null;
}

export function mergeCmd(args: string[]): number {
  const { positional, values } = parseArgs(args, { out: 'string' });
  if (positional.length === 0) throw new UsageError('give the shard reports to merge');
  // reports by player count (a shard of a range holds one report per count)
  const byPlayers = new Map<number, SimulateReport[]>();
  let bad = 0;
  for (const f of positional) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(f, 'utf8'));
    } catch (e) {
      process.stderr.write(`${f}:1:1: error: cannot read the report: ${(e as Error).message}\n`);
      bad++;
      continue;
    }
    const list = Array.isArray(data) ? data : [data];
    list.forEach((r, i) => {
      const problem = reportProblem(r);
      if (problem) {
        process.stderr.write(`${f}:1:1: error: ${Array.isArray(data) ? `report ${i + 1}: ` : ''}${problem}\n`);
        bad++;
        return;
      }
      const rep = r as SimulateReport;
      const l = byPlayers.get(rep.players) ?? [];
      l.push(rep);
      byPlayers.set(rep.players, l);
    });
  }
  if (bad) return 1;
  const merged: SimulateReport[] = [];
  for (const [players, list] of [...byPlayers].sort((x, y) => x[0] - y[0])) {
    try {
      merged.push(mergeReports(list));
    } catch (e) {
      if (!(e instanceof MergeError)) throw e;
      process.stderr.write(`babelkit merge: ${players} players: ${e.message}\n`);
      return 1;
    }
  }
  const out = JSON.stringify(merged.length === 1 ? merged[0] : merged, null, 2) + '\n';
  if (values.out) writeAtomic(String(values.out), out);
  else process.stdout.write(out);
  return 0;
}
