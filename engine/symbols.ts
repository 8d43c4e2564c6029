// Symbols: how a value looks to a person (a resource, a colour, a coin), declared by the ruleset's
// `symbols` and drawn alike by the playtest table, the card preview and print. A symbol is a glyph of the
// bundled fonts or a vector shape, in a colour.
//
// A shape from a ruleset is data, never markup: SVG path data checked character by character, or a small SVG
// document read here into the same list of parts. Only drawing elements (path, circle, ellipse, rect, line,
// polyline, polygon, g) and their geometry and paint attributes are kept; anything else (scripts, event
// attributes, styles, links, images, external references, entities) is refused with a message. What is drawn
// afterwards is made from the parts only (print/draw.ts, the editor's table), so whatever the file said, the
// SVG a page shows has no script, no event attribute and no external reference. A later image element reads
// SVG files through readSvg too.

/** A colour resolved at load time (#rrggbb), or `current`: the symbol's own colour. */
export type Paint = string | 'current' | null;

/** One drawn part of a shape: SVG path data in the shape's box, filled and/or stroked. */
export interface ShapePart {
  d: string;
  fill: Paint;
  stroke: Paint;
  /** stroke width in the box's units */
  width?: number;
  rule?: 'evenodd';
  cap?: 'butt' | 'round' | 'square';
  /** transforms applied before drawing, outermost first */
  ops?: TransformOp[];
  opacity?: number;
}

export type TransformOp = { op: 'translate'; x: number; y: number } | { op: 'scale'; k: number } | { op: 'rotate'; a: number; x: number; y: number };

export interface Shape {
  /** the viewBox: x, y, width, height */
  box: [number, number, number, number];
  parts: ShapePart[];
}

/** How a number reads with a symbol: that many copies (2 stars), or one symbol with the number in it (a coin). */
export type Amount = 'repeat' | 'inside';

export interface SymbolDef {
  id: string;
  /** how the symbol reads in words ("stone", "textile") */
  name: string;
  /** #rrggbb */
  color: string;
  glyph?: string;
  shape?: Shape;
  amount: Amount;
}

/** The SVG path data commands and number syntax, nothing else. */
const PATH_DATA = /^[\sMmZzLlHhVvCcSsQqTtAa0-9eE.,+-]*$/;
export const MAX_PATH = 8000;

/** Why a text is not plain SVG path data (null when it is). */
export function pathDataProblem(d: string): string | null {
  if (d.length > MAX_PATH) return `path data is ${d.length} characters long; the limit is ${MAX_PATH}`;
  if (!PATH_DATA.test(d)) {
    const bad = [...d].find((ch) => !PATH_DATA.test(ch))!;
    return `path data holds only the commands M L H V C S Q T A Z and numbers, not '${bad}'`;
  }
  if (!/^\s*[Mm]/.test(d)) return 'path data starts with a move (M or m)';
  return null;
}

/** Reading limits of an SVG text (a symbol's `svg`; image files later take the same path). */
export const SVG_LIMITS = { chars: 16_384, elements: 200, depth: 8 };

/** The limits one reading uses, and what the SVG is called in messages ("a symbol", "an SVG image"). */
export interface SvgReadLimits {
  chars: number;
  elements: number;
  depth: number;
  what: string;
}

/** What readSvg needs besides the text: how a colour name reads (the print palette), or null for an unknown one. */
export interface SvgContext {
  colour(name: string): string | null;
}

export class SvgError extends Error {}

const SHAPES = new Set(['path', 'circle', 'ellipse', 'rect', 'line', 'polyline', 'polygon']);
/** read and ignored: metadata a drawing program writes */
const IGNORED_ELEMENTS = new Set(['title', 'desc', 'metadata']);
const PAINT_ATTRS = new Set(['fill', 'stroke', 'stroke-width', 'fill-rule', 'stroke-linecap', 'stroke-linejoin', 'opacity', 'fill-opacity', 'stroke-opacity']);
const GEOMETRY: Record<string, string[]> = {
  path: ['d'], circle: ['cx', 'cy', 'r'], ellipse: ['cx', 'cy', 'rx', 'ry'], rect: ['x', 'y', 'width', 'height', 'rx', 'ry'],
  line: ['x1', 'y1', 'x2', 'y2'], polyline: ['points'], polygon: ['points'], g: [], svg: ['viewBox', 'width', 'height', 'x', 'y'],
};
/** harmless attributes a drawing program writes: read and ignored */
const IGNORED_ATTRS = new Set(['id', 'class', 'version', 'xmlns', 'xml:space', 'preserveAspectRatio', 'stroke-miterlimit', 'data-name']);

interface Node {
  name: string;
  attrs: Map<string, string>;
  kids: Node[];
  at: number;
}

/**
 * Reads a small SVG document into a shape: its drawing parts only. Throws SvgError (with the offset in the
 * text) for anything it does not keep: an element or attribute outside the list above, an entity, a DOCTYPE,
 * a style, an external reference, a bad number or colour.
 */
export function readSvg(text: string, cx: SvgContext, lim: SvgReadLimits = { ...SVG_LIMITS, what: 'a symbol' }): Shape {
  if (text.length > lim.chars) throw new SvgError(`the SVG is ${text.length} characters long; the limit is ${lim.chars}`);
  const root = parseXml(text, lim);
  if (root.name !== 'svg') throw new SvgError(`an SVG document starts with <svg>, not <${root.name}>`);
  const box = viewBoxOf(root);
  const parts: ShapePart[] = [];
  const walk = (n: Node, inherited: Paint3, ops: TransformOp[]) => {
    if (IGNORED_ELEMENTS.has(n.name)) return;
    const known = n.name === 'svg' || n.name === 'g' || SHAPES.has(n.name);
    if (!known) throw new SvgError(`<${n.name}> is not allowed in ${lim.what} (drawing elements only: svg, g, ${[...SHAPES].join(', ')})`, { cause: n.at });
    for (const [k] of n.attrs) {
      if (GEOMETRY[n.name]!.includes(k) || PAINT_ATTRS.has(k) || IGNORED_ATTRS.has(k) || k.startsWith('xmlns:') || k.startsWith('data-') || k.startsWith('sodipodi:') || k.startsWith('inkscape:')) continue;
      if (k === 'transform' && n.name !== 'svg') continue;
      if (/^on/i.test(k)) throw new SvgError(`event attribute '${k}' is not allowed: ${lim.what} is a drawing, never a script`, { cause: n.at });
      if (/href$/i.test(k)) throw new SvgError(`'${k}' is not allowed: ${lim.what} draws nothing from elsewhere`, { cause: n.at });
      if (k === 'style') throw new SvgError(`'style' is not read: give fill, stroke and stroke-width as attributes`, { cause: n.at });
      throw new SvgError(`attribute '${k}' is not allowed on <${n.name}> (geometry: ${GEOMETRY[n.name]!.join(', ') || 'none'}; paint: fill, stroke, stroke-width, fill-rule, stroke-linecap, opacity)`, { cause: n.at });
    }
    const paint = paintOf(n, inherited, cx);
    const here = n.attrs.has('transform') ? [...ops, ...transformOf(n.attrs.get('transform')!, n.at)] : ops;
    if (SHAPES.has(n.name)) {
      const d = pathOf(n);
      if (d && (paint.fill !== null || paint.stroke !== null)) {
        parts.push({
          d, fill: paint.fill, stroke: paint.stroke,
          ...(paint.stroke !== null ? { width: paint.width } : {}),
          ...(paint.rule ? { rule: paint.rule } : {}),
          ...(paint.cap ? { cap: paint.cap } : {}),
          ...(here.length ? { ops: here } : {}),
          ...(paint.opacity < 1 ? { opacity: paint.opacity } : {}),
        });
      }
    }
    for (const k of n.kids) walk(k, paint, here);
  };
  walk(root, { fill: 'current', stroke: null, width: 1, opacity: 1 }, []);
  if (parts.length === 0) throw new SvgError('the SVG draws nothing (no path, circle, rect … with a fill or a stroke)');
  return { box, parts };
}

interface Paint3 {
  fill: Paint;
  stroke: Paint;
  width: number;
  rule?: 'evenodd';
  cap?: ShapePart['cap'];
  opacity: number;
}

function num(v: string, what: string, at: number): number {
  const t = v.trim().replace(/px$/, '');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) throw new SvgError(`${what} is a number, not '${v}'`, { cause: at });
  const n = Number(t);
  if (!Number.isFinite(n) || Math.abs(n) > 1e6) throw new SvgError(`${what} is out of range: ${v}`, { cause: at });
  return n;
}

function numbers(v: string, what: string, at: number): number[] {
  const t = v.trim();
  return t ? t.split(/[\s,]+/).map((x) => num(x, what, at)) : [];
}

function viewBoxOf(n: Node): [number, number, number, number] {
  const vb = n.attrs.get('viewBox');
  if (vb !== undefined) {
    const b = numbers(vb, 'viewBox', n.at);
    if (b.length !== 4 || !(b[2]! > 0 && b[3]! > 0)) throw new SvgError(`viewBox is four numbers: x y width height (width and height above 0), not '${vb}'`, { cause: n.at });
    return [b[0]!, b[1]!, b[2]!, b[3]!];
  }
  const w = n.attrs.has('width') ? num(n.attrs.get('width')!, 'width', n.at) : 100;
  const h = n.attrs.has('height') ? num(n.attrs.get('height')!, 'height', n.at) : 100;
  if (!(w > 0 && h > 0)) throw new SvgError('width and height are above 0', { cause: n.at });
  return [0, 0, w, h];
}

function paintValue(v: string, what: string, at: number, cx: SvgContext): Paint {
  const t = v.trim();
  if (t === 'none' || t === 'transparent') return null;
  if (t === 'currentColor') return 'current';
  if (/^url\(/i.test(t)) throw new SvgError(`${what} '${t}' refers to something else: give a colour`, { cause: at });
  if (/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(t)) {
    const h = t.toLowerCase();
    return h.length === 4 ? `#${h[1]}${h[1]}${h[2]}${h[2]}${h[3]}${h[3]}` : h;
  }
  const named = cx.colour(t);
  if (named) return named;
  throw new SvgError(`${what} '${t}' is not a colour: #rrggbb, a colour name, none or currentColor`, { cause: at });
}

function paintOf(n: Node, up: Paint3, cx: SvgContext): Paint3 {
  const a = n.attrs;
  const out: Paint3 = { ...up };
  if (a.has('fill')) out.fill = paintValue(a.get('fill')!, 'fill', n.at, cx);
  if (a.has('stroke')) out.stroke = paintValue(a.get('stroke')!, 'stroke', n.at, cx);
  if (a.has('stroke-width')) out.width = num(a.get('stroke-width')!, 'stroke-width', n.at);
  if (a.has('fill-rule')) out.rule = a.get('fill-rule') === 'evenodd' ? 'evenodd' : undefined;
  if (a.has('stroke-linecap')) {
    const c = a.get('stroke-linecap')!;
    if (c !== 'butt' && c !== 'round' && c !== 'square') throw new SvgError(`stroke-linecap is butt, round or square, not '${c}'`, { cause: n.at });
    out.cap = c;
  }
  for (const k of ['opacity', 'fill-opacity']) if (a.has(k)) out.opacity = Math.max(0, Math.min(1, up.opacity * num(a.get(k)!, k, n.at)));
  return out;
}

function transformOf(v: string, at: number): TransformOp[] {
  const ops: TransformOp[] = [];
  const re = /\s*(translate|scale|rotate)\s*\(([^)]*)\)\s*,?/gy;
  let m: RegExpExecArray | null;
  let end = 0;
  while ((m = re.exec(v))) {
    end = re.lastIndex;
    const a = numbers(m[2]!, `${m[1]} in transform`, at);
    if (m[1] === 'translate' && (a.length === 1 || a.length === 2)) ops.push({ op: 'translate', x: a[0]!, y: a[1] ?? 0 });
    else if (m[1] === 'scale' && (a.length === 1 || (a.length === 2 && a[0] === a[1]))) ops.push({ op: 'scale', k: a[0]! });
    else if (m[1] === 'rotate' && (a.length === 1 || a.length === 3)) ops.push({ op: 'rotate', a: a[0]!, x: a[1] ?? 0, y: a[2] ?? 0 });
    else throw new SvgError(`transform ${m[1]}(${m[2]}) is not supported (translate(x y), scale(k) with one factor, rotate(a [x y]))`, { cause: at });
  }
  if (v.slice(end).trim()) throw new SvgError(`transform '${v}' is not supported: translate, scale (one factor) and rotate only`, { cause: at });
  return ops;
}

const f = (x: number) => String(Math.round(x * 1000) / 1000);

/** A drawing element's geometry as path data. */
function pathOf(n: Node): string | null {
  const a = n.attrs;
  const get = (k: string, dflt = 0) => (a.has(k) ? num(a.get(k)!, k, n.at) : dflt);
  switch (n.name) {
    case 'path': {
      const d = a.get('d') ?? '';
      const bad = pathDataProblem(d);
      if (bad) throw new SvgError(bad, { cause: n.at });
      return d.trim() || null;
    }
    case 'circle': case 'ellipse': {
      const cx = get('cx'), cy = get('cy');
      const rx = n.name === 'circle' ? get('r') : get('rx'), ry = n.name === 'circle' ? rx : get('ry');
      if (!(rx > 0 && ry > 0)) return null;
      return `M${f(cx - rx)} ${f(cy)}A${f(rx)} ${f(ry)} 0 1 0 ${f(cx + rx)} ${f(cy)}A${f(rx)} ${f(ry)} 0 1 0 ${f(cx - rx)} ${f(cy)}Z`;
    }
    case 'rect': {
      const x = get('x'), y = get('y'), w = get('width'), h = get('height');
      if (!(w > 0 && h > 0)) return null;
      let rx = a.has('rx') ? get('rx') : a.has('ry') ? get('ry') : 0;
      let ry = a.has('ry') ? get('ry') : rx;
      rx = Math.min(Math.max(rx, 0), w / 2); ry = Math.min(Math.max(ry, 0), h / 2);
      if (!rx || !ry) return `M${f(x)} ${f(y)}H${f(x + w)}V${f(y + h)}H${f(x)}Z`;
      return `M${f(x + rx)} ${f(y)}H${f(x + w - rx)}A${f(rx)} ${f(ry)} 0 0 1 ${f(x + w)} ${f(y + ry)}V${f(y + h - ry)}A${f(rx)} ${f(ry)} 0 0 1 ${f(x + w - rx)} ${f(y + h)}H${f(x + rx)}A${f(rx)} ${f(ry)} 0 0 1 ${f(x)} ${f(y + h - ry)}V${f(y + ry)}A${f(rx)} ${f(ry)} 0 0 1 ${f(x + rx)} ${f(y)}Z`;
    }
    case 'line':
      return `M${f(get('x1'))} ${f(get('y1'))}L${f(get('x2'))} ${f(get('y2'))}`;
    case 'polyline': case 'polygon': {
      const p = numbers(a.get('points') ?? '', 'points', n.at);
      if (p.length < 4 || p.length % 2) return null;
      let d = `M${f(p[0]!)} ${f(p[1]!)}`;
      for (let i = 2; i < p.length; i += 2) d += `L${f(p[i]!)} ${f(p[i + 1]!)}`;
      return n.name === 'polygon' ? `${d}Z` : d;
    }
  }
  return null;
}

// ---- a strict reader of the XML an SVG file is ----------------------------------------------------

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(v: string, at: number): string {
  return v.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (all, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      if (!(code > 0 && code < 0x110000)) throw new SvgError(`bad character reference '${all}'`, { cause: at });
      return String.fromCodePoint(code);
    }
    const r = Object.prototype.hasOwnProperty.call(ENTITIES, e) ? ENTITIES[e] : undefined;
    if (r === undefined || !all.endsWith(';')) throw new SvgError(`entity '${all}' is not allowed (only &amp; &lt; &gt; &quot; &apos;)`, { cause: at });
    return r;
  });
}

function parseXml(text: string, lim: SvgReadLimits): Node {
  let i = 0;
  let count = 0;
  const stack: Node[] = [];
  let root: Node | null = null;
  const fail = (msg: string, at = i): never => { throw new SvgError(msg, { cause: at }); };
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const chunk = lt < 0 ? text.slice(i) : text.slice(i, lt);
    if (chunk.trim() && !(stack.length && IGNORED_ELEMENTS.has(stack[stack.length - 1]!.name))) fail(`text '${chunk.trim().slice(0, 20)}' outside an element is not read: an SVG symbol is drawing elements only`);
    if (lt < 0) break;
    i = lt;
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) fail('a comment is not closed');
      i = end + 3;
      continue;
    }
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end < 0 || !/^<\?xml[\s?]/.test(text.slice(i, i + 6)) || root) fail('processing instructions are not allowed (only the <?xml …?> declaration, first)');
      i = end + 2;
      continue;
    }
    if (text.startsWith('<!', i)) fail(/^<!DOCTYPE/i.test(text.slice(i, i + 9)) ? `a DOCTYPE is not allowed in ${lim.what}` : /^<!\[CDATA\[/.test(text.slice(i, i + 9)) ? 'CDATA sections are not allowed' : 'declarations (<!…>) are not allowed');
    if (text[i + 1] === '/') {
      const m = /^<\/([A-Za-z][\w:.-]*)\s*>/.exec(text.slice(i));
      if (!m) fail('a closing tag is malformed');
      const open = stack.pop();
      if (!open || open.name !== m![1]) fail(`</${m![1]}> closes ${open ? `<${open.name}>` : 'nothing'}`);
      i += m![0].length;
      continue;
    }
    const m = /^<([A-Za-z][\w:.-]*)/.exec(text.slice(i));
    if (!m) fail("'<' starts a tag: write &lt; in text");
    const node: Node = { name: m![1]!, attrs: new Map(), kids: [], at: i };
    // refused at once, before anything inside it is read (a script's text, an object's content)
    if (!(node.name === 'svg' || node.name === 'g' || SHAPES.has(node.name) || IGNORED_ELEMENTS.has(node.name))) fail(`<${node.name}> is not allowed in ${lim.what} (drawing elements only: svg, g, ${[...SHAPES].join(', ')})`);
    if (++count > lim.elements) fail(`more than ${lim.elements} elements`);
    i += m![0].length;
    for (;;) {
      const ws = /^\s*/.exec(text.slice(i))![0].length;
      i += ws;
      if (text.startsWith('/>', i)) { i += 2; break; }
      if (text[i] === '>') { i += 1; stack.push(node); break; }
      const am = /^([A-Za-z_:][\w:.-]*)\s*=\s*("([^"]*)"|'([^']*)')/.exec(text.slice(i));
      if (!am || !ws) fail(i >= text.length ? `<${node.name}> is not closed` : `an attribute of <${node.name}> is malformed (name="value")`);
      const k = am![1]!;
      if (node.attrs.has(k)) fail(`attribute '${k}' is given twice`);
      node.attrs.set(k, decode(am![3] ?? am![4] ?? '', i));
      i += am![0].length;
    }
    const parent = stack[stack.length - (stack[stack.length - 1] === node ? 2 : 1)];
    if (parent) parent.kids.push(node);
    else if (root) fail('an SVG document has one root element');
    else root = node;
    if (stack.length > lim.depth) fail(`elements nested more than ${lim.depth} deep`);
  }
  if (stack.length) fail(`<${stack[stack.length - 1]!.name}> is not closed`, text.length);
  if (!root) fail('no <svg> element', 0);
  return root!;
}
