// The toolbar's file commands on the workspace: a new variant of the open ruleset, Open…, Save and
// Revert/Close. Each reports what it did (or why not) in one sentence for the status bar.
import { openLocalFile, rememberHandle, saveFile, variantText } from './files.js';
import type { Workspace } from './workspace.js';
import type { RulesetValue } from './validation/api.js';

export class FileActions {
  constructor(
    private readonly ws: Workspace,
    private readonly say: (status: string) => void,
  ) {}

  /** A new file under rulesets/variants/ that extends the open one (`value`: the open ruleset as read). */
  newVariant(value: RulesetValue | undefined): void {
    const ws = this.ws;
    const base = ws.current;
    const stem = `${(value?.id ?? base.split('/').pop()!.replace(/\.ya?ml$/, '')).replace(/[^\w-]+/g, '-')}-variant`;
    const path = ws.freePath('rulesets/variants', stem);
    ws.add(path, variantText(base, path, value?.id ?? stem, value?.name ?? stem), '');
    this.say(`Created ${path}: a variant of ${base}. The base is shown on the left.`);
  }

  async open(): Promise<void> {
    const ws = this.ws;
    try {
      const f = await openLocalFile();
      if (!f) return;
      // a file that extends another goes under variants/, where `extends: ../base.yaml` finds the bundled base
      const dir = /^\s*extends\s*:/m.test(f.text) ? 'rulesets/variants' : 'rulesets';
      let path = `${dir}/${f.name}`;
      if (ws.files.has(path)) path = ws.freePath(dir, f.name.replace(/\.ya?ml$/, ''));
      ws.add(path, f.text);
      rememberHandle(path, f.handle);
      this.say(`Opened ${f.name} as ${path}.`);
    } catch (e) {
      this.say(`Could not open the file: ${String(e)}`);
    }
  }

  async save(): Promise<void> {
    const ws = this.ws;
    const path = ws.current;
    const text = ws.entry.text;
    try {
      const how = await saveFile(path, text);
      if (how === 'cancelled') return;
      ws.markSaved(path);
      this.say(how === 'file' ? `Saved ${path}.` : `Downloaded ${path.split('/').pop()}.`);
    } catch (e) {
      this.say(`Could not save ${path}: ${String(e)}`);
    }
  }

  /** Back to the shipped text (a bundled file) or closed (the designer's own), after asking. */
  revert(): void {
    const f = this.ws.entry;
    const what = f.bundled ? 'Discard your changes to this file and go back to the shipped text?' : `Close ${f.path} and remove it from this browser?`;
    if (!confirm(what)) return;
    this.ws.revert();
  }
}
