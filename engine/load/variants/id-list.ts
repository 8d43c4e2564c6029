/**
 * An ordered list whose items are addressed by id, for merging a variant's list into its base's: find,
 * remove, replace in place, and move or insert before or after another item, each in constant time (the
 * list used to be an array searched and spliced per variant item: quadratic, minutes for long lists).
 *
 * When the base list repeats an id, the id addresses its first occurrence in the base; once that one is
 * removed, the next. Generic and browser-safe.
 */

export interface IdNode<T> {
  readonly id: string;
  item: T;
  prev: IdNode<T> | null;
  next: IdNode<T> | null;
}

export class IdList<T> {
  private head: IdNode<T> | null = null;
  private tail: IdNode<T> | null = null;
  /** Each id's nodes, the addressed one first. */
  private readonly byId = new Map<string, IdNode<T>[]>();

  constructor(items: Iterable<{ id: string; item: T }>) {
    for (const { id, item } of items) this.append(this.node(id, item));
  }

  /** The item addressed by `id`, if any. */
  find(id: string): IdNode<T> | undefined {
    return this.byId.get(id)?.[0];
  }

  /** Every id in list order (for suggestions). */
  *ids(): Iterable<string> {
    for (let n = this.head; n; n = n.next) yield n.id;
  }

  items(): T[] {
    const out: T[] = [];
    for (let n = this.head; n; n = n.next) out.push(n.item);
    return out;
  }

  /** Removes the node `find` returned. */
  remove(node: IdNode<T>): void {
    this.unlink(node);
    const nodes = this.byId.get(node.id)!;
    nodes.shift();
    if (nodes.length === 0) this.byId.delete(node.id);
  }

  /** Adds a new item (its id not in the list yet) at the end, or before or after `anchor`. */
  add(id: string, item: T, place?: { before?: IdNode<T>; after?: IdNode<T> }): void {
    this.place(this.node(id, item), place);
  }

  /** Moves the node `find` returned to the end, or before or after `anchor`. */
  move(node: IdNode<T>, place?: { before?: IdNode<T>; after?: IdNode<T> }): void {
    this.unlink(node);
    this.place(node, place);
  }

  private node(id: string, item: T): IdNode<T> {
    const n: IdNode<T> = { id, item, prev: null, next: null };
    const nodes = this.byId.get(id);
    if (nodes) nodes.push(n);
    else this.byId.set(id, [n]);
    return n;
  }

  private place(node: IdNode<T>, place?: { before?: IdNode<T>; after?: IdNode<T> }): void {
    if (place?.before) this.linkAfter(node, place.before.prev);
    else if (place?.after) this.linkAfter(node, place.after);
    else this.append(node);
  }

  private append(node: IdNode<T>): void {
    this.linkAfter(node, this.tail);
  }

  /** Links `node` after `prev` (null: at the start). */
  private linkAfter(node: IdNode<T>, prev: IdNode<T> | null): void {
    const next = prev ? prev.next : this.head;
    node.prev = prev;
    node.next = next;
    if (prev) prev.next = node;
    else this.head = node;
    if (next) next.prev = node;
    else this.tail = node;
  }

  private unlink(node: IdNode<T>): void {
    if (node.prev) node.prev.next = node.next;
    else this.head = node.next;
    if (node.next) node.next.prev = node.prev;
    else this.tail = node.prev;
    node.prev = node.next = null;
  }
}
