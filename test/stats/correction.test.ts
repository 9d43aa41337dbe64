// The run's correction: Holm's step-down over the tests that can reach its threshold (Tarone).
import { describe, expect, it } from 'vitest';
import { holmTarone } from '../../src/stats/correction.js';
import { uniformOf } from './simulate.js';

describe('holmTarone', () => {
  it.each([
    {
      what: 'plain Holm when every test can reach the threshold: 0.01 <= 0.05/3, 0.02 <= 0.05/2, 0.03 <= 0.05/1',
      tests: [
        { p: 0.02, minP: 0 },
        { p: 0.01, minP: 0 },
        { p: 0.03, minP: 0 },
      ],
      counted: 3,
      rejected: [true, true, true],
    },
    {
      what: 'Holm stops at the first step that rejects nothing',
      tests: [
        { p: 0.01, minP: 0 },
        { p: 0.04, minP: 0 },
        { p: 0.2, minP: 0 },
      ],
      counted: 3,
      rejected: [true, false, false],
    },
    {
      what: 'tests that cannot give a small p do not raise the bar: 0.02 is rejected beside 98 tests that cannot go below 0.1',
      tests: [{ p: 0.02, minP: 1e-9 }, ...Array.from({ length: 98 }, () => ({ p: 0.5, minP: 0.1 }))],
      counted: 1,
      rejected: [true, ...Array.from({ length: 98 }, () => false)],
    },
    {
      what: 'tests not made are not counted',
      tests: [
        { p: null, minP: 1 },
        { p: 0.03, minP: 0 },
      ],
      counted: 1,
      rejected: [false, true],
    },
    {
      what: 'Tarone: the smallest K with at most K tests reaching 0.05 / K (3 reach 0.05/2 = 0.025 but only 2 reach 0.05/3)',
      tests: [
        { p: 0.5, minP: 0.001 },
        { p: 0.5, minP: 0.001 },
        { p: 0.5, minP: 0.02 },
        { p: 0.5, minP: 0.04 },
      ],
      counted: 3,
      rejected: [false, false, false, false],
    },
  ])('$what', ({ tests, counted, rejected }) => {
    const c = holmTarone(tests, 0.05);
    expect(c.counted).toBe(counted);
    expect(c.threshold).toBeCloseTo(0.05 / counted, 15);
    expect(c.rejected).toEqual(rejected);
    expect(c.made).toBe(tests.filter((t) => t.p !== null).length);
  });

  it('keeps the family-wise error at 5%: 2,000 families of 200 uniform p-values reject in 3.5% to 6%', () => {
    const u = uniformOf(7);
    let any = 0;
    for (let f = 0; f < 2000; f++) {
      const c = holmTarone(
        Array.from({ length: 200 }, () => ({ p: u(), minP: 0 })),
        0.05,
      );
      if (c.rejected.some(Boolean)) any++;
    }
    expect(any / 2000).toBeGreaterThan(0.035);
    expect(any / 2000).toBeLessThan(0.06);
  });
});
