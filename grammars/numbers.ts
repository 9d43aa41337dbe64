// Whole numbers as records write them. A JavaScript number holds every integer up to
// Number.MAX_SAFE_INTEGER (16 digits); past it `Number()` rounds (a 20-digit number loses its
// last digits) and from 309 digits on it is Infinity, which JSON writes as null. So the grammars
// read digits exactly or not at all: a number too long to hold stays text, already quoted for
// a message, and the importer says what the record wrote (src/core/limits.ts bounds each quantity).

/** Digit strings up to this length are quoted whole; longer ones by their ends and a count. */
const QUOTED_WHOLE = 32;

/** `10000` → `10,000`. */
export function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The digits as a message quotes them: whole, or `1000000000…000000 (10,000 digits)`. */
export function quoteDigits(digits: string): string {
  if (digits.length <= QUOTED_WHOLE) return digits;
  return `${digits.slice(0, 10)}…${digits.slice(-6)} (${grouped(digits.length)} digits)`;
}

/**
 * Digits → their value when a number holds it exactly (up to Number.MAX_SAFE_INTEGER), else the
 * digits quoted for a message (`quoteDigits`). Leading zeros do not count: `007` is 7.
 */
export function wholeNumber(digits: string): number | string {
  let k = 0;
  while (k < digits.length - 1 && digits.charCodeAt(k) === 48) k++;
  const significant = digits.length - k;
  if (significant <= 15) return Number(digits); // below 10^15 < 2^53: always exact
  if (significant === 16) {
    const n = Number(digits); // rounding keeps order, and MAX_SAFE_INTEGER is itself exact
    if (n <= Number.MAX_SAFE_INTEGER) return n;
  }
  return quoteDigits(digits);
}
