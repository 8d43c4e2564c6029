// The print pass of the loader: the ruleset's `print` section and the card types' `layout`s become typed
// values (Game.print, CardTypeDef.layout). The schema has already checked shapes (types, enums, ranges);
// this pass checks what it cannot: names and references (card types and cards in decks, fields, grid
// zones, colour names, icons chosen by a field's value) and resolves every colour to #rrggbb, so a bad
// layout fails `babelkit validate` at its line and column instead of failing at print time.

import type { CardDef, CardTypeDef, ZoneDef } from '../../model.js';
import type { Path } from '../../effects/index.js';
import {
  BACKS_MODES, BASE_COLORS, DESIGN_SIZE, cardSizeOf, type Align, type CardLayout, type CardSize, type Hex, type LayoutBox, type LayoutElement,
  type PaperName, type PrintDeck, type PrintSettings, type VAlign,
} from '../../print-model.js';
import { defaultElements } from './default-layout.js';
import { readCardSelector } from '../../card-selector.js';
import { didYouMean } from '../../suggest.js';
import schema from '../../../schemas/ruleset.schema.json' with { type: 'json' };

type Obj = Record<string, unknown>;
type Err = (path: Path, message: string, at?: number) => void;

export interface PrintInput {
  cardTypes: CardTypeDef[];
  cards: CardDef[];
  zones: ZoneDef[];
}

/** A layout every card type holds until this pass gives it its own (never seen outside the loader). */
export const NO_LAYOUT: CardLayout = Object.freeze({ declared: false, size: DESIGN_SIZE, standalone: true, elements: [], back: { color: '#ffffff' } });

/** The icon names print/ draws; the schema lists them once for the editor, the validator and this pass. */
const ICON_NAMES: readonly string[] = schema.$defs.layoutIcon.properties.icon.enum;
const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const PAPERS: readonly PaperName[] = ['a4', 'letter'];
const ALIGNS: readonly Align[] = ['left', 'center', 'right'];
const VALIGNS: readonly VAlign[] = ['top', 'middle', 'bottom'];
/** What a text element or a `{field}` placeholder may show besides the card type's own fields. */
const CARD_KEYS = ['name', 'id', 'type', 'count'];
/** `{field}` placeholders of a template (print/ replaces them the same way). */
const PLACEHOLDER = /\{([A-Za-z_][\w-]*)\}/g;

const isObj = (x: unknown): x is Obj => !!x && typeof x === 'object' && !Array.isArray(x);
const arr = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const str = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined);
const num = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
const bool = (x: unknown): boolean | undefined => (typeof x === 'boolean' ? x : undefined);
const oneOf = <T extends string>(x: unknown, list: readonly T[]): T | undefined => list.find((v) => v === x);
const own = (o: Obj, k: string) => Object.prototype.hasOwnProperty.call(o, k);

function hint(name: string, options: Iterable<string>): string {
  const h = didYouMean(name, options);
  return h ? ` (did you mean '${h}'?)` : '';
}

/**
 * Compile `print` and every card type's `layout`. Sets `layout` on each card type and returns the print
 * settings; problems go to `err` with the path of the offending value.
 */
export function compilePrint(root: Obj, err: Err, { cardTypes, cards, zones }: PrintInput): PrintSettings {
  const section = isObj(root.print) ? root.print : {};
  const colors = palette(section);
  const colour = colourResolver(colors, err);
  // where each card type and card is written (the first of a duplicated id: the one the game keeps)
  const written = (key: string) => {
    const m = new Map<string, { item: Obj; path: Path }>();
    arr(root[key]).forEach((x, i) => { if (isObj(x) && typeof x.id === 'string' && !m.has(x.id)) m.set(x.id, { item: x, path: [key, i] }); });
    return m;
  };
  const typeItems = written('cardTypes');
  const cardItems = written('cards');
  for (const ct of cardTypes) {
    const { item, path } = typeItems.get(ct.id)!;
    const cardsOfType = cards.filter((c) => c.type === ct.id).map((card) => ({ card, ...cardItems.get(card.id)! }));
    ct.layout = compileLayout({ ct, item, path, zones, colour, err, cardsOfType, cardTypes });
  }

  const size = typeof section.size === 'string' ? cardSizeOf(section.size) : null;
  if (size && 'error' in size) err(['print', 'size'], size.error);
  const off = arr(section.backOffset).map(num);
  return {
    size: size && 'size' in size ? size.size : undefined,
    paper: oneOf(section.paper, PAPERS),
    landscape: bool(section.landscape),
    bleed: num(section.bleed),
    cropMarks: bool(section.cropMarks),
    backs: oneOf(section.backs, BACKS_MODES),
    backOffset: off.length === 2 && off[0] !== undefined && off[1] !== undefined ? { x: off[0], y: off[1] } : undefined,
    colors,
    decks: compileDecks(section, err, cardTypes, cards),
  };
}

/** The built-in colour names, then the ruleset's (which may override them), each as #rrggbb. */
function palette(section: Obj): Map<string, Hex> {
  const out = new Map(BASE_COLORS);
  if (isObj(section.colors)) {
    for (const [name, v] of Object.entries(section.colors)) {
      // a value that is not #rrggbb or #rgb is the schema's to report
      if (typeof v === 'string' && HEX.test(v)) out.set(name, normaliseHex(v));
    }
  }
  return out;
}

function normaliseHex(c: string): Hex {
  const h = c.toLowerCase();
  return h.length === 4 ? `#${h[1]}${h[1]}${h[2]}${h[2]}${h[3]}${h[3]}` : h;
}

type Colour = (v: unknown, path: Path) => Hex | undefined;

function colourResolver(colors: ReadonlyMap<string, Hex>, err: Err): Colour {
  return (v, path) => {
    if (typeof v !== 'string') return undefined;
    const named = colors.get(v);
    if (named) return named;
    if (HEX.test(v)) return normaliseHex(v);
    if (v.startsWith('#')) err(path, `'${v}' is not a colour: write #rrggbb (or #rgb) with hexadecimal digits`);
    else err(path, `unknown colour '${v}'${hint(v, colors.keys())}: use #rrggbb or one of ${[...colors.keys()].join(', ')}`);
    return undefined;
  };
}

/** Each deck's card ids and `type:ID` entries, checked where each stands in the string. */
function compileDecks(section: Obj, err: Err, cardTypes: CardTypeDef[], cards: CardDef[]): PrintDeck[] {
  const typeIds = cardTypes.map((t) => t.id);
  const decks: PrintDeck[] = [];
  const seen = new Map<string, number>();
  arr(section.decks).forEach((d, i) => {
    if (!isObj(d) || typeof d.id !== 'string') return;
    // `--deck NAME` picks the first: a second deck of the same name could never be printed
    if (seen.has(d.id)) { err(['print', 'decks', i, 'id'], `duplicate deck id '${d.id}' (first at item ${seen.get(d.id)! + 1})`); return; }
    seen.set(d.id, i);
    const path: Path = ['print', 'decks', i, 'cards'];
    if (typeof d.cards !== 'string') {
      if (d.cards === undefined) err(['print', 'decks', i], `deck '${d.id}' needs \`cards\`: card ids and type:ID entries, comma-separated`);
      return;
    }
    const sel = readCardSelector(d.cards, typeIds, cards);
    for (const p of sel.problems) {
      const also = p.kind === 'card' && typeIds.includes(p.name) ? ` ('${p.name}' is a card type: write 'type:${p.name}')` : p.suggestion ? ` (did you mean '${p.suggestion}'?)` : '';
      err(path, `unknown card${p.kind === 'type' ? ' type' : ''} '${p.name}'${also}`, p.at);
    }
    if (!sel.problems.length && !sel.cards.length) err(path, `deck '${d.id}' selects no cards`);
    decks.push({ id: d.id, name: str(d.name), cards: sel.cards });
  });
  return decks;
}

interface LayoutInput {
  ct: CardTypeDef;
  /** the card type as written */
  item: Obj;
  path: Path;
  zones: ZoneDef[];
  colour: Colour;
  err: Err;
  /** the card type's cards, with where each is written */
  cardsOfType: { card: CardDef; path: Path; item: Obj }[];
  cardTypes: CardTypeDef[];
}

function compileLayout(x: LayoutInput): CardLayout {
  const { ct, item, colour } = x;
  const raw = isObj(item.layout) ? item.layout : null;
  const lp: Path = [...x.path, 'layout'];
  const l: Obj = raw ?? {};
  const size = arr(l.size).map(num);
  const back = isObj(l.back) ? l.back : {};
  let printSize: CardSize | undefined;
  if (typeof l.printSize === 'string') {
    const r = cardSizeOf(l.printSize);
    if ('error' in r) x.err([...lp, 'printSize'], r.error);
    else printSize = r.size;
  }
  const otherSide = str(back.otherSide);
  if (otherSide !== undefined && !own(ct.fields, otherSide)) x.err([...lp, 'back', 'otherSide'], `card type '${ct.id}' has no field '${otherSide}'${hint(otherSide, Object.keys(ct.fields))}`);
  // a design size defaults to the printed size when the layout gives one (a board is designed as a board)
  const design: readonly [number, number] = size.length === 2 && size[0] !== undefined && size[1] !== undefined ? [size[0], size[1]] : printSize ? [printSize.w, printSize.h] : DESIGN_SIZE;
  return {
    declared: raw !== null,
    size: design,
    ...(printSize ? { printSize } : {}),
    standalone: l.standalone !== false,
    background: colour(l.background, [...lp, 'background']),
    accent: colour(l.accent, [...lp, 'accent']),
    ink: colour(l.ink, [...lp, 'ink']),
    safe: num(l.safe),
    elements: Array.isArray(l.elements)
      ? l.elements.flatMap((el, k) => compileElement(x, el, [...lp, 'elements', k]) ?? [])
      : defaultElements(ct.fields, x.zones),
    back: {
      color: colour(item.back ?? 'white', [...x.path, 'back']) ?? '#ffffff',
      label: str(back.label),
      icon: str(back.icon),
      ink: colour(back.ink, [...lp, 'back', 'ink']),
      ...(otherSide !== undefined ? { otherSide } : {}),
    },
  };
}

/** One element, typed and checked; null when its shape is wrong (the schema reports that). */
function compileElement(x: LayoutInput, el: unknown, p: Path): LayoutElement | null {
  if (!isObj(el)) return null;
  const { ct, colour, err } = x;
  const fieldNames = Object.keys(ct.fields);
  const box = boxOf(el.box);
  const shown: { when?: string; unless?: string } = {};
  for (const k of ['when', 'unless'] as const) {
    const f = str(el[k]);
    if (f === undefined) continue;
    // print tests the card's name or one of its fields; anything else would never (or always) show
    if (f !== 'name' && !own(ct.fields, f)) err([...p, k], `card type '${ct.id}' has no field '${f}'${hint(f, ['name', ...fieldNames])}`);
    shown[k] = f;
  }
  const template = (k: string): string | undefined => {
    const s = str(el[k]);
    // {names}: the cards naming this one, for a text with `namedBy`
    if (s !== undefined) checkTemplate(x, s, [...p, k], el.type === 'text' && typeof el.namedBy === 'string' ? ['names'] : []);
    return s;
  };
  switch (el.type) {
    case 'title': {
      if (el.box !== undefined && !box) return null;
      const band = el.band === false ? false : colour(el.band, [...p, 'band']);
      return {
        type: 'title', ...shown, text: template('text'), box: box ?? undefined, size: num(el.size), color: colour(el.color, [...p, 'color']), band,
        align: oneOf(el.align, ALIGNS),
      };
    }
    case 'text': {
      if (!box) return null;
      const field = str(el.field);
      if (field !== undefined) checkField(x, field, [...p, 'field'], true);
      const text = template('text');
      let fields: string[] | undefined;
      if (Array.isArray(el.fields)) {
        fields = el.fields.filter((f): f is string => typeof f === 'string');
        fields.forEach((f, i) => checkField(x, f, [...p, 'fields', i], true));
      }
      if (field === undefined && text === undefined && fields === undefined && el.namedBy === undefined && !own(ct.fields, 'text')) {
        err(p, `a text element shows its \`field\`, its \`text\` or its \`fields\`, and card type '${ct.id}' has no field 'text' to show by default`);
      }
      // item and join write the list of `fields`; map translates the value of `field`
      const item = str(el.item), join = str(el.join);
      for (const k of ['item', 'join'] as const) {
        if (el[k] !== undefined && fields === undefined) err([...p, k], `\`${k}\` writes the list of \`fields\`, and this text element has no \`fields\``);
      }
      if (item !== undefined) {
        for (const m of item.matchAll(PLACEHOLDER)) {
          if (m[1] !== 'label' && m[1] !== 'value') err([...p, 'item'], `'{${m[1]}}' in an item: an item writes one field of \`fields\` with {label} and {value}`, m.index! + 1);
        }
      }
      let map: Map<string, string> | undefined;
      if (isObj(el.map)) {
        map = new Map(Object.entries(el.map).filter((e): e is [string, string] => typeof e[1] === 'string'));
        if (field === undefined || text !== undefined || fields !== undefined) err([...p, 'map'], 'a `map` gives the text shown for each value of `field`, and this text element shows no `field`');
      }
      const namedBy = str(el.namedBy);
      if (namedBy !== undefined) {
        const holders = x.cardTypes.filter((t) => own(t.fields, namedBy) && t.fields[namedBy]!.type === 'strings');
        if (!holders.length) x.err([...p, 'namedBy'], `no card type has a list-of-names field '${namedBy}' (a strings field naming other cards, e.g. chainFrom)`);
      }
      return {
        type: 'text', ...shown, box, field, text, fields, item, join, map, ...(namedBy ? { namedBy } : {}), size: num(el.size), minSize: num(el.minSize), bold: bool(el.bold), align: oneOf(el.align, ALIGNS),
        valign: oneOf(el.valign, VALIGNS), color: colour(el.color, [...p, 'color']),
      };
    }
    case 'grid': {
      const field = str(el.field);
      if (!box || field === undefined) return null;
      const f = ct.fields[field];
      const cellFields = fieldNames.filter((n) => ct.fields[n]!.type === 'cells' || ct.fields[n]!.type === 'cellCounts');
      if (!own(ct.fields, field)) err([...p, 'field'], `card type '${ct.id}' has no field '${field}'${hint(field, cellFields)}`);
      else if (f && f.type !== 'cells' && f.type !== 'cellCounts') err([...p, 'field'], `a grid shows a cellCounts or cells field, and '${field}' is ${f.type}`);
      const zone = gridZone(x, str(el.zone), [...p, 'zone']);
      if (!zone) return null;
      return {
        type: 'grid', ...shown, field, zone, box, value: template('value'), highlight: colour(el.highlight, [...p, 'highlight']),
        fill: colour(el.fill, [...p, 'fill']), labels: bool(el.labels), color: colour(el.color, [...p, 'color']),
      };
    }
    case 'icon': {
      if (!box) return null;
      const field = str(el.field);
      let map: Map<string, string> | undefined;
      if (isObj(el.map)) map = new Map(Object.entries(el.map).filter((e): e is [string, string] => typeof e[1] === 'string'));
      if (field !== undefined && checkField(x, field, [...p, 'field'], false) && !map) checkIconValues(x, field, [...p, 'field']);
      let repeat: string | number | undefined = num(el.repeat);
      if (typeof el.repeat === 'string') {
        repeat = el.repeat;
        const f = ct.fields[repeat];
        if (!own(ct.fields, repeat)) err([...p, 'repeat'], `card type '${ct.id}' has no field '${repeat}'${hint(repeat, fieldNames.filter((n) => ct.fields[n]!.type === 'number'))}`);
        else if (f && f.type !== 'number') err([...p, 'repeat'], `repeat takes a number or a number field, and '${repeat}' is ${f.type}`);
      }
      return { type: 'icon', ...shown, box, icon: str(el.icon), field, map, repeat, color: colour(el.color, [...p, 'color']) };
    }
    case 'rect': {
      if (!box) return null;
      // a fill chosen by a field's value: `field` and `map` go together
      const field = str(el.field);
      if (field !== undefined) checkField(x, field, [...p, 'field'], true);
      let map: Map<string, Hex> | undefined;
      if (isObj(el.map)) {
        map = new Map();
        for (const [k, v] of Object.entries(el.map)) { const c = colour(v, [...p, 'map', k]); if (c) map.set(k, c); }
      }
      if (field !== undefined && !map) err([...p, 'field'], 'a rectangle with a `field` takes its fill from `map` (value → colour), and this one has no `map`');
      if (map && field === undefined) err([...p, 'map'], 'a `map` gives the fill for each value of `field`, and this rectangle has no `field`');
      return {
        type: 'rect', ...shown, box, fill: colour(el.fill, [...p, 'fill']), field, map, stroke: colour(el.stroke, [...p, 'stroke']), lineWidth: num(el.lineWidth),
        radius: num(el.radius),
      };
    }
    case 'symbols': {
      if (!box) return null;
      const fields = typeof el.field === 'string' ? [el.field] : arr(el.fields).filter((f): f is string => typeof f === 'string');
      if (!fields.length) err(p, 'a symbols element draws a `field` or `fields` of the card');
      fields.forEach((f, i) => checkField(x, f, typeof el.field === 'string' ? [...p, 'field'] : [...p, 'fields', i], true));
      return { type: 'symbols', ...shown, box, fields, direction: el.direction === 'column' ? 'column' : 'row', align: oneOf(el.align, ALIGNS), color: colour(el.color, [...p, 'color']) };
    }
    case 'cards': {
      if (!box) return null;
      const other = x.cardTypes.find((t) => t.id === el.cardType);
      if (!other) { err([...p, 'cardType'], `unknown card type '${String(el.cardType)}'${hint(String(el.cardType), x.cardTypes.map((t) => t.id))}`); return null; }
      const match: [string, string][] = [];
      if (isObj(el.match)) {
        for (const [theirs, mine] of Object.entries(el.match)) {
          if (!own(other.fields, theirs)) err([...p, 'match', theirs], `card type '${other.id}' has no field '${theirs}'${hint(theirs, Object.keys(other.fields))}`);
          if (typeof mine !== 'string' || !(own(ct.fields, mine) || mine === 'id' || mine === 'name')) err([...p, 'match', theirs], `card type '${ct.id}' has no field '${String(mine)}'${hint(String(mine), Object.keys(ct.fields))}`);
          else match.push([theirs, mine]);
        }
      }
      const sort = str(el.sort);
      if (sort !== undefined && !own(other.fields, sort)) err([...p, 'sort'], `card type '${other.id}' has no field '${sort}'${hint(sort, Object.keys(other.fields))}`);
      if (other.id === ct.id) err([...p, 'cardType'], 'a card cannot draw cards of its own type on itself');
      return { type: 'cards', ...shown, box, cardType: other.id, match, ...(sort ? { sort } : {}), direction: el.direction === 'column' ? 'column' : 'row', gap: num(el.gap) };
    }
    case 'image': {
      if (!box) return null;
      const file = str(el.file);
      const field = str(el.field);
      if (file === undefined && field === undefined) { err(p, 'an image element draws a `file`, or the file each card names in its `field`'); return null; }
      if (file !== undefined) {
        const bad = imageRefProblem(file);
        if (bad) err([...p, 'file'], bad);
      }
      if (field !== undefined) {
        const f = ct.fields[field];
        const texts = fieldNames.filter((n) => ct.fields[n]!.type === 'string');
        if (!own(ct.fields, field)) err([...p, 'field'], `card type '${ct.id}' has no field '${field}'${hint(field, texts)}`);
        else if (f && f.type !== 'string') err([...p, 'field'], `an image's field holds a file name (a string field), and '${field}' is ${f.type}`);
      }
      return { type: 'image', ...shown, box, at: p, ...(file !== undefined ? { file, filePath: [...p, 'file'] } : {}), ...(field !== undefined ? { field } : {}), fit: el.fit === 'cover' ? 'cover' : 'contain' };
    }
    default:
      return null; // an unknown element type is the schema's to report
  }
}

/** Why an image reference is not a file path relative to the ruleset (null when it is one). */
export function imageRefProblem(ref: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(ref) && !/^[a-z]:[\\/]/i.test(ref)) return `'${ref}' is not a file: an image is a file beside the ruleset (a path relative to it), never a link`;
  if (ref.startsWith('/') || ref.startsWith('\\') || /^[a-z]:[\\/]/i.test(ref)) return `'${ref}' is an absolute path: write it relative to the ruleset, so the ruleset and its images move together`;
  if (!/\.(png|jpe?g|svg)$/i.test(ref)) return `'${ref}' is not a PNG, JPEG or SVG file name (.png, .jpg, .jpeg or .svg)`;
  return null;
}

function boxOf(v: unknown): LayoutBox | null {
  const b = arr(v).map(num);
  if (!Array.isArray(v) || b.length !== 4 || b.some((n) => n === undefined)) return null;
  return [b[0]!, b[1]!, b[2]!, b[3]!];
}

/** A field a text or icon element shows: the card type's own, or (for text) name, id, type or count. */
function checkField(x: LayoutInput, name: string, path: Path, cardKeys: boolean): boolean {
  if (own(x.ct.fields, name) || (cardKeys && CARD_KEYS.includes(name))) return true;
  x.err(path, `card type '${x.ct.id}' has no field '${name}'${hint(name, [...Object.keys(x.ct.fields), ...(cardKeys ? CARD_KEYS : [])])}`);
  return false;
}

/** Every `{field}` of a template names something the card has; the column points at the name. */
function checkTemplate(x: LayoutInput, s: string, path: Path, extra: string[] = []): void {
  const known = [...Object.keys(x.ct.fields), ...CARD_KEYS, ...extra];
  for (const m of s.matchAll(PLACEHOLDER)) {
    const name = m[1]!;
    if (!known.includes(name)) x.err(path, `card type '${x.ct.id}' has no field '${name}'${hint(name, known)}`, m.index! + 1);
  }
}

/** The grid zone a grid element draws: the one it names, or the ruleset's first grid zone. */
function gridZone(x: LayoutInput, name: string | undefined, path: Path): string | null {
  const grids = x.zones.filter((z) => z.columns && z.rows);
  if (name === undefined) {
    if (grids[0]) return grids[0].id;
    x.err(path.slice(0, -1), 'a grid element draws a grid zone, and this ruleset has none');
    return null;
  }
  const z = x.zones.find((zone) => zone.id === name);
  const names = grids.map((g) => g.id);
  if (!z) x.err(path, `unknown zone '${name}'${hint(name, names)}`);
  else if (!z.columns || !z.rows) x.err(path, `zone '${name}' is not a grid zone${names.length ? ` (grid zones: ${names.join(', ')})` : ' (this ruleset has none)'}`);
  else return z.id;
  return null;
}

/** An icon chosen by a field's value without a `map`: every card's value must name an icon. */
function checkIconValues(x: LayoutInput, field: string, path: Path): void {
  for (const { card, path: cp, item } of x.cardsOfType) {
    const v = card.fields[field];
    if (v === undefined || v === null || v === '' || ICON_NAMES.includes(String(v))) continue;
    const where: Path = isObj(item) && own(item, field) ? [...cp, field] : path;
    x.err(where, `card '${card.id}': '${String(v)}' is not an icon${hint(String(v), ICON_NAMES)}, and the layout of card type '${x.ct.id}' draws field '${field}' as one (icons: ${ICON_NAMES.join(', ')}; or give the element a \`map\` from values to icons)`);
  }
}
