// A file lists its first 100 parse errors (MAX_LISTED_ERRORS) one by one, in file order, and
// one more that says how many follow and up to which line; what the errors mean for the audit
// (a game not replayed past its first unreadable line) holds for every error, listed or not.
import { describe, expect, it } from 'vitest';
import { MAX_LISTED_ERRORS } from '../../grammars/primitives.js';
import { auditFile } from '../../src/read/file.js';
import { importRecord } from '../../src/import/index.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const lines = (n: number, line: (k: number) => string) => Array.from({ length: n }, (_, k) => line(k)).join('');
const SCORE = ' Anna : 0                       Boris : 0\n';

describe('parse errors past the first 100 of a file', () => {
  it('are counted in one error that says how many and up to which line', () => {
    // Lines 1-3 are the match, the game and its score line; 250 unreadable lines follow.
    const r = importRecord(bytes(` 7 point match\n Game 1\n${SCORE}${lines(250, () => 'x\n')}`), 'a.mat');
    expect(MAX_LISTED_ERRORS).toBe(100);
    expect(r.errors).toHaveLength(101);
    expect(r.errors.slice(0, 100).map((e) => e.line)).toEqual(Array.from({ length: 100 }, (_, k) => k + 4));
    expect(r.errors[100]).toMatchObject({ line: 104, column: 1, unlisted: { count: 150, lastLine: 253 } });
    expect(r.matches[0].games[0].unreadableFrom).toBe(4);
  });

  it('become one parse-error finding in the game where they start', () => {
    const reports = auditFile(bytes(` 7 point match\n Game 1\n${SCORE}${lines(250, () => 'x\n')}`), 'a.mat');
    const parse = reports[0].findings.filter((f) => f.code === 'parse-error');
    expect(parse).toHaveLength(101);
    expect(parse[100]).toEqual({
      code: 'parse-error',
      severity: 'error',
      message: '150 more parse errors from here to line 253 (only the first 100 of a file are listed)',
      game: 1,
      line: 104,
      column: 1,
    });
  });

  it('still stop each game at its first unreadable line, and count every error from every source', () => {
    // 150 games, each with an unreadable score line and an unreadable body line after a move.
    const game = (k: number) => ` Game ${k + 1}\n ?? score ??\n  1) 52: 13/8 13/10\n  2) ?? move ??\n`;
    const r = importRecord(bytes(` 7 point match\n${lines(150, game)}`), 'a.mat');
    const games = r.matches[0].games;
    expect(games).toHaveLength(150);
    games.forEach((g, k) => {
      expect(g.unreadableFrom).toBe(2 + 4 * k + 3);
      expect(g.actions).toHaveLength(1);
    });
    expect(r.errors).toHaveLength(101);
    expect(r.errors[99].line).toBe(2 + 4 * 49 + 3); // the 50th game's body line
    expect(r.errors[100]).toMatchObject({ line: 2 + 4 * 50 + 1, unlisted: { count: 200, lastLine: 2 + 4 * 149 + 3 } });
  });

  it('merge the grammar’s unreadable lines with the reader’s own errors in file order', () => {
    // A game with no score line (the reader's error), then one with an unreadable score line
    // (the grammar's): 80 pairs on lines 2-241.
    const pair = (k: number) => ` Game ${2 * k + 1}\n Game ${2 * k + 2}\n ** junk **\n`;
    const r = importRecord(bytes(` 7 point match\n${lines(80, pair)}`), 'a.mat');
    expect(r.errors).toHaveLength(101);
    expect(r.errors.slice(0, 100).map((e) => e.line)).toEqual(
      Array.from({ length: 50 }, (_, j) => [2 + 3 * j, 4 + 3 * j]).flat(),
    );
    expect(r.errors[100]).toMatchObject({ line: 2 + 3 * 50, unlisted: { count: 60, lastLine: 4 + 3 * 79 } });
  });

  it('in a file with no match: still only the first unreadable line', () => {
    const r = importRecord(bytes(lines(1000, () => 'x\n')), 'a.mat');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ line: 1, column: 1 });
  });

  it('before the first match and after the last one', () => {
    const r = importRecord(
      bytes(`${lines(80, () => 'junk\n')} 1 point match\n${lines(80, () => 'more junk\n')}`),
      'a.mat',
    );
    expect(r.errors).toHaveLength(101);
    expect(r.errors[99].line).toBe(101);
    expect(r.errors[100]).toMatchObject({ line: 102, column: 1, unlisted: { count: 60, lastLine: 161 } });
  });

  it.each([300, 3000])('in an SGF file of %i games with a syntax error each: every game read up to it', (n) => {
    const tree = (k: number) => `(;GM[6]MI[length:0][game:${k}]\n;W[52lgig]\n;B[31]!\n;W[41lhkj])\n`;
    const r = importRecord(bytes(lines(n, tree)), 'a.sgf');
    const games = r.matches.flatMap((m) => m.games);
    expect(games).toHaveLength(n);
    games.forEach((g, k) => {
      expect(g.unreadableFrom).toBe(4 * k + 3);
      expect(g.actions).toHaveLength(1);
    });
    expect(r.errors).toHaveLength(101);
    expect(r.errors[100]).toMatchObject({ line: 4 * 100 + 3, unlisted: { count: n - 100, lastLine: 4 * (n - 1) + 3 } });
  });
});
