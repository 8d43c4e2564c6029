// `babelkit validate FILE…`: each ruleset loaded and checked; its problems on stderr, one line each.

import { loadOrReport, STDIN_NAME } from './load-file.js';
import { parseArgs, UsageError } from './args.js';
import { applyCompileFlag } from './compile-flag.js';

export function validateCmd(args: string[]): number {
  const { positional, values } = parseArgs(args, { 'no-compile': 'flag' });
  applyCompileFlag(values);
  if (positional.length === 0) throw new UsageError('give at least one ruleset file');
  let bad = 0;
  for (const f of positional) {
    const counts = { warnings: 0 };
    const g = loadOrReport(f, counts);
    const warned = counts.warnings ? `, ${counts.warnings} warning${counts.warnings > 1 ? 's' : ''}` : '';
    if (!g) bad++;
    else process.stdout.write(`${f === '-' ? STDIN_NAME : f}: ok (${g.name}: ${g.entityDef.length} components, ${g.phases.length} phases, ${g.promptSteps.length} decisions${warned})\n`);
  }
  return bad ? 1 : 0;
}
