// A unified diff of a file's fixes (`bgaudit fix --diff`), as `diff -u` and `ruff --diff` print
// it. A fix only changes lines or removes them, so the original's lines and the fixed copy's pair
// up without a search: each change is a line replaced or a line gone.
import type { LineChange } from './apply.js';

/** Lines of context around each change. */
const CONTEXT = 3;

/**
 * The diff of `changes` to a text whose lines are `lines` (the decoded text split at its line
 * ends); `show` makes a line safe to print. Both headers name the file, as `ruff --diff` does.
 */
export function unifiedDiff(
  name: string,
  lines: readonly string[],
  changes: readonly LineChange[],
  show: (s: string) => string,
): string {
  if (changes.length === 0) return '';
  // A text that ends with a line end has one more, empty, line after it: not a line of the diff.
  const count = lines.length > 0 && lines[lines.length - 1] === '' ? lines.length - 1 : lines.length;
  const byLine = new Map(changes.filter((c) => c.line <= count).map((c) => [c.line, c.to]));
  const changed = [...byLine.keys()].sort((a, b) => a - b);
  const out = [`--- ${show(name)}\n`, `+++ ${show(name)}\n`];
  let k = 0;
  // Lines removed before the hunk, to number the fixed copy's lines.
  let shift = 0;
  while (k < changed.length) {
    const first = changed[k] ?? 1;
    let last = first;
    while (k + 1 < changed.length && (changed[k + 1] ?? 0) - last <= 2 * CONTEXT) last = changed[++k] ?? last;
    k++;
    const from = Math.max(1, first - CONTEXT);
    const to = Math.min(count, last + CONTEXT);
    const body: string[] = [];
    let oldCount = 0;
    let newCount = 0;
    for (let n = from; n <= to; n++) {
      const text = lines[n - 1] ?? '';
      oldCount++;
      if (!byLine.has(n)) {
        body.push(` ${show(text)}\n`);
        newCount++;
        continue;
      }
      body.push(`-${show(text)}\n`);
      const replaced = byLine.get(n);
      if (replaced !== null && replaced !== undefined) {
        body.push(`+${show(replaced)}\n`);
        newCount++;
      }
    }
    const newFrom = newCount === 0 ? from - shift - 1 : from - shift;
    out.push(`@@ -${from},${oldCount} +${newFrom},${newCount} @@\n`, ...body);
    shift += oldCount - newCount;
  }
  return out.join('');
}
