// The layout of a card type whose ruleset gives none (or gives no `elements`): made from its fields, so
// every card type prints something a player can use at the table: the name in a title band, a grid for each
// cell field, then every other field the card sets, one per line as "Label: value" (resources and other
// counts named: "Cost: 2 stone, 1 ore").

import type { CardTypeDef, ZoneDef } from '../../model.js';
import { DESIGN_SIZE, type LayoutElement } from '../../print-model.js';

const TITLE_BAND = 14;

export function defaultElements(fields: CardTypeDef['fields'], zones: readonly ZoneDef[]): LayoutElement[] {
  const [W, H] = DESIGN_SIZE;
  const els: LayoutElement[] = [{ type: 'title' }];
  let y = TITLE_BAND + 3;
  const gridZone = zones.find((z) => z.columns && z.rows);
  const entries = Object.entries(fields);
  const grids = new Set<string>();
  for (const [name, f] of entries) {
    if ((f.type === 'cellCounts' || f.type === 'cells') && gridZone) {
      els.push({ type: 'grid', field: name, zone: gridZone.id, box: [6, y, W - 12, 46] });
      grids.add(name);
      y += 48;
    }
  }
  const rest = entries.map(([name]) => name).filter((name) => !grids.has(name));
  if (rest.length) els.push({ type: 'text', fields: rest, box: [5, y, W - 10, H - 4 - y], size: 9, align: 'left', valign: 'top' });
  return els;
}
