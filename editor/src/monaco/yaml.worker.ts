// monaco-yaml's language worker (completion and hover from the ruleset schema), wrapped in a local file as
// monaco-yaml requires under Vite.
import 'monaco-yaml/yaml.worker.js';
