// Before any test: build dist/ (the CLI tests run the real `babelkit` binary, never stale output) and the
// web editor's bundle (dist-editor/, served to Chromium by the end-to-end tests), and make sure the PDF
// tools the print tests read PDFs back with and Chromium for the browser tests are there — installed from
// Debian's packages when missing, so `npm ci && npm test` works on a fresh machine and nothing skips.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PDF_TOOLS = ['pdfinfo', 'pdffonts', 'pdftotext', 'pdftoppm'];

function missingTools(): string[] {
  return PDF_TOOLS.filter((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status !== 0);
}

const CHROMIUM = '/usr/bin/chromium';

function apt(args: string[]): void {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = asRoot ? [] : ['sudo', '-n'];
  spawnSync(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...args], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  apt(['update']);
  apt(['install', '-y', 'chromium']);
  if (!existsSync(CHROMIUM)) {
    throw new Error(`the browser tests need Debian's chromium (${CHROMIUM}) and it could not be installed; run: apt-get install -y chromium`);
  }
}

function ensurePdfTools(): void {
  if (missingTools().length === 0) return;
  apt(['update']);
  apt(['install', '-y', 'poppler-utils']);
  const still = missingTools();
  if (still.length) {
    throw new Error(`the print tests need poppler-utils (${still.join(', ')} missing) and it could not be installed; run: apt-get install -y poppler-utils`);
  }
}

// With several test projects (vitest.config.ts) each would run this; the build is done once per run.
const DONE = Symbol.for('babelkit.test.global-setup');

export default function setup(): Promise<void> {
  const g = globalThis as { [DONE]?: Promise<void> };
  return (g[DONE] ??= build());
}

async function build(): Promise<void> {
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
    // and `babelkit validate` bundled into one file, as `npm run build` makes it
    execFileSync(process.execPath, [fileURLToPath(new URL('../cli/bundle.mjs', import.meta.url))], { cwd: root, stdio: 'inherit' });
  } catch (e) {
    await editor.catch(() => undefined); // tsc's error is the one to show
    throw e;
  }
  await editor;
  ensurePdfTools();
  ensureChromium();
}
