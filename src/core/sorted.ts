// Binary searches over values in ascending order: where a line falls among the lines things start
// on, an offset among line starts, an ordinal among files. Files hold up to hundreds of thousands
// of matches, games and errors: a search, never a walk.

/** How many of the first `end` values (ascending) are at most `value`. */
export function countAtMost(values: ArrayLike<number>, value: number, end = values.length): number {
  let lo = 0;
  let hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((values[mid] ?? Infinity) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index of the first of the first `end` values (ascending) that is at least `value`; `end` when none is. */
export function firstAtLeast(values: ArrayLike<number>, value: number, end = values.length): number {
  let lo = 0;
  let hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((values[mid] ?? Infinity) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How many of `items` (in file order) start at or before `line`. */
export function countStartingBy(items: readonly { line: number }[], line: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((items[mid]?.line ?? Infinity) <= line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
