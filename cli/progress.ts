// A progress bar on the terminal (stderr), redrawn at most ten times a second.

import { terminalSafe, writeRaw } from './terminal-text.js';

export function progressBar(total: number, label = ''): (done: number, final?: boolean) => void {
  let last = 0;
  const shown = terminalSafe(label);
  return (done, final) => {
    const now = Date.now();
    if (!final && now - last < 100) return;
    last = now;
    const w = 30;
    const k = Math.round((w * done) / Math.max(1, total));
    writeRaw(process.stderr, `\r${shown}[${'#'.repeat(k)}${' '.repeat(w - k)}] ${done}/${total}${final ? '\n' : ''}`);
  };
}
