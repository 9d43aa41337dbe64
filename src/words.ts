// Counting words in messages and reports.

/** `1 point`, `4 points`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
