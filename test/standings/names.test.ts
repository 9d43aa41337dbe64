// An alias list applied as a whole: chains followed to their end, and an alias given two names or
// a circle of names refused with the rows that say so, never one row silently winning.
import { describe, expect, it } from 'vitest';
import { AliasConflict, Aliases } from '../../src/standings/names.js';

const shown = (a: Aliases, name: string) => a.resolve(name).shown;

describe('Aliases', () => {
  it('follows a chain to its end, whatever the rows’ order', () => {
    for (const pairs of [
      [
        ['A', 'B'],
        ['B', 'C'],
      ],
      [
        ['B', 'C'],
        ['A', 'B'],
      ],
    ] as [string, string][][]) {
      const a = new Aliases(pairs);
      expect([shown(a, 'A'), shown(a, 'b'), shown(a, 'C')]).toEqual(['C', 'C', 'C']);
    }
  });

  it('takes an alias of itself, or the same name twice, as saying nothing new', () => {
    const a = new Aliases([
      ['anna', 'Anna'],
      ['Bob', 'Robert'],
      ['bob', 'robert'],
    ]);
    expect([shown(a, 'anna'), shown(a, 'BOB')]).toEqual(['Anna', 'Robert']);
  });

  it.each([
    [
      'an alias given two names',
      [
        ['A', 'B'],
        ['x', 'y'],
        ['a', 'C'],
      ],
      'rows 1 and 3 give "a" two names, "B" and "C"',
    ],
    [
      'a circle of two',
      [
        ['A', 'B'],
        ['B', 'A'],
      ],
      'rows 1, 2 map names to each other in a circle',
    ],
    [
      'a circle of three after a chain into it',
      [
        ['Z', 'A'],
        ['A', 'B'],
        ['B', 'C'],
        ['C', 'a'],
      ],
      'rows 2, 3, 4 map names to each other in a circle',
    ],
  ] as [string, [string, string][], string][])('refuses %s, naming the rows', (_, pairs, message) => {
    expect(() => new Aliases(pairs)).toThrow(AliasConflict);
    expect(() => new Aliases(pairs)).toThrow(message);
  });

  it('resolves a chain of 200,000 aliases in one pass', () => {
    const pairs: [string, string][] = Array.from({ length: 200_000 }, (_, k) => [`p${k}`, `p${k + 1}`]);
    const a = new Aliases(pairs);
    expect(shown(a, 'p0')).toBe('p200000');
    expect(shown(a, 'p199999')).toBe('p200000');
  });
});
