// The selected card as it will print: SVG drawn by print/'s own renderCard (in the print worker),
// front and back, with the trim line dashed over the bleed.
import { LitElement, css, html, nothing } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';

export class BkCardPreview extends LitElement {
  static override properties = {
    front: {},
    back: {},
    error: {},
    busy: { type: Boolean },
    size: { attribute: false },
    note: {},
  };

  declare front: string;
  declare back: string;
  declare error: string;
  declare busy: boolean;
  declare size: [number, number, number] | null; // card width, height and bleed, in mm
  declare note: string;

  constructor() {
    super();
    this.front = '';
    this.back = '';
    this.error = '';
    this.busy = false;
    this.size = null;
    this.note = '';
  }

  static override styles = css`
    :host { display: block; font-size: 12px; }
    .cards { display: flex; gap: 10px; align-items: flex-start; }
    figure { margin: 0; display: flex; flex-direction: column; align-items: center; gap: 4px; }
    .svg { width: 150px; box-shadow: 0 1px 4px rgba(0, 0, 0, .25); background: #fff; line-height: 0; }
    .svg :is(svg) { width: 100%; height: auto; }
    figcaption { color: var(--bk-muted, #666); }
    .error { color: var(--bk-error, #c8372d); white-space: pre-wrap; }
    .busy { color: var(--bk-muted, #666); }
    .note { color: var(--bk-warn, #b7791f); }
  `;

  protected override render() {
    if (this.error) return html`<div class="error" role="alert">${this.error}</div>`;
    if (!this.front) return html`<div class="busy">${this.busy ? 'Drawing the card…' : 'Select a card to preview it.'}</div>`;
    return html`
      <div class="cards" aria-busy=${this.busy}>
        <figure><div class="svg" data-side="front">${unsafeHTML(this.front)}</div><figcaption>front</figcaption></figure>
        <figure><div class="svg" data-side="back">${unsafeHTML(this.back)}</div><figcaption>back</figcaption></figure>
      </div>
      ${this.note ? html`<div class="note" role="status">${this.note}</div>` : nothing}
      ${this.size ? html`<div class="busy">${this.size[0]} × ${this.size[1]} mm, ${this.size[2]} mm bleed (trim dashed)</div>` : nothing}
    `;
  }
}

customElements.define('bk-card-preview', BkCardPreview);
declare global {
  interface HTMLElementTagNameMap {
    'bk-card-preview': BkCardPreview;
  }
}
