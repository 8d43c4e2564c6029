// Bots from outside the package: BABELKIT_BOTS lists JavaScript modules (separated like PATH), each exporting
// by default a bot entry or a list of them (see BotEntry in engine/bots/registry.ts). The command and each of
// its worker threads register them before anything reads the bot list, so `--bot`, `--seats`, `ladder --bots`
// and `babelkit serve`'s /api/info know them like the built-in ones.

import { delimiter, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { registerBot, type BotEntry } from '../engine/index-node.js';
import { UsageError } from './args.js';

const loaded = new Set<string>();

/** Imports and registers the bots of BABELKIT_BOTS (once per file). Throws a UsageError naming the file at fault. */
export async function loadBotModules(list: string | undefined = process.env.BABELKIT_BOTS): Promise<void> {
  if (!list) return;
  for (const f of list.split(delimiter).filter((x) => x.trim() !== '')) {
    const file = resolve(f);
    if (loaded.has(file)) continue;
    loaded.add(file);
    let m: { default?: unknown };
    try {
      m = (await import(pathToFileURL(file).href)) as { default?: unknown };
    } catch (e) {
      throw new UsageError(`BABELKIT_BOTS: ${f}: ${(e as Error).message}`);
    }
    const entries = Array.isArray(m.default) ? m.default : [m.default];
    for (const e of entries) {
      if (!e || typeof e !== 'object') throw new UsageError(`BABELKIT_BOTS: ${f}: export a bot entry (or a list of them) by default`);
      try {
        registerBot(e as BotEntry);
      } catch (err) {
        throw new UsageError(`BABELKIT_BOTS: ${f}: ${(err as Error).message}`);
      }
    }
  }
}
