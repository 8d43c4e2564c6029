// The layout of a card type whose ruleset gives none (or gives no `elements`): made from its fields, so
// every card type prints something readable: the name in a title band, a grid for each cell field, then
// numbers and roles large, then texts sharing the rest of the card.

import type { CardTypeDef, ZoneDef } from '../model.js';
import { DESIGN_SIZE, type LayoutElement } from '../print-model.js';

const TITLE_BAND = 14;

export function defaultElements(fields: CardTypeDef['fields'], zones: readonly ZoneDef[]): LayoutElement[] {
  const [W, H] = DESIGN_SIZE;
  const els: LayoutElement[] = [{ type: 'title' }];
  let y = TITLE_BAND + 3;
  const gridZone = zones.find((z) => z.columns && z.rows);
  const entries = Object.entries(fields);
  for (const [name, f] of entries) {
    if ((f.type === 'cellCounts' || f.type === 'cells') && gridZone) {
      els.push({ type: 'grid', field: name, zone: gridZone.id, box: [6, y, W - 12, 46] });
      y += 48;
    }
  }
  for (const [name, f] of entries) {
    if (f.type === 'number') { els.push({ type: 'text', text: `{${name}}`, box: [6, y, W - 12, 12], size: 24, bold: true }); y += 13; }
    else if (f.type === 'role') { els.push({ type: 'text', text: `{${name}}`, box: [6, y, W - 12, 10], size: 13, bold: true }); y += 11; }
  }
  const strings = entries.filter(([, f]) => f.type === 'string');
  const each = strings.length ? Math.max(8, (H - 4 - y) / strings.length) : 0;
  for (const [name] of strings) { els.push({ type: 'text', field: name, box: [5, y, W - 10, each - 1], size: 10 }); y += each; }
  return els;
}
