// p-values from @stdlib's distributions: nothing here computes a special function itself.
import gammainc from '@stdlib/math-base-special-gammainc';
import binomialCdf from '@stdlib/stats-base-dists-binomial-cdf';
import binomialPmf from '@stdlib/stats-base-dists-binomial-pmf';
import { itemAt } from '../core/at.js';

/**
 * P(X ≥ x) for X chi-square with `df` degrees of freedom: the regularized upper incomplete gamma
 * Q(df/2, x/2), which is what @stdlib/stats-base-dists-chisquare-cdf computes the lower part
 * of; taken directly, a tiny p-value keeps its digits (1 − cdf would round it to 0).
 */
export function chiSquareP(x: number, df: number): number {
  if (!(x > 0)) return 1;
  return gammainc(x / 2, df / 2, true, true);
}

/** Two-sided p-value of a standard normal z: P(|Z| ≥ |z|), which is P(χ²₁ ≥ z²). */
export function normalTwoSidedP(z: number): number {
  return chiSquareP(z * z, 1);
}

/** P(X ≥ k) for X binomial(n, p), as the lower tail of n − X (no 1 − cdf cancellation). */
function upperTail(k: number, n: number, p: number): number {
  if (k <= 0) return 1;
  if (k > n) return 0;
  return binomialCdf(n - k, n, 1 - p);
}

/** Relative tolerance on "as likely as the observed count", as R's binom.test and @stdlib's binomial-test use. */
const RELATIVE_ERROR = 1 + 1e-7;

/**
 * The first index in [lo, hi] where `pred` holds, `pred` false then true along the range (hi + 1 when never).
 */
function firstWhere(lo: number, hi: number, pred: (i: number) => boolean): number {
  let a = lo;
  let b = hi + 1;
  while (a < b) {
    const mid = Math.floor((a + b) / 2);
    if (pred(mid)) b = mid;
    else a = mid + 1;
  }
  return a;
}

/**
 * The exact two-sided binomial test of `x` successes in `n` trials against chance `p`: the
 * chance of a count no more likely than `x` (the "minimum likelihood" p-value of R's binom.test
 * and @stdlib/stats-binomial-test, which test/stats checks this against). The pmf is unimodal,
 * so the counts on the other side of the mean that are no more likely are found by bisection
 * rather than a walk of n terms, which is slow for a large n.
 */
export function binomialTwoSidedP(x: number, n: number, p: number): number {
  if (n === 0) return 1;
  const d = binomialPmf(x, n, p) * RELATIVE_ERROR;
  const m = n * p;
  if (x === m) return 1;
  let pval: number;
  if (x < m) {
    // Above the mean the pmf falls: the counts no more likely than x are a suffix [j, n].
    const j = firstWhere(Math.ceil(m), n, (i) => binomialPmf(i, n, p) <= d);
    pval = binomialCdf(x, n, p) + upperTail(j, n, p);
  } else {
    // Below the mean the pmf rises: those counts are a prefix [0, j - 1].
    const j = firstWhere(0, Math.floor(m), (i) => binomialPmf(i, n, p) > d);
    pval = (j > 0 ? binomialCdf(j - 1, n, p) : 0) + upperTail(x, n, p);
  }
  return Math.min(1, pval);
}

/**
 * The sums of `n` independent draws of `pmf` (a distribution on 0..pmf.length - 1), by `n`: each
 * made once from the one before and kept by this object, which its owner keeps for as long as the
 * sums are worth keeping (a dice tally's result, for all its groups).
 */
export class PmfSums {
  private readonly sums: Float64Array[] = [Float64Array.of(1)];
  private readonly values: number[];

  constructor(private readonly pmf: readonly number[]) {
    this.values = pmf.map((_, v) => v).filter((v) => pmf[v] !== 0);
  }

  of(n: number): Float64Array {
    const { sums, pmf, values } = this;
    const top = pmf.length - 1;
    while (sums.length <= n) {
      const prev = itemAt(sums, sums.length - 1);
      const next = new Float64Array(prev.length + top);
      for (let i = 0; i < prev.length; i++) {
        const a = itemAt(prev, i);
        if (a === 0) continue;
        for (const v of values) next[i + v] = itemAt(next, i + v) + a * itemAt(pmf, v);
      }
      sums.push(next);
    }
    return itemAt(sums, n);
  }
}

/**
 * The exact two-sided p of a total `sum` of `n` independent draws of the pmf of `sums`: twice the
 * smaller tail, at most 1. Each tail is summed from its own end, so a tiny one keeps its digits.
 */
export function sumTwoSidedP(sum: number, n: number, sums: PmfSums): number {
  if (n === 0) return 1;
  const dist = sums.of(n);
  let lower = 0;
  for (let i = 0; i <= sum && i < dist.length; i++) lower += itemAt(dist, i);
  let upper = 0;
  for (let i = dist.length - 1; i >= sum && i >= 0; i--) upper += itemAt(dist, i);
  return Math.min(1, 2 * Math.min(lower, upper));
}

/**
 * The exact two-sided test of each of `xs` successes, the sum of independent binomials
 * (`tries[i]` trials at chance `chances[i]`): the chance of a total no more likely than x (the
 * minimum-likelihood p-value, as binomialTwoSidedP). The distribution of the total is made once,
 * by convolution, for all of them.
 */
export function poissonBinomialTwoSidedPs(
  xs: readonly [number, number, number],
  tries: readonly number[],
  chances: readonly number[],
): [number, number, number] {
  let dist = Float64Array.of(1);
  tries.forEach((t, i) => {
    const next = new Float64Array(dist.length + t);
    const b = new Float64Array(t + 1);
    for (let j = 0; j <= t; j++) b[j] = binomialPmf(j, t, itemAt(chances, i));
    for (let a = 0; a < dist.length; a++) {
      const pa = itemAt(dist, a);
      if (pa === 0) continue;
      for (let j = 0; j <= t; j++) next[a + j] = itemAt(next, a + j) + pa * itemAt(b, j);
    }
    dist = next;
  });
  const pOf = (x: number) => {
    if (x < 0 || x >= dist.length) return 0;
    const d = itemAt(dist, x) * RELATIVE_ERROR;
    let p = 0;
    for (const q of dist) if (q <= d) p += q;
    return Math.min(1, p);
  };
  return [pOf(xs[0]), pOf(xs[1]), pOf(xs[2])];
}
