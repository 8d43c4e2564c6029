// The operators of the language: and, or, arithmetic (a division by zero gives 0), comparisons, equality (of
// compound values item by item) and `in`; a text compared with a card field, a role or a team is checked
// against what it can hold.

import type { Fn } from '../model.js';
import type { Node } from './parse.js';
import { T, assignable, showType, type Ty, type Value } from './types.js';
import { ExprError, type Compiled, type Scope } from './env.js';
import { sameValue } from './value.js';
import { didYouMean } from '../suggest.js';
import type { NodeCompiler } from './functions/def.js';
import { irOf, type Ir } from './ir.js';

export function compileBinary(cx: NodeCompiler, n: Node & { k: 'binary' }, sc: Scope): Compiled {
  const a = cx.value(n.left, sc);
  const b = cx.value(n.right, sc);
  const af = a.fn, bf = b.fn;
  switch (n.op) {
    case 'and':
      cx.need(a, T.bool, n.left); cx.need(b, T.bool, n.right);
      return { fn: (c) => af(c) && bf(c), t: T.bool, ir: { k: 'bin', op: '&&', a: irOf(a), b: irOf(b) } };
    case 'or':
      cx.need(a, T.bool, n.left); cx.need(b, T.bool, n.right);
      return { fn: (c) => af(c) || bf(c), t: T.bool, ir: { k: 'bin', op: '||', a: irOf(a), b: irOf(b) } };
    case '+': case '-': case '*': case '/': case '%': {
      if (n.op === '+' && (a.t.k === 'str' || b.t.k === 'str')) {
        // text + text (or a number): joined, the number written out: 'paying ' + it.pay[0] + ' left'
        const ok = (t: Ty) => t.k === 'str' || t.k === 'num' || t.k === 'any';
        if (!ok(a.t)) throw new ExprError(`only texts and numbers join into a text, not ${showType(a.t)}`, n.left.at);
        if (!ok(b.t)) throw new ExprError(`only texts and numbers join into a text, not ${showType(b.t)}`, n.right.at);
        return { fn: (c) => String(af(c)) + String(bf(c)), t: T.str };
      }
      const x = cx.num(a, n.left), y = cx.num(b, n.right);
      const op = n.op;
      const fn: Fn = op === '+' ? (c) => x(c) + y(c)
        : op === '-' ? (c) => x(c) - y(c)
        : op === '*' ? (c) => x(c) * y(c)
        : op === '/' ? (c) => { const d = y(c); return d === 0 ? 0 : x(c) / d; }
        : (c) => { const d = y(c); return d === 0 ? 0 : x(c) % d; };
      const ir: Ir = op === '/' || op === '%' ? { k: 'div', op, a: irOf(a), b: irOf(b) } : { k: 'bin', op, a: irOf(a), b: irOf(b) };
      return { fn, t: T.num, ir };
    }
    case '<': case '<=': case '>': case '>=': {
      const x = cx.num(a, n.left), y = cx.num(b, n.right);
      const op = n.op;
      const fn: Fn = op === '<' ? (c) => x(c) < y(c) : op === '<=' ? (c) => x(c) <= y(c) : op === '>' ? (c) => x(c) > y(c) : (c) => x(c) >= y(c);
      return { fn, t: T.bool, ir: { k: 'bin', op, a: irOf(a), b: irOf(b) } };
    }
    case '==': case '!=': {
      if (!assignable(a.t, b.t) && !assignable(b.t, a.t)) {
        throw new ExprError(`cannot compare ${showType(a.t)} with ${showType(b.t)}`, n.at);
      }
      checkLiteral(cx, n.right, n.left);
      checkLiteral(cx, n.left, n.right);
      if (a.t.k === 'list' || a.t.k === 'rec' || a.t.k === 'counts' || b.t.k === 'rec') {
        const fn: Fn = (c) => sameValue(af(c), bf(c));
        return { fn: n.op === '==' ? fn : (c) => !fn(c), t: T.bool };
      }
      // a comparison with a literal (it.type == 'key') compares with the constant directly
      const lit = n.right.k === 'str' || n.right.k === 'num' || n.right.k === 'bool' ? n.right.v : undefined;
      const ir: Ir = { k: 'bin', op: n.op === '==' ? '===' : '!==', a: irOf(a), b: irOf(b) };
      if (lit !== undefined) return { fn: n.op === '==' ? (c) => af(c) === lit : (c) => af(c) !== lit, t: T.bool, ir };
      return { fn: n.op === '==' ? (c) => af(c) === bf(c) : (c) => af(c) !== bf(c), t: T.bool, ir };
    }
    case 'in': {
      if (b.t.k !== 'list') throw new ExprError(`'in' needs a list on its right, but this is ${showType(b.t)}`, n.right.at);
      if (!assignable(a.t, b.t.of)) throw new ExprError(`cannot look for ${showType(a.t)} in ${showType(b.t)}`, n.at);
      if (n.right.k === 'list' && a.t.k === 'str') n.right.items.forEach((x) => checkLiteral(cx, x, n.left));
      if (n.left.k === 'str') checkLiteral(cx, n.left, n.right); // 'wood' in it.either
      const lf = bf as Fn<readonly Value[]>; // a list by its type, just checked
      return { fn: (c) => lf(c).includes(af(c)), t: T.bool };
    }
  }
  throw new ExprError(`unknown operator '${n.op}'`, n.at);
}

/** `it.type == 'instrction'`, `role($p) == 'archtect'`: a text compared with a card field or a role/team
 *  is checked against what that field (or the roles, the teams) can hold; other texts are free. */
function checkLiteral(cx: NodeCompiler, lit: Node, other: Node): void {
  if (lit.k !== 'str') return;
  const env = cx.env;
  let dom: Set<string> | undefined;
  let what = '';
  const option = other.k === 'name' ? env.options.get(other.name) : undefined;
  if (option && other.k === 'name' && option.t.k === 'str') {
    // an option's declared choices are all it can be; without them, the texts it is compared with are noted
    if (option.choices) {
      if (option.choices.includes(lit.v)) return;
      const hint = didYouMean(lit.v, option.choices.map(String));
      throw new ExprError(`'${lit.v}' is not one of option ${other.name}'s choices (${option.choices.join(', ')})${hint ? `; did you mean '${hint}'?` : ''}`, lit.at);
    }
    let seen = env.optionLiterals?.get(other.name);
    if (!seen) env.optionLiterals?.set(other.name, (seen = new Set()));
    seen?.add(lit.v);
    return;
  }
  if (other.k === 'call' && (other.fn === 'role' || other.fn === 'team')) {
    dom = other.fn === 'role' ? env.roles : env.teams;
    what = `a ${other.fn}`;
  } else if (other.k === 'call' && other.fn === 'zoneOf') {
    dom = new Set(env.zones.keys());
    what = 'a zone';
  } else if (other.k === 'field' && cx.cardFields.has(other)) {
    dom = env.literalDomains.get(other.name);
    what = `the ${other.name} of any card`;
  }
  if (!dom || dom.has(lit.v)) return;
  const hint = didYouMean(lit.v, dom);
  if (hint) throw new ExprError(`'${lit.v}' is not ${what} (did you mean '${hint}'?)`, lit.at);
}
