/**
 * The item at `index` of a list that must hold one there (a board point, a field a grammar
 * matched, an index found a line before): a missing item is a bug in bgaudit, so it stops with
 * an internal error that says so rather than reading on with `undefined`.
 */
export function itemAt<T>(items: ArrayLike<T>, index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`internal error: no item at index ${index} of ${items.length}`);
  return item;
}

// The engine's typed arrays (board sides, dice, steps) read through functions of their own: a read
// inside `itemAt` that meets every kind of list in the program is slower than one that meets only
// one, and these reads are the replay's inner loops.

/** `itemAt` for a `Uint8Array` (a board side's checker counts, hit marks). */
export function byteAt(bytes: Uint8Array, index: number): number {
  const n = bytes[index];
  if (n === undefined) throw new RangeError(`internal error: no byte at index ${index} of ${bytes.length}`);
  return n;
}

/** `itemAt` for an `Int8Array` (dice left, steps' points and dice). */
export function int8At(values: Int8Array, index: number): number {
  const n = values[index];
  if (n === undefined) throw new RangeError(`internal error: no value at index ${index} of ${values.length}`);
  return n;
}
