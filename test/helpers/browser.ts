// End-to-end helpers: the built editor (dist-editor/, built once by the global setup) served by
// `vite preview` on a free port, and Debian's Chromium driven by playwright-core. One browser and one
// server per test file; every console error and page error is collected so tests can assert there are none.
import { afterAll, beforeAll } from 'vitest';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const root = fileURLToPath(new URL('../..', import.meta.url));
export const EDITOR_CONFIG = `${root}editor/vite.config.ts`;
export const EDITOR_DIST = `${root}dist-editor`;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export interface EditorServer {
  url: string;
  close(): Promise<void>;
}

/** Serves the built editor (built by test/global-setup.ts) on 127.0.0.1 and a free port; `headers` are added to
 *  every answer (a Content-Security-Policy, say). */
export async function startEditorServer(headers?: Record<string, string>): Promise<EditorServer> {
  if (!existsSync(`${EDITOR_DIST}/index.html`)) throw new Error(`${EDITOR_DIST}/index.html is missing: the global test setup builds it (vite build --config editor/vite.config.ts)`);
  const port = await freePort();
  const server: PreviewServer = await preview({
    configFile: EDITOR_CONFIG,
    logLevel: 'silent',
    preview: { host: '127.0.0.1', port, strictPort: true, open: false, ...(headers ? { headers } : {}) },
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => server.close(),
  };
}

export interface Session {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** console errors, page errors and failed requests seen so far, in order */
  errors: string[];
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: the global test setup installs Debian's chromium`);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** A fresh context and page (empty storage) on the given browser, collecting errors. */
export async function newSession(browser: Browser, viewport = { width: 1440, height: 900 }): Promise<Session> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => errors.push(`requestfailed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  return { browser, context, page, errors, close: () => context.close() };
}

/** Opens the editor in a fresh session and waits until Monaco shows the ruleset. */
export async function openEditor(browser: Browser, url: string): Promise<Session> {
  const s = await newSession(browser);
  await s.page.goto(url);
  await waitForMonaco(s.page);
  return s;
}

export async function waitForMonaco(page: Page): Promise<void> {
  await page.locator('.monaco-editor .view-lines').first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForFunction(() => !!(window as unknown as { bk?: { ready?: boolean } }).bk?.ready, undefined, { timeout: 60_000 });
}

/** What the editor page exposes for tests as `window.bk` (see editor/src/bk-app.ts). */
export interface EditorHook {
  ready: boolean;
  app: { pending: boolean };
  ws: { current: string; persist(): void };
  settled(): Promise<void>;
  timings: Record<string, number>;
  editors?: {
    main: {
      getValue(): string;
      getPosition(): { toJSON(): unknown } | null;
      setSelection(r: { startLineNumber: number; startColumn: number; endLineNumber: number; endColumn: number }): void;
      focus(): void;
      getVisibleRanges(): { startLineNumber: number; endLineNumber: number }[];
      setScrollTop(top: number): void;
    };
    markers(): { startLineNumber: number; startColumn: number; message: string; severity: number }[];
    reveal(line: number, col: number): void;
  };
}

declare global {
  interface Window {
    bk: EditorHook;
  }
}

/** The editor served and Chromium launched once for a test file (closed after it): `editorAndBrowser()`
 *  in the file's top scope, then `env.server.url` and `env.browser` inside its tests. */
export function editorAndBrowser(headers?: Record<string, string>): { readonly server: EditorServer; readonly browser: Browser } {
  let server: EditorServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startEditorServer(headers);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get server() { if (!server) throw new Error('the editor server is not started yet'); return server; },
    get browser() { if (!browser) throw new Error('the browser is not launched yet'); return browser; },
  };
}
