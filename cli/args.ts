// Minimal, strict argument parsing: unknown flags and bad values are usage errors, never ignored.
// Names typed on the command line are looked up only among the spec's own names (a Map), and parsed values
// are kept in an object with no prototype: `--toString` or `--__proto__` is an unknown option like any other.

export class UsageError extends Error {}

/** `--help` or `-h` was given (as an option, not as another option's value): show the command's usage. */
export class HelpRequested extends Error {}

export type ArgKind = 'int' | 'string' | 'flag' | 'multi';
export type ArgSpec = Readonly<Record<string, ArgKind>>;

export function parseArgs(args: string[], spec: ArgSpec): { positional: string[]; values: Record<string, unknown> } {
  const kinds = new Map<string, ArgKind>(Object.entries(spec));
  const positional: string[] = [];
  const values: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--help' || a === '-h') throw new HelpRequested();
    if (!a.startsWith('--')) { positional.push(a); continue; }
    let name = a.slice(2);
    let inline: string | undefined;
    const eq = name.indexOf('=');
    if (eq >= 0) { inline = name.slice(eq + 1); name = name.slice(0, eq); }
    const kind = kinds.get(name);
    if (!kind) {
      const known = [...kinds.keys()].map((k) => `--${k}`).join(', ');
      throw new UsageError(`unknown option --${name}${known ? ` (options: ${known})` : ''}`);
    }
    if (kind === 'flag') {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      values[name] = true;
      continue;
    }
    const v = inline ?? args[++i];
    if (v === undefined) throw new UsageError(`--${name} needs a value`);
    if (kind === 'int') {
      if (!/^\d+$/.test(v)) throw new UsageError(`--${name} needs a whole number, not '${v}'`);
      values[name] = Number(v);
    } else if (kind === 'multi') {
      ((values[name] ??= []) as string[]).push(v);
    } else values[name] = v;
  }
  return { positional, values };
}
