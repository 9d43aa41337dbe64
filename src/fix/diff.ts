// A unified diff of a file's fixes (`bgaudit fix --diff`), as `diff -u` and `ruff --diff` print
// it. A fix only changes lines or removes them, so the original's lines and the fixed copy's pair
// up without a search: each change is a line replaced or a line gone.
import { type LineChange, byteLines } from './apply.js';

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
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return byteLines(bytes).map((l) => text.toString('latin1', l.end, l.next));
}

/**
 * The diff of a file's fixes as bytes, for a file or a pipe, so that `patch` applies it to the
 * file byte for byte whatever its encoding: a diff decoded and written as UTF-8 matches no line of
 * a Windows-1252 file that is not ASCII, nor a first line behind a byte-order mark. Its lines are
 * patch's, each ending at a LF (a lone CR is inside one), each as the file holds it, and each
 * changed line as the fixed copy `fixed` holds it: the line kept before lines removed at the end
 * of a file with no final newline loses its line end there, and is changed too. The name is
 * written in UTF-8.
 */
export function byteDiff(
  name: string,
  original: Uint8Array,
  fixed: Uint8Array,
  changes: readonly LineChange[],
): Uint8Array {
  const regions = lfRegions(original, fixed, changedRegions(original, fixed, changes));
  if (regions.length === 0) return new Uint8Array(0);
  const oldLines = lfLineStarts(original);
  const newLines = lfLineStarts(fixed);
  // Each region as patch's lines: old [a, b), new [c, d), 0-based.
  // A region starts where a line starts (or at the end), and ends where one ends.
  const spans = regions.map((r) => {
    const c = countBelow(newLines, r.fs, true);
    return {
      a: countBelow(oldLines, r.os, true),
      b: countBelow(oldLines, r.oe - 1, false),
      c,
      d: r.fe > r.fs ? countBelow(newLines, r.fe - 1, false) : c,
    };
  });
  const out: Uint8Array[] = [];
  const text = (t: string) => out.push(Buffer.from(t, 'utf8'));
  const line = (mark: string, bytes: Uint8Array, starts: number[], k: number) => {
    text(mark);
    const from = starts[k] ?? bytes.length;
    const to = starts[k + 1] ?? bytes.length;
    out.push(bytes.subarray(from, to));
    if (to === from || bytes[to - 1] !== 0x0a) text(`\n${NO_NEWLINE}`);
  };
  const header = /\s/.test(name) ? `${name}\t` : name;
  text(`--- ${header}\n+++ ${header}\n`);
  for (let k = 0; k < spans.length;) {
    // The regions of one hunk: those whose unchanged lines between them fit in its context.
    let last = k;
    while (last + 1 < spans.length && (spans[last + 1]?.a ?? 0) - (spans[last]?.b ?? 0) <= 2 * CONTEXT) last++;
    const first = spans[k];
    const end = spans[last];
    if (first === undefined || end === undefined) break;
    const from = Math.max(0, first.a - CONTEXT);
    const to = Math.min(oldLines.length, end.b + CONTEXT);
    const newFrom = first.c - (first.a - from);
    const newTo = end.d + (to - end.b);
    const range = (start: number, count: number) => `${count === 0 ? start : start + 1},${count}`;
    text(`@@ -${range(from, to - from)} +${range(newFrom, newTo - newFrom)} @@\n`);
    let at = from;
    for (let j = k; j <= last; j++) {
      const r = spans[j];
      if (r === undefined) break;
      for (; at < r.a; at++) line(' ', original, oldLines, at);
      for (let n = r.a; n < r.b; n++) line('-', original, oldLines, n);
      for (let n = r.c; n < r.d; n++) line('+', fixed, newLines, n);
      at = r.b;
    }
    for (; at < to; at++) line(' ', original, oldLines, at);
    k = last + 1;
  }
  return Buffer.concat(out);
}

/** A stretch of bytes that differs between the original (`os`..`oe`) and the fixed copy (`fs`..`fe`). */
interface Region {
  os: number;
  oe: number;
  fs: number;
  fe: number;
}

/**
 * Where the fixed copy differs from the original, by the audit's lines: each line removed, and
 * each line kept whose bytes or line end are not the fixed copy's line's (the fixed copy's lines
 * are the original's, less those removed, in order); consecutive ones make one region.
 */
function changedRegions(original: Uint8Array, fixed: Uint8Array, changes: readonly LineChange[]): Region[] {
  const removed = new Set(changes.filter((c) => c.to === null).map((c) => c.line));
  const before = byteLines(original);
  const after = byteLines(fixed);
  const regions: Region[] = [];
  let k = 0;
  const grow = (os: number, oe: number, fs: number, fe: number) => {
    const last = regions[regions.length - 1];
    if (last !== undefined && last.oe === os && last.fe === fs) {
      last.oe = oe;
      last.fe = fe;
    } else regions.push({ os, oe, fs, fe });
  };
  before.forEach((l, n) => {
    const here = after[k]?.start ?? fixed.length;
    if (removed.has(n + 1)) return grow(l.start, l.next, here, here);
    const kept = after[k++];
    const fe = kept?.next ?? fixed.length;
    if (Buffer.compare(original.subarray(l.start, l.next), fixed.subarray(here, fe)) !== 0)
      grow(l.start, l.next, here, fe);
  });
  return regions;
}

/**
 * The regions widened to whole lines as patch reads them, in both files: a region's edges move
 * out together, over bytes that were not changed and so are the same in both, until each edge is
 * at a LF (or an end) in the original and in the fixed copy (lines removed after a line ending in
 * a lone CR join it to the line after them in the fixed copy). Regions that meet are merged.
 */
function lfRegions(original: Uint8Array, fixed: Uint8Array, regions: Region[]): Region[] {
  const LF = 0x0a;
  const wide: Region[] = [];
  for (const region of regions) {
    const r = { ...region };
    for (let moved = true; moved;) {
      moved = false;
      while (r.os > 0 && r.fs > 0 && (original[r.os - 1] !== LF || fixed[r.fs - 1] !== LF)) {
        r.os--;
        r.fs--;
        moved = true;
      }
      const open = (bytes: Uint8Array, from: number, to: number) => to > from && bytes[to - 1] !== LF;
      while (r.oe < original.length && r.fe < fixed.length && (open(original, r.os, r.oe) || open(fixed, r.fs, r.fe))) {
        r.oe++;
        r.fe++;
        moved = true;
      }
    }
    const last = wide[wide.length - 1];
    if (last !== undefined && (r.os < last.oe || r.fs < last.fe)) {
      last.oe = r.oe;
      last.fe = r.fe;
    } else wide.push(r);
  }
  return wide;
}

/** Where each of patch's lines (each ending at a LF, the last perhaps with none) starts. */
function lfLineStarts(bytes: Uint8Array): number[] {
  const starts = bytes.length > 0 ? [0] : [];
  for (let i = 0; i < bytes.length - 1; i++) if (bytes[i] === 0x0a) starts.push(i + 1);
  return starts;
}

/** How many of `starts` are below `at` (`strictly`) or at most `at`: a binary search. */
function countBelow(starts: number[], at: number, strictly: boolean): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const s = starts[mid] ?? 0;
    if (strictly ? s < at : s <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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
