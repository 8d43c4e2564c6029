// The validation loop: the open file is checked by the validation worker (validate.worker.ts) 200 ms after
// the last keystroke, at once when another file is opened; the newest request wins. Holds what the editor
// shows of the result — diagnostics, the merged ruleset value, a variant's base — and says 'change' when
// any of it (or `pending`) changed, 'checked' when a result has been taken in.
import { RpcClient } from '../shared/rpc-client.js';
import type { Workspace } from '../workspace.js';
import type { Change, Diagnostic, RulesetValue, ValidateResponse, ValidationApi } from './api.js';

/** Validation waits this long after the last keystroke. */
export const DEBOUNCE_MS = 200;

export class ValidationLoop extends EventTarget {
  diagnostics: Diagnostic[] = [];
  /** the files the diagnostics cover: the ruleset first, then its bases */
  files: string[] = [];
  /** the merged value of the last text that could be read */
  value: RulesetValue | undefined;
  /** the file a variant extends ('' for a ruleset that extends nothing) */
  basePath = '';
  /** a variant: what it changes from its base */
  changes: Change[] = [];
  /** the current text has not been checked yet */
  pending = true;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastChecked = '';
  private waiters: (() => void)[] = [];
  private readonly worker = new RpcClient<ValidationApi>(() => new Worker(new URL('./validate.worker.ts', import.meta.url), { type: 'module' }), {
    name: 'the validation worker',
  });

  constructor(private readonly ws: Workspace) {
    super();
    ws.addEventListener('change', (e) => {
      const kind = e instanceof CustomEvent ? e.detail : '';
      if (kind === 'open') {
        this.basePath = '';
        this.changes = [];
        this.soon(0);
      } else if (kind === 'text') this.soon(DEBOUNCE_MS);
    });
  }

  /** Checks the open file now. */
  start(): void {
    this.soon(0);
  }

  get errors(): number {
    return this.diagnostics.filter((d) => d.severity === 'error').length;
  }

  /** Resolves once the current text has been validated and its result taken in. */
  settled(): Promise<void> {
    if (!this.pending && this.lastChecked === this.key()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private key(): string {
    return `${this.ws.current}\u0000${this.ws.entry.text}`;
  }

  private soon(ms: number): void {
    if (!this.pending) {
      this.pending = true;
      this.changed('change');
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.check(), ms);
  }

  private async check(): Promise<void> {
    const key = this.key();
    const path = this.ws.current;
    let r: ValidateResponse | null;
    try {
      r = await this.worker.latest('validate', { path, files: this.ws.texts(), images: this.ws.imageFiles() });
    } catch (e) {
      // the worker died: said where the designer looks, as a problem of the file (the next check starts a new one)
      const message = e instanceof Error ? e.message : String(e);
      r = { path, valid: false, files: [path], ms: 0, diagnostics: [{ file: path, line: 1, col: 1, severity: 'error', message }] };
    }
    if (!r || key !== this.key()) return; // overtaken by a newer edit
    this.lastChecked = key;
    this.diagnostics = r.diagnostics;
    this.files = r.files;
    // the loader has checked the value's shape: the panels read it as RulesetValue
    if (r.value !== undefined) this.value = r.value as RulesetValue;
    this.basePath = r.files[1] ?? '';
    this.changes = r.changes ?? [];
    this.pending = false;
    this.changed('checked');
    this.changed('change');
    const w = this.waiters;
    this.waiters = [];
    w.forEach((f) => f());
  }

  /** Checks a text the open file might become (a CSV import's result) without showing it: its diagnostics. */
  async checkText(text: string): Promise<Diagnostic[]> {
    const path = this.ws.current;
    const r = await this.worker.call('validate', { path, files: { ...this.ws.texts(), [path]: text }, images: this.ws.imageFiles() });
    return r.diagnostics;
  }

  private changed(type: 'change' | 'checked'): void {
    this.dispatchEvent(new Event(type));
  }
}
