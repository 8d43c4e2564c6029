// The problems list: every diagnostic of the loader, errors first per line; a click (or Enter) jumps to it.
import { LitElement, css, html } from 'lit';
import type { Diagnostic } from '../validation/api.js';

export interface JumpDetail {
  file: string;
  line: number;
  col: number;
}

export class BkProblems extends LitElement {
  static override properties = {
    diagnostics: { attribute: false },
    current: {},
    pending: { type: Boolean },
  };

  declare diagnostics: Diagnostic[];
  declare current: string;
  declare pending: boolean;

  constructor() {
    super();
    this.diagnostics = [];
    this.current = '';
    this.pending = false;
  }

  static override styles = css`
    :host { display: flex; flex-direction: column; min-height: 0; font-size: 13px; }
    header { display: flex; align-items: center; gap: 10px; padding: 6px 12px; border-bottom: 1px solid var(--bk-line, #ddd); background: #fafaf8; }
    h2 { margin: 0; font-size: 11px; text-transform: uppercase; letter-spacing: .08em; color: var(--bk-muted, #666); }
    .count { font-size: 12px; color: var(--bk-muted, #666); }
    .count.bad { color: var(--bk-error, #c8372d); font-weight: 600; }
    .count.good { color: var(--bk-ok, #3a8a4f); font-weight: 600; }
    ul { list-style: none; margin: 0; padding: 0; overflow: auto; flex: 1; }
    li button { all: unset; box-sizing: border-box; display: grid; grid-template-columns: 18px minmax(0, 1fr) auto; gap: 8px; width: 100%; padding: 4px 12px; cursor: pointer; }
    li button:hover, li button:focus-visible { background: var(--bk-accent-soft, #e6eef9); }
    .sev { font-weight: 700; text-align: center; }
    .error .sev { color: var(--bk-error, #c8372d); }
    .warning .sev { color: var(--bk-warn, #b7791f); }
    .msg { white-space: pre-wrap; word-break: break-word; }
    .where { color: var(--bk-muted, #666); font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; white-space: nowrap; }
    .empty { padding: 8px 12px; color: var(--bk-muted, #666); }
  `;

  private jump(d: Diagnostic): void {
    this.dispatchEvent(new CustomEvent<JumpDetail>('jump', { detail: { file: d.file, line: d.line, col: d.col }, bubbles: true, composed: true }));
  }

  protected override render() {
    const errors = this.diagnostics.filter((d) => d.severity === 'error').length;
    const warnings = this.diagnostics.length - errors;
    return html`
      <header>
        <h2>Problems</h2>
        <span class="count ${errors ? 'bad' : 'good'}" data-testid="problem-count">
          ${this.pending ? 'checking…' : errors || warnings ? `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}` : 'no problems'}
        </span>
      </header>
      ${this.diagnostics.length === 0
        ? html`<div class="empty">The ruleset loads without problems.</div>`
        : html`<ul>
            ${this.diagnostics.map(
              (d) => html`<li class=${d.severity}>
                <button @click=${() => this.jump(d)} title="Go to ${d.file}:${d.line}:${d.col}">
                  <span class="sev">${d.severity === 'error' ? '✕' : '!'}</span>
                  <span class="msg">${d.message}</span>
                  <span class="where">${d.file === this.current ? '' : `${d.file.split('/').pop()}:`}${d.line}:${d.col}</span>
                </button>
              </li>`,
            )}
          </ul>`}
    `;
  }
}

customElements.define('bk-problems', BkProblems);
declare global {
  interface HTMLElementTagNameMap {
    'bk-problems': BkProblems;
  }
}
