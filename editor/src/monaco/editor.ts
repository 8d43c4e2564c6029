// Monaco, loaded lazily (this module is the heavy chunk). One model per file; the loader's diagnostics are
// pushed as markers (monaco-yaml's own validation is off: it stubs ajv). monaco-yaml gives completion and
// hover from schemas/ruleset.schema.json. A second, read-only editor shows a variant's base beside it.
import 'monaco-editor/esm/vs/editor/edcore.main.js';
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api.js';
import 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
import { configureMonacoYaml } from 'monaco-yaml';
import YamlWorker from './yaml.worker.ts?worker';
import schema from '../../../schemas/ruleset.schema.json';
import type { Diagnostic } from '../validation/api.js';

(globalThis as unknown as { MonacoEnvironment: unknown }).MonacoEnvironment = {
  getWorker(_id: string, label: string) {
    return label === 'yaml' ? new YamlWorker() : new EditorWorker();
  },
};

// monaco-yaml 5.5.1 asks for its worker the 0.54 way ({ moduleId, label, createData }); monaco-editor 0.55
// wants the Worker itself. This adapter creates it and hands over the create data as 0.55's own
// language workers do.
type LegacyWorkerOptions = { moduleId?: string; label?: string; createData?: unknown; host?: unknown; keepIdleModels?: boolean; worker?: unknown };
const monacoForYaml = {
  ...monaco,
  editor: {
    ...monaco.editor,
    createWebWorker(opts: LegacyWorkerOptions) {
      if (opts.worker) return monaco.editor.createWebWorker(opts as never);
      const worker = new YamlWorker();
      worker.postMessage('ignore');
      worker.postMessage(opts.createData);
      return monaco.editor.createWebWorker({ worker, host: opts.host, keepIdleModels: opts.keepIdleModels } as never);
    },
  },
};

configureMonacoYaml(monacoForYaml as never, {
  enableSchemaRequest: false,
  validate: false,
  completion: true,
  hover: true,
  schemas: [{ uri: 'https://babelkit.local/ruleset.schema.json', fileMatch: ['**/*.yaml', '**/*.yml', '*.yaml'], schema: schema as never }],
});

export const MARKER_OWNER = 'babelkit';
/** Monaco's monospace stack, with the print font's Japanese set for CJK characters. */
const MONO = `Menlo, Monaco, Consolas, "DejaVu Sans Mono", "Liberation Mono", "Courier New", monospace, bk-cjk`;

function uriOf(path: string): monaco.Uri {
  return monaco.Uri.parse(`file:///${path}`);
}

export interface EditorEvents {
  /** the text of `path` changed by typing (not by `setText`) */
  onEdit(path: string, text: string): void;
  onCursor?(path: string, line: number, col: number): void;
}

export class MonacoEditors {
  readonly main: monaco.editor.IStandaloneCodeEditor;
  private base: monaco.editor.IStandaloneCodeEditor | null = null;
  private path = '';
  private quiet = false;
  readonly monaco = monaco;

  constructor(private readonly host: HTMLElement, private readonly baseHost: HTMLElement, private readonly events: EditorEvents) {
    this.main = monaco.editor.create(host, {
      automaticLayout: true,
      fontSize: 13,
      fontFamily: MONO,
      minimap: { enabled: true, scale: 1 },
      scrollBeyondLastLine: false,
      tabSize: 2,
      insertSpaces: true,
      renderWhitespace: 'boundary',
      wordWrap: 'off',
      fixedOverflowWidgets: true,
      'semanticHighlighting.enabled': false,
      // rulesets are prose too: ×, — and Japanese text are meant, not look-alikes to flag
      unicodeHighlight: { ambiguousCharacters: false, nonBasicASCII: false, invisibleCharacters: true },
    });
    this.main.onDidChangeModelContent(() => {
      if (this.quiet) return;
      this.events.onEdit(this.path, this.main.getValue());
    });
    this.main.onDidChangeCursorPosition((e) => this.events.onCursor?.(this.path, e.position.lineNumber, e.position.column));
    // Chromium may scroll Monaco's own overflow-hidden viewport natively (to bring its hidden text area into
    // view as one types in a narrow pane), which shifts the text out of sight with nothing to scroll it back:
    // that viewport's scrolling is Monaco's alone, so any native offset is undone at once.
    for (const h of [host, baseHost]) h.addEventListener('scroll', pinViewport, true);
  }

  private model(path: string, text: string): monaco.editor.ITextModel {
    const uri = uriOf(path);
    let m = monaco.editor.getModel(uri);
    if (!m) m = monaco.editor.createModel(text, 'yaml', uri);
    else if (m.getValue() !== text) this.replaceAll(m, text);
    return m;
  }

  /** Shows `path` (creating its model) with `text`. */
  show(path: string, text: string): void {
    const m = this.model(path, text);
    this.path = path;
    if (this.main.getModel() !== m) {
      this.quiet = true;
      this.main.setModel(m);
      this.quiet = false;
    }
  }

  /**
   * Sets the text from outside (a form edit, a restore): the smallest changed span is replaced as one
   * undoable edit, so the cursor, the scroll position and the undo history stay.
   */
  setText(path: string, text: string): void {
    const m = monaco.editor.getModel(uriOf(path));
    if (!m) return;
    this.quiet = true;
    try {
      this.replaceAll(m, text);
    } finally {
      this.quiet = false;
    }
  }

  private replaceAll(m: monaco.editor.ITextModel, text: string): void {
    const old = m.getValue();
    if (old === text) return;
    let a = 0;
    const max = Math.min(old.length, text.length);
    while (a < max && old.charCodeAt(a) === text.charCodeAt(a)) a++;
    let b = 0;
    while (b < max - a && old.charCodeAt(old.length - 1 - b) === text.charCodeAt(text.length - 1 - b)) b++;
    const start = m.getPositionAt(a);
    const end = m.getPositionAt(old.length - b);
    m.pushEditOperations(
      [],
      [{ range: new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column), text: text.slice(a, text.length - b) }],
      () => null,
    );
    m.pushStackElement();
  }

  /** Markers for every model from the loader's diagnostics (files by virtual path). */
  setDiagnostics(diagnostics: Diagnostic[], paths: string[]): void {
    const byFile = new Map<string, Diagnostic[]>();
    for (const p of paths) byFile.set(p, []);
    for (const d of diagnostics) {
      if (!byFile.has(d.file)) byFile.set(d.file, []);
      byFile.get(d.file)!.push(d);
    }
    for (const [file, ds] of byFile) {
      const m = monaco.editor.getModel(uriOf(file));
      if (!m) continue;
      monaco.editor.setModelMarkers(m, MARKER_OWNER, ds.map((d) => markerOf(m, d)));
    }
  }

  reveal(line: number, col: number): void {
    this.main.revealPositionInCenter({ lineNumber: line, column: col });
    this.main.setPosition({ lineNumber: line, column: col });
    this.main.focus();
  }

  /** Shows a line a form has just written, or the line of the card selected in the table (`inBase`: in the
   *  base beside), scrolled into view and marked for a moment, leaving the focus and the caret where they are:
   *  the designer goes on in the form. */
  showEdited(line: number, inBase = false): void {
    const ed = inBase ? this.base : this.main;
    if (!ed?.getModel()) return;
    ed.revealLineInCenterIfOutsideViewport(line);
    for (const [e, ids] of this.edited) if (e !== ed) this.edited.set(e, e.deltaDecorations(ids, []));
    this.edited.set(ed, ed.deltaDecorations(this.edited.get(ed) ?? [], [{ range: new monaco.Range(line, 1, line, 1), options: { isWholeLine: true, className: 'bk-edited-line' } }]));
    clearTimeout(this.editedTimer);
    this.editedTimer = setTimeout(() => {
      for (const [e, ids] of this.edited) this.edited.set(e, e.deltaDecorations(ids, []));
    }, 1500);
  }

  private readonly edited = new Map<monaco.editor.IStandaloneCodeEditor, string[]>();
  private editedTimer: ReturnType<typeof setTimeout> | undefined;

  /** Shows (or hides, with null) the read-only base editor beside the main one. */
  showBase(base: { path: string; text: string } | null): void {
    if (!base) {
      this.base?.setModel(null);
      return;
    }
    if (!this.base) {
      this.base = monaco.editor.create(this.baseHost, {
        automaticLayout: true, fontSize: 13, fontFamily: MONO, readOnly: true, minimap: { enabled: false }, scrollBeyondLastLine: false,
        renderLineHighlight: 'none', fixedOverflowWidgets: true,
        unicodeHighlight: { ambiguousCharacters: false, nonBasicASCII: false, invisibleCharacters: true },
      });
    }
    const m = this.model(base.path, base.text);
    if (this.base.getModel() !== m) this.base.setModel(m);
  }

  /** Markers of the current model (for tests and the status bar). */
  markers(path = this.path): monaco.editor.IMarker[] {
    return monaco.editor.getModelMarkers({ owner: MARKER_OWNER, resource: uriOf(path) });
  }

  /** Types text at a position as a user would (one undoable edit through the editor). */
  typeAt(line: number, col: number, text: string): void {
    this.main.setPosition({ lineNumber: line, column: col });
    this.main.trigger('keyboard', 'type', { text });
  }

  layout(): void {
    this.main.layout();
    this.base?.layout();
  }
}

function pinViewport(e: Event): void {
  const el = e.target;
  if (el instanceof HTMLElement && el.classList.contains('monaco-scrollable-element') && (el.scrollLeft !== 0 || el.scrollTop !== 0)) {
    el.scrollLeft = 0;
    el.scrollTop = 0;
  }
}

/** A marker spanning the word (or the rest of the token) at the diagnostic's position. */
function markerOf(m: monaco.editor.ITextModel, d: Diagnostic): monaco.editor.IMarkerData {
  const line = Math.min(Math.max(1, d.line), m.getLineCount());
  const maxCol = m.getLineMaxColumn(line);
  const col = Math.min(Math.max(1, d.col), maxCol);
  const text = m.getLineContent(line);
  let end = col;
  while (end < maxCol && !/[\s,}\]]/.test(text[end - 1]!)) end++;
  if (end === col) end = Math.min(maxCol, col + 1);
  if (end === col && col > 1) return markerRange(d, line, col - 1, col);
  return markerRange(d, line, col, end);
}

function markerRange(d: Diagnostic, line: number, c1: number, c2: number): monaco.editor.IMarkerData {
  return {
    severity: d.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
    message: d.message,
    startLineNumber: line, startColumn: c1, endLineNumber: line, endColumn: Math.max(c2, c1 + 1),
    source: 'babelkit',
  };
}
