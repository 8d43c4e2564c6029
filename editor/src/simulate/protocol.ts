// The Simulate tab's worker API (sim.worker.ts). Several workers play slices of a batch's games (`play`); one
// then counts them into the report the command line prints (`report`), or compares two runs (`compare`), so
// the tab's numbers are the CLI's numbers for the same seed.
import type { BotKind, Comparison, GameSummary, LadderReport, SimulateReport } from '../../../engine/index.js';
import type { RulesetSource } from '../shared/source.js';

export interface Batch {
  source: RulesetSource;
  players: number;
  seed: number | string;
  seats: BotKind[];
}

export interface PlayRequest extends Batch {
  /** games [from, to) of the batch (game i is seeded SEED:i, whoever plays it) */
  from: number;
  to: number;
}

export interface RulesetInfo {
  /** the problems that keep it from loading, as "file:line:col: message" */
  problems: string[];
  name: string;
  id: string;
  players: { min: number; max: number };
  /** the file it extends (its base), '' for none */
  base: string;
  /** its score categories, ids and names (none: it declares no scores) */
  categories?: { id: string; name: string }[];
}

export interface SimApi {
  methods: {
    info(req: { source: RulesetSource }): RulesetInfo;
    play(req: PlayRequest): GameSummary[];
    report(req: Batch & { summaries: GameSummary[]; seconds: number }): SimulateReport;
    compare(req: { base: Batch; variant: Batch; a: GameSummary[]; b: GameSummary[] }): Comparison;
    /** the bots against each other (`babelkit ladder`): `games` a pair, bots weaker first */
    ladder(req: { source: RulesetSource; players: number; seed: number | string; bots: BotKind[]; games: number }): LadderReport;
  };
  events: { progress: { done: number } };
}
