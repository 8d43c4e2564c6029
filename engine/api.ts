// What engine/index.ts (browser) and engine/index-node.ts (Node) export: the engine's public API, less where the
// JSON Schema validator comes from, which each entry point decides (see load/schema/schema-check.ts). Import the engine
// from one of those two, not from here.

export type {
  Action, CardDef, CardTypeDef, Ended, EndingDef, Game, LogEntry, OpenPrompt, OptionDef, RoleDef, State, TeamDef, VarDef, ZoneDef,
} from './model.js';
export type {
  Align, BacksMode, CardLayout, CardSize, GridElement, Hex, IconElement, LayoutBox, LayoutElement, PaperName, PrintDeck, PrintSettings,
  RectElement, TextElement, TitleElement, VAlign, ImageElement,
} from './print-model.js';
export { BACKS_MODES, BASE_COLORS, CARD_SIZES, DESIGN_SIZE, cardSizeOf } from './print-model.js';
export { readCardSelector, type SelectorProblem } from './card-selector.js';

export { loadRulesetText, resolveRelative, rulesetSchema, usePrecompiledSchemaCheck, type LoadResult, type ReadFile, type LoadOptions } from './load/index.js';
export type { ImageReader } from './load/files/load-images.js';
export { IMAGE_LIMITS, ImageError, fitImage, readImage, sniffFormat, type ImageAsset, type ImageFormat } from './images.js';
export { formatDiagnostic, sortAndDedupe, hasErrors, type Diagnostic } from './load/diagnostics.js';

export {
  Match, MatchError, IllegalAction, checkPlayers, checkOptions, checkBots, parseOptionAssignments, checkReplay, replayViews, seatKindOf, botOfSeat,
  type MatchSetup, type SeatKind, type OptionValues, type UndoState, type ReplayCheck,
} from './match.js';
export { setCompiledExpressions } from './expr/emit.js';
export { makeReplay, replayShapeProblem, stateHash, REPLAY_FORMAT, type Replay } from './replay.js';
export { KEY_SEED, nextFloat, seedRng } from './rng.js';

export { simulate, batchSetup, gameSeed, type SimulateOptions, type SimulateReport } from './sim/simulate.js';
export { playGames, playGame, summarize, shardRange, type BatchSetup, type GameSummary } from './sim/games.js';
export { Tally, mergeReports, MergeError, type Totals } from './sim/report.js';
export { categoriesOf, categoryMeans, compareCategories, type CategoryMean, type CategoryComparison } from './sim/categories.js';
export { compareRuns, correctedVerdict, rateVerdict, verdictChanges, type Comparison, type RateComparison, type MeanComparison, type SeatScoreComparison, type VerdictChange, type Rate, type Difference } from './sim/compare.js';
export { wilson, pairedDifference, hybridDifference, meanInterval, pairedMeanDifference, holm, normalCdf, pValueOf, type Interval } from './sim/stats.js';
export { ladder, type LadderOptions, type LadderReport, type LadderCell, type FirstSeat } from './sim/ladder.js';
export { seatAdvantage } from './sim/measures.js';
export { parseRestriction, compileRestriction, RestrictionError, type SeatRestriction } from './sim/restrict.js';
export {
  declaredTunables, describePlace, parseTuneArg, parseValues, rangeValues, resolveTunable, resolveTunables, showValue, variantText, TuneError, MAX_TUNABLE_VALUES,
  type Tunable, type TunablePlace, type TuneSpec, type TuneValue,
} from './sim/tune/tunables.js';
export { parseTarget, measure, lossOf, distanceOf, showInterval, showMeasure, showTarget, gameValue, TargetError, type Target, type Measure } from './sim/tune/targets.js';
export { tune, tuneWarnings, TuneBudgetError, type Evaluator, type TuneOptions, type TuneResult, type SettingResult, type ProfilePoint } from './sim/tune/search.js';
export { playout, outcomeOf, type PlayoutOptions, type PlayoutResult } from './sim/playout.js';
export { ISMCTS_DEFAULT_ITERATIONS, botChoice, botEntries, botNames, botProblem, botStreams, parseBot, parseSeats, registerBot, resolveBot, unregisterBot, type BotBudget, type BotEntry, type BotKind, type ResolvedBot } from './bots/index.js';

export { view, renderLog, renderLogMore, renderLogLines, renderLogMoreLines, segsText, cardView, type PlayerView, type ZoneView, type CardView, type Seg, type LogLine, type CardName } from './view.js';
export { SeatLogs, logFrom, logSent, type SeatView, type LogSent } from './view-log.js';
export { tableMeta, type TableMeta } from './table-meta.js';
export { base64 } from './base64.js';
export { rulesetName } from './load/yaml/ruleset-name.js';
export { cardFace, fieldRuns, templateRuns, countsRuns, kindsRuns, runsText, readsAsNothing, fieldLabel, type Run, type FaceLine } from './present.js';
export { readSvg, pathDataProblem, SvgError, type SymbolDef, type Shape, type ShapePart, type TransformOp, type Paint } from './symbols.js';
export { playerName } from './render.js';
export { didYouMean } from './suggest.js';
export { evaluate } from './expr/evaluate.js';
export { scoreTable } from './scores.js';
export { CSV_HEADER, reportRows, toCsv } from './sim/csv.js';
export { diffRulesets, type Change } from './load/variants/diff.js';
export { ALL_SEEING, NO_PLAYER, PERSON, TABLE_VIEW } from './seats.js';
