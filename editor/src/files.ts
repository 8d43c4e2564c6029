// Local files: open (File System Access API where present, else an <input type=file>), save (back to the
// opened file where allowed, else a download), and the text of a new variant.

interface Handle {
  name: string;
  getFile(): Promise<File>;
  createWritable(): Promise<{ write(data: string | Blob): Promise<void>; close(): Promise<void> }>;
}
type Picker = (o?: unknown) => Promise<Handle[] | Handle>;

const w = globalThis as unknown as { showOpenFilePicker?: Picker; showSaveFilePicker?: Picker };
const YAML_TYPES = [{ description: 'YAML ruleset', accept: { 'text/yaml': ['.yaml', '.yml'] } }];
const OPEN_TYPES = [{ description: 'YAML ruleset and its images', accept: { 'text/yaml': ['.yaml', '.yml'], 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'], 'image/svg+xml': ['.svg'] } }];
const IMAGE_NAME = /\.(png|jpe?g|svg)$/i;

/** Handles of files opened or saved through the File System Access API, by virtual path. */
const handles = new Map<string, Handle>();

export interface OpenedFile {
  name: string;
  /** a ruleset's text; '' for an image */
  text: string;
  /** an image's bytes */
  bytes?: Uint8Array;
  handle?: Handle;
}

async function opened(f: File, handle?: Handle): Promise<OpenedFile> {
  if (IMAGE_NAME.test(f.name)) return { name: f.name, text: '', bytes: new Uint8Array(await f.arrayBuffer()) };
  return { name: f.name, text: await f.text(), ...(handle ? { handle } : {}) };
}

/** Files the designer picks: rulesets, and the images their cards draw (several at once). */
export async function openLocalFiles(): Promise<OpenedFile[]> {
  if (w.showOpenFilePicker) {
    try {
      const hs = (await w.showOpenFilePicker({ types: OPEN_TYPES, multiple: true })) as Handle[];
      return Promise.all(hs.map(async (h) => opened(await h.getFile(), h)));
    } catch (e) {
      if ((e as Error).name === 'AbortError') return [];
      throw e;
    }
  }
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = true;
    input.accept = '.yaml,.yml,text/yaml,.png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml';
    input.addEventListener('change', async () => resolve(await Promise.all([...(input.files ?? [])].map((f) => opened(f)))));
    input.addEventListener('cancel', () => resolve([]));
    input.click();
  });
}

export function rememberHandle(path: string, h: Handle | undefined): void {
  if (h) handles.set(path, h);
}

/** Saves: to the opened file's handle, else through a save picker, else as a download. Returns how. */
export async function saveFile(path: string, text: string): Promise<'file' | 'download' | 'cancelled'> {
  const name = path.split('/').pop() || 'ruleset.yaml';
  let h = handles.get(path);
  if (!h && w.showSaveFilePicker) {
    try {
      h = (await w.showSaveFilePicker({ suggestedName: name, types: YAML_TYPES })) as Handle;
      handles.set(path, h);
    } catch (e) {
      if ((e as Error).name === 'AbortError') return 'cancelled';
      h = undefined;
    }
  }
  if (h) {
    const out = await h.createWritable();
    await out.write(text);
    await out.close();
    return 'file';
  }
  download(name, new Blob([text], { type: 'text/yaml' }));
  return 'download';
}

export function download(name: string, blob: Blob): void {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** `to` relative to the directory `fromDir` ('/'-separated virtual paths). */
export function relativePath(fromDir: string, to: string): string {
  const a = fromDir.split('/').filter(Boolean);
  const b = to.split('/').filter(Boolean);
  let i = 0;
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i++;
  return [...Array(a.length - i).fill('..'), ...b.slice(i)].join('/') || '.';
}

/** The starting text of a variant of `base` saved at `path`. */
export function variantText(basePath: string, path: string, baseId: string, baseName: string): string {
  const dir = path.slice(0, path.lastIndexOf('/'));
  const stem = path.split('/').pop()!.replace(/\.ya?ml$/, '');
  return [
    `# A variant of ${baseName}: write only what differs; list items are matched by id.`,
    `extends: ${relativePath(dir, basePath)}`,
    `id: ${stem}`,
    `name: ${JSON.stringify(`${baseName} — variant`)}`,
    '',
  ].join('\n');
}
