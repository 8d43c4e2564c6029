// The bots a list in the editor offers, read from the engine's bot registry (a bot registered there appears in
// every list): all of them for simulation, those quick enough to answer at a live table for the playtest's seats.
import { botEntries, type BotEntry } from '../../../engine/index.js';

export interface BotChoice {
  /** the bot as written (`greedy`) */
  name: string;
  /** as a list shows it (`Greedy bot`) */
  label: string;
  /** one line: what it does (a list's tooltip) */
  description: string;
}

const choice = (b: Pick<BotEntry, 'name' | 'description'>): BotChoice => ({ name: b.name, label: `${b.name[0]!.toUpperCase()}${b.name.slice(1)} bot`, description: b.description });

/** Every bot, for simulation. */
export function simulationBots(): BotChoice[] {
  return botEntries().map(choice);
}

/** The bots a live table offers (the playtest's seats). */
export function tableBots(): BotChoice[] {
  return botEntries().filter((b) => b.atTable).map(choice);
}

/** The same from a server's `/api/info` list (the host page offers the server's bots, not this page's). */
export function tableBotsOf(list: readonly { name: string; description: string; atTable: boolean }[]): BotChoice[] {
  return list.filter((b) => b.atTable).map(choice);
}
