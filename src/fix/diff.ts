// A unified diff of a file's fixes (`bgaudit fix --diff`), as `diff -u` and `ruff --diff` print
// it. A fix only changes lines or removes them, so the original's lines and the fixed copy's pair
// up without a search: each change is a line replaced or a line gone.
import type { LineChange } from './apply.js';

/** Lines of context around each change. */
const CONTEXT = 3;

/** How `diff -u` marks a line that ends the file with no line end. */
const NO_NEWLINE = '\\ No newline at end of file\n';

/**
 * The line ends of a file's bytes, one a line: LF, CRLF or a lone CR, as written, and '' for a
 * last line with none. The diff prints each line with its own, so that `patch` applies it to the
 * file as it is.
 */
export function lineEnds(bytes: Uint8Array): string[] {
  const ends: string[] = [];
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x0a) ends.push('\n');
    else if (bytes[i] === 0x0d) {
      if (bytes[i + 1] === 0x0a) {
        ends.push('\r\n');
        i++;
      } else ends.push('\r');
    }
  }
  ends.push('');
  return ends;
}

/**
 * The diff of a file's fixes as bytes, for a file or a pipe: each line as the file holds it (its
 * encoding, a byte-order mark, its line end), each fixed line as the fixed copy `fixed` holds it,
 * and the name in UTF-8, so that `patch` applies it to the file byte for byte whatever its
 * encoding (a diff decoded and written as UTF-8 matches no line of a Windows-1252 file that is not
 * ASCII, nor a first line behind a byte-order mark).
 */
export function byteDiff(
  name: string,
  original: Uint8Array,
  fixed: Uint8Array,
  changes: readonly LineChange[],
): Uint8Array {
  const before = byteLines(original);
  const after = byteLines(fixed).lines;
  const to = new Map(changes.map((c) => [c.line, c.to]));
  // The fixed copy's lines are the original's, each replaced line in its place and each removed one gone.
  const asBytes: LineChange[] = [];
  let k = 0;
  for (let n = 1; n <= before.lines.length; n++) {
    const change = to.get(n);
    if (change === null) {
      asBytes.push({ line: n, to: null });
      continue;
    }
    if (change !== undefined) asBytes.push({ line: n, to: after[k] ?? '' });
    k++;
  }
  const latin1Name = Buffer.from(name, 'utf8').toString('latin1');
  return Buffer.from(
    unifiedDiff(latin1Name, before.lines, asBytes, (t) => t, before.ends),
    'latin1',
  );
}

/** A file's lines, each as a string of one character a byte (Latin-1), and their ends (`lineEnds`). */
function byteLines(bytes: Uint8Array): { lines: string[]; ends: string[] } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ends = lineEnds(bytes);
  const lines: string[] = [];
  let start = 0;
  for (const end of ends) {
    let stop = start;
    while (stop < bytes.length && bytes[stop] !== 0x0a && bytes[stop] !== 0x0d) stop++;
    lines.push(buffer.toString('latin1', start, stop));
    start = stop + end.length;
  }
  return { lines, ends };
}

/**
 * The diff of `changes` to a text whose lines are `lines` (the decoded text split at its line
 * ends); `show` makes a line safe to print; `ends`, each line's end as the file writes it
 * (`lineEnds`; LF by default). A name with a space is followed by a tab, as `diff -u` writes it,
 * so that `patch` reads the whole name.
 */
export function unifiedDiff(
  name: string,
  lines: readonly string[],
  changes: readonly LineChange[],
  show: (s: string) => string,
  ends?: readonly string[],
): string {
  if (changes.length === 0) return '';
  // A text that ends with a line end has one more, empty, line after it: not a line of the diff.
  const count = lines.length > 0 && lines[lines.length - 1] === '' ? lines.length - 1 : lines.length;
  const endOf = (n: number) => ends?.[n - 1] ?? (n < count || count < lines.length ? '\n' : '');
  const line = (mark: string, text: string, n: number) => {
    const end = endOf(n);
    return `${mark}${show(text)}${end === '' ? `\n${NO_NEWLINE}` : end}`;
  };
  const byLine = new Map(changes.filter((c) => c.line <= count).map((c) => [c.line, c.to]));
  const changed = [...byLine.keys()].sort((a, b) => a - b);
  const header = /\s/.test(name) ? `${show(name)}\t` : show(name);
  const out = [`--- ${header}\n`, `+++ ${header}\n`];
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
        body.push(line(' ', text, n));
        newCount++;
        continue;
      }
      body.push(line('-', text, n));
      const replaced = byLine.get(n);
      if (replaced !== null && replaced !== undefined) {
        body.push(line('+', replaced, n));
        newCount++;
      }
    }
    const newFrom = newCount === 0 ? from - shift - 1 : from - shift;
    out.push(`@@ -${from},${oldCount} +${newFrom},${newCount} @@\n`);
    // One at a time: a hunk of thousands of lines is more than a call's arguments may be.
    for (const b of body) out.push(b);
    shift += oldCount - newCount;
  }
  return out.join('');
}
