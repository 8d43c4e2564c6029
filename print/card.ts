// renderCard: one side of one card drawn on a DrawingSurface from its card type's compiled layout (see
// engine/print-model.ts). The PDF and the editor's preview both draw cards only through this function.
// Layout boxes are in mm on a design-size card and scale with the printed size, so one layout serves
// poker, bridge and custom sizes alike.

import { DESIGN_SIZE, type CardDef, type CardLayout, type CardTypeDef, type Game, type LayoutBox } from '../engine/index.js';
import { contrastInk, drawGrid, drawIcon, fitText, mix, type Box, type TextMeasure } from './draw.js';
import { PrintError } from './fonts.js';
import type { Slot } from './sheet.js';
import { mm, type Size } from './sizes.js';
import type { DrawingSurface } from './surface.js';

const DEFAULT_SAFE = 3;
const TITLE_BAND = 14;

/** What drawing a card needs besides the surface: the game and the fonts' metrics. */
export interface CardContext {
  game: Game;
  m: TextMeasure;
}

export type CardSide = 'front' | 'back';

/**
 * Draw one side of a card in its slot (mm on the page): the trim, the bleed area it may paint into (and
 * is clipped to, so nothing reaches a neighbour) and a rotation (180: upside down, for gutter-fold backs).
 */
export function renderCard(s: DrawingSurface, c: CardContext, card: CardDef, side: CardSide, slot: Slot): void {
  const ct = c.game.cardTypes.find((t) => t.id === card.type);
  if (!ct) throw new PrintError(`card ${card.id}: its card type '${card.type}' is not in the game`);
  if (side === 'front') drawFront(s, c, card, ct.layout, slot);
  else drawBack(s, c, ct, slot);
}

/** The value of a field of a card as text (roles by name, lists joined, cell counts as "A1 3"). */
export function fieldText(game: Game, card: CardDef, name: string): string {
  if (name === 'name') return card.name;
  if (name === 'id') return card.id;
  if (name === 'type') return game.cardTypes.find((t) => t.id === card.type)?.name ?? card.type;
  if (name === 'count') return String(card.count);
  const v = card.fields[name];
  const fd = game.cardTypes.find((t) => t.id === card.type)?.fields[name];
  const ft = fd?.type;
  if (v === undefined || v === null) return '';
  if (ft === 'role' && typeof v === 'string') return game.roles.find((r) => r.id === v)?.name ?? v;
  // counts of an enumeration: "2 stone, 1 ore" (the values it has; none at all: "none")
  if (ft === 'counts' && Array.isArray(v)) {
    const values = game.enums.find((e) => e.id === fd!.of)?.values ?? [];
    const parts = (v as number[]).flatMap((n, i) => (n ? [`${n} ${values[i] ?? i}`] : []));
    return parts.length ? parts.join(', ') : 'none';
  }
  if (Array.isArray(v)) return v.map((x) => (x && typeof x === 'object' && 'cell' in x ? `${(x as { cell: string }).cell} ${(x as { count: number }).count}` : String(x))).join(' / ');
  return String(v);
}

/** A field's name as a label: "chainFrom" → "Chain from" (its description is longer than a label). */
export function fieldLabel(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * "Label: value" per line for the fields a card shows. What is left out is what a player would read as
 * "nothing here", not whatever equals the card type's default:
 * - a number at 0 where the type's default is 0 (a cost of 0 stone); any other number is shown, a default 1
 *   point included (a player needs the number), and a 0 where the default is not 0 ("Points: 0");
 * - a yes/no equal to the type's default: "no" only where the type says yes by default, "yes" where it says no;
 * - an empty text, an empty list, counts that are all 0, and a text equal to the type's default (the
 *   ordinary case every card of the type has unless it says otherwise).
 */
export function fieldLines(game: Game, card: CardDef, fields: readonly string[], item = '{label}: {value}', join = '\n'): string {
  return shownFields(game, card, fields)
    .map(({ label, value }) => item.replace(/\{(label|value)\}/g, (_, k: string) => (k === 'label' ? label : value)))
    .join(join);
}

/** The fields a card shows (see fieldLines), each with its label and its value as text. */
export function shownFields(game: Game, card: CardDef, fields: readonly string[]): { field: string; label: string; value: string }[] {
  const defs = game.cardTypes.find((t) => t.id === card.type)?.fields;
  return fields.flatMap((f) => {
    const v = card.fields[f];
    const def = defs && Object.prototype.hasOwnProperty.call(defs, f) ? defs[f]!.default : undefined;
    const shown = (value: string) => [{ field: f, label: fieldLabel(f), value }];
    if (v === undefined || v === null || v === '') return [];
    if (typeof v === 'boolean') return v === (def === true) ? [] : shown(v ? 'yes' : 'no');
    if (typeof v === 'number') return v === 0 && (def === undefined || def === 0) ? [] : shown(fieldText(game, card, f));
    if (Array.isArray(v) && (v.length === 0 || v.every((x) => x === 0))) return [];
    if (typeof v === 'string' && def !== undefined && v === def) return [];
    return shown(fieldText(game, card, f));
  });
}

/** `{field}` placeholders replaced by the card's values (the loader has checked every name). */
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

function frameFor(trim: Slot['trim'], layout: CardLayout): Frame {
  const [dw, dh] = layout.size;
  const sx = trim.w / dw, sy = trim.h / dh;
  return { x: mm(trim.x), y: mm(trim.y), sx, sy, k: Math.min(sx, sy), W: dw, H: dh };
}

/** A design-mm box → page points; a box touching a trim edge is pushed out so its colour bleeds. */
function place(f: Frame, b: LayoutBox, bleedOut: boolean): Box {
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
function clampSafe(f: Frame, b: LayoutBox, safe: number): LayoutBox {
  const x1 = Math.max(b[0], safe), y1 = Math.max(b[1], safe);
  const x2 = Math.min(b[0] + b[2], f.W - safe), y2 = Math.min(b[1] + b[3], f.H - safe);
  return [x1, y1, Math.max(0, x2 - x1), Math.max(0, y2 - y1)];
}

/** Turn the card upside down in its slot (gutter-fold backs under a horizontal fold). */
function rotateInSlot(s: DrawingSurface, slot: Slot): void {
  if (slot.rotate) s.rotate(180, mm(slot.trim.x + slot.trim.w / 2), mm(slot.trim.y + slot.trim.h / 2));
}

function drawFront(s: DrawingSurface, c: CardContext, card: CardDef, layout: CardLayout, slot: Slot): void {
  const { m, game } = c;
  const { trim, bleed } = slot;
  const where = `card ${card.id}`;
  const f = frameFor(trim, layout);
  const safe = layout.safe ?? DEFAULT_SAFE;
  const bg = layout.background ?? '#ffffff';
  const accent = layout.accent ?? '#3b3b3b';
  const ink = layout.ink ?? contrastInk(bg);
  s.save();
  s.rect(mm(bleed.x), mm(bleed.y), mm(bleed.w), mm(bleed.h)).clip();
  rotateInSlot(s, slot);
  s.rect(mm(bleed.x), mm(bleed.y), mm(bleed.w), mm(bleed.h)).fill(bg);
  for (const [i, el] of layout.elements.entries()) {
    const w = `${where}, layout element ${i + 1} (${el.type})`;
    if (el.when && !truthy(card, el.when)) continue;
    if (el.unless && truthy(card, el.unless)) continue;
    switch (el.type) {
      case 'rect': {
        const b = place(f, el.box, true);
        const r = (el.radius ?? 0) * f.k * 2.8346;
        const path = () => (r > 0 ? s.roundedRect(b.x, b.y, b.w, b.h, r) : s.rect(b.x, b.y, b.w, b.h));
        const fill = (el.field && el.map ? el.map.get(fieldText(game, card, el.field)) : undefined) ?? el.fill;
        if (fill) path().fill(fill);
        if (el.stroke) path().lineWidth((el.lineWidth ?? 0.75) * f.k).stroke(el.stroke);
        break;
      }
      case 'title': {
        const box = el.box ?? ([0, 0, f.W, TITLE_BAND] as LayoutBox);
        const band = el.band === false ? null : el.band ?? accent;
        if (band) { const b = place(f, box, true); s.rect(b.x, b.y, b.w, b.h).fill(band); }
        const color = el.color ?? (band ? contrastInk(band) : ink);
        const tb = place(f, clampSafe(f, [box[0] + 1, box[1], box[2] - 2, box[3]], safe), false);
        fitText(s, m, template(game, card, el.text ?? '{name}'), tb,
          { size: (el.size ?? 12) * f.k, minSize: 5, weight: 'bold', align: el.align ?? 'center', valign: 'middle', color, leading: 1.15 }, w);
        break;
      }
      case 'text': {
        const raw = el.fields ? fieldLines(game, card, el.fields, el.item, el.join) : el.text !== undefined ? template(game, card, el.text) : fieldText(game, card, el.field ?? 'text');
        const text = el.map && !el.fields && el.text === undefined ? el.map.get(raw) ?? raw : raw;
        if (!text) break;
        const tb = place(f, clampSafe(f, el.box, safe), false);
        fitText(s, m, text, tb, {
          size: (el.size ?? 9) * f.k, minSize: Math.min((el.minSize ?? 4.5) * f.k, (el.size ?? 9) * f.k), weight: el.bold ? 'bold' : 'regular',
          align: el.align ?? 'center', valign: el.valign ?? 'middle', color: el.color ?? ink, leading: 1.25,
        }, w);
        break;
      }
      case 'grid': {
        const zone = game.zoneIds.get(el.zone);
        if (!zone || !zone.columns || !zone.rows) throw new PrintError(`${w}: a grid needs a grid zone ('${el.zone}' is not one)`);
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
        const hl = el.highlight ?? mix(accent, '#ffffff', 0.55);
        drawGrid(s, m, place(f, el.box, false), {
          columns: zone.columns, rows: zone.rows, values, highlight, labels: el.labels ?? true,
          fill: el.fill ?? '#ffffff', highlightFill: hl, line: el.color ?? ink, ink: contrastInk(hl), labelInk: mix(ink, bg, 0.35),
        }, w);
        break;
      }
      case 'icon': {
        let name = el.icon;
        if (el.field) {
          const v = String(card.fields[el.field] ?? '');
          name = (el.map ? el.map.get(v) : v) ?? el.icon;
        }
        if (!name) break;
        const b = place(f, el.box, false);
        const n = typeof el.repeat === 'number' ? el.repeat : el.repeat ? Number(card.fields[el.repeat] ?? 1) : 1;
        const color = el.color ?? accent;
        if (!(n >= 1)) break;
        // repeated icons share the box in a row, each as large as the box allows
        const side = Math.min(b.h, b.w / n);
        const x0 = b.x + (b.w - side * n) / 2;
        for (let i = 0; i < n; i++) drawIcon(s, name, { x: x0 + i * side, y: b.y + (b.h - side) / 2, w: side, h: side }, color, w);
        break;
      }
    }
  }
  s.restore();
}

/** A card back: the back colour over the bleed, a frame, an icon, the game and card type names. */
function drawBack(s: DrawingSurface, c: CardContext, ct: CardTypeDef, slot: Slot): void {
  const { m, game } = c;
  const { trim, bleed } = slot;
  const back = ct.layout.back;
  const where = `card type ${ct.id} (back)`;
  const color = back.color;
  const ink = back.ink ?? contrastInk(color);
  const card: Size = { w: trim.w, h: trim.h };
  const k = Math.min(card.w / DESIGN_SIZE[0], card.h / DESIGN_SIZE[1]);
  s.save();
  s.rect(mm(bleed.x), mm(bleed.y), mm(bleed.w), mm(bleed.h)).clip();
  rotateInSlot(s, slot);
  s.rect(mm(bleed.x - 6), mm(bleed.y - 6), mm(bleed.w + 12), mm(bleed.h + 12)).fill(color);
  const inset = 4.5 * k;
  s.roundedRect(mm(trim.x + inset), mm(trim.y + inset), mm(trim.w - 2 * inset), mm(trim.h - 2 * inset), mm(2.5 * k)).lineWidth(1.2 * k).stroke(mix(color, ink, 0.5));
  const x = mm(trim.x + 8 * k), w = mm(trim.w - 16 * k);
  drawIcon(s, back.icon ?? 'tower', { x, y: mm(trim.y + trim.h / 2 - 14 * k), w, h: mm(24 * k) }, mix(color, ink, 0.75), where);
  fitText(s, m, game.name, { x, y: mm(trim.y + 10 * k), w, h: mm(12 * k) },
    { size: 11 * k, minSize: 5, weight: 'bold', align: 'center', valign: 'middle', color: ink, leading: 1.15 }, where);
  fitText(s, m, back.label ?? ct.name, { x, y: mm(trim.y + trim.h - 24 * k), w, h: mm(12 * k) },
    { size: 10 * k, minSize: 5, weight: 'regular', align: 'center', valign: 'middle', color: ink, leading: 1.15 }, where);
  s.restore();
}
