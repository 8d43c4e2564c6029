// The app shell: file list | editor (Monaco, light DOM) with the problems list under it | side panels
// (cards, blueprint, preview), and the playtest view. Rendered in the light DOM so Monaco's CSS applies.
import { LitElement, html, nothing } from 'lit';
import { Workspace } from './workspace.js';

const playtestModule = import.meta.glob('./playtest/bk-playtest.ts');

export type View = 'edit' | 'playtest';

export class BkApp extends LitElement {
  static override properties = {
    view: { state: true },
    playtestReady: { state: true },
  };

  declare view: View;
  declare playtestReady: boolean | 'missing';
  readonly ws = new Workspace();

  constructor() {
    super();
    this.view = 'edit';
    this.playtestReady = false;
    this.ws.addEventListener('change', () => this.requestUpdate());
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  private async showPlaytest(): Promise<void> {
    this.view = 'playtest';
    if (this.playtestReady) return;
    const load = playtestModule['./playtest/bk-playtest.ts'];
    if (!load) {
      this.playtestReady = 'missing';
      return;
    }
    await load();
    this.playtestReady = true;
  }

  protected override render() {
    const ws = this.ws;
    return html`
      <header class="bk-top">
        <span class="bk-brand">babelkit</span>
        <nav class="bk-views" role="tablist">
          <button role="tab" aria-selected=${this.view === 'edit'} @click=${() => (this.view = 'edit')}>Edit</button>
          <button role="tab" aria-selected=${this.view === 'playtest'} @click=${() => this.showPlaytest()}>Playtest</button>
        </nav>
        <span class="bk-file">${ws.current}${ws.isDirty() ? ' •' : ''}</span>
      </header>
      <main class="bk-main" ?hidden=${this.view !== 'edit'}>
        <aside class="bk-files">
          <h2>Files</h2>
          <ul>
            ${[...ws.files.values()].map(
              (f) => html`<li><button class=${f.path === ws.current ? 'current' : ''} @click=${() => ws.open(f.path)}>${f.path}</button></li>`,
            )}
          </ul>
        </aside>
        <section class="bk-center"><div class="bk-editor-host"></div></section>
        <aside class="bk-side"></aside>
      </main>
      <section class="bk-playtest" ?hidden=${this.view !== 'playtest'}>
        ${this.playtestReady === true
          ? html`<bk-playtest .source=${{ path: ws.current, files: ws.texts() }}></bk-playtest>`
          : this.playtestReady === 'missing'
            ? html`<p class="bk-empty">The playtest is not part of this build yet.</p>`
            : nothing}
      </section>
    `;
  }
}

customElements.define('bk-app', BkApp);

declare global {
  interface HTMLElementTagNameMap {
    'bk-app': BkApp;
  }
}
