// A card's definition as the loader compiles it: a leaf of the model (engine/model.ts re-exports it), so that
// print-model.ts can name the cards of a deck without importing the model that imports it.

export interface CardDef {
  id: string;
  index: number;
  type: string;
  name: string;
  count: number;
  startZone: number;
  fields: Record<string, unknown>;
  source?: string;
}
