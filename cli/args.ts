// Minimal, strict argument parsing: unknown flags and bad values are usage errors, never ignored.

export class UsageError extends Error {}

export type ArgKind = 'int' | 'string' | 'flag' | 'multi';
export type ArgSpec = Record<string, ArgKind>;

export function parseArgs(args: string[], spec: ArgSpec): { positional: string[]; values: Record<string, unknown> } {
  const positional: string[] = [];
  const values: Record<string, unknown> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--')) { positional.push(a); continue; }
    let name = a.slice(2);
    let inline: string | undefined;
    const eq = name.indexOf('=');
    if (eq >= 0) { inline = name.slice(eq + 1); name = name.slice(0, eq); }
    const kind = spec[name];
    if (!kind) {
      const known = Object.keys(spec).map((k) => `--${k}`).join(', ');
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
