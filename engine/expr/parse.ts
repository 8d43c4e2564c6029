// A small Pratt parser for ruleset expressions. Expressions are data: this turns a string into an AST,
// `compile.ts` type-checks the AST and turns it into closures. Nothing here evaluates anything.

export type Node =
  | { k: 'num'; v: number; at: number }
  | { k: 'str'; v: string; at: number }
  | { k: 'bool'; v: boolean; at: number }
  | { k: 'name'; name: string; at: number }            // identifier: zone, var, option, definition, table…
  | { k: 'bind'; name: string; at: number }            // $name
  | { k: 'it'; at: number }                            // the current item inside a list function
  | { k: 'list'; items: Node[]; at: number }
  | { k: 'rec'; fields: { name: string; value: Node; at: number }[]; at: number } // { card: it, pay: 2 }
  | { k: 'call'; fn: string; args: Node[]; at: number }
  | { k: 'field'; obj: Node; name: string; at: number }
  | { k: 'index'; obj: Node; index: Node; at: number }
  | { k: 'unary'; op: '-' | 'not'; arg: Node; at: number }
  | { k: 'binary'; op: string; left: Node; right: Node; at: number }
  | { k: 'cond'; test: Node; then: Node; else: Node; at: number };

export class ExprSyntaxError extends Error {
  constructor(message: string, readonly at: number) {
    super(message);
  }
}

type Tok =
  | { t: 'num'; v: number; at: number }
  | { t: 'str'; v: string; at: number }
  | { t: 'id'; v: string; at: number }
  | { t: 'bind'; v: string; at: number }
  | { t: 'op'; v: string; at: number }
  | { t: 'end'; at: number };

const OPS = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '+', '-', '*', '/', '%', '(', ')', '[', ']', '{', '}', ',', '.', '?', ':', '!'];
const MAX_LENGTH = 4000;
const MAX_DEPTH = 64;

function lex(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') { i++; continue; }
    const start = i;
    if (/[0-9]/.test(ch)) {
      while (i < src.length && /[0-9]/.test(src[i]!)) i++;
      if (src[i] === '.' && /[0-9]/.test(src[i + 1] ?? '')) { i++; while (i < src.length && /[0-9]/.test(src[i]!)) i++; }
      out.push({ t: 'num', v: Number(src.slice(start, i)), at: start });
      continue;
    }
    if (ch === "'" || ch === '"') {
      i++;
      let s = '';
      while (i < src.length && src[i] !== ch) {
        if (src[i] === '\\' && i + 1 < src.length) { s += src[i + 1]; i += 2; continue; }
        s += src[i++];
      }
      if (i >= src.length) throw new ExprSyntaxError('unterminated string', start);
      i++;
      out.push({ t: 'str', v: s, at: start });
      continue;
    }
    if (ch === '$' || /[A-Za-z_]/.test(ch)) {
      i++;
      while (i < src.length && /[A-Za-z0-9_]/.test(src[i]!)) i++;
      const word = src.slice(start, i);
      if (ch === '$') {
        if (word.length === 1) throw new ExprSyntaxError("'$' must be followed by a name", start);
        out.push({ t: 'bind', v: word.slice(1), at: start });
      } else out.push({ t: 'id', v: word, at: start });
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (!op) throw new ExprSyntaxError(`unexpected character '${ch}'`, i);
    out.push({ t: 'op', v: op, at: i });
    i += op.length;
  }
  out.push({ t: 'end', at: src.length });
  return out;
}

const BINARY: Record<string, number> = {
  or: 1, '||': 1,
  and: 2, '&&': 2,
  '==': 3, '!=': 3, '<': 3, '<=': 3, '>': 3, '>=': 3, in: 3,
  '+': 4, '-': 4,
  '*': 5, '/': 5, '%': 5,
};

export function parseExpr(src: string): Node {
  if (src.length > MAX_LENGTH) throw new ExprSyntaxError(`expression is ${src.length} characters long (limit ${MAX_LENGTH})`, 0);
  const toks = lex(src);
  let p = 0;
  let depth = 0;
  const peek = () => toks[p]!;
  const next = () => toks[p++]!;
  const isOp = (v: string) => { const t = peek(); return t.t === 'op' && t.v === v; };
  const expect = (v: string) => {
    const t = next();
    if (t.t !== 'op' || t.v !== v) throw new ExprSyntaxError(`expected '${v}' but found ${describe(t)}`, t.at);
  };

  function binOp(): { op: string; prec: number } | undefined {
    const t = peek();
    if (t.t === 'op' && t.v in BINARY) return { op: t.v === '&&' ? 'and' : t.v === '||' ? 'or' : t.v, prec: BINARY[t.v]! };
    if (t.t === 'id' && (t.v === 'and' || t.v === 'or' || t.v === 'in')) return { op: t.v, prec: BINARY[t.v]! };
    return undefined;
  }

  function expr(): Node {
    if (++depth > MAX_DEPTH) throw new ExprSyntaxError(`expression nests deeper than ${MAX_DEPTH} levels`, peek().at);
    const test = binary(0);
    let result = test;
    if (isOp('?')) {
      const at = next().at;
      const a = expr();
      expect(':');
      const b = expr();
      result = { k: 'cond', test, then: a, else: b, at };
    }
    depth--;
    return result;
  }

  function binary(minPrec: number): Node {
    let left = unary();
    for (;;) {
      const b = binOp();
      if (!b || b.prec < minPrec) break;
      const at = next().at;
      const right = binary(b.prec + 1);
      left = { k: 'binary', op: b.op, left, right, at };
    }
    return left;
  }

  function unary(): Node {
    const t = peek();
    const neg = t.t === 'op' && (t.v === '-' || t.v === '!');
    if (neg || (t.t === 'id' && t.v === 'not')) {
      next();
      // a prefix operator nests like a bracket: `!!!…x` is as deep as it is long
      if (++depth > MAX_DEPTH) throw new ExprSyntaxError(`expression nests deeper than ${MAX_DEPTH} levels`, t.at);
      const arg = unary();
      depth--;
      return { k: 'unary', op: t.t === 'op' && t.v === '-' ? '-' : 'not', arg, at: t.at };
    }
    return postfix(primary());
  }

  function postfix(n: Node): Node {
    for (;;) {
      if (isOp('.')) {
        next();
        const t = next();
        if (t.t !== 'id') throw new ExprSyntaxError(`expected a field name after '.' but found ${describe(t)}`, t.at);
        n = { k: 'field', obj: n, name: t.v, at: t.at };
      } else if (isOp('[')) {
        const at = next().at;
        if (++depth > MAX_DEPTH) throw new ExprSyntaxError(`expression nests deeper than ${MAX_DEPTH} levels`, at);
        const index = expr();
        depth--;
        expect(']');
        n = { k: 'index', obj: n, index, at };
      } else return n;
    }
  }

  function primary(): Node {
    const t = next();
    switch (t.t) {
      case 'num': return { k: 'num', v: t.v, at: t.at };
      case 'str': return { k: 'str', v: t.v, at: t.at };
      case 'bind': return { k: 'bind', name: t.v, at: t.at };
      case 'id': {
        if (t.v === 'true' || t.v === 'false') return { k: 'bool', v: t.v === 'true', at: t.at };
        if (t.v === 'it') return { k: 'it', at: t.at };
        if (isOp('(')) {
          next();
          const args: Node[] = [];
          if (!isOp(')')) {
            do args.push(expr()); while (isOp(',') && next());
          }
          expect(')');
          return { k: 'call', fn: t.v, args, at: t.at };
        }
        return { k: 'name', name: t.v, at: t.at };
      }
      case 'op':
        if (t.v === '(') { const e = expr(); expect(')'); return e; }
        if (t.v === '[') {
          const items: Node[] = [];
          if (!isOp(']')) {
            do items.push(expr()); while (isOp(',') && next());
          }
          expect(']');
          return { k: 'list', items, at: t.at };
        }
        if (t.v === '{') {
          // a record: { name: value, … }
          const fields: { name: string; value: Node; at: number }[] = [];
          if (!isOp('}')) {
            do {
              const f = next();
              if (f.t !== 'id') throw new ExprSyntaxError(`expected a field name in a record but found ${describe(f)}`, f.at);
              if (fields.some((x) => x.name === f.v)) throw new ExprSyntaxError(`field '${f.v}' is given twice`, f.at);
              expect(':');
              fields.push({ name: f.v, value: expr(), at: f.at });
            } while (isOp(',') && next());
          }
          expect('}');
          return { k: 'rec', fields, at: t.at };
        }
        if (t.v === '.') {
          // `.field` is shorthand for `it.field`
          const f = next();
          if (f.t !== 'id') throw new ExprSyntaxError(`expected a field name after '.' but found ${describe(f)}`, f.at);
          return { k: 'field', obj: { k: 'it', at: t.at }, name: f.v, at: f.at };
        }
        throw new ExprSyntaxError(`unexpected ${describe(t)}`, t.at);
      case 'end':
        throw new ExprSyntaxError('unexpected end of expression', t.at);
    }
  }

  const n = expr();
  const rest = peek();
  if (rest.t !== 'end') throw new ExprSyntaxError(`unexpected ${describe(rest)} after the end of the expression`, rest.at);
  return n;
}

function describe(t: Tok): string {
  switch (t.t) {
    case 'end': return 'the end of the expression';
    case 'num': return `number ${t.v}`;
    case 'str': return `string '${t.v}'`;
    case 'bind': return `'$${t.v}'`;
    default: return `'${t.v}'`;
  }
}

/** Splits a text with `{expr}` holes (log messages, prompt texts) into literal parts and expressions. */
export function parseTemplate(src: string): { parts: string[]; holes: { node: Node; at: number }[] } {
  const parts: string[] = [];
  const holes: { node: Node; at: number }[] = [];
  let i = 0;
  let lit = '';
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === '{') {
      let j = i + 1;
      let nest = 0;
      while (j < src.length && (src[j] !== '}' || nest > 0)) {
        if (src[j] === '{') nest++;
        if (src[j] === '}') nest--;
        j++;
      }
      if (j >= src.length) throw new ExprSyntaxError("unclosed '{' in text", i);
      const inner = src.slice(i + 1, j);
      let node: Node;
      try {
        node = parseExpr(inner);
      } catch (e) {
        if (e instanceof ExprSyntaxError) throw new ExprSyntaxError(e.message, i + 1 + e.at);
        throw e;
      }
      shift(node, i + 1);
      parts.push(lit);
      lit = '';
      holes.push({ node, at: i + 1 });
      i = j + 1;
      continue;
    }
    lit += ch;
    i++;
  }
  parts.push(lit);
  return { parts, holes };
}

function shift(n: Node, by: number): void {
  (n as { at: number }).at += by;
  switch (n.k) {
    case 'list': n.items.forEach((x) => shift(x, by)); break;
    case 'rec': n.fields.forEach((f) => { f.at += by; shift(f.value, by); }); break;
    case 'call': n.args.forEach((x) => shift(x, by)); break;
    case 'field': shift(n.obj, by); break;
    case 'index': shift(n.obj, by); shift(n.index, by); break;
    case 'unary': shift(n.arg, by); break;
    case 'binary': shift(n.left, by); shift(n.right, by); break;
    case 'cond': shift(n.test, by); shift(n.then, by); shift(n.else, by); break;
    default: break;
  }
}
