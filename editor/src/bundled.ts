/// <reference types="vite/client" />
// The rulesets shipped with the project, imported as text at build time (virtual paths as in the repository).
const raw = import.meta.glob('../../rulesets/**/*.yaml', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

export const BUNDLED: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(raw)
    .map(([k, v]) => [k.replace(/^(\.\.\/)+/, ''), v] as const)
    .sort(([a], [b]) => (a.split('/').length - b.split('/').length) || a.localeCompare(b)),
);

/** The ruleset opened first. */
export const FIRST = 'rulesets/babel-builders.yaml';
