// Validation worker: the project's own loader (the same code as `babelkit validate`) on the edited text,
// with every open file available so `extends` resolves. Returns the diagnostics and the merged value.
import { loadRulesetText } from '../../engine/index.js';
import type { ValidateRequest, ValidateResponse } from './validation.js';

self.onmessage = (e: MessageEvent<ValidateRequest>) => {
  const { id, path, files } = e.data;
  const t0 = performance.now();
  let res: ValidateResponse;
  try {
    const read = (p: string) => files[p];
    const r = loadRulesetText(path, files[path] ?? '', read);
    let value: unknown;
    try {
      value = r.value === undefined ? undefined : structuredClone(r.value);
    } catch {
      value = JSON.parse(JSON.stringify(r.value));
    }
    res = { id, path, diagnostics: r.diagnostics, value, valid: !!r.game, files: r.files, ms: performance.now() - t0 };
  } catch (err) {
    res = {
      id, path, valid: false, files: [path], ms: performance.now() - t0,
      diagnostics: [{ file: path, line: 1, col: 1, severity: 'error', message: `internal error while checking: ${err instanceof Error ? err.message : String(err)}` }],
    };
  }
  (self as unknown as Worker).postMessage(res);
};
