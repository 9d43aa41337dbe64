// A file of any size: a .mat file's text given in pieces (src/read/pieces.ts) gives the
// reports of the whole-file reader byte for byte, wherever the pieces end (at line ends), and a
// match longer than the limit is refused.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { auditFileWhole, auditPieces } from '../../src/read/file.js';
import { decode } from '../../src/read/decode.js';
import type { MatchReport } from '../../src/core/model.js';
import { type AuditRequest, type FileAudit, fileAudit } from '../../src/read/attach.js';
import { BAD_LINE_SHAPES, CORPUS, FIXTURES, filesUnder, gameWithBadLines } from '../helpers.js';

class TooLarge extends Error {}

/** A deterministic generator of piece lengths (in lines). */
function lines(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return 1 + (s % 7);
  };
}

/** The text in pieces of a few lines each (`perPiece` lines, or 1-7 at random), each ending at a line end. */
function piecesOf(text: string, perPiece: number | (() => number)): () => string | null {
  let at = 0;
  return () => {
    if (at >= text.length) return null;
    let end = at;
    const n = typeof perPiece === 'number' ? perPiece : perPiece();
    for (let k = 0; k < n && end < text.length; k++) {
      const lf = text.indexOf('\n', end);
      end = lf < 0 ? text.length : lf + 1;
    }
    const piece = text.slice(at, end);
    at = end;
    return piece;
  };
}

function inPieces(
  bytes: Uint8Array,
  name: string,
  options: FileAudit,
  perPiece: number | (() => number),
  limit = 1 << 30,
): MatchReport[] | null {
  const decoded = decode(bytes);
  if (!decoded.ok) return null;
  const reports: MatchReport[] = [];
  const read = auditPieces(
    piecesOf(decoded.text, perPiece),
    decoded.encoding,
    name,
    options,
    (r, k) => (reports[k] = r),
    limit,
    (line) => new TooLarge(`line ${line}`),
  );
  return read ? reports : null;
}

const REQUESTS: AuditRequest[] = [{}, { contentKey: true, gameStats: true, matchSummary: true }];

function same(bytes: Uint8Array, name: string, perPiece: number | (() => number)): boolean {
  for (const request of REQUESTS) {
    const options = fileAudit(request);
    const pieces = inPieces(bytes, name, options, perPiece);
    if (pieces === null) return false;
    const whole = JSON.stringify(auditFileWhole(bytes, name, options));
    expect(JSON.stringify(pieces) === whole, `${name} ${JSON.stringify(request)}`).toBe(true);
  }
  return true;
}

const all = [...filesUnder(FIXTURES), ...filesUnder(CORPUS)].filter((p) => !/\.(md|tsv|py|png|json)$/.test(p));
const mats = all.filter((p) => p.endsWith('.mat'));

describe('a .mat file read in pieces = read whole', () => {
  it('every .mat file of the fixtures and the corpus, in pieces of 1-7 lines', () => {
    let read = 0;
    for (const [k, path] of mats.entries()) if (same(readFileSync(path), path, lines(k + 1))) read++;
    expect(read).toBeGreaterThan(1000);
  });

  it('concatenated files, in pieces of 1-7 lines, of 500 lines, of one line', () => {
    const bytes = mats.map((p) => readFileSync(p));
    for (let k = 0; k < bytes.length; k += 37) {
      const group = bytes.slice(k, k + 37);
      const file = Buffer.concat(group.flatMap((b, j) => (j % 2 === 0 ? [b] : [b, Buffer.from('\n')])));
      // One line a piece reads each match again for every line: a few groups only.
      for (const per of k % (4 * 37) === 0 ? [1, lines(k), 500] : [lines(k), 500]) same(file, `concat-${k}.mat`, per);
    }
  });

  it('files with more unreadable lines than a file lists, wherever they are, and no match at all', () => {
    const game = gameWithBadLines;
    const shapes = [...BAD_LINE_SHAPES, [250, 250, 250] as const];
    for (const [a, b, c] of shapes) {
      const text = `${'yy\n'.repeat(c)}${game('Ann', a)}${'xx\n'.repeat(c)}${game('Cy', b)}; a comment\n${'# more\n'.repeat(c % 5)}${game('Di', 1)} 0 point match\n${'ww\n'.repeat(c)}${game('Ed', a)}`;
      const bytes = new TextEncoder().encode(text);
      for (const per of [1, 2, 3, lines(a + b + c), 50])
        expect(same(bytes, `errors-${a}-${b}-${c}.mat`, per)).toBe(true);
    }
    // No match-length line: read whole, as the whole-file reader says why.
    const none = new TextEncoder().encode('just\nsome\nlines\n'.repeat(50));
    expect(same(none, 'none.mat', 3)).toBe(true);
  });

  it('reads a bounded way ahead: each report is made before the pieces four matches on are asked for', () => {
    const match = (n: number) =>
      ` 3 point match\n\n Game 1\n P${n} : 0                Bob : 0\n  1) 31: 8/5 6/5            42: 8/4 6/4\n      Wins 1 point\n`;
    const text = Array.from({ length: 200 }, (_, k) => match(k)).join('');
    const next = piecesOf(text, 6); // one match a piece
    let asked = 0;
    const seen: number[] = [];
    const read = auditPieces(
      () => (asked++, next()),
      'utf-8',
      'many.mat',
      {},
      (_, k) => (seen[k] = asked - k),
      1 << 20,
      () => new TooLarge(),
    );
    expect(read).toBe(true);
    expect(seen).toHaveLength(200);
    // Past the 4096 characters the format is told by (about 30 matches), report k is made once the
    // pieces up to match k + 2 or k + 3 are read (k counts from 0: a match is taken once the next
    // is read, and audited once the one after it is taken, which may still take parse errors
    // before its match-length line; a window takes two pieces when it carries one over): a
    // read-ahead that does not grow, never the whole text first.
    expect(Math.max(...seen.slice(40))).toBeLessThanOrEqual(4);
  });

  it('a match longer than the limit is refused, with its first line; a file of matches within it is read', () => {
    const match = (n: number) =>
      ` 3 point match\n\n Game 1\n P${n} : 0                Bob : 0\n  1) 31: 8/5 6/5            42: 8/4 6/4\n      Wins 1 point\n`;
    const long = `${match(1)}${match(2)}${' 3 point match\n' + '; filler\n'.repeat(200)}${match(3)}`;
    const bytes = new TextEncoder().encode(long);
    expect(() => inPieces(bytes, 'long.mat', {}, 4, 1000)).toThrow(new TooLarge('line 14'));
    const many = new TextEncoder().encode(Array.from({ length: 200 }, (_, k) => match(k)).join(''));
    expect(inPieces(many, 'many.mat', {}, 4, 200)?.length).toBe(200);
  });
});
