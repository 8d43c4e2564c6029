// Before any test: build dist/ (the CLI tests run the real `babelkit` binary, never stale output) and the
// web editor's bundle (dist-editor/, served to Chromium by the end-to-end tests), and make sure the PDF
// tools the print tests read PDFs back with and Chromium for the browser tests are there — installed from
// Debian's packages when missing, so `npm ci && npm test` works on a fresh machine and nothing skips.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PDF_TOOLS = ['pdfinfo', 'pdffonts', 'pdftotext', 'pdftoppm'];

function missingTools(): string[] {
  return PDF_TOOLS.filter((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status !== 0);
}

const CHROMIUM = '/usr/bin/chromium';

/** `apt-get update`, then `apt-get install -y` of the packages, as root or through `sudo -n`; started at once, and
 *  awaited after the builds, which it runs beside (a fresh machine spent about a minute on two updates and two
 *  installs one after the other, before the builds). Resolves whatever apt says: what counts is checked after. */
function aptInstall(packages: string[]): Promise<void> {
  if (packages.length === 0) return Promise.resolve();
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const cmd = `apt-get update && apt-get install -y ${packages.join(' ')}`;
  const [file, args] = asRoot ? ['sh', ['-c', cmd]] : ['sudo', ['-n', 'sh', '-c', cmd]];
  console.log(`global setup: installing ${packages.join(' and ')} from Debian's packages`);
  return new Promise((resolve) => {
    const p = spawn(file, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    p.on('error', () => resolve());
    p.on('exit', () => resolve());
  });
}

function checkInstalled(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`the browser tests need Debian's chromium (${CHROMIUM}) and it could not be installed; run: apt-get install -y chromium`);
  }
  const still = missingTools();
  if (still.length) {
    throw new Error(`the print tests need poppler-utils (${still.join(', ')} missing) and it could not be installed; run: apt-get install -y poppler-utils`);
  }
}

// With several test projects (vitest.config.ts) each would run this; the build is done once per run.
const DONE = Symbol.for('babelkit.test.global-setup');

export default async function setup(): Promise<(() => void) | undefined> {
  const g = globalThis as { [DONE]?: Promise<void> };
  if (g[DONE]) return g[DONE].then(() => undefined);
  // every temporary file of the run (the tests', the commands' and servers' they start, Chromium's profiles) goes
  // into one folder, deleted when the run ends: a test that fails halfway leaves nothing behind in /tmp
  const scratch = mkdtempSync(join(tmpdir(), 'babelkit-tests-'));
  process.env.TMPDIR = scratch;
  await (g[DONE] = build());
  return () => {
    try {
      rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
    } catch (e) {
      // a process still writing there as the run ends: the folder is left, the run's result stands
      console.warn(`global teardown: could not delete ${scratch}: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
}

async function build(): Promise<void> {
  const installing = aptInstall([...(missingTools().length ? ['poppler-utils'] : []), ...(existsSync(CHROMIUM) ? [] : ['chromium'])]);
  console.log('global setup: building dist/ and the editor bundle');
  const root = fileURLToPath(new URL('..', import.meta.url));
  // the schema check compiled ahead of time first: the editor's workers bundle it (editor/src/shared/schema-check.ts)
  execFileSync(process.execPath, [fileURLToPath(new URL('../schemas/build-validator.mjs', import.meta.url))], { cwd: root, stdio: 'inherit' });
  // the editor's bundle is built from the sources, not from dist/: Vite runs beside tsc, on the other core
  const editor = new Promise<void>((resolve, reject) => {
    const vite = spawn(process.execPath, [fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url)), 'build', '--config', 'editor/vite.config.ts', '--logLevel', 'error'], {
      cwd: root,
      stdio: 'inherit',
      // vitest sets NODE_ENV=test, which would make Vite bundle Lit's development build
      env: { ...process.env, NODE_ENV: 'production' },
    });
    vite.on('error', reject);
    vite.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the editor's bundle did not build (vite exited with ${code})`))));
  });
  try {
    // tsconfig.build.json builds incrementally (its record is dist/.tsbuildinfo): after `npm ci` built dist/, this
    // compiles only what changed (about 5 s instead of 25); deleting dist/ starts afresh
    execFileSync(process.execPath, [fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url)), '-p', 'tsconfig.build.json'], {
      cwd: root,
      stdio: 'inherit',
    });
    // and the command line bundled (validate in one file, the other commands in a few), as `npm run build` makes it
    execFileSync(process.execPath, [fileURLToPath(new URL('../cli/bundle.mjs', import.meta.url))], { cwd: root, stdio: 'inherit' });
  } catch (e) {
    await editor.catch(() => undefined); // tsc's error is the one to show
    await installing;
    throw e;
  }
  await editor;
  await installing;
  checkInstalled();
}
