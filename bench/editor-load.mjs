#!/usr/bin/env node
// `npm run bench:editor`: the web editor's first load in headless Chromium (Debian's /usr/bin/chromium),
// and its bundle sizes. Builds dist-editor/, serves it with `vite preview`, then for each run opens a
// fresh browser context (empty cache and storage) and measures, from navigation start:
//   shell   — the app shell drawn (file list and card table present)
//   monaco  — Monaco visible with the ruleset's first lines
//   checked — the first validation shown (problems list settled)
// and, in the same page, keystroke → marker: a key typed that breaks the ruleset until its marker is set
// (200 ms debounce included), and the key that fixes it until the marker is gone.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';
import { chromium } from 'playwright-core';

process.env.NODE_ENV ??= 'production';
const RUNS = Number(process.env.RUNS ?? 7);
const configFile = fileURLToPath(new URL('../editor/vite.config.ts', import.meta.url));
const dist = fileURLToPath(new URL('../dist-editor/assets/', import.meta.url));

await build({ configFile, logLevel: 'error' });
const server = await preview({ configFile, logLevel: 'error', preview: { host: '127.0.0.1', port: 0 } });
const url = server.resolvedUrls.local[0];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const results = { shell: [], monaco: [], checked: [] };
const typing = { marker: [], cleared: [] };
for (let i = 0; i < RUNS; i++) {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator('bk-card-table, .bk-files button').first().waitFor();
  const shell = await page.evaluate(() => performance.now());
  await page.locator('.monaco-editor .view-lines').first().waitFor({ state: 'visible' });
  await page.waitForFunction(() => document.querySelector('.bk-pane-main .view-lines')?.textContent?.includes('babel-builders'));
  const monaco = await page.evaluate(() => performance.now());
  await page.waitForFunction(() => window.bk?.ready && !window.bk.app.pending);
  const checked = await page.evaluate(() => performance.now());
  results.shell.push(shell);
  results.monaco.push(monaco);
  results.checked.push(checked);
  // line 18 of Babel Builders is empty: one key there ('x', a YAML error) until its marker shows; then
  // deleting it until the marker is gone
  await page.evaluate(() => window.bk.editors.reveal(18, 1));
  const markerMs = await page.evaluate(async () => {
    const ed = window.bk.editors;
    const t0 = performance.now();
    if (ed.markers().length) throw new Error('markers before typing');
    ed.main.trigger('keyboard', 'type', { text: 'x' });
    while (ed.markers().length === 0) await new Promise((r) => setTimeout(r, 2));
    return performance.now() - t0;
  });
  const clearedMs = await page.evaluate(async () => {
    const ed = window.bk.editors;
    const t0 = performance.now();
    const m = ed.main.getModel();
    ed.main.executeEdits('bench', [{ range: { startLineNumber: 18, startColumn: 1, endLineNumber: 18, endColumn: m.getLineMaxColumn(18) }, text: '' }]);
    while (ed.markers().length !== 0) await new Promise((r) => setTimeout(r, 2));
    return performance.now() - t0;
  });
  typing.marker.push(markerMs);
  typing.cleared.push(clearedMs);
  await ctx.close();
}
await browser.close();
await server.close();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`first load, ${RUNS} runs, fresh context each (median, min–max ms):`);
for (const [k, xs] of Object.entries(results)) console.log(`  ${k.padEnd(8)} ${median(xs).toFixed(0).padStart(6)}   ${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`);
console.log('keystroke to marker (200 ms debounce + loader in the worker):');
for (const [k, xs] of Object.entries(typing)) console.log(`  ${k.padEnd(8)} ${median(xs).toFixed(0).padStart(6)}   ${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`);

const kb = (n) => `${(n / 1024).toFixed(0)} KiB`;
const rows = readdirSync(dist)
  .filter((f) => /\.(js|css)$/.test(f))
  .map((f) => {
    const bytes = readFileSync(dist + f);
    return { f, size: statSync(dist + f).size, gz: gzipSync(bytes).length };
  })
  .sort((a, b) => b.size - a.size);
console.log('\nbundle (dist-editor/assets, raw / gzip):');
for (const r of rows) console.log(`  ${r.f.padEnd(34)} ${kb(r.size).padStart(9)} / ${kb(r.gz).padStart(8)}`);
