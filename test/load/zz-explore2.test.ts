import { test, expect } from 'vitest';
import { stringify } from 'yaml';
import { parseSource } from '../../engine/load/source.js';
function depth(v: unknown): number {
  if (Array.isArray(v)) return 1 + Math.max(0, ...v.map(depth));
  if (v && typeof v === 'object') return 1 + Math.max(0, ...Object.values(v).map(depth));
  return 0;
}
let seed = 12345;
const rnd = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x7fffffff; };
function gen(d: number): unknown {
  if (d <= 0) return rnd() < 0.5 ? 'x' : 1;
  const r = rnd();
  const n = 1 + Math.floor(rnd() * 2);
  if (r < 0.5) return Array.from({ length: n }, (_, i) => (i === 0 ? gen(d - 1) : gen(Math.floor(rnd() * d))));
  const o: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) o['k' + i] = i === 0 ? gen(d - 1) : gen(Math.floor(rnd() * d));
  return o;
}
test('gate vs true depth', () => {
  let bad = 0;
  for (let t = 0; t < 300; t++) {
    const d = 90 + Math.floor(rnd() * 25);
    const v = gen(d);
    const opts = [{}, { indent: 4 }, { indentSeq: false }, { flowCollectionPadding: false, collectionStyle: 'flow' as const }, { indent: 3, indentSeq: false }][t % 5];
    const text = stringify(v, opts);
    const r = parseSource('f.yaml', text);
    const td = depth(v);
    const hasErr = r.diagnostics.some(x => x.severity === 'error');
    if ((td <= 100) === hasErr) { bad++; if (bad < 5) console.log('MISMATCH', td, JSON.stringify(opts), r.diagnostics.slice(0, 3)); }
    else if (td <= 100) expect(r.value).toEqual(v);
  }
  console.log('bad', bad);
});
