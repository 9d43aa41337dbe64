// docs/scoring.md, "Variants": each variant's start position (in each side's own numbering).
import { describe, expect, it } from 'vitest';
import { checkersPerSide, startPosition } from '../../src/engine/board.js';
import type { Variant } from '../../src/core/model.js';

const onPoints = (v: Variant) =>
  Object.fromEntries([...startPosition(v).sides[0]].map((n, p) => [p, n]).filter(([, n]) => n > 0));

describe('start positions', () => {
  it.each<[Variant, Record<number, number>, number]>([
    ['backgammon', { 24: 2, 13: 5, 8: 3, 6: 5 }, 15],
    ['nackgammon', { 24: 2, 23: 2, 13: 4, 8: 3, 6: 4 }, 15],
    ['hypergammon1', { 24: 1 }, 1],
    ['hypergammon2', { 24: 1, 23: 1 }, 2],
    ['hypergammon3', { 24: 1, 23: 1, 22: 1 }, 3],
  ])('%s', (variant, points, count) => {
    expect(onPoints(variant)).toEqual(points);
    expect(checkersPerSide(variant)).toBe(count);
    const [a, b] = startPosition(variant).sides;
    expect(b).toEqual(a);
  });
});
