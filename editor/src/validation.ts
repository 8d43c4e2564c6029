// The page's side of the validation worker: the latest request wins, older answers are dropped.
import type { Diagnostic } from '../../engine/index.js';

export type { Diagnostic };

export interface ValidateRequest {
  id: number;
  path: string;
  files: Record<string, string>;
}

export interface ValidateResponse {
  id: number;
  path: string;
  diagnostics: Diagnostic[];
  /** the merged ruleset value (variants resolved), when the YAML could be read */
  value?: unknown;
  /** true when the ruleset compiled into a game */
  valid: boolean;
  /** files read: the ruleset first, then its bases */
  files: string[];
  ms: number;
}

export class Validator {
  private worker: Worker;
  private seq = 0;
  private waiting = new Map<number, (r: ValidateResponse | null) => void>();
  private paths = new Map<number, string>();

  constructor() {
    this.worker = new Worker(new URL('./validate.worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (e: MessageEvent<ValidateResponse>) => {
      const r = e.data;
      for (const [id, resolve] of this.waiting) {
        if (id < r.id) resolve(null); // superseded
      }
      const done = this.waiting.get(r.id);
      this.waiting.delete(r.id);
      this.paths.delete(r.id);
      for (const id of [...this.waiting.keys()]) if (id < r.id) { this.waiting.delete(id); this.paths.delete(id); }
      done?.(r);
    };
    // a worker that fails to start or dies: every waiting check gets the failure as a diagnostic
    this.worker.onerror = (e) => {
      e.preventDefault();
      for (const [id, resolve] of this.waiting) {
        const path = this.paths.get(id) ?? '';
        resolve({ id, path, valid: false, files: [path], ms: 0, diagnostics: [{ file: path, line: 1, col: 1, severity: 'error', message: `the validation worker failed: ${e.message || 'unknown error'}` }] });
      }
      this.waiting.clear();
      this.paths.clear();
    };
  }

  /** Resolves with the answer, or null when a newer request overtook this one. */
  validate(path: string, files: Record<string, string>): Promise<ValidateResponse | null> {
    const id = ++this.seq;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.paths.set(id, path);
      this.worker.postMessage({ id, path, files } satisfies ValidateRequest);
    });
  }

  dispose(): void {
    this.worker.terminate();
  }
}
