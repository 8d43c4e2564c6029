// `babelkit cards export|import`: a card type's cards as a CSV table and back (edit/cards-csv.ts). Import reads
// every cell, writes the changes through the comment-preserving card edits, loads the result as `validate`
// would, and writes the ruleset (atomically) only when every row is right.

import { parseDocument } from 'yaml';
import { loadRulesetFile, writeAtomic } from './load-file.js';
import { HelpRequested, parseArgs, UsageError } from './args.js';
import { formatDiagnostic, loadRulesetText, nodeReadFile } from '../engine/index-node.js';
import { CsvImportError, exportCardsCsv, locateProblems, planCardsImport, type RulesetCards } from '../edit/cards-csv.js';
import { flowSource, type Json } from '../edit/yaml-edit.js';
import { CARDS_USAGE } from './cards-usage.js';

export { CARDS_USAGE };


/** Largest CSV read. */
const MAX_CSV_BYTES = 4 * 1024 * 1024;

function typesOf(value: RulesetCards): string[] {
  return Array.isArray(value.cardTypes) ? value.cardTypes.flatMap((t) => (t && typeof t === 'object' && typeof (t as { id?: unknown }).id === 'string' ? [(t as { id: string }).id] : [])) : [];
}

/** Loads the ruleset; its errors are printed and stop the command (a table is made from a ruleset that loads). */
function loadValue(file: string): RulesetCards | null {
  const r = loadRulesetFile(file);
  for (const d of r.diagnostics) if (d.severity === 'error') process.stderr.write(formatDiagnostic(d) + '\n');
  if (!r.game || !r.value) {
    process.stderr.write(`babelkit cards: ${file} has errors; fix them first (babelkit validate ${file})\n`);
    return null;
  }
  return r.value as RulesetCards;
}

function needType(values: Record<string, unknown>, value: RulesetCards): string {
  const type = values.type as string | undefined;
  if (!type) throw new UsageError(`--type T is required (card types: ${typesOf(value).join(', ')})`);
  return type;
}

export async function cardsCmd(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === '--help' || sub === '-h') throw new HelpRequested();
  if (sub === 'export') return exportCmd(rest);
  if (sub === 'import') return importCmd(rest);
  throw new UsageError(sub === undefined ? 'give export or import' : `unknown cards command '${sub}' (export, import)`);
}

function exportCmd(args: string[]): number {
  const { positional, values } = parseArgs(args, { type: 'string', out: 'string' });
  if (positional.length !== 1) throw new UsageError('give one ruleset file');
  const file = positional[0]!;
  const value = loadValue(file);
  if (!value) return 1;
  const type = needType(values, value);
  let csv: string;
  try {
    csv = exportCardsCsv(value, type);
  } catch (e) {
    if (e instanceof CsvImportError) throw new UsageError(e.problems[0]!.message);
    throw e;
  }
  const out = values.out as string | undefined;
  if (!out) {
    process.stdout.write(csv);
    return 0;
  }
  writeAtomic(out, csv);
  const rows = csv.split('\n').length - 2;
  process.stderr.write(`${out}: ${rows} card${rows === 1 ? '' : 's'} of type ${type}\n`);
  return 0;
}

/** The ids of the cards a variant's bases have: the variant's `extends` alone, resolved. */
function baseCardIds(file: string, text: string): Set<string> | undefined {
  const doc = parseDocument(text);
  const ext = doc.errors.length ? undefined : (doc.toJS() as { extends?: unknown } | null)?.extends;
  if (ext === undefined) return undefined;
  const r = loadRulesetText(file, `extends: ${flowSource(ext as Json)}\n`, nodeReadFile);
  const cards = (r.value as RulesetCards | undefined)?.cards;
  return new Set(Array.isArray(cards) ? cards.map((c) => String((c as { id?: unknown }).id)) : []);
}

function importCmd(args: string[]): number {
  const { positional, values } = parseArgs(args, { type: 'string', 'remove-missing': 'flag', 'dry-run': 'flag' });
  if (positional.length !== 2) throw new UsageError('give the ruleset file and the CSV file');
  const [file, csvFile] = positional as [string, string];
  if (file === '-') throw new UsageError('import writes into the ruleset file: give its path, not -');
  const value = loadValue(file);
  if (!value) return 1;
  const type = needType(values, value);
  const text = nodeReadFile(file);
  const csv = nodeReadFile(csvFile, MAX_CSV_BYTES);
  if (typeof text !== 'string') throw new UsageError(`cannot read '${file}'`);
  if (typeof csv !== 'string') {
    process.stderr.write(`${csvFile}:1:1: error: cannot read the table: ${csv === undefined ? 'no such file' : csv.message}\n`);
    return 1;
  }
  let plan;
  try {
    plan = planCardsImport({ text, value, type, csv, removeMissing: !!values['remove-missing'], baseCardIds: baseCardIds(file, text) });
  } catch (e) {
    if (!(e instanceof CsvImportError)) throw e;
    for (const p of e.problems) process.stderr.write(`${csvFile}:${p.row}:${p.col}: error: ${p.message}\n`);
    process.stderr.write(`babelkit cards import: nothing written to ${file}\n`);
    return 1;
  }
  // the new text is checked as `validate` checks a file; its errors are placed on the table's rows
  const check = loadRulesetText(file, plan.text, nodeReadFile);
  const problems = locateProblems(plan, file, check.diagnostics);
  if (problems.length) {
    for (const p of problems) {
      process.stderr.write(p.where ? `${p.where}: error: ${p.message} (after importing ${csvFile})\n` : `${csvFile}:${p.row}:${p.col}: error: ${p.message}\n`);
    }
    process.stderr.write(`babelkit cards import: nothing written to ${file}\n`);
    return 1;
  }
  const n = (k: number, w: string) => `${k} ${w}${k === 1 ? '' : 's'}`;
  const summary = `${n(plan.changed.length, 'card')} changed (${n(plan.cells, 'cell')}), ${plan.added.length} added, ${plan.removed.length} removed`;
  if (plan.text === text) {
    process.stdout.write(`${file}: no change (the table says what the file says)\n`);
    return 0;
  }
  if (values['dry-run']) {
    process.stdout.write(`${file}: would write ${summary} (--dry-run: nothing written)\n`);
    return 0;
  }
  writeAtomic(file, plan.text);
  process.stdout.write(`${file}: ${summary}\n`);
  return 0;
}
