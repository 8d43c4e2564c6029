// Vite config of the web editor: `npm start` builds it into dist-editor/ and serves it; tests do the same.
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  // the app imports the engine, print/, the schema and the bundled rulesets from the repository
  server: { fs: { allow: [repo] }, host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('../dist-editor', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Monaco is one big lazy chunk by nature; the warning would only repeat that
    chunkSizeWarningLimit: 4000,
    reportCompressedSize: false,
    // the editor, and the pages of a match hosted by `babelkit serve`: a seat's and the host's
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        play: fileURLToPath(new URL('./play.html', import.meta.url)),
        host: fileURLToPath(new URL('./host.html', import.meta.url)),
      },
    },
  },
});
