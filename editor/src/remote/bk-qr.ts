// <bk-qr .text=${url}>: a QR code of a text (a join link), drawn as SVG from its modules, for a phone to scan.

import { LitElement, css, svg, html } from 'lit';
import { encode } from 'uqr';

export class BkQr extends LitElement {
  static override properties = { text: {} };
  declare text: string;

  constructor() {
    super();
    this.text = '';
  }

  static override styles = css`
    :host { display: inline-block; width: 132px; height: 132px; background: #fff; }
    svg { width: 100%; height: 100%; display: block; }
  `;

  protected override render() {
    if (!this.text) return html``;
    const qr = encode(this.text, { ecc: 'M', border: 2 });
    const n = qr.data.length;
    const cells = qr.data.flatMap((row, y) => row.flatMap((on, x) => (on ? [svg`<rect x=${x} y=${y} width="1" height="1"/>`] : [])));
    return html`<svg viewBox="0 0 ${n} ${n}" shape-rendering="crispEdges" role="img" aria-label="QR code of ${this.text}" data-qr=${this.text}>
      <rect width=${n} height=${n} fill="#fff"/><g fill="#000">${cells}</g></svg>`;
  }
}

if (!customElements.get('bk-qr')) customElements.define('bk-qr', BkQr);

declare global {
  interface HTMLElementTagNameMap {
    'bk-qr': BkQr;
  }
}
