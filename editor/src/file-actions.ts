// The toolbar's file commands on the workspace: a new variant of the open ruleset, Open…, Save and
// Revert/Close. Each reports what it did (or why not) in one sentence for the status bar.
import { openLocalFiles, relativePath, rememberHandle, saveFile, variantText } from './files.js';
import type { Workspace } from './workspace.js';

/** `ref` relative to the file `from` ('/'-separated virtual paths), as the loader resolves it. */
function resolveRelative(from: string, ref: string): string {
  const out = from.split('/').slice(0, -1);
  for (const part of ref.split('/')) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}
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

  /**
   * The tuner's winner as a new file under rulesets/variants/ that extends the open one: `make` writes the text
   * given the `extends` path relative to the new file.
   */
  tunedVariant(stem: string, make: (extendsPath: string, id: string) => string): string {
    const ws = this.ws;
    const base = ws.current;
    const path = ws.freePath('rulesets/variants', stem.replace(/[^\w-]+/g, '-'));
    const id = path.split('/').pop()!.replace(/\.ya?ml$/, '');
    ws.add(path, make(relativePath(path.slice(0, path.lastIndexOf('/')), base), id), '');
    this.say(`Created ${path}: the tuned values as a variant of ${base}. The base is shown on the left.`);
    return path;
  }

  /**
   * Open…: rulesets and the images their cards draw. An image goes where the open ruleset looks for a file of
   * its name (a problem "image 'art/x.png' not found (looked for rulesets/art/x.png)"), else beside the ruleset.
   * `looking`: the paths the ruleset looked for, from its problems.
   */
  async open(looking: string[] = []): Promise<void> {
    const ws = this.ws;
    try {
      const all = await openLocalFiles();
      if (!all.length) return;
      const said: string[] = [];
      for (const f of all.filter((x) => !x.bytes)) {
        // a file that extends another goes under variants/, where `extends: ../base.yaml` finds the bundled base
        const dir = /^\s*extends\s*:/m.test(f.text) ? 'rulesets/variants' : 'rulesets';
        let path = `${dir}/${f.name}`;
        if (ws.files.has(path)) path = ws.freePath(dir, f.name.replace(/\.ya?ml$/, ''));
        ws.add(path, f.text);
        rememberHandle(path, f.handle);
        said.push(`${f.name} as ${path}`);
      }
      const dir = ws.current.includes('/') ? ws.current.slice(0, ws.current.lastIndexOf('/')) : '';
      const text = ws.entry.text;
      for (const f of all.filter((x) => x.bytes)) {
        // where the ruleset names a file of this name (`art/x.png`), relative to it
        const esc = f.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const ref = new RegExp(`(?:^|[\\s"'\\[{,:])((?:[\\w.-]+/)*${esc})(?=$|[\\s"'\\]},])`, 'm').exec(text)?.[1];
        const named = ref !== undefined ? resolveRelative(ws.current, ref) : undefined;
        const path = looking.find((p) => p.split('/').pop() === f.name) ?? named ?? (dir ? `${dir}/${f.name}` : f.name);
        ws.addImage(path, f.bytes!);
        said.push(`${f.name} as ${path}`);
      }
      this.say(`Opened ${said.join(', ')}.`);
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
