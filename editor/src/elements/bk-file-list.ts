// The file list: the bundled rulesets, the bundled variants and the designer's own files, each by the name
// of its game (its path as a tooltip), the open one marked and ● on each with unsaved changes; a click asks to
// open a file (`open-file` { path }).
// Light DOM: styled by app.css with the rest of the shell.
import { LitElement, html, nothing } from 'lit';

export interface FileItem {
  path: string;
  /** the game's name, when the file gives one */
  name?: string;
  bundled: boolean;
  dirty: boolean;
}

export class BkFileList extends LitElement {
  static override properties = {
    files: { attribute: false },
    current: {},
  };

  declare files: FileItem[];
  declare current: string;

  constructor() {
    super();
    this.files = [];
    this.current = '';
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  private open(path: string): void {
    this.dispatchEvent(new CustomEvent<{ path: string }>('open-file', { detail: { path }, bubbles: true }));
  }

  protected override render() {
    const variant = (f: FileItem) => f.path.includes('/variants/');
    const groups: [string, FileItem[]][] = [
      ['Rulesets', this.files.filter((f) => f.bundled && !variant(f))],
      ['Variants', this.files.filter((f) => f.bundled && variant(f))],
      ['Your files', this.files.filter((f) => !f.bundled)],
    ];
    return groups.map(([title, list]) =>
      list.length
        ? html`<h2>${title}</h2>
            <ul>
              ${list.map(
                (f) => html`<li><button class=${f.path === this.current ? 'current' : ''} title=${f.path} data-path=${f.path} @click=${() => this.open(f.path)}>
                  <span class="bk-file-name">${f.name ?? f.path.split('/').pop()}</span>${f.dirty ? html`<span class="bk-dot" title="unsaved changes">●</span>` : nothing}
                </button></li>`,
              )}
            </ul>`
        : nothing,
    );
  }
}

customElements.define('bk-file-list', BkFileList);

declare global {
  interface HTMLElementTagNameMap {
    'bk-file-list': BkFileList;
  }
}
