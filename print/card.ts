// renderCard: one side of one card drawn on a DrawingSurface from its card type's compiled layout (see
// engine/print-model.ts). The PDF and the editor's preview both draw cards only through this function.
// Layout boxes are in mm on a design-size card and scale with the printed size, so one layout serves
// poker, bridge and custom sizes alike.

import { DESIGN_SIZE, fieldRuns, templateRuns, type CardDef, type CardLayout, type CardTypeDef, type Game, type LayoutBox, type Run, type TextElement } from '../engine/index.js';
import { contrastInk, drawGrid, drawIcon, drawImage, drawSymbol, fitRich, fitText, hasSymbols, mix, type Box, type TextMeasure } from './draw.js';
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

/** The names of the cards whose list-of-names field `field` names this card (what it chains to), once each. */
export function namedBy(game: Game, card: CardDef, field: string): string[] {
  const out: string[] = [];
  for (const c of game.cards) {
    const v = c.fields[field];
    if (c.name !== card.name && Array.isArray(v) && v.includes(card.name) && !out.includes(c.name)) out.push(c.name);
  }
  return out;
}

/**
 * A text element's content as runs, when it shows a symbol (null when it shows none: then it is drawn as plain
 * text, exactly as before symbols existed). `{names}` in a template is the cards naming this one (`namedBy`).
 */
function textRuns(game: Game, card: CardDef, el: TextElement): Run[] | null {
  let runs: Run[];
  if (el.fields) {
    runs = [];
    const item = el.item ?? '{label}: {value}';
    const join = el.join ?? '\n';
    for (const f of shownFields(game, card, el.fields)) {
      const value = fieldRuns(game, card, f.field) ?? [];
      if (runs.length) runs.push({ t: 'text', s: join });
      for (const piece of item.split(/(\{label\}|\{value\})/)) {
        if (piece === '{label}') runs.push({ t: 'text', s: f.label });
        else if (piece === '{value}') runs.push(...value);
        else if (piece) runs.push({ t: 'text', s: piece });
      }
    }
  } else if (el.text !== undefined) {
    const names = el.namedBy ? namedBy(game, card, el.namedBy).join(', ') : '';
    runs = templateRuns(game, card, el.namedBy ? el.text.replace(/\{names\}/g, names.replace(/[{}]/g, '')) : el.text);
  } else if (el.field !== undefined && !el.map) runs = fieldRuns(game, card, el.field) ?? [];
  else return null;
  return hasSymbols(runs) ? runs : null;
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
        const style = {
          size: (el.size ?? 9) * f.k, minSize: Math.min((el.minSize ?? 4.5) * f.k, (el.size ?? 9) * f.k), weight: el.bold ? 'bold' as const : 'regular' as const,
          align: el.align ?? 'center', valign: el.valign ?? 'middle', color: el.color ?? ink, leading: 1.25,
        };
        const tb = place(f, clampSafe(f, el.box, safe), false);
        const rich = textRuns(game, card, el);
        if (rich) { fitRich(s, m, game, rich, tb, style, w); break; }
        const names = el.namedBy ? namedBy(game, card, el.namedBy) : null;
        if (names && !names.length) break;
        const raw = el.fields ? fieldLines(game, card, el.fields, el.item, el.join)
          : names ? template(game, card, (el.text ?? '{names}').replace(/\{names\}/g, names.join(', ').replace(/[{}]/g, '')))
          : el.text !== undefined ? template(game, card, el.text) : fieldText(game, card, el.field ?? 'text');
        const text = el.map && !el.fields && el.text === undefined ? el.map.get(raw) ?? raw : raw;
        if (!text) break;
        fitText(s, m, text, tb, style, w);
        break;
      }
      case 'symbols': {
        const runs = el.fields.flatMap((x) => fieldRuns(game, card, x) ?? []);
        drawSymbolsBox(s, m, game, runs, place(f, el.box, false), el.direction, el.align ?? 'center', el.color ?? ink, w);
        break;
      }
      case 'cards': {
        const own = (k: string) => (k === 'id' ? card.id : k === 'name' ? card.name : card.fields[k]);
        const others = game.cards.filter((o) => o.type === el.cardType && el.match.every(([theirs, mine]) => o.fields[theirs] === own(mine)));
        if (el.sort) others.sort((a, b) => Number(a.fields[el.sort!] ?? 0) - Number(b.fields[el.sort!] ?? 0));
        if (!others.length) break;
        const b = place(f, el.box, false);
        const gap = mm((el.gap ?? 2) * f.k);
        const n = others.length;
        const cw = el.direction === 'row' ? (b.w - gap * (n - 1)) / n : b.w;
        const chh = el.direction === 'row' ? b.h : (b.h - gap * (n - 1)) / n;
        others.forEach((o, i) => {
          const r = { x: (b.x + (el.direction === 'row' ? i * (cw + gap) : 0)) / PT, y: (b.y + (el.direction === 'row' ? 0 : i * (chh + gap))) / PT, w: cw / PT, h: chh / PT };
          const ct2 = game.cardTypes.find((t) => t.id === o.type)!;
          drawFront(s, c, o, ct2.layout, { trim: r, bleed: r, rotate: 0 });
        });
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
      case 'image': {
        // the card's own file (its field), else the type's; an image the loader was not given is not drawn
        const key = (el.byCard?.get(card.id)) ?? el.key;
        const img = key !== undefined ? game.images.get(key) : undefined;
        if (!img) break;
        // a covering image touching the card's edge runs on into the bleed, like a rectangle
        drawImage(s, img, place(f, el.box, el.fit === 'cover'), el.fit);
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

const PT = 72 / 25.4;

/** Runs drawn as symbols in a box, one after the other in a row or a column, each as large as the box allows;
 *  words among them (a "/" between either/or values, a value without a symbol) in small text. */
function drawSymbolsBox(s: DrawingSurface, m: TextMeasure, game: Game, runs: readonly Run[], b: Box, dir: 'row' | 'column', align: 'left' | 'center' | 'right', ink: string, where: string): void {
  type Item = { sym: string; inside?: number } | { text: string };
  const items: Item[] = [];
  for (const r of runs) {
    if (r.t === 'text') { const t = r.s.trim().replace(/^,\s*/, ''); if (t) items.push({ text: t }); continue; }
    const sym = game.symbols.get(r.id);
    if (!sym) { items.push({ text: r.id }); continue; }
    if (r.n === null) items.push({ sym: r.id });
    else if (sym.amount === 'inside') items.push({ sym: r.id, inside: r.n });
    else if (r.n > 6) { items.push({ text: `${r.n}×` }); items.push({ sym: r.id }); }
    else for (let k = 0; k < r.n; k++) items.push({ sym: r.id });
  }
  if (!items.length) return;
  const n = items.length;
  const side = dir === 'row' ? Math.min(b.h, b.w / n) : Math.min(b.w, b.h / n);
  const span = side * n;
  const free = (dir === 'row' ? b.w : b.h) - span;
  const start = align === 'left' ? 0 : align === 'right' ? free : free / 2;
  items.forEach((it, i) => {
    const at = start + i * side;
    const slot: Box = dir === 'row' ? { x: b.x + at, y: b.y + (b.h - side) / 2, w: side, h: side } : { x: b.x + (b.w - side) / 2, y: b.y + at, w: side, h: side };
    const inset = side * 0.06;
    const inner: Box = { x: slot.x + inset, y: slot.y + inset, w: slot.w - 2 * inset, h: slot.h - 2 * inset };
    if ('sym' in it) drawSymbol(s, m, game.symbols.get(it.sym)!, inner, where, it.inside);
    else fitText(s, m, it.text, inner, { size: side * 0.55, minSize: Math.min(4, side * 0.3), weight: 'bold', align: 'center', valign: 'middle', color: ink, leading: 1 }, where);
  });
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
