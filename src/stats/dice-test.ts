// What a test of the dice gives: its own module, so that the tests (tests.ts, sequence.ts)
// share it without importing each other.

export type TestName = 'doubles' | 'rolls' | 'faces' | 'pips' | 'bar-entry' | 'sequence' | 'opening';

export interface DiceTest {
  name: TestName;
  /** The test made, in words: 'exact two-sided binomial', 'chi-square goodness of fit' … */
  method: string;
  /** The test's statistic (chi-square, z, or the count for the binomial test); null with no data. */
  statistic: number | null;
  df: number | null;
  /** null: nothing to test (no rolls of that kind). */
  p: number | null;
  /** Observations the test is made on (rolls, dice, bar entries, pairs of rolls). */
  n: number;
  /** What each observed and expected count is. */
  labels: string[];
  observed: number[];
  expected: number[];
  /** The smallest expected count of the cells the test was made on (below 5 the approximation is poor). */
  minExpected: number;
  /**
   * The smallest p the test could give with these many observations, whatever they were: a test
   * whose smallest p is above the run's level cannot speak (it is not made), and the run's
   * correction counts only the tests that could reach its threshold (Tarone). 1 when not made.
   */
  minP: number;
  /** How the test was made when it is not plain (pooled cells, the k tested), or why it was not. */
  note?: string;
}
