// The entry point of `babelkit validate` alone, bundled by the build into dist/cli/validate.bundle.mjs (see
// cli/bundle.mjs): one file to load instead of some 230 modules, so a designer's check starts sooner. Anything but
// a plain run (--help, a usage error) goes to the whole command line, which says it the same way as always.

import { HelpRequested, UsageError } from './args.js';
import { validateCmd } from './validate.js';
import { guardTerminal } from './terminal-text.js';

export async function main(argv: string[]): Promise<number> {
  guardTerminal();
  try {
    return validateCmd(argv.slice(1));
  } catch (e) {
    if (!(e instanceof HelpRequested || e instanceof UsageError)) throw e;
    // a computed address: the bundler leaves it alone, so the whole command line stays out of the bundle
    const full = (await import(new URL('./main.js', import.meta.url).href)) as { main(argv: string[]): Promise<number> };
    return full.main(argv);
  }
}
