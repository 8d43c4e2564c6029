#!/usr/bin/env node
// Writes the generated parts of the schema and of docs/ruleset-format.md from the engine's registries of
// primitives (tools/schema-sections.ts). Run `npm run schema` after adding or changing an effect, a step kind, a
// prompt key or a built-in function; test/load/registry.test.ts fails until you do.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { applyPrimitiveDefs, applyPrimitiveTables } = await import(new URL('../dist/tools/schema-sections.js', import.meta.url).href);

const schemaFile = `${root}schemas/ruleset.schema.json`;
const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
writeFileSync(schemaFile, JSON.stringify(applyPrimitiveDefs(schema), null, 2) + '\n');

const docsFile = `${root}docs/ruleset-format.md`;
writeFileSync(docsFile, applyPrimitiveTables(readFileSync(docsFile, 'utf8')));
process.stdout.write('schemas/ruleset.schema.json and docs/ruleset-format.md: generated sections written\n');
