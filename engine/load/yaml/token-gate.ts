/**
 * The pre-parse gate: bounds nesting, value count, syntax-error floods and
 * document count from the lexer's tokens, before the YAML library builds
 * anything. Generic and browser-safe.
 */
import { CST } from 'yaml';

export type GateTrip =
  /** Nesting too deep: nothing is parsed. */
  | { kind: 'depth'; offset: number }
  /** Certainly more values than maxNodes: nothing is parsed. */
  | { kind: 'values'; offset: number }
  /** Many certain syntax errors: only the text before `offset` is parsed. */
  | { kind: 'errors'; offset: number }
  /** A second document starts at `offset`: only the first is parsed. */
  | { kind: 'document'; offset: number };

type Sig = 'none' | 'value' | 'open' | 'comma' | 'indicator';

/**
 * Watches the lexer's tokens before the YAML parser sees them, so that the
 * parser (which is slow, memory-hungry and recursive on pathological input)
 * is never exposed to:
 * - nesting deeper than the limit: flow brackets are counted exactly, block
 *   nesting is estimated from indentation (with some slack; the exact check is
 *   done on the composed document);
 * - more content tokens than could ever fit in `maxNodes` values;
 * - floods of syntax errors (unmatched closing brackets, empty flow entries,
 *   two values in a row, several anchors or tags on one node): after
 *   `maxErrors` of them the rest of the text is not read;
 * - more than one document: the text from the second document on is not read.
 * Everything counted as an error here is an error for the YAML parser too.
 */
export class Gate {
  private flowDepth = 0;
  private stack: { col: number; kind: 'map' | 'seq' }[] = [];
  private offset = 0;
  private lineStart = 0;
  private afterScalarMarker = false;
  private pendingKeyCol: number | undefined;
  private pendingKeyOff = 0;
  /** Where the depth estimate first went over the limit (reported instead of the trip point). */
  private firstOver: number | undefined;
  /** Content tokens in value position (keys are taken back off when their `:` comes). */
  private values = 0;
  private lastCounted = false;
  /** A block list item was counted as a value; the token that starts it must not count again. */
  private itemCounted = false;
  /** Offset of the token that took `values` over the limit, unless a `:` shows it was a key. */
  private overAt: number | undefined;
  private errorEvents = 0;
  private last: Sig = 'none';
  private sameLine = false;
  private anchorsOnLine = 0;
  private tagsOnLine = 0;
  private docStarted = false;
  private afterDocEnd = false;
  tripped: GateTrip | undefined;

  constructor(
    private readonly depthLimit: number,
    private readonly slack: number,
    private readonly maxValues: number,
    private readonly maxErrorEvents: number,
  ) {}

  private check(depth: number, off: number, exact: boolean): void {
    if (depth > this.depthLimit && this.firstOver === undefined) this.firstOver = off;
    if (depth > this.depthLimit + (exact ? 0 : this.slack)) this.tripped = { kind: 'depth', offset: this.firstOver ?? off };
  }

  private errorEvent(off: number): void {
    if (++this.errorEvents > this.maxErrorEvents && !this.tripped) this.tripped = { kind: 'errors', offset: off };
  }

  /** Something that belongs to a document: detects the start of a second one. */
  private docContent(off: number): boolean {
    if (this.afterDocEnd) {
      this.tripped = { kind: 'document', offset: off };
      return false;
    }
    this.docStarted = true;
    return true;
  }

  /** A scalar, alias or block scalar (or a flow collection start when `open`). */
  private value(col: number, off: number, open = false, counts = true): void {
    if (!this.docContent(off)) return;
    if (this.last === 'value' && this.sameLine) this.errorEvent(off);
    if (counts && this.itemCounted) {
      counts = false;
      this.itemCounted = false;
    }
    this.lastCounted = counts;
    if (counts) this.countValue(off);
    this.content(col, off);
    this.last = open ? 'open' : 'value';
    this.sameLine = true;
    this.anchorsOnLine = 0;
    this.tagsOnLine = 0;
  }

  private countValue(off: number): void {
    if (++this.values > this.maxValues && this.overAt === undefined) this.overAt = off;
  }

  private indicator(off: number): boolean {
    if (!this.docContent(off)) return false;
    this.last = 'indicator';
    this.lastCounted = false;
    this.sameLine = true;
    this.anchorsOnLine = 0;
    this.tagsOnLine = 0;
    return true;
  }

  /** Call after the last lexeme. */
  end(): void {
    if (this.overAt !== undefined) this.tripped ??= { kind: 'values', offset: this.overAt };
  }

  /** Feeds one lexeme; returns false once the gate has tripped. */
  feed(lexeme: string): boolean {
    const off = this.offset;
    if (lexeme === CST.DOCUMENT || lexeme === CST.FLOW_END || lexeme === CST.SCALAR) {
      if (lexeme === CST.SCALAR) this.afterScalarMarker = true;
      else {
        this.flowDepth = 0;
        if (lexeme === CST.DOCUMENT) this.stack = [];
      }
      return true;
    }
    this.offset += lexeme.length;
    const col = off - this.lineStart;
    if (this.overAt !== undefined && !this.afterScalarMarker) {
      const t = CST.tokenType(lexeme);
      if (t === 'map-value-ind' && this.last === 'value' && this.lastCounted) {
        this.values--;
        this.lastCounted = false;
        if (this.values <= this.maxValues) this.overAt = undefined;
      } else if (t !== 'space' && t !== 'comment' && t !== 'newline') {
        this.tripped ??= { kind: 'values', offset: this.overAt };
        return false;
      }
    }
    if (this.afterScalarMarker) {
      this.afterScalarMarker = false;
      this.value(col, off);
      this.noteNewlines(lexeme, off);
      return !this.tripped;
    }
    switch (CST.tokenType(lexeme)) {
      case 'newline':
        this.lineStart = off + lexeme.length;
        this.pendingKeyCol = undefined;
        this.sameLine = false;
        this.anchorsOnLine = 0;
        this.tagsOnLine = 0;
        break;
      case 'doc-start':
        if (this.docStarted || this.afterDocEnd) {
          this.tripped = { kind: 'document', offset: off };
          break;
        }
        this.docStarted = true;
        this.stack = [];
        this.flowDepth = 0;
        this.last = 'none';
        break;
      case 'doc-end':
        this.afterDocEnd = true;
        this.stack = [];
        this.flowDepth = 0;
        this.last = 'none';
        break;
      case 'directive-line':
        if (this.afterDocEnd || this.docStarted) this.tripped = { kind: 'document', offset: off };
        break;
      case 'flow-map-start':
      case 'flow-seq-start':
        this.value(col, off, true);
        this.flowDepth++;
        if (this.flowDepth > this.depthLimit) this.check(this.flowDepth, off, true);
        else this.check(this.stack.length + this.flowDepth, off, false);
        break;
      case 'flow-map-end':
      case 'flow-seq-end':
        if (!this.docContent(off)) break;
        if (this.flowDepth > 0) this.flowDepth--;
        else this.errorEvent(off);
        this.last = 'value';
        this.sameLine = true;
        break;
      case 'comma':
        if (!this.docContent(off)) break;
        if (this.last === 'open' || this.last === 'comma') this.errorEvent(off);
        this.last = 'comma';
        this.anchorsOnLine = 0;
        this.tagsOnLine = 0;
        break;
      case 'seq-item-ind':
        if (!this.indicator(off)) break;
        if (this.flowDepth === 0) {
          this.openBlock(col, 'seq', off);
          this.pendingKeyCol = undefined;
          // Every item is a value (null when empty).
          this.countValue(off);
          this.itemCounted = true;
        }
        break;
      case 'explicit-key-ind':
        this.itemCounted = false;
        if (!this.indicator(off)) break;
        if (this.flowDepth === 0) {
          this.openBlock(col, 'map', off);
          this.pendingKeyCol = undefined;
        }
        break;
      case 'map-value-ind':
        // The token before a `:` was a key, not a value.
        if (this.last === 'value' && this.lastCounted) this.values--;
        this.itemCounted = false;
        if (!this.indicator(off)) break;
        if (this.flowDepth === 0) {
          if (this.pendingKeyCol !== undefined) this.openBlock(this.pendingKeyCol, 'map', this.pendingKeyOff);
          else this.openBlock(col, 'map', off);
          this.pendingKeyCol = undefined;
        }
        break;
      case 'anchor':
      case 'tag': {
        if (!this.docContent(off)) break;
        const n = lexeme[0] === '&' ? ++this.anchorsOnLine : ++this.tagsOnLine;
        if (n > 1) this.errorEvent(off);
        this.content(col, off);
        break;
      }
      case 'space':
      case 'comment':
      case 'byte-order-mark':
        this.noteNewlines(lexeme, off);
        break;
      case 'block-scalar-header':
        // The scalar's body follows as its own token and is counted then.
        this.value(col, off, false, false);
        this.noteNewlines(lexeme, off);
        break;
      default:
        // scalars, aliases
        this.value(col, off);
        this.noteNewlines(lexeme, off);
    }
    return !this.tripped;
  }

  private content(col: number, off: number): void {
    if (this.flowDepth === 0 && this.pendingKeyCol === undefined) {
      this.pendingKeyCol = col;
      this.pendingKeyOff = off;
    }
  }

  private noteNewlines(lexeme: string, off: number): void {
    const nl = lexeme.lastIndexOf('\n');
    if (nl >= 0) {
      this.lineStart = off + nl + 1;
      this.sameLine = false;
      this.pendingKeyCol = undefined;
      this.anchorsOnLine = 0;
      this.tagsOnLine = 0;
    }
  }

  private openBlock(col: number, kind: 'map' | 'seq', off: number): void {
    const st = this.stack;
    while (st.length > 0) {
      const top = st[st.length - 1]!;
      if (top.col > col || (top.col === col && top.kind !== kind && !(top.kind === 'map' && kind === 'seq'))) st.pop();
      else break;
    }
    const top = st[st.length - 1];
    if (!(top && top.col === col && top.kind === kind)) st.push({ col, kind });
    this.check(st.length + this.flowDepth, off, false);
  }
}
