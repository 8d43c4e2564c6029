// The Simulate tab's worker API (sim.worker.ts). Several workers play slices of a batch's games (`play`); one
// then counts them into the report the command line prints (`report`), or compares two runs (`compare`), so
// the tab's numbers are the CLI's numbers for the same seed.
import type { BotKind, Comparison, GameSummary, LadderReport, SimulateReport, Target, Tunable, TuneValue } from '../../../engine/index.js';
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

/** "Open as variant": a new file under rulesets/variants/ named after `stem`, its text made by `make` from the
 *  path it extends (relative to the new file) and its id. */
export interface OpenVariantDetail {
  stem: string;
  make: (extendsPath: string, id: string) => string;
}

/** What the Tune panel offers for a ruleset: its declared tunables, and the measures a target may name. */
export interface TuneInfo {
  tunables: Tunable[];
  /** a target's name (architects, seat1-advantage, length, ending:ID, score:CATEGORY), how it reads, and a value to start from */
  measures: { name: string; label: string; suggest: string }[];
}

export interface SimApi {
  methods: {
    info(req: { source: RulesetSource }): RulesetInfo;
    play(req: PlayRequest): GameSummary[];
    report(req: Batch & { summaries: GameSummary[]; seconds: number }): SimulateReport;
    compare(req: { base: Batch; variant: Batch; a: GameSummary[]; b: GameSummary[] }): Comparison;
    /** the bots against each other (`babelkit ladder`): `games` a pair, bots weaker first */
    ladder(req: { source: RulesetSource; players: number; seed: number | string; bots: BotKind[]; games: number }): LadderReport;
    /** the Tune panel: the ruleset's tunables and the measures a target may name */
    tuneInfo(req: { source: RulesetSource; players: number }): TuneInfo;
    /** the tunables (`--tune` texts) and targets (`--target` texts) checked, or an Error saying what is wrong */
    tunePlan(req: { source: RulesetSource; players: number; tune: string[]; targets: string[] }): { tunables: Tunable[]; targets: Target[] };
    /** a setting as a variant beside the ruleset (its path and text), and why it cannot be played (null: it can) */
    tuneSetting(req: { source: RulesetSource; players: number; seats: BotKind[]; tunables: Tunable[]; values: TuneValue[] }): { path: string; text: string; problem: string | null };
  };
  events: { progress: { done: number } };
}
