// ajv loaded with the module graph: for the browser (a bundler cannot load a module on first use synchronously)
// and every program that imports the engine from engine/index.ts.
import Ajv2020 from 'ajv/dist/2020.js';
import { useAjv } from './schema-check.js';

useAjv(() => Ajv2020);
