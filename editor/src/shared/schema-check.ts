// The ruleset schema's check compiled at build time (`npm run build` → dist/schemas/ruleset-check.js, ajv's
// standalone code), used by the workers that load rulesets: a valid ruleset is then checked without compiling
// the schema in the browser, which ajv does with generated code — refused on a page whose Content Security
// Policy has no 'unsafe-eval'. Without the built file (a checkout not built yet), the loader compiles the
// schema itself, as before. An invalid ruleset is still explained by the full validator.

import { usePrecompiledSchemaCheck } from '../../../engine/index.js';

const built = import.meta.glob<{ validate?: (value: unknown) => boolean }>('../../../dist/schemas/ruleset-check.js', { eager: true });
for (const m of Object.values(built)) if (typeof m.validate === 'function') usePrecompiledSchemaCheck(m.validate);
