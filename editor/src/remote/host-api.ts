// The host's calls to `babelkit serve`: is this page served by it, and create a match. The join links (they
// hold the seats' secret tokens, which the server keeps only as hashes) are remembered in this browser's
// storage so that the host page can show them again after a reload — on the device that created the match.

import type { CreatedMatch } from '../../../server/protocol.js';
import { serverUrl } from './match-connection.js';

export interface ServerInfo {
  server: 'babelkit';
  rulesets: string[];
  /** the game's name in each ruleset, by path (a server older than this may not say) */
  names?: Record<string, string>;
  bots: string[];
  /** every bot with its description and whether a live table offers it (a server older than this may not say) */
  botList?: { name: string; description: string; budget: { default: number; max: number; unit: string } | null; atTable: boolean }[];
  defaultBot: string;
}

/** The match server's facts, or null when the page is not served by `babelkit serve` (e.g. `npm start`). */
export async function serverInfo(): Promise<ServerInfo | null> {
  try {
    const r = await fetch(serverUrl('api/info'));
    if (!r.ok) return null;
    const j = (await r.json()) as ServerInfo;
    return j.server === 'babelkit' ? j : null;
  } catch {
    return null;
  }
}

export class CreateMatchError extends Error {
  constructor(message: string, readonly problems: string[]) {
    super(message);
  }
}

export interface MatchRequest {
  ruleset: string | { path: string; files: Record<string, string> };
  players: number;
  /** a fixed seed, for tests and scripts only: without one the server draws a secret one */
  seed?: number | string;
  options?: Record<string, number | boolean | string>;
  /** per seat: false for a person, or a bot's name */
  bots: (false | string)[];
}

/** Creates a match; remembers its links here and returns them. */
export async function createMatch(req: MatchRequest): Promise<CreatedMatch> {
  const r = await fetch(serverUrl('api/matches'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(req) });
  const j = (await r.json().catch(() => ({ error: `the server answered ${r.status}` }))) as CreatedMatch & { error?: string; problems?: string[] };
  if (r.status !== 201) throw new CreateMatchError(j.error ?? `the server answered ${r.status}`, j.problems ?? []);
  try {
    localStorage.setItem(`bk-match:${j.id}`, JSON.stringify(j));
  } catch {
    // storage full or off: the host page shows the links only this once
  }
  return j;
}

export function rememberedLinks(id: string): CreatedMatch | null {
  try {
    const t = localStorage.getItem(`bk-match:${id}`);
    return t ? (JSON.parse(t) as CreatedMatch) : null;
  } catch {
    return null;
  }
}
