// The files being edited: the bundled rulesets plus the designer's own (opened, created as variants).
// Every change is autosaved to browser storage; `dirty` is what has not been saved to a file yet.
import { BUNDLED, FIRST } from './bundled.js';

export interface FileEntry {
  path: string;
  text: string;
  /** the text as last opened from or saved to a file (or as shipped) */
  saved: string;
  bundled: boolean;
}

export const STORAGE_KEY = 'babelkit.editor.v1';

interface Stored {
  current: string;
  files: { path: string; text: string; saved: string; bundled: boolean }[];
}

export type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export class Workspace extends EventTarget {
  readonly files = new Map<string, FileEntry>();
  /** image files the designer opened (PNG, JPEG, SVG), by virtual path: kept for this visit of the page */
  readonly images = new Map<string, Uint8Array>();
  current = FIRST;
  /** true when work was found in browser storage at start */
  restored = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly store: Store | undefined = globalThis.localStorage, private readonly autosaveMs = 300) {
    super();
    for (const [path, text] of Object.entries(BUNDLED)) this.files.set(path, { path, text, saved: text, bundled: true });
    this.restore();
  }

  private restore(): void {
    let raw: string | null = null;
    try {
      raw = this.store?.getItem(STORAGE_KEY) ?? null;
    } catch {
      raw = null;
    }
    if (!raw) return;
    try {
      const s = JSON.parse(raw) as Stored;
      for (const f of s.files) {
        if (typeof f.path !== 'string' || typeof f.text !== 'string') continue;
        const shipped = BUNDLED[f.path];
        this.files.set(f.path, { path: f.path, text: f.text, saved: typeof f.saved === 'string' ? f.saved : shipped ?? '', bundled: shipped !== undefined });
      }
      if (this.files.has(s.current)) this.current = s.current;
      this.restored = s.files.length > 0;
    } catch {
      // unreadable storage is left as it is (never overwritten by a blank state before the user edits)
    }
  }

  get entry(): FileEntry {
    return this.files.get(this.current)!;
  }

  /** Every file's current text, by virtual path (for the loader and the playtest: `extends` resolves). */
  texts(): Record<string, string> {
    return Object.fromEntries([...this.files.values()].map((f) => [f.path, f.text]));
  }

  /** The opened images, by virtual path (for the loader: the card layouts' `image` elements). */
  imageFiles(): Record<string, Uint8Array> {
    return Object.fromEntries(this.images);
  }

  /** Adds (or replaces) an image; the open ruleset is checked again (it may draw it). */
  addImage(path: string, bytes: Uint8Array): void {
    this.images.set(path, bytes);
    this.dispatchEvent(new CustomEvent('change', { detail: 'text' }));
  }

  isDirty(path = this.current): boolean {
    const f = this.files.get(path);
    return !!f && f.text !== f.saved;
  }

  anyDirty(): boolean {
    return [...this.files.values()].some((f) => f.text !== f.saved);
  }

  open(path: string): void {
    if (!this.files.has(path) || path === this.current) return;
    this.current = path;
    this.changed('open');
  }

  setText(text: string, path = this.current): void {
    const f = this.files.get(path);
    if (!f || f.text === text) return;
    f.text = text;
    this.changed('text');
  }

  /** Adds (or replaces) a file the designer opened or created. */
  add(path: string, text: string, saved = text): void {
    const shipped = BUNDLED[path];
    this.files.set(path, { path, text, saved, bundled: shipped !== undefined });
    this.current = path;
    this.changed('open');
  }

  markSaved(path = this.current): void {
    const f = this.files.get(path);
    if (!f) return;
    f.saved = f.text;
    this.changed('saved');
  }

  /** Back to the shipped text (bundled files) or removed (the designer's own). */
  revert(path = this.current): void {
    const f = this.files.get(path);
    if (!f) return;
    if (f.bundled) {
      f.text = f.saved = BUNDLED[path]!;
    } else {
      this.files.delete(path);
      if (this.current === path) this.current = FIRST;
    }
    this.changed('open');
  }

  /** A free path like `rulesets/variants/my-variant.yaml`. */
  freePath(dir: string, stem: string): string {
    for (let i = 1; ; i++) {
      const p = `${dir}/${stem}${i === 1 ? '' : `-${i}`}.yaml`;
      if (!this.files.has(p)) return p;
    }
  }

  private changed(kind: string): void {
    this.dispatchEvent(new CustomEvent('change', { detail: kind }));
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.persist(), this.autosaveMs);
  }

  /** Writes the work to browser storage now (only what differs from the shipped files). */
  persist(): void {
    clearTimeout(this.timer);
    const files = [...this.files.values()]
      .filter((f) => !f.bundled || f.text !== BUNDLED[f.path] || f.saved !== BUNDLED[f.path])
      .map(({ path, text, saved, bundled }) => ({ path, text, saved, bundled }));
    const s: Stored = { current: this.current, files };
    try {
      this.store?.setItem(STORAGE_KEY, JSON.stringify(s));
      this.dispatchEvent(new CustomEvent('persisted'));
    } catch (e) {
      this.dispatchEvent(new CustomEvent('persist-error', { detail: String(e) }));
    }
  }
}
