// JSON pointers as ajv reports them and as a person reads them: encoding a pointer for a schema URI, indexing a
// schema's objects by pointer, reading an instance pointer back into a path (`/a/b~1c/0` → ['a', 'b/c', 0]) and
// writing a path the way a ruleset's author would (`list[2].name`). Used by the schema check (schema-check.ts).

export function escapeSegment(s: string): string {
  return s.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function encodePointerForUri(ptr: string): string {
  return ptr
    .split('/')
    .map((s) => encodeURIComponent(s).replace(/%7E/gi, '~'))
    .join('/');
}

export function indexPointers(node: unknown, ptr: string, out: Map<object, string>, depth: number): void {
  if (!node || typeof node !== 'object' || depth > 200) return;
  if (out.has(node)) return;
  out.set(node, ptr);
  if (Array.isArray(node)) {
    node.forEach((item, i) => indexPointers(item, `${ptr}/${i}`, out, depth + 1));
  } else {
    for (const [k, v] of Object.entries(node)) indexPointers(v, `${ptr}/${escapeSegment(k)}`, out, depth + 1);
  }
}

/** `/a/b~1c/0` → `['a', 'b/c', 0]` (indices stay numbers only when the value there is a list). */
export function parseInstancePath(pointer: string, value?: unknown): (string | number)[] {
  if (pointer === '') return [];
  const segs = pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const out: (string | number)[] = [];
  let cur: unknown = value;
  for (const s of segs) {
    if (Array.isArray(cur) && /^(0|[1-9][0-9]*)$/.test(s)) {
      const i = Number(s);
      out.push(i);
      cur = cur[i];
    } else {
      out.push(s);
      cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[s] : undefined;
    }
  }
  return out;
}

export function depthOf(pointer: string): number {
  return pointer === '' ? 0 : pointer.split('/').length - 1;
}

export function isUnder(pointer: string, base: string): boolean {
  return pointer === base || pointer.startsWith(base + '/');
}

export function valueAt(root: unknown, path: (string | number)[]): unknown {
  let cur = root;
  for (const s of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[s];
  }
  return cur;
}

/** `a.b`, `list[2].name`, `map["a b"]`; long paths keep their last segments. */
export function readablePath(path: readonly (string | number)[]): string {
  let out = '';
  const parts = path.length > 6 ? path.slice(path.length - 5) : path;
  for (const seg of parts) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(seg)) out += out === '' ? seg : `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return path.length > 6 ? `….${out}`.replace('….[', '…[') : out;
}
