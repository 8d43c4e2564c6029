// Card layouts: the ruleset's `layout` of a card type (or a default built from its fields) turned into
// drawing calls. Layout boxes are in mm on a design-size card and scale with the printed size, so one
// layout serves poker, bridge and custom sizes alike.

import type { CardDef, CardTypeDef, Game } from '../engine/index.js';
import { contrastInk, drawGrid, drawIcon, fitText, mix, resolveColor, type Box, type Doc, type TextMeasure, type TextStyle } from './draw.js';
import { PrintError } from './fonts.js';
import { mm, type Size } from './sizes.js';
import type { Rect } from './sheet.js';

export type BoxSpec = [number, number, number, number];

interface Common {
  /** show the element only when this field is truthy (non-empty) */
  when?: string;
  /** show the element only when this field is falsy (empty) */
  unless?: string;
}
export interface TitleElement extends Common {
  type: 'title';
  text?: string;
  box?: BoxSpec;
  size?: number;
  color?: string;
  band?: string | false;
  align?: TextStyle['align'];
}
export interface TextElement extends Common {
  type: 'text';
  field?: string;
  text?: string;
  box: BoxSpec;
  size?: number;
  minSize?: number;
  bold?: boolean;
  align?: TextStyle['align'];
  valign?: TextStyle['valign'];
  color?: string;
}
export interface GridElement extends Common {
  type: 'grid';
  field: string;
  zone?: string;
  box: BoxSpec;
  value?: string;
  highlight?: string;
  fill?: string;
  labels?: boolean;
  color?: string;
}
export interface IconElement extends Common {
  type: 'icon';
  icon?: string;
  field?: string;
  map?: Record<string, string>;
  repeat?: string | number;
  box: BoxSpec;
  color?: string;
}
export interface RectElement extends Common {
  type: 'rect';
  box: BoxSpec;
  fill?: string;
  stroke?: string;
  lineWidth?: number;
  radius?: number;
}
export type Element = TitleElement | TextElement | GridElement | IconElement | RectElement;

export interface LayoutSpec {
  size?: [number, number];
  background?: string;
  accent?: string;
  ink?: string;
  safe?: number;
  elements?: Element[];
  back?: { label?: string; icon?: string; ink?: string };
}

/** Layouts are designed on a poker card unless they say otherwise. */
export const DESIGN_SIZE: [number, number] = [63.5, 88.9];
const DEFAULT_SAFE = 3;
const TITLE_BAND = 14;

interface Ctx {
  doc: Doc;
  m: TextMeasure;
  game: Game;
  palette: Record<string, string>;
}

/** A layout made from the card type's fields, for card types that declare none. */
export function defaultLayout(ct: CardTypeDef, game: Game): LayoutSpec {
  const [W, H] = DESIGN_SIZE;
  const els: Element[] = [{ type: 'title' }];
  let y = TITLE_BAND + 3;
  const gridZone = game.zones.find((z) => z.columns && z.rows);
  const fields = Object.entries(ct.fields);
  for (const [name, f] of fields) {
    if ((f.type === 'cellCounts' || f.type === 'cells') && gridZone) {
      els.push({ type: 'grid', field: name, zone: gridZone.id, box: [6, y, W - 12, 46] });
      y += 48;
    }
  }
  for (const [name, f] of fields) {
    if (f.type === 'number') { els.push({ type: 'text', text: `{${name}}`, box: [6, y, W - 12, 12], size: 24, bold: true }); y += 13; }
    else if (f.type === 'role') { els.push({ type: 'text', text: `{${name}}`, box: [6, y, W - 12, 10], size: 13, bold: true }); y += 11; }
  }
  const strings = fields.filter(([, f]) => f.type === 'string');
  const each = strings.length ? Math.max(8, (H - 4 - y) / strings.length) : 0;
  for (const [name] of strings) { els.push({ type: 'text', field: name, box: [5, y, W - 10, each - 1], size: 10 }); y += each; }
  return { elements: els };
}

/** The value of a field of a card as text (roles by name, lists joined, cell counts as "A1 3"). */
export function fieldText(game: Game, card: CardDef, name: string): string {
  if (name === 'name') return card.name;
  if (name === 'id') return card.id;
  if (name === 'type') return game.cardTypes.find((t) => t.id === card.type)?.name ?? card.type;
  if (name === 'count') return String(card.count);
  const v = card.fields[name];
  const ft = game.cardTypes.find((t) => t.id === card.type)?.fields[name]?.type;
  if (v === undefined || v === null) return '';
  if (ft === 'role' && typeof v === 'string') return game.roles.find((r) => r.id === v)?.name ?? v;
  if (Array.isArray(v)) return v.map((x) => (x && typeof x === 'object' && 'cell' in x ? `${(x as { cell: string }).cell} ${(x as { count: number }).count}` : String(x))).join(' / ');
  return String(v);
}

/** `{field}` placeholders replaced by the card's values. */
export function template(game: Game, card: CardDef, s: string): string {
  return s.replace(/\{([A-Za-z_][\w-]*)\}/g, (_, f: string) => fieldText(game, card, f));
}

function truthy(card: CardDef, name: string): boolean {
  const v = name === 'name' ? card.name : card.fields[name];
  return !(v === undefined || v === null || v === false || v === '' || v === 0 || (Array.isArray(v) && v.length === 0));
}

interface Frame {
  /** trim origin in pt */
  x: number;
  y: number;
  sx: number;
  sy: number;
  /** font scale */
  k: number;
  W: number;
  H: number;
}

function frameFor(trim: Rect, layout: LayoutSpec): Frame {
  const [dw, dh] = layout.size ?? DESIGN_SIZE;
  const sx = trim.w / dw, sy = trim.h / dh;
  return { x: mm(trim.x), y: mm(trim.y), sx, sy, k: Math.min(sx, sy), W: dw, H: dh };
}

/** A design-mm box → page points; a box touching a trim edge is pushed out so its colour bleeds. */
function place(f: Frame, b: BoxSpec, bleedOut: boolean): Box {
  let [x, y, w, h] = b;
  if (bleedOut) {
    const e = 6;
    if (x <= 0) { w += e - x; x = -e; }
    if (y <= 0) { h += e - y; y = -e; }
    if (x + w >= f.W) w = f.W + e - x;
    if (y + h >= f.H) h = f.H + e - y;
  }
  return { x: f.x + mm(x * f.sx), y: f.y + mm(y * f.sy), w: mm(w * f.sx), h: mm(h * f.sy) };
}

/** Keep text inside the safe area whatever box the layout gives. */
function clampSafe(f: Frame, b: BoxSpec, safe: number): BoxSpec {
  const x1 = Math.max(b[0], safe), y1 = Math.max(b[1], safe);
  const x2 = Math.min(b[0] + b[2], f.W - safe), y2 = Math.min(b[1] + b[3], f.H - safe);
  return [x1, y1, Math.max(0, x2 - x1), Math.max(0, y2 - y1)];
}

function checkBox(b: unknown, where: string): BoxSpec {
  if (!Array.isArray(b) || b.length !== 4 || !b.every((n) => typeof n === 'number')) throw new PrintError(`${where}: box must be [x, y, width, height] in mm`);
  return b as BoxSpec;
}

/** Draw a card front inside its slot (clipped to its bleed, so nothing reaches a neighbour). */
export function drawFront(c: Ctx, card: CardDef, ct: CardTypeDef, layout: LayoutSpec, trim: Rect, bleed: Rect): void {
  const { doc, m, game, palette } = c;
  const where = `card ${card.id}`;
  const f = frameFor(trim, layout);
  const safe = layout.safe ?? DEFAULT_SAFE;
  const bg = resolveColor(layout.background, palette, '#ffffff');
  const accent = resolveColor(layout.accent, palette, '#3b3b3b');
  const ink = resolveColor(layout.ink, palette, contrastInk(bg));
  doc.save();
  doc.rect(mm(bleed.x), mm(bleed.y), mm(bleed.w), mm(bleed.h)).clip();
  doc.rect(mm(bleed.x), mm(bleed.y), mm(bleed.w), mm(bleed.h)).fill(bg);
  for (const [i, el] of (layout.elements ?? []).entries()) {
    const w = `${where}, layout element ${i + 1} (${el.type})`;
    if (el.when && !truthy(card, el.when)) continue;
    if (el.unless && truthy(card, el.unless)) continue;
    switch (el.type) {
      case 'rect': {
        const b = place(f, checkBox(el.box, w), true);
        const r = (el.radius ?? 0) * f.k * 2.8346;
        const path = () => (r > 0 ? doc.roundedRect(b.x, b.y, b.w, b.h, r) : doc.rect(b.x, b.y, b.w, b.h));
        if (el.fill) path().fill(resolveColor(el.fill, palette, accent));
        if (el.stroke) path().lineWidth((el.lineWidth ?? 0.75) * f.k).stroke(resolveColor(el.stroke, palette, ink));
        break;
      }
      case 'title': {
        const box = el.box ? checkBox(el.box, w) : ([0, 0, f.W, TITLE_BAND] as BoxSpec);
        const band = el.band === false ? null : resolveColor(el.band, palette, accent);
        if (band) { const b = place(f, box, true); doc.rect(b.x, b.y, b.w, b.h).fill(band); }
        const color = resolveColor(el.color, palette, band ? contrastInk(band) : ink);
        const tb = place(f, clampSafe(f, [box[0] + 1, box[1], box[2] - 2, box[3]], safe), false);
        fitText(doc, m, template(game, card, el.text ?? '{name}'), tb,
          { size: (el.size ?? 12) * f.k, minSize: 5, weight: 'bold', align: el.align ?? 'center', valign: 'middle', color, leading: 1.15 }, w);
        break;
      }
      case 'text': {
        const s = el.text !== undefined ? template(game, card, el.text) : fieldText(game, card, el.field ?? 'text');
        if (!s) break;
        const tb = place(f, clampSafe(f, checkBox(el.box, w), safe), false);
        fitText(doc, m, s, tb, {
          size: (el.size ?? 9) * f.k, minSize: Math.min((el.minSize ?? 4.5) * f.k, (el.size ?? 9) * f.k), weight: el.bold ? 'bold' : 'regular',
          align: el.align ?? 'center', valign: el.valign ?? 'middle', color: resolveColor(el.color, palette, ink), leading: 1.25,
        }, w);
        break;
      }
      case 'grid': {
        const zone = el.zone ? game.zones.find((z) => z.id === el.zone) : game.zones.find((z) => z.columns && z.rows);
        if (!zone || !zone.columns || !zone.rows) throw new PrintError(`${w}: a grid needs a grid zone${el.zone ? ` ('${el.zone}' is not one)` : ''}`);
        const raw = card.fields[el.field];
        const values = new Map<string, string>();
        const highlight = new Set<string>();
        if (Array.isArray(raw)) {
          for (const it of raw) {
            if (it && typeof it === 'object' && 'cell' in it) {
              // a cellCounts field: the count is the cell's value
              const { cell, count } = it as { cell: string; count: number };
              highlight.add(cell);
              values.set(cell, String(count));
            } else if (typeof it === 'string') {
              highlight.add(it);
              if (el.value) values.set(it, template(game, card, el.value));
            }
          }
        }
        const hl = resolveColor(el.highlight, palette, mix(accent, '#ffffff', 0.55));
        drawGrid(doc, m, place(f, checkBox(el.box, w), false), {
          columns: zone.columns, rows: zone.rows, values, highlight, labels: el.labels ?? true,
          fill: resolveColor(el.fill, palette, '#ffffff'), highlightFill: hl,
          line: resolveColor(el.color, palette, ink), ink: contrastInk(hl), labelInk: mix(ink, bg, 0.35),
        }, w);
        break;
      }
      case 'icon': {
        let name = el.icon;
        if (el.field) {
          const v = String(card.fields[el.field] ?? '');
          name = el.map?.[v] ?? (el.map ? undefined : v) ?? el.icon;
        }
        if (!name) break;
        const b = place(f, checkBox(el.box, w), false);
        const n = typeof el.repeat === 'number' ? el.repeat : el.repeat ? Number(card.fields[el.repeat] ?? 1) : 1;
        const color = resolveColor(el.color, palette, accent);
        if (!(n >= 1)) break;
        // repeated icons share the box in a row, each as large as the box allows
        const side = Math.min(b.h, b.w / n);
        const x0 = b.x + (b.w - side * n) / 2;
        for (let i = 0; i < n; i++) drawIcon(doc, name, { x: x0 + i * side, y: b.y + (b.h - side) / 2, w: side, h: side }, color, w);
        break;
      }
      default:
        throw new PrintError(`${w}: unknown element type '${(el as { type: string }).type}'`);
    }
  }
  doc.restore();
}

/** A card back: the back colour over the bleed, a frame, the game and card type names. */
export function drawBack(c: Ctx, ct: CardTypeDef, layout: LayoutSpec, trim: Rect, bleed: Rect, rotate: 0 | 180): void {
  const { doc, m, game, palette } = c;
  const where = `card type ${ct.id} (back)`;
  const color = resolveColor(ct.back ?? 'white', palette, '#ffffff');
  const ink = resolveColor(layout.back?.ink, palette, contrastInk(color));
  const card: Size = { w: trim.w, h: trim.h };
  const k = Math.min(card.w / DESIGN_SIZE[0], card.h / DESIGN_SIZE[1]);
  doc.save();
  doc.rect(mm(bleed.x), mm(bleed.y), mm(bleed.w), mm(bleed.h)).clip();
  if (rotate) doc.rotate(180, { origin: [mm(trim.x + trim.w / 2), mm(trim.y + trim.h / 2)] });
  doc.rect(mm(bleed.x - 6), mm(bleed.y - 6), mm(bleed.w + 12), mm(bleed.h + 12)).fill(color);
  const inset = 4.5 * k;
  doc.roundedRect(mm(trim.x + inset), mm(trim.y + inset), mm(trim.w - 2 * inset), mm(trim.h - 2 * inset), mm(2.5 * k)).lineWidth(1.2 * k).stroke(mix(color, ink, 0.5));
  const x = mm(trim.x + 8 * k), w = mm(trim.w - 16 * k);
  const icon = layout.back?.icon ?? 'tower';
  drawIcon(doc, icon, { x, y: mm(trim.y + trim.h / 2 - 14 * k), w, h: mm(24 * k) }, mix(color, ink, 0.75), where);
  fitText(doc, m, game.name, { x, y: mm(trim.y + 10 * k), w, h: mm(12 * k) },
    { size: 11 * k, minSize: 5, weight: 'bold', align: 'center', valign: 'middle', color: ink, leading: 1.15 }, where);
  fitText(doc, m, layout.back?.label ?? ct.name, { x, y: mm(trim.y + trim.h - 24 * k), w, h: mm(12 * k) },
    { size: 10 * k, minSize: 5, weight: 'regular', align: 'center', valign: 'middle', color: ink, leading: 1.15 }, where);
  doc.restore();
}

export function layoutOf(ct: CardTypeDef, game: Game): LayoutSpec {
  const l = ct.raw.layout as LayoutSpec | undefined;
  if (!l || !l.elements) return { ...defaultLayout(ct, game), ...(l ?? {}), elements: defaultLayout(ct, game).elements };
  return l;
}
