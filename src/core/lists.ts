// Operations on lists of any length. A spread into a call (`push(...xs)`, `Math.max(...xs)`)
// passes each item as an argument on the stack, which a list of some hundred thousand items
// overflows: a list that grows with an input (findings, players, matches) goes through these.

/** `to.push(...from)` for a `from` of any length. */
export function append<T>(to: T[], from: readonly T[]): void {
  for (const x of from) to.push(x);
}

/** The largest of `start` and `values`. */
export function maxOf(start: number, values: Iterable<number>): number {
  let m = start;
  for (const v of values) if (v > m) m = v;
  return m;
}

/** The smallest of `start` and `values`. */
export function minOf(start: number, values: Iterable<number>): number {
  let m = start;
  for (const v of values) if (v < m) m = v;
  return m;
}
