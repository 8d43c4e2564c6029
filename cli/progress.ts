// A progress bar on the terminal (stderr), redrawn at most ten times a second.

export function progressBar(total: number, label = ''): (done: number, final?: boolean) => void {
  let last = 0;
  return (done, final) => {
    const now = Date.now();
    if (!final && now - last < 100) return;
    last = now;
    const w = 30;
    const k = Math.round((w * done) / Math.max(1, total));
    process.stderr.write(`\r${label}[${'#'.repeat(k)}${' '.repeat(w - k)}] ${done}/${total}${final ? '\n' : ''}`);
  };
}
