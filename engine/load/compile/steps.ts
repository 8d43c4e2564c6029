// Steps: the flow's building blocks. One registry of step kinds (STEP_KINDS: do, prompt, while, forEach,
// simultaneous, switch, call, offer), each with the value under its key, the shared step keys it takes besides, its meaning, and
// its compile function; compileSteps reads a list of steps with them.

import type { Eff, Fn, StepDef, StepList } from '../../model.js';
import { runQuietly } from '../../state.js';
import type { Scope } from '../../expr/env.js';
import { T, showType, type Value } from '../../expr/types.js';
import { literalProblem } from '../../expr/compile.js';
import type { Path } from '../../effects/index.js';
import { Registry, type Entry, type Param } from '../../lang/registry.js';
import { arr, hintOf, isObj, type Obj } from './context.js';
import type { CompileHost } from './host.js';
import { compilePrompt } from './prompt.js';
import { makeProcedures, type Procedures } from './procedures.js';
import type { CompileContext } from './context.js';

/** Keys any step may have, besides its kind. */
export const STEP_KEYS: Param[] = [
  { name: 'id', type: { k: 'schema', schema: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]*$' }, shows: 'an id' }, required: true, doc: 'The step\'s id, unique in its list (a variant refers to the step by it).' },
  { name: 'description', type: { k: 'schema', schema: { type: 'string' }, shows: 'a text' }, doc: 'A note for designers; not shown in play.' },
  { name: 'when', type: { k: 'expr', shows: 'a yes/no condition' }, doc: 'A yes/no condition: the step is skipped unless it holds when reached.', examples: ['count(pile) > 0'] },
  { name: 'as', type: { k: 'binding' }, doc: 'With forEach or simultaneous: the name of the current item or player (default p, used as $p). With offer (required): the responder; after the step, the first who took the offer (none if nobody did).' },
  { name: 'steps', type: { k: 'steps' }, doc: 'The nested steps of a while, forEach or simultaneous step.' },
  { name: 'cases', type: { k: 'schema', shows: 'a list of cases', schema: { type: 'array', items: { $ref: '#/$defs/switchCase' } } }, doc: 'With switch: the cases, tried in order; the first whose `is` matches the value (or whose `when` holds) runs its `steps`.' },
  { name: 'otherwise', type: { k: 'steps' }, doc: 'With switch: the steps run when no case matches.' },
  { name: 'with', type: { k: 'schema', shows: 'parameter → value', schema: { type: 'object', additionalProperties: { $ref: '#/$defs/expression' } } }, doc: 'With call: the value of each parameter of the procedure (an expression of its type), e.g. { p: $p, n: 3 }.', examples: [{ p: '$p', n: 3 }] },
  { name: 'ask', type: { k: 'schema', schema: { $ref: '#/$defs/prompt' }, shows: 'a prompt' }, doc: 'With offer: the optional response each player may make (a prompt whose player is the responder by default; choosing nothing declines). Its `as` names the response for `do` and the steps after.' },
  { name: 'first', type: { k: 'bool' }, default: false, doc: 'With offer: only the first taker in the list\'s order responds (a challenge, a block); without it every taker does (each reveals a reaction card).' },
  { name: 'quiet', type: { k: 'bool' }, default: false, doc: "With do, prompt or offer: the step writes only its own words to the log — its `log` lines and its prompt's `log` text — not the plain lines of its moves, shuffles and reveals (\"a card: Player 2's hand → the discard pile\") nor \"Player 2 chose … (step)\"." },
];

/** A step's effects, run without their automatic log lines when the step is `quiet`. */
function quietly(st: Obj, effects: Eff | null): Eff | null {
  if (st.quiet !== true || !effects) return effects;
  return (c) => runQuietly(() => effects(c));
}

/** The flow compiler's state while it compiles step lists. */
export interface StepsCompiler {
  h: CompileHost;
  lists: StepList[];
  promptSteps: (StepDef & { kind: 'prompt' })[];
  compileSteps(src: unknown, path: Path, scope: Scope, prefix: string, thread: boolean): number;
  /** the ruleset's procedures, compiled at their first call */
  procedures: Procedures;
}

export interface StepInput {
  st: Obj;
  /** path of the step */
  p: Path;
  scope: Scope;
  id: string;
  /** the step's path in the flow (phase/step/…), shown in logs and replays */
  stepPath: string;
  when: Fn<boolean> | null;
  /** compiling inside a simultaneous step */
  thread: boolean;
  fc: StepsCompiler;
}

export interface StepKindDef extends Entry {
  /** the value under the kind's own key */
  arg: Omit<Param, 'name'>;
  /** shared step keys this kind takes besides id, description and when (`as`, `steps`), or `do` after a prompt */
  takes: string[];
  /** allowed inside a simultaneous step */
  inThread: boolean;
  /** the compiled step (null on errors) and, for a prompt with `as`, the scope of the steps after it */
  compile(x: StepInput): { step: StepDef | null; scope?: Scope; abort?: boolean };
}

const loop = (kind: 'forEach' | 'simultaneous') => (x: StepInput): { step: StepDef | null } => {
  const { st, p, scope, id, stepPath, when, fc } = x;
  const h = fc.h;
  noQuiet(x);
  const expected = kind === 'simultaneous' ? T.list(T.player) : undefined;
  const fn = h.expr(st[kind], [...p, kind], { ...scope, random: false }, expected);
  const lt = h.typeOf(st[kind], [...p, kind], scope);
  const itemT = lt && lt.k === 'list' ? lt.of : T.any;
  if (lt && lt.k !== 'list') h.error([...p, kind], `${kind} needs a list, but this is ${showType(lt)}`);
  const inner = h.bind(scope, st.as ?? 'p', itemT, [...p, 'as']);
  const slot = h.env.slotOf(String(st.as ?? 'p'));
  const body = fc.compileSteps(st.steps, [...p, 'steps'], inner, stepPath, kind === 'simultaneous');
  h.inThread = x.thread;
  if (!fn) return { step: null };
  // a list (of players, for simultaneous) by its type, checked above: a ruleset where it is not does not load
  return kind === 'forEach'
    ? { step: { kind: 'forEach', id, path: stepPath, when, list: fn as Fn<Value[]>, slot, body } }
    : { step: { kind: 'simultaneous', id, path: stepPath, when, players: fn as Fn<number[]>, slot, body } };
};

export const STEP_KINDS = new Registry<StepKindDef>('step kind', [
  {
    name: 'do',
    doc: 'Runs effects.',
    arg: { type: { k: 'effects' }, doc: 'Effects to run (after the decision when the step has a prompt).' },
    takes: [],
    inThread: true,
    compile({ st, p, scope, id, stepPath, when, fc }) {
      const effects = quietly(st, fc.h.effects(st.do, [...p, 'do'], { ...scope, random: true }))!;
      return { step: { kind: 'do', id, path: stepPath, when, effects } };
    },
  },
  {
    name: 'prompt',
    doc: 'Asks one player to decide, then runs `do`.',
    arg: { type: { k: 'schema', schema: { $ref: '#/$defs/prompt' }, shows: 'a prompt' }, doc: 'A decision asked of one player.' },
    takes: ['do'],
    inThread: true,
    compile({ st, p, scope, id, stepPath, when, fc }) {
      const res = compilePrompt(st.prompt, [...p, 'prompt'], scope, fc.h);
      if (!res) return { step: null, abort: true };
      const effects = quietly(st, st.do !== undefined ? fc.h.effects(st.do, [...p, 'do'], { ...res.scope, random: true }) : null);
      // a quiet step says what its prompt's `log` says, or nothing
      if (st.quiet === true && res.prompt.log === undefined) res.prompt.log = false;
      const step = { kind: 'prompt' as const, id, path: stepPath, when, prompt: res.prompt, effects, key: fc.promptSteps.length };
      fc.promptSteps.push(step);
      return { step, scope: res.scope };
    },
  },
  {
    name: 'while',
    doc: 'Repeats `steps` as long as a condition holds (checked before each pass).',
    arg: { type: { k: 'expr', shows: 'a yes/no condition' }, doc: 'A yes/no condition: `steps` run again and again while it holds (checked before each pass).', examples: ['count(pile) > 0'] },
    takes: ['steps'],
    inThread: false,
    compile(x) {
      const { st, p, scope, id, stepPath, when, fc } = x;
      noQuiet(x);
      const test = fc.h.expr(st.while, [...p, 'while'], { ...scope, random: false }, T.bool) as Fn<boolean> | null; // checked against that type
      const body = fc.compileSteps(st.steps, [...p, 'steps'], scope, stepPath, false);
      return { step: test ? { kind: 'while', id, path: stepPath, when, test, body } : null };
    },
  },
  {
    name: 'forEach',
    doc: 'Runs `steps` once for each item of a list, bound to the name in `as`.',
    arg: { type: { k: 'expr', shows: 'a list' }, doc: 'A list expression: `steps` run once per item, bound to the name in `as`.', examples: ['chosen'] },
    takes: ['as', 'steps'],
    inThread: false,
    compile: loop('forEach'),
  },
  {
    name: 'simultaneous',
    doc: 'Each listed player runs `steps` at the same time, in secret; the flow goes on when all are done.',
    arg: { type: { k: 'expr', shows: 'a list of players' }, doc: 'A list-of-players expression: each of these players runs `steps` at the same time, in secret; the flow goes on when all are done. Inside, only do and prompt steps, each prompt asked of its own player.', examples: ['chosen'] },
    takes: ['as', 'steps'],
    inThread: false,
    compile: loop('simultaneous'),
  },
  {
    name: 'switch',
    doc: 'Runs the steps of the first case whose `is` matches a value (or whose `when` holds), else `otherwise`. Each case has its own names: exclusive branches may reuse an `as` name.',
    arg: { type: { k: 'expr', shows: 'a value' }, doc: 'The value each case\'s `is` is compared with (a text, number or yes/no); `true` picks the first case whose `when` holds.', examples: ['$card.name', 'true'] },
    takes: ['cases', 'otherwise'],
    inThread: false,
    compile: compileSwitch,
  },
  {
    name: 'call',
    doc: 'Runs a procedure (a named step sequence declared under `procedures`) with its parameters given in `with`, then goes on with the next step.',
    arg: { type: { k: 'id', of: 'procedure' }, doc: 'The id of a procedure.', examples: ['drawCards'] },
    takes: ['with'],
    inThread: false,
    compile: compileCall,
  },
  {
    name: 'offer',
    doc: 'A reaction window: offers an optional response (`ask`) to some players at once, in secret (a challenge, a block, a reaction card); a player with nothing to respond with is not asked. Then the takers respond in the list\'s order (only the first with `first: true`), each running `do`. After the step, `as` names the first who took it (none if nobody did).',
    arg: { type: { k: 'expr', shows: 'a list of players' }, doc: 'Who may respond, in the order responses resolve: filter(seatsFrom($p), it != $p) is everyone else, clockwise from the next seat.', examples: ['filter(seatsFrom($p), it != $p)'] },
    takes: ['as', 'ask', 'first', 'do'],
    inThread: false,
    compile: compileOffer,
  },
]);

/** A switch: its value compiled once, each case's `is` values (or `when` condition) and its own step list. */
function compileSwitch(x: StepInput): { step: StepDef | null } {
  const { st, p, scope, id, stepPath, when, fc } = x;
  const h = fc.h;
  noQuiet(x);
  const noRandom = { ...scope, random: false };
  const value = h.expr(st.switch, [...p, 'switch'], noRandom);
  const vt = value ? h.typeOf(st.switch, [...p, 'switch'], noRandom) : null;
  const cases: { is: unknown[] | null; test: Fn<boolean> | null; body: number }[] = [];
  if (!Array.isArray(st.cases)) h.error([...p, 'cases'], 'switch needs cases: a list of { is: <value>, steps: […] } or { when: <condition>, steps: […] }');
  arr(st.cases).forEach((cs, k) => {
    const cp = [...p, 'cases', k];
    if (!isObj(cs)) { h.error(cp, 'a case is a mapping: { is: <value>, steps: […] } or { when: <condition>, steps: […] }'); return; }
    for (const key of Object.keys(cs)) {
      if (!CASE_KEYS.includes(key)) h.error([...cp, key], `'${key}' is not a key of a case${hintOf(key, CASE_KEYS)} (a case takes ${CASE_KEYS.join(', ')})`);
    }
    if ((cs.is === undefined) === (cs.when === undefined)) { h.error(cp, 'a case gives either is: (values the switch is compared with) or when: (a condition), not both'); }
    let is: unknown[] | null = null;
    let test: Fn<boolean> | null = null;
    if (cs.is !== undefined) {
      is = Array.isArray(cs.is) ? cs.is : [cs.is];
      is.forEach((v, i) => {
        const vp = Array.isArray(cs.is) ? [...cp, 'is', i] : [...cp, 'is'];
        const want = vt?.k === 'num' ? 'number' : vt?.k === 'bool' ? 'boolean' : vt?.k === 'str' ? 'string' : null;
        if (vt && vt.k !== 'any' && !want) { h.error(vp, `is: compares with texts, numbers or yes/no values, and the switch value is ${showType(vt)}; use when: with a condition`); return; }
        if (want && typeof v !== want) { h.error(vp, `the switch value is ${showType(vt!)}, so is: needs ${want === 'string' ? 'a text' : want === 'number' ? 'a number' : 'true or false'}, not ${JSON.stringify(v)}`); return; }
        // a text compared with a card field, a role…: a misspelling is reported as in `x == 'text'`
        if (typeof v === 'string' && typeof st.switch === 'string') {
          const problem = literalProblem(st.switch, v, h.env, noRandom);
          if (problem) h.error(vp, problem);
        }
      });
    } else if (cs.when !== undefined) test = h.expr(cs.when, [...cp, 'when'], noRandom, T.bool) as Fn<boolean> | null;
    // each case's steps have their own names: exclusive branches may reuse an `as` name
    const body = fc.compileSteps(cs.steps, [...cp, 'steps'], scope, `${stepPath}/case${k + 1}`, false);
    cases.push({ is, test, body });
  });
  const otherwise = st.otherwise !== undefined ? fc.compileSteps(st.otherwise, [...p, 'otherwise'], scope, `${stepPath}/otherwise`, false) : -1;
  h.inThread = x.thread;
  if (!value) return { step: null };
  const tests = cases.map((cs) => cs.test);
  const values = cases.map((cs) => cs.is);
  const bodies = cases.map((cs) => cs.body);
  const pick: Fn<number> = (c) => {
    const v = value(c);
    for (let k = 0; k < bodies.length; k++) {
      const is = values[k];
      if (is ? is.includes(v) : tests[k]!(c)) return bodies[k]!;
    }
    return otherwise;
  };
  return { step: { kind: 'switch', id, path: stepPath, when, pick } };
}

const CASE_KEYS = ['is', 'when', 'steps', 'description'];

/** A reaction window: who may respond, the optional response each is asked (a prompt compiled into a one-step
 *  list that each responder's thread runs), and what a taker's response does. */
function compileOffer(x: StepInput): { step: StepDef | null; scope?: Scope } {
  const { st, p, scope, id, stepPath, when, fc } = x;
  const h = fc.h;
  const players = h.expr(st.offer, [...p, 'offer'], { ...scope, random: false }, T.list(T.player)) as Fn<number[]> | null;
  if (typeof st.as !== 'string') { h.error(p, 'offer needs as: a name for the player who responds (used as $name in ask and do)'); return { step: null }; }
  if (!isObj(st.ask)) { h.error(p, 'offer needs ask: the optional response each player may make (a prompt)'); return { step: null }; }
  const inner = h.bind(scope, st.as, T.player, [...p, 'as']);
  const slot = h.env.slotOf(st.as);
  // the responder answers their own offer: the prompt's player is them unless written otherwise
  const ask = st.ask.player === undefined ? { ...st.ask, player: `$${st.as}` } : st.ask;
  if (typeof ask.as !== 'string') { h.error([...p, 'ask'], 'the ask of an offer needs as: a name for the response (empty when the player declines)'); return { step: null }; }
  const res = compilePrompt(ask, [...p, 'ask'], inner, h);
  h.inThread = x.thread;
  if (!res) return { step: null };
  // a response is always optional (choosing nothing declines), and a decline writes no line unless the ask says
  res.prompt.min = () => 0;
  if (res.prompt.log === undefined) res.prompt.log = false;
  const effects = quietly(st, h.effects(st.do, [...p, 'do'], { ...res.scope, random: true }))!;
  const askStep = { kind: 'prompt' as const, id, path: stepPath, when: null, prompt: res.prompt, effects: null, key: fc.promptSteps.length };
  fc.promptSteps.push(askStep);
  const body = { index: fc.lists.length, steps: [askStep] };
  fc.lists.push(body);
  if (!players) return { step: null };
  return {
    step: {
      kind: 'offer', id, path: stepPath, when, players, slot, body: body.index, askSlot: res.prompt.slot, askSingle: res.prompt.single, first: st.first === true, effects,
      declined: res.prompt.single ? res.prompt.kind.none : [],
    },
    scope: res.scope,
  };
}

/** A call: the procedure (compiled at its first call) and an argument for each of its parameters. */
function compileCall(x: StepInput): { step: StepDef | null } {
  const { st, p, scope, id, stepPath, when, fc } = x;
  const h = fc.h;
  noQuiet(x);
  const proc = fc.procedures.get(st.call, [...p, 'call']);
  h.inThread = x.thread;
  if (!proc) return { step: null };
  const given = st.with === undefined ? {} : isObj(st.with) ? st.with : null;
  if (!given) { h.error([...p, 'with'], 'with is a mapping of the procedure\'s parameters to values, e.g. { p: $p }'); return { step: null }; }
  const names = proc.params.map((q) => q.name);
  for (const k of Object.keys(given)) {
    if (!names.includes(k)) h.error([...p, 'with', k], `procedure '${proc.id}' has no parameter '${k}'${hintOf(k, names)}${names.length ? ` (it takes ${names.join(', ')})` : ' (it takes none)'}`);
  }
  const args: Fn[] = [];
  let ok = true;
  for (const q of proc.params) {
    if (!Object.prototype.hasOwnProperty.call(given, q.name)) { h.error([...p, 'with'], `call ${proc.id} needs a value for its parameter '${q.name}' (${showType(q.t)})`); ok = false; continue; }
    const f = h.expr(given[q.name], [...p, 'with', q.name], { ...scope, random: false }, q.t);
    if (f) args.push(f); else ok = false;
  }
  if (!ok) return { step: null };
  return { step: { kind: 'call', id, path: stepPath, when, args, slots: proc.params.map((q) => q.slot), body: proc.list } };
}

/** `quiet` is for the steps that run effects (do, prompt); a loop's steps say it each for themselves. */
function noQuiet(x: StepInput): void {
  if (x.st.quiet !== undefined && x.st.quiet !== false) x.fc.h.error([...x.p, 'quiet'], 'quiet goes on do and prompt steps (put it on the steps inside)');
}

/** Every key a step may have: the shared keys and each kind's own. */
export function stepKeyNames(): string[] {
  return [...STEP_KEYS.map((k) => k.name), ...STEP_KINDS.names()];
}

export function makeStepsCompiler(h: CompileHost, cx: CompileContext): StepsCompiler {
  const fc: StepsCompiler = {
    h,
    lists: [],
    promptSteps: [],
    procedures: null!,
    compileSteps(src, path, scope, prefix, thread) {
      const list: StepList = { index: fc.lists.length, steps: [] };
      fc.lists.push(list);
      const seen = new Set<string>();
      let sc = scope;
      const kindNames = STEP_KINDS.names();
      arr(src).forEach((st, i) => {
        const p = [...path, i];
        if (!isObj(st)) { h.error(p, `a step is a mapping with an id and one of ${kindNames.join(', ')}`); return; }
        const id = typeof st.id === 'string' ? st.id : `${i + 1}`;
        if (seen.has(id)) h.error([...p, 'id'], `duplicate step id '${id}'`);
        seen.add(id);
        const stepPath = `${prefix}/${id}`;
        // `do` beside a prompt (or an offer) is that step's effects, not a kind of its own
        const has = (k: string) => Object.prototype.hasOwnProperty.call(st, k);
        const kinds = kindNames.filter((k) => has(k) && !(k === 'do' && (has('prompt') || has('offer'))));
        if (kinds.length !== 1) {
          h.error(p, kinds.length === 0 ? `step '${id}' has nothing to do: give it one of ${kindNames.join(', ')}` : `step '${id}' mixes ${kinds.join(' and ')}; use one per step`);
          return;
        }
        const when = st.when !== undefined ? h.expr(st.when, [...p, 'when'], { ...sc, random: false }, T.bool) as Fn<boolean> | null : null; // checked against that type
        const def = STEP_KINDS.get(kinds[0]!)!;
        if (thread && !def.inThread) {
          h.error([...p, def.name], `inside a simultaneous step only ${STEP_KINDS.entries().filter((k) => k.inThread).map((k) => `'${k.name}'`).join(' and ')} steps are allowed`);
          return;
        }
        h.inThread = thread;
        const res = def.compile({ st, p, scope: sc, id, stepPath, when, thread, fc });
        if (res.abort) return;
        if (res.scope) sc = res.scope;
        if (res.step) list.steps.push(res.step);
        const allowed = stepKeyNames();
        for (const k of Object.keys(st)) {
          if (!allowed.includes(k)) h.error([...p, k], `unknown step key '${k}'${hintOf(k, allowed)}`);
        }
      });
      h.inThread = thread;
      return list.index;
    },
  };
  fc.procedures = makeProcedures(cx, h, (src, path, scope, prefix) => fc.compileSteps(src, path, scope, prefix, false));
  return fc;
}
