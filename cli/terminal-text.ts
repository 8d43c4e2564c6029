// What the command line writes is text for a terminal, and much of it comes from a ruleset (its name, its
// cards, its log lines, the values its problems quote). A control character in that text would be obeyed by
// the terminal — retitle it, clear it, move the cursor, rewrite a line already shown, turn text right to left —
// so every string written to stdout and stderr shows control characters as `\uXXXX` escapes instead. Lines
// and tabs stay. JSON output stays the same data (JSON reads `\u009b` as the character itself); the progress
// bar, our own use of `\r`, writes around the guard.

/** C0 controls but tab and newline, DEL, C1 controls, and the bidirectional overrides and isolates. */
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

const escape = (c: string) => (c === '\n' ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The text with every control character but tab and newline shown as a `\uXXXX` escape. */
export function terminalSafe(text: string): string {
  CONTROL.lastIndex = 0;
  return CONTROL.test(text) ? text.replace(CONTROL, escape) : text;
}

type Write = typeof process.stdout.write;
const unguarded = new WeakMap<NodeJS.WriteStream, Write>();

/** From now on, strings written to stdout and stderr are made terminal-safe (bytes are left alone). */
export function guardTerminal(): void {
  for (const s of [process.stdout, process.stderr]) {
    if (unguarded.has(s)) continue;
    const write = s.write.bind(s) as Write;
    unguarded.set(s, write);
    s.write = ((chunk: unknown, ...rest: unknown[]) => (write as (c: unknown, ...r: unknown[]) => boolean)(typeof chunk === 'string' ? terminalSafe(chunk) : chunk, ...rest)) as Write;
  }
}

/** Writes our own control text (the progress bar's `\r`) past the guard; `text` must hold no ruleset text. */
export function writeRaw(s: NodeJS.WriteStream, text: string): void {
  (unguarded.get(s) ?? s.write.bind(s))(text);
}
