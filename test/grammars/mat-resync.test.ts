// A stray line right after a match-length line: the reader resynchronises at the game label that
// follows, so that match's games and the matches after it are read and audited; the stray line
// is one parse error, in its match. fixtures/mat/broken/stray-line-three-matches.mat is three real
// Galaxy matches one after another with one line put in after the first's ` 3 point match`.
import { describe, expect, it } from 'vitest';
import { MatReader, parseMat } from '../../grammars/mat.js';
import { auditFile } from '../../src/read/file.js';
import { importRecord } from '../../src/import/index.js';
import { cli, fixture, fixtureText, FIXTURES } from '../helpers.js';
import { join } from 'node:path';

const NAME = 'stray-line-three-matches.mat';
const STRAY = 'this line belongs to no record';

/** The fixture with its stray line moved to just after match `k`'s match-length line (0: none). */
function strayAfter(k: number): string {
  const lines = fixtureText('mat', 'broken', NAME)
    .split('\n')
    .filter((l) => l !== STRAY);
  const at = lines.flatMap((l, i) => (/^\s*\d+ point match/.test(l) ? [i] : []))[k - 1];
  if (at !== undefined) lines.splice(at + 1, 0, STRAY);
  return lines.join('\n');
}

describe('mat reader: resynchronising after a stray line', () => {
  it('the three matches of the fixture are read and audited; the stray line is one error, in match 1', () => {
    const reports = auditFile(fixture('mat', 'broken', NAME), NAME);
    expect(reports.map((r) => [r.match, r.games.length])).toEqual([
      [1, 1],
      [2, 2],
      [3, 2],
    ]);
    const errors = reports.flatMap((r) => r.findings.filter((f) => f.severity === 'error').map((f) => [r.match, f]));
    expect(errors).toHaveLength(1);
    expect(errors[0][0]).toBe(1);
    expect(errors[0][1]).toMatchObject({ code: 'parse-error', line: 13, column: 1 });
    expect(JSON.stringify(errors[0][1])).toContain("a game label such as 'Game 1'");
  });

  it.each([1, 2, 3])('a stray line after match %i: every match read, as without it', (k) => {
    const clean = importRecord(new TextEncoder().encode(strayAfter(0)), 'x.mat');
    const r = importRecord(new TextEncoder().encode(strayAfter(k)), 'x.mat');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0].found).toContain('this');
    expect(r.matches.map((m) => [m.players, m.games.length])).toEqual(
      clean.matches.map((m) => [m.players, m.games.length]),
    );
  });

  it('read whole, match by match and in pieces, the reports are the same', async () => {
    const file = join(FIXTURES, 'mat', 'broken', NAME);
    const whole = await cli('verify', file, '--format', 'ndjson');
    const pieces = await cli('verify', file, '--format', 'ndjson', '--max-file-size', '4k');
    const reports = (s: string) =>
      s
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => JSON.parse(l) as { match: number; games: unknown[]; findings: unknown[] })
        .map((r) => [r.match, r.games.length, r.findings]);
    expect(reports(whole.stdout)).toHaveLength(3);
    expect(reports(pieces.stdout)).toEqual(reports(whole.stdout));
  });

  it.each([
    ['comments between the stray line and the game label', `${STRAY}\n; a comment\n\n Game 1\n`, 1],
    ['two stray lines', `${STRAY}\n${STRAY}\n Game 1\n`, 2],
  ])('%s: the games are the match’s', (_, between, bad) => {
    const text = ` 1 point match\n${between} Anna : 0                       Boris : 0\n  1) 31: 8/5 6/5\n\n 1 point match\n\n Game 1\n Anna : 0                       Boris : 0\n  1) 31: 8/5 6/5\n`;
    const tree = parseMat(text);
    expect(tree.matches.map((m) => m.games.length)).toEqual([1, 1]);
    expect(tree.matches[0].stray.filter((n) => n.type === 'bad')).toHaveLength(bad);
    expect(tree.leftover).toEqual([]);
    // MatReader reads the same matches one at a time.
    const reader = new MatReader(text);
    expect([reader.next()?.games.length, reader.next()?.games.length, reader.next()]).toEqual([1, 1, null]);
  });

  it('a damaged first match-length line: the matches after it are read; the damaged line is the one error', () => {
    const text = strayAfter(0).replace(/^3 point match$/m, '3 pont match');
    const clean = importRecord(new TextEncoder().encode(strayAfter(0)), 'x.mat');
    const r = importRecord(new TextEncoder().encode(text), 'x.mat');
    expect(r.errors.map((e) => [e.line, e.found])).toEqual([[12, "'3'"]]);
    expect(r.matches.map((m) => [m.players, m.games.length])).toEqual(
      clean.matches.slice(1).map((m) => [m.players, m.games.length]),
    );
    // The damaged match's headers are not the next match's.
    expect(r.matches[0].headers.find((h) => h.key === 'Match ID')?.value).toBe('1061367');
  });

  it('games with no match-length line before the next match: one error, at their label', () => {
    const text = ` Game 1\n Anna : 0                       Boris : 0\n  1) 31: 8/5 6/5\n\n; [Site "x"]\n 1 point match\n\n Game 1\n Anna : 0                       Boris : 0\n  1) 31: 8/5 6/5\n`;
    const tree = parseMat(text);
    expect(tree.matches.map((m) => [m.line, m.games.length])).toEqual([[6, 1]]);
    expect(tree.matches[0].preamble.map((n) => [n.type, n.line])).toEqual([
      ['bad', 1],
      ['comment', 5],
    ]);
  });

  it('a stray line that leads to no game (the next match follows) stays before that match', () => {
    const text = ` 1 point match\n${STRAY}\n\n 1 point match\n\n Game 1\n Anna : 0                       Boris : 0\n`;
    const tree = parseMat(text);
    expect(tree.matches.map((m) => [m.stray.length, m.games.length])).toEqual([
      [0, 0],
      [0, 1],
    ]);
    expect(tree.matches[1].preamble.map((n) => [n.type, n.line])).toEqual([['bad', 2]]);
  });
});
