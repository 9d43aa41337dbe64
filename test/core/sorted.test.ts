import { describe, expect, it } from 'vitest';
import { countAtMost, countStartingBy, firstAtLeast } from '../../src/core/sorted.js';

/** Ascending values with repeats, from a seeded generator (the same every run). */
function ascending(n: number, seed: number): number[] {
  let x = seed;
  let v = 0;
  const out: number[] = [];
  for (let k = 0; k < n; k++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    v += x % 3; // steps of 0, 1 or 2: repeated values included
    out.push(v);
  }
  return out;
}

describe('binary searches over ascending values', () => {
  it.each([
    [[], 5, 0, 0],
    [[1], 0, 0, 0],
    [[1], 1, 1, 0],
    [[1], 2, 1, 1],
    [[1, 3, 3, 7], 3, 3, 1],
    [[1, 3, 3, 7], 4, 3, 3],
    [[1, 3, 3, 7], 8, 4, 4],
  ])('in %j, at most %i: %i; first at least it: %i', (values, value, atMost, atLeast) => {
    expect(countAtMost(values, value)).toBe(atMost);
    expect(firstAtLeast(values, value)).toBe(atLeast);
  });

  it('agrees with a walk on every value and bound of seeded arrays, typed or not', () => {
    for (const seed of [1, 2, 3]) {
      const values = ascending(200, seed);
      const typed = Int32Array.from(values);
      for (let end = 0; end <= values.length; end += 37) {
        for (let value = -1; value <= (values[values.length - 1] ?? 0) + 1; value++) {
          const head = values.slice(0, end);
          const atMost = head.filter((v) => v <= value).length;
          const atLeast = head.findIndex((v) => v >= value);
          expect(countAtMost(typed, value, end)).toBe(atMost);
          expect(firstAtLeast(values, value, end)).toBe(atLeast === -1 ? end : atLeast);
        }
      }
    }
  });

  it('counts the items that start at or before a line', () => {
    const items = [{ line: 2 }, { line: 5 }, { line: 5 }, { line: 9 }];
    expect([1, 2, 5, 8, 9, 10].map((line) => countStartingBy(items, line))).toEqual([0, 1, 3, 3, 4, 4]);
  });
});
