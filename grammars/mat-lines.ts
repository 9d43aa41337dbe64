// Two .mat lines read by hand instead of by regexp: the score line and the `[Key "Value"]`
// header. Their regexps (kept below, in the comments, as the definition of what is read) match
// runs of blanks with three quantifiers over the same characters, so a line of spaces and
// colons made V8 backtrack for minutes (n^5 on a 240-byte score line). The scanners read the
// same language and give the same captures, in time linear in the line.
import { isBlank, isDigit, skipBlanks, type ScanEnd } from './mat-moves.js';

const COLON = 58;
const QUOTE = 34;
const OPEN = 91;
const CLOSE = 93;

/** Where the run of blanks that ends at `end` starts, not before `from`. */
function blanksBefore(input: string, end: number, from: number): number {
  while (end > from && isBlank(input.charCodeAt(end - 1))) end--;
  return end;
}

/** A score line's raw fields: [whole line, left name, left score, right name, right score]. */
export type ScoreFields = readonly [string, string, string, string, string];

/**
 * The score line at `i` (` Anna : 0      Boris : 0`), or null; where it ends (after its line
 * feed) is written into `s.end`. Reads what these two sticky regexps read, the first one first,
 * with the same captures:
 *
 *   [ \t]*([^\n]*?)[ \t]*:[ \t]*(\d+)[ \t]{2,}([^\n]*?)[ \t]*:[ \t]*(\d+)[ \t]*(?:\n|$)
 *   [ \t]*([^\n:]*?)[ \t]*:[ \t]*(\d+)[ \t]+([^\n]*?)[ \t]*:[ \t]*(\d+)[ \t]*(?:\n|$)
 *
 * (the second for pasted copies, whose gap between the players is one space). Both end in
 * `:`, blanks, digits, blanks, the end of the line: read backwards from the line's end, that
 * tail can start at one colon only. The first colon is the earliest one (the only one, for the
 * second regexp) followed by blanks, digits and the gap; the names are what stands between,
 * without the blanks around them. Each colon costs the blanks and digits after it, which no
 * other colon reads again.
 */
export function scanScoreLine(s: ScanEnd, input: string, i: number): ScoreFields | null {
  let e = input.indexOf('\n', i);
  if (e < 0) e = input.length;
  // The tail: `:`, blanks, the right score, blanks, the end of the line.
  let q = blanksBefore(input, e, i);
  const rightEnd = q;
  while (q > i && isDigit(input.charCodeAt(q - 1))) q--;
  if (q === rightEnd) return null;
  const rightStart = q;
  q = blanksBefore(input, q, i);
  if (q === i || input.charCodeAt(q - 1) !== COLON) return null;
  const secondColon = q - 1;
  const nameStart = skipBlanks(input, i);
  const read = (firstColon: number, minGap: number): ScoreFields | null => {
    const digitsFrom = skipBlanks(input, firstColon + 1);
    let digitsTo = digitsFrom;
    while (isDigit(input.charCodeAt(digitsTo))) digitsTo++;
    if (digitsTo === digitsFrom) return null;
    const rightName = skipBlanks(input, digitsTo);
    if (rightName - digitsTo < minGap) return null;
    s.end = e < input.length ? e + 1 : e;
    return [
      input.slice(i, s.end),
      input.slice(nameStart, Math.max(nameStart, blanksBefore(input, firstColon, nameStart))),
      input.slice(digitsFrom, digitsTo),
      input.slice(rightName, Math.max(rightName, blanksBefore(input, secondColon, rightName))),
      input.slice(rightStart, rightEnd),
    ];
  };
  // The left name may hold colons: the first colon that the rest of the line fits wins.
  for (let c = input.indexOf(':', nameStart); c >= 0 && c < secondColon; c = input.indexOf(':', c + 1)) {
    const fields = read(c, 2);
    if (fields) return fields;
  }
  // A one-space gap: the left name holds no colon.
  const first = input.indexOf(':', nameStart);
  return first >= 0 && first < secondColon ? read(first, 1) : null;
}

/** Characters `.` does not match in a JavaScript regexp (without the s flag). */
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

/**
 * A header comment's `[Key "Value"]` (the comment's text, trimmed), or null. Reads what
 *
 *   ^[ \t]*\[[ \t]*([^\]"]*?)[ \t]+"(.*)"[ \t]*\][ \t]*$
 *
 * reads, with the same captures: the key runs from `[` to the first `"` or `]`, which must be
 * a `"` after a blank, and is taken without the blanks around it; the value runs from there to
 * the `"` before the closing `]` at the end.
 */
export function parseHeader(text: string): { key: string; value: string } | null {
  const open = skipBlanks(text, 0);
  if (text.charCodeAt(open) !== OPEN) return null;
  let quote = open + 1;
  for (let c = text.charCodeAt(quote); quote < text.length && c !== QUOTE && c !== CLOSE; c = text.charCodeAt(++quote));
  if (text.charCodeAt(quote) !== QUOTE || quote === open + 1 || !isBlank(text.charCodeAt(quote - 1))) return null;
  const keyStart = skipBlanks(text, open + 1);
  const key = text.slice(keyStart, Math.max(keyStart, blanksBefore(text, quote, keyStart)));
  let end = blanksBefore(text, text.length, quote + 1);
  if (end === quote + 1 || text.charCodeAt(end - 1) !== CLOSE) return null;
  end = blanksBefore(text, end - 1, quote + 1);
  if (end === quote + 1 || text.charCodeAt(end - 1) !== QUOTE) return null;
  const value = text.slice(quote + 1, end - 1);
  return LINE_TERMINATOR.test(value) ? null : { key, value };
}
