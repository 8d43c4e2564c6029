// The shape of a built-in function's registry entry, and what its compile function may use.

import type { Node } from '../parse.js';
import type { Ty, Value } from '../types.js';
import type { Fn } from '../../model.js';
import type { Compiled, Env, Scope } from '../env.js';
import type { Entry } from '../../lang/registry.js';

export type CallNode = Node & { k: 'call' };

/** One parameter of a built-in function, as the docs show it. */
export interface FnParam {
  name: string;
  /** what it takes, in the designer's words: 'a list', 'a condition on it', 'a number' */
  shows: string;
  optional?: boolean;
  /** takes any number of further arguments of this kind (concat) */
  rest?: boolean;
}

/** The services of the expression compiler a function's compile step uses. */
export interface FnCompiler {
  readonly env: Env;
  /** compile a node (a zone stays a zone reference) */
  expr(n: Node, sc: Scope): Compiled;
  /** compile a node as a value (a zone becomes its list of cards) */
  value(n: Node, sc: Scope): Compiled;
  toValue(r: Compiled, n: Node): Compiled;
  /** a type error unless r's type fits t */
  need(r: Compiled, t: Ty, n: Node): void;
  /** `need`, then the closure typed as the check makes it: a number; a seat (-1: nobody); a card's number (-1: no
   *  card; a name bound to nothing yet reads undefined, which card readers treat as no card); a cell's name */
  num(r: Compiled, n: Node): Fn<number>;
  player(r: Compiled, n: Node): Fn<number>;
  card(r: Compiled, n: Node): Fn<number>;
  cell(r: Compiled, n: Node): Fn<string>;
  /** a list and a body evaluated with `it` bound to each item */
  lambda(list: Node, body: Node, sc: Scope): { l: Compiled<Value[]>; b: Compiled; of: Ty };
  listArg(n: Node, sc: Scope): Compiled<Value[]>;
  playerArg(n: Node, sc: Scope): Compiled<number>;
}

/** What the compiler's own parts (access.ts, operators.ts) use besides: what they note while compiling. */
export interface NodeCompiler extends FnCompiler {
  /** field nodes that read a card's field (a text compared with one is checked against what it can hold) */
  cardFields: WeakSet<Node>;
  /** what may write a rule warning or the table cell it cites, compiled so far */
  warnSites: number;
}

export interface CallInput {
  args: Node[];
  n: CallNode;
  sc: Scope;
  c: FnCompiler;
}

/** A built-in function: a registry entry (see engine/lang/registry.ts). */
export interface FunctionDef extends Entry {
  params: FnParam[];
  /** what it gives, in the designer's words */
  returns: string;
  /** draws randomness: only allowed in effects */
  random?: boolean;
  /** reads the game in ways the definition cache (engine/memo.ts) does not follow: a definition that uses it
   *  is never cached */
  opaque?: boolean;
  /** may write a rule warning (warnings.ts): a definition that uses it is not cached while warnings are kept */
  warns?: boolean;
  /** the arguments were checked against `params` (count) before this is called */
  compile(x: CallInput): Compiled;
}
