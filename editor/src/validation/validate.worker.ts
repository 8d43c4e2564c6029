// Validation worker: the project's own loader (the same code as `babelkit validate`) on the edited text,
// with every open file available so `extends` resolves. Returns the diagnostics and the merged value.
import '../shared/schema-check.js';
import { diffRulesets, loadRulesetText, type Change } from '../../../engine/index.js';
import { serve } from '../shared/rpc-serve.js';
import { imageReaderOf, readerOf } from '../shared/source.js';
import type { ValidateResponse, ValidationApi } from './api.js';

serve<ValidationApi>({
  validate({ path, files, images }): ValidateResponse {
    const t0 = performance.now();
    try {
      const read = readerOf(files);
      const r = loadRulesetText(path, read(path) ?? '', read, { readImage: imageReaderOf(images) });
      let value: unknown;
      try {
        value = r.value === undefined ? undefined : structuredClone(r.value);
      } catch {
        value = JSON.parse(JSON.stringify(r.value));
      }
      // a variant: its base read alone, and what the variant changes in it
      let changes: Change[] | undefined;
      const basePath = r.files[1];
      if (basePath && r.value !== undefined) {
        const b = loadRulesetText(basePath, read(basePath) ?? '', read);
        if (b.value !== undefined) changes = diffRulesets(b.value, r.value);
      }
      return { path, diagnostics: r.diagnostics, value, valid: !!r.game, files: r.files, changes, ms: performance.now() - t0 };
    } catch (err) {
      // a loader bug is shown where the designer looks, as a problem of the file
      return {
        path, valid: false, files: [path], ms: performance.now() - t0,
        diagnostics: [{ file: path, line: 1, col: 1, severity: 'error', message: `internal error while checking: ${err instanceof Error ? err.message : String(err)}` }],
      };
    }
  },
});
