import { itemAt } from '../core/at.js';
// The run's tests held together: Holm's step-down over the tests that can reach the threshold
// (Tarone's count). A discrete test with few observations cannot give a small p whatever it
// observes; counting it would only raise everyone's bar. Pure.

/** What the correction needs of a test: its p (null: not made) and the smallest p it could give. */
export interface Testable {
  p: number | null;
  minP: number;
}

export interface Correction {
  /** Tests made (with a p). */
  made: number;
  /** Of them, those that could reach the first step's threshold: the count it divides the level by. */
  counted: number;
  /** The first step's threshold, alpha / counted: the strictest a test is held to. */
  threshold: number;
  /** By test (in the order given): rejected after the correction. */
  rejected: boolean[];
}

/**
 * Tarone's count over the tests in `open`: the smallest K for which at most K of them could give
 * a p of alpha / K or less.
 */
function taroneCount(minPs: readonly number[], alpha: number): number {
  const sorted = [...minPs].sort((a, b) => a - b);
  let reach = sorted.length; // tests with minP <= alpha / k, for the k tried; falls as k grows
  for (let k = 1; k <= sorted.length; k++) {
    while (reach > 0 && itemAt(sorted, reach - 1) > alpha / k) reach--;
    if (reach <= k) return k;
  }
  return Math.max(1, sorted.length);
}

/**
 * Holm's step-down with Tarone's count at each step: the family-wise error (the chance that fair
 * dice see any test rejected) stays at most `alpha`. At each step, over the tests not yet
 * rejected, K is Tarone's count and every test with p <= alpha / K is rejected; it stops at a
 * step that rejects none. (Each step's K can only fall as tests are rejected: the closed test
 * each step stands for is no stricter than the one before.)
 */
export function holmTarone(tests: readonly Testable[], alpha: number): Correction {
  const made = tests.map((t, i) => (t.p === null ? -1 : i)).filter((i) => i >= 0);
  const rejected = tests.map(() => false);
  let open = made;
  let first: number | null = null;
  for (;;) {
    if (open.length === 0) break;
    const k = taroneCount(
      open.map((i) => itemAt(tests, i).minP),
      alpha,
    );
    first ??= k;
    const threshold = alpha / k;
    const now = open.filter((i) => (itemAt(tests, i).p ?? 1) <= threshold);
    if (now.length === 0) break;
    for (const i of now) rejected[i] = true;
    open = open.filter((i) => !rejected[i]);
  }
  const counted = first ?? 0;
  return { made: made.length, counted, threshold: counted > 0 ? alpha / counted : alpha, rejected };
}
