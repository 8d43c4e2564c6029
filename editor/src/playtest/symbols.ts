// Symbols and structured lines on the page: a ruleset's symbols drawn as inline SVG made from their parts
// (path data, colours and numbers checked by the loader, set through Lit's attribute bindings: nothing of a
// ruleset becomes markup), runs of text and symbols, and the pieces of a log line or an option (players,
// cards, counts). The table, the decision, the seat summary and the log all draw values through here.

import { css, html, nothing, svg, type TemplateResult } from 'lit';
import type { CardName, Run, Seg, ShapePart } from '../../../engine/index.js';
import type { TableMeta } from './protocol.js';

export const symbolStyles = css`
  .sym { display: inline-flex; align-items: center; vertical-align: -0.22em; gap: 1px; white-space: nowrap; }
  .sym svg { width: 1.25em; height: 1.25em; overflow: visible; }
  .sym .glyph { font-size: 1.1em; line-height: 1; font-weight: 700; }
  .sym .times { font-size: 0.85em; font-weight: 650; margin-right: 1px; }
  .runs { display: inline; }
  .seg-p { font-weight: 650; }
  .seg-c { font-weight: 600; border-bottom: 2px solid var(--accent, #8a7f70); padding: 0 1px; }
  .seg-c.down { border-bottom-style: dotted; font-weight: 400; color: var(--pt-muted, #776d63); }
`;

/** Dark ink on light colours, light ink on dark ones (a number written in a symbol). */
function inkOn(hex: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return '#231f20';
  const [r, g, b] = [m[1], m[2], m[3]].map((x) => parseInt(x!, 16)) as [number, number, number];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#231f20' : '#ffffff';
}

const num = (x: number) => String(Math.round(x * 1000) / 1000);

function transform(p: ShapePart): string | typeof nothing {
  if (!p.ops?.length) return nothing;
  return p.ops.map((o) => (o.op === 'translate' ? `translate(${num(o.x)} ${num(o.y)})` : o.op === 'scale' ? `scale(${num(o.k)})` : `rotate(${num(o.a)} ${num(o.x)} ${num(o.y)})`)).join(' ');
}

function paint(v: string | null, color: string): string {
  return v === null ? 'none' : v === 'current' ? color : v;
}

/** One symbol: its shape (or glyph) in its colour, with a number written in it when given. */
export function symbolOne(meta: TableMeta, id: string, inside?: number): TemplateResult {
  const s = Object.prototype.hasOwnProperty.call(meta.symbols, id) ? meta.symbols[id] : undefined;
  if (!s) return html`<span>${id}</span>`;
  const label = inside !== undefined ? `${inside} ${s.name}` : s.name;
  if (s.glyph !== undefined) {
    return html`<span class="glyph" style="color:${s.color}" title=${label} aria-label=${label}>${s.glyph}${inside !== undefined ? html`<sub>${inside}</sub>` : nothing}</span>`;
  }
  const sh = s.shape!;
  const [x, y, w, h] = sh.box;
  return html`<svg viewBox="${num(x)} ${num(y)} ${num(w)} ${num(h)}" role="img" aria-label=${label}><title>${label}</title>${sh.parts.map((p) => svg`<path d=${p.d} fill=${paint(p.fill, s.color)} stroke=${paint(p.stroke, s.color)} stroke-width=${p.width ?? nothing} fill-rule=${p.rule ?? nothing} stroke-linecap=${p.cap ?? nothing} opacity=${p.opacity ?? nothing} transform=${transform(p)}></path>`)}${
    inside !== undefined ? svg`<text x=${num(x + w / 2)} y=${num(y + h / 2)} text-anchor="middle" dominant-baseline="central" font-size=${num(h * (String(inside).length > 2 ? 0.4 : String(inside).length > 1 ? 0.5 : 0.6))} font-weight="700" fill=${inkOn(s.color)}>${inside}</text>` : nothing}</svg>`;
}

/** A symbol with an amount: copies (up to 5; more as "7×"), or the number written in it. */
export function symbolRun(meta: TableMeta, id: string, n: number | null): TemplateResult {
  const s = Object.prototype.hasOwnProperty.call(meta.symbols, id) ? meta.symbols[id] : undefined;
  if (n === null) return html`<span class="sym" data-symbol=${id}>${symbolOne(meta, id)}</span>`;
  if (s?.amount === 'inside') return html`<span class="sym" data-symbol=${id} data-n=${n}>${symbolOne(meta, id, n)}</span>`;
  if (n > 5 || n < 1) return html`<span class="sym" data-symbol=${id} data-n=${n}><span class="times">${n}×</span>${symbolOne(meta, id)}</span>`;
  return html`<span class="sym" data-symbol=${id} data-n=${n}>${Array.from({ length: n }, () => symbolOne(meta, id))}</span>`;
}

/** Runs of text and symbols. */
export function runs(meta: TableMeta, rs: readonly Run[]): TemplateResult {
  return html`<span class="runs">${rs.map((r) => (r.t === 'text' ? r.s : symbolRun(meta, r.id, r.n)))}</span>`;
}

/** The pieces of a line: players named (bold), cards named (marked with their colour), symbols drawn. */
export function segs(meta: TableMeta, xs: readonly Seg[], seatName: (p: number) => string = (p) => `Player ${p + 1}`, cardColour?: (c: CardName) => string): TemplateResult {
  const card = (c: CardName | null) => (c
    ? html`<span class="seg-c" data-card=${c.id} style=${cardColour ? `--accent:${cardColour(c)}` : ''}>${c.name}</span>`
    : html`<span class="seg-c down">a card</span>`);
  return html`${xs.map((x) => {
    if (typeof x === 'string') return x;
    if ('p' in x) return html`<b class="seg-p" data-player=${x.p}>${seatName(x.p)}</b>`;
    if ('c' in x) return card(x.c);
    if ('cs' in x) {
      // the same card named twice reads "2 × Stone", cards this reader may not know are counted together
      const groups: { c: CardName | null; n: number }[] = [];
      for (const c of x.cs) {
        const g = groups.find((y) => (y.c && c ? y.c.name === c.name : y.c === c));
        if (g) g.n++; else groups.push({ c, n: 1 });
      }
      if (!groups.length) return 'nothing';
      return groups.map((g, i) => html`${i ? ', ' : ''}${g.c === null && g.n > 1 ? `${g.n} cards` : html`${g.n > 1 ? `${g.n} × ` : ''}${card(g.c)}`}`);
    }
    return runs(meta, x.r);
  })}`;
}

/** Plain words of pieces (a title attribute, a test): as the engine writes them. */
export function segsWords(xs: readonly Seg[]): string {
  return xs.map((x) => (typeof x === 'string' ? x : 'p' in x ? `Player ${x.p + 1}` : 'c' in x ? x.c?.name ?? 'a card' : 'cs' in x ? x.cs.map((c) => c?.name ?? 'a card').join(', ') : '')).join('');
}
