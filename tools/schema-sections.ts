// Build tooling, not the engine: the schema's sections for the language's primitives, and the docs' tables of
// them, generated from the engine's registries: effects, step kinds (and the keys every step shares), prompt
// keys, built-in functions. `npm run schema` (schemas/generate.mjs) writes them into schemas/ruleset.schema.json and docs/ruleset-format.md; a test checks
// that what is committed equals what the registries give (so a new entry without its schema fails).

import { EFFECTS, type EffectDef } from '../engine/effects/index.js';
import { FUNCTIONS, type FunctionDef } from '../engine/expr/functions/index.js';
import { STEP_KEYS, STEP_KINDS, type StepKindDef } from '../engine/load/compile/steps.js';
import { PROMPT_KEYS, type PromptKeyDef } from '../engine/load/compile/prompt.js';
import type { Param, ParamType, Registry } from '../engine/lang/registry.js';

export interface Registries {
  effects: Registry<EffectDef>;
  functions: Registry<FunctionDef>;
  steps: Registry<StepKindDef>;
  stepKeys: Param[];
  prompt: Registry<PromptKeyDef>;
}

export function registries(): Registries {
  return { effects: EFFECTS, functions: FUNCTIONS, steps: STEP_KINDS, stepKeys: STEP_KEYS, prompt: PROMPT_KEYS };
}

type Json = Record<string, unknown>;

const ID_PATTERN: Record<string, string> = {
  // names used in expressions cannot contain '-'
  'per-player zone': '^[A-Za-z][A-Za-z0-9_]*$',
};

/** The JSON Schema of one parameter type. */
function typeSchema(t: ParamType): Json {
  switch (t.k) {
    case 'expr': return { $ref: '#/$defs/expression' };
    case 'exprOr': return { anyOf: [...t.consts.map((c) => ({ const: c })), { $ref: '#/$defs/expression' }] };
    case 'zone': return { $ref: '#/$defs/zoneRef' };
    case 'effects': return { $ref: '#/$defs/effectList' };
    case 'steps': return { type: 'array', items: { $ref: '#/$defs/step' } };
    case 'binding': return { $ref: '#/$defs/binding' };
    case 'text': return { $ref: '#/$defs/text' };
    case 'bool': return { type: 'boolean' };
    case 'id': return { type: 'string', pattern: ID_PATTERN[t.of] ?? '^[A-Za-z][A-Za-z0-9_-]*$' };
    case 'enum': return { enum: t.values };
    case 'record': {
      const required = t.params.filter((p) => p.required).map((p) => p.name);
      return {
        type: 'object',
        properties: Object.fromEntries(t.params.map((p) => [p.name, paramSchema(p)])),
        ...(required.length ? { required } : {}),
        additionalProperties: false,
        ...(t.examples ? { examples: t.examples } : {}),
      };
    }
    case 'schema': return { ...t.schema };
  }
}

/** A parameter's schema: its type's shape with its description, default and examples. */
function paramSchema(p: Omit<Param, 'name'>): Json {
  const base = typeSchema(p.type);
  const { examples: typeExamples, ...shape } = base as Json & { examples?: unknown[] };
  const examples = p.examples ?? typeExamples;
  return {
    ...(shape.$ref ? { $ref: shape.$ref } : {}),
    description: p.doc,
    ...Object.fromEntries(Object.entries(shape).filter(([k]) => k !== '$ref')),
    ...(p.default !== undefined ? { default: p.default } : {}),
    ...(examples ? { examples } : {}),
  };
}

function effectSchemas(effects: Registry<EffectDef>): Json {
  const out: Json = {};
  const names = effects.names();
  for (const e of effects.entries()) {
    const required = [e.name, ...e.params.filter((p) => p.required).map((p) => p.name)];
    out[`effect-${e.name}`] = {
      title: `Effect: ${e.name}`,
      description: e.doc,
      type: 'object',
      required,
      properties: { [e.name]: paramSchema(e.arg), ...Object.fromEntries(e.params.map((p) => [p.name, paramSchema(p)])) },
      additionalProperties: false,
    };
  }
  // the umbrella: one key per effect, with hover texts for each effect and each parameter
  const props: Json = {};
  for (const e of effects.entries()) props[e.name] = { description: `${e.name} — ${e.doc}` };
  for (const e of effects.entries()) {
    for (const p of e.params) {
      const prev = props[p.name] as { description: string } | undefined;
      const line = `Parameter of ${e.name}: ${p.doc}`;
      props[p.name] = { description: prev ? `${prev.description} ${line}` : line };
    }
  }
  const beside = effects.entries().filter((e) => e.params.length).map((e) => `${e.params.map((p) => p.name).join('/')} for ${e.name}`);
  out.effect = {
    title: 'Effect',
    description: `One effect: a mapping with exactly one effect key (${names.join(', ')}) and that effect's parameters (${beside.join(', ')}).`,
    type: 'object',
    minProperties: 1,
    properties: props,
    allOf: [
      ...names.map((n) => ({ if: { required: [n] }, then: { $ref: `#/$defs/effect-${n}` } })),
      // a mapping with none of the effect keys: say which keys there are
      {
        if: { not: { anyOf: names.map((n) => ({ required: [n] })) } },
        then: { propertyNames: { enum: names }, description: 'An effect needs one of the effect keys.' },
      },
    ],
    examples: [{ shuffle: 'deck' }, { move: { from: 'deck', to: 'hand[$p]', count: 1 } }, { log: 'The deck has run out.' }],
  };
  out.effectList = {
    title: 'Effects',
    description: `A list of effects, run in order. Each item is a mapping with one effect key (${names.join(', ')}). The list stops early when the game ends or a goto jumps.`,
    type: 'array',
    items: { $ref: '#/$defs/effect' },
  };
  return out;
}

/** Keys a variant writes on a list item (merge directives, see engine/load/variants/merge.ts); every id'd item takes them. */
const VARIANT_KEYS: Json = {
  remove: { type: 'boolean', description: 'Variant files only: `remove: true` deletes the base item with this id.', examples: [true] },
  replace: { type: 'boolean', description: 'Variant files only: `replace: true` replaces the base item with this id as a whole instead of merging into it.', examples: [true] },
  before: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]*$', description: 'Variant files only: place this new item just before the base item with this id (new items are otherwise appended).' },
  after: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]*$', description: 'Variant files only: place this new item just after the base item with this id (new items are otherwise appended).' },
};

function stepSchema(steps: Registry<StepKindDef>, keys: Param[]): Json {
  const [idKey, descKey, whenKey, ...rest] = keys;
  const props: Json = {};
  for (const k of [idKey!, descKey!, whenKey!]) props[k.name] = paramSchema(k);
  for (const s of steps.entries()) props[s.name] = paramSchema(s.arg);
  for (const k of rest) props[k.name] = paramSchema(k);
  Object.assign(props, VARIANT_KEYS);
  const kinds = steps.entries().map((s) => {
    const with_ = s.takes.filter((t) => t !== 'do' || s.name !== 'prompt');
    return s.name === 'prompt' ? '`prompt` (a decision, optionally followed by `do`)' : s.name === 'do' ? '`do` (effects)' : `\`${s.name}\`${with_.map((t) => ` + \`${t}\``).join('')}`;
  });
  return {
    title: 'Step',
    description: `One step of a phase. Give it an id and exactly one of: ${kinds.join(', ')}.`,
    type: 'object',
    required: keys.filter((k) => k.required).map((k) => k.name),
    properties: props,
    additionalProperties: false,
    examples: [{ id: 'refill', do: [{ move: { from: 'deck', to: 'hand[$r]', count: 1 } }] }],
  };
}

function promptSchema(prompt: Registry<PromptKeyDef>): Json {
  return {
    title: 'Prompt',
    description: 'A decision: `player` chooses `count` (default 1) of the `choose` things listed by `from`. Skipped when there is nothing to choose. Outside simultaneous steps a decision with only one legal choice is taken at once (unless `alwaysAsk`); inside them every decision is asked. Counts are whole numbers (rounded down); an option listed twice is offered once.',
    type: 'object',
    properties: Object.fromEntries(prompt.entries().map((k) => [k.name, paramSchema({ type: k.type, doc: k.doc, examples: k.examples, default: k.default })])),
    additionalProperties: false,
    examples: [{ player: 'leader', choose: 'players', from: 'others(leader)', text: 'Hand the lead to another player.', as: 'next' }],
  };
}

function expressionSchema(functions: Registry<FunctionDef>): Json {
  return {
    title: 'Expression',
    description: `An expression, written as a YAML string (quote it when it starts with a special YAML character). A plain number or true/false is also accepted where a value is expected. Values: numbers, yes/no conditions, texts ('red'), players, cards, cells ('B2') and lists ([a, b]). Operators: ?: , or/||, and/&&, not/!, == != < <= > >=, in, + - * / % (dividing by 0 gives 0). Names: zones (deck, hand[$p], board['B2']; a zone as a value is its cards, bottom first), variables, options, tables (byPlayers[playerCount].picks), definitions, players, playerCount, none. $name is a binding made by \`as:\` (or a definition parameter); \`it\` is the current item inside a list function, and \`.field\` is short for \`it.field\`. Functions: ${functions.names().join(', ')}.`,
    type: ['string', 'number', 'boolean', 'array'],
    maxItems: 0,
    examples: ["count(hand[$p], it.type == 'key') > 0", 'byPlayers[playerCount].picks', 3, true],
  };
}

/** The schema's $defs generated from the registries. */
export function primitiveDefs(r: Registries = registries()): Json {
  return {
    expression: expressionSchema(r.functions),
    ...effectSchemas(r.effects),
    prompt: promptSchema(r.prompt),
    step: stepSchema(r.steps, r.stepKeys),
  };
}

/** The schema with its generated $defs replaced (an effect no longer registered loses its section). */
export function applyPrimitiveDefs(schema: Json, r: Registries = registries()): Json {
  const defs = { ...(schema.$defs as Json) };
  for (const k of Object.keys(defs)) if (k.startsWith('effect-')) delete defs[k];
  const gen = primitiveDefs(r);
  // keep the committed order of $defs where a section already exists; new sections go after `effect`
  const out: Json = {};
  for (const k of Object.keys(schema.$defs as Json)) {
    if (k === 'effect') for (const g of Object.keys(gen)) if (g.startsWith('effect-')) out[g] = gen[g];
    if (k.startsWith('effect-')) continue;
    out[k] = Object.prototype.hasOwnProperty.call(gen, k) ? gen[k] : defs[k];
  }
  for (const g of Object.keys(gen)) if (!(g in out)) out[g] = gen[g];
  return { ...schema, $defs: out };
}

// ---- the docs' tables ----

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A parameter's value in the designer's words (plain text, for a table cell). */
function showParam(p: Omit<Param, 'name'>): string {
  const t = p.type;
  switch (t.k) {
    case 'expr': case 'exprOr': case 'schema': return t.shows;
    case 'zone': return 'a zone';
    case 'effects': return 'a list of effects';
    case 'steps': return 'a list of steps';
    case 'binding': return 'a name (used as $name)';
    case 'text': return 'a text with {expressions}';
    case 'bool': return 'true or false';
    case 'id': return `a ${t.of} id`;
    case 'enum': return t.values.map((v) => `\`${v}\``).join(' or ');
    case 'record': return `{ ${t.params.map((q) => `${q.name}${q.required ? '' : '?'}`).join(', ')} }`;
  }
}

/** Markdown tables of the primitives, by section name (effects, steps, prompt, functions). */
export function primitiveTables(r: Registries = registries()): Record<string, string> {
  const key = (name: string, p: Omit<Param, 'name'>, optional = false) => `\`${name}:\` ${showParam(p)}${optional ? ' (optional)' : ''}`;
  const effects = ['| effect | parameters | what it does |', '|---|---|---|'];
  for (const e of r.effects.entries()) {
    const params = [key(e.name, e.arg), ...e.params.map((p) => key(p.name, p, !p.required))];
    effects.push(`| \`${e.name}\` | ${cell(params.join('; '))} | ${cell(e.doc)} |`);
  }
  const steps = ['| step | with | does |', '|---|---|---|'];
  for (const s of r.steps.entries()) {
    steps.push(`| ${cell(key(s.name, s.arg))} | ${s.takes.map((t) => `\`${t}\``).join(', ') || '—'} | ${cell(s.doc)} |`);
  }
  const prompt = ['| key | value | meaning |', '|---|---|---|'];
  for (const k of r.prompt.entries()) prompt.push(`| \`${k.name}\` | ${cell(showParam({ type: k.type, doc: k.doc }))} | ${cell(k.doc)} |`);
  const functions = ['| function | result |', '|---|---|'];
  for (const f of r.functions.entries()) {
    const sig = `${f.name}(${f.params.map((p) => `${p.name}${p.optional ? '?' : ''}${p.rest ? ', …' : ''}`).join(', ')})`;
    functions.push(`| \`${sig}\` | ${cell(f.returns)}: ${cell(f.doc)} |`);
  }
  return { effects: effects.join('\n'), steps: steps.join('\n'), prompt: prompt.join('\n'), functions: functions.join('\n') };
}

const MARK = /<!-- generated: (\w+) -->\n[\s\S]*?<!-- end generated -->/g;

/** The docs text with every `<!-- generated: NAME -->…<!-- end generated -->` region filled in. */
export function applyPrimitiveTables(text: string, r: Registries = registries()): string {
  const tables = primitiveTables(r);
  return text.replace(MARK, (whole, name: string) => {
    const t = tables[name];
    return t === undefined ? whole : `<!-- generated: ${name} -->\n${t}\n<!-- end generated -->`;
  });
}
