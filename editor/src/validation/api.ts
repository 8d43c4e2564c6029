// The validation worker's API: the project's own loader (the code behind `babelkit validate`) on the
// edited text, with every open file so that `extends` resolves.
import type { Change, Diagnostic } from '../../../engine/index.js';
import type { NoEvents } from '../shared/rpc.js';
import type { RulesetSource } from '../shared/source.js';
import type { CardRow } from '../elements/bk-card-table.js';

export type { Change, Diagnostic };

export type ValidateRequest = RulesetSource;

export interface ValidateResponse {
  path: string;
  diagnostics: Diagnostic[];
  /** the merged ruleset value (variants resolved), when the YAML could be read */
  value?: unknown;
  /** true when the ruleset compiled into a game */
  valid: boolean;
  /** files read: the ruleset first, then its bases */
  files: string[];
  /** a variant: what it changes from its base, item by item */
  changes?: Change[];
  ms: number;
}

export interface ValidationApi {
  methods: {
    validate(req: ValidateRequest): ValidateResponse;
  };
  events: NoEvents;
}

/** What the editor's panels read of the merged ruleset value (the loader has checked its shape). */
export interface RulesetValue {
  id?: string;
  name?: string;
  cards?: CardRow[];
  cardTypes?: { id: string; name?: string; fields?: Record<string, { type?: string; default?: unknown }> }[];
  zones?: { id: string; grid?: { columns?: string[]; rows?: string[] } }[];
}
