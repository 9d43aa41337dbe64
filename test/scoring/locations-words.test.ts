// Findings placed at the fact (match-unfinished where the
// record stops, result-missing where the game ended), "an 8-point match", and an SGF without
// names saying White and Black.
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import type { MatchReport } from '../../src/core/model.js';
import { showMatch } from '../../src/report/show.js';
import { aOrAn } from '../../src/core/words.js';
import { audited, fixture, fixtureText } from '../helpers.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const one = (r: MatchReport, code: string) => {
  const found = r.findings.filter((f) => f.code === code);
  expect(found).toHaveLength(1);
  return found[0];
};
/** 1-based number of the first line of `text` that holds `what`. */
const lineOf = (text: string, what: string) => text.split('\n').findIndex((l) => l.includes(what)) + 1;

describe('aOrAn: the article before a number as it is spoken', () => {
  it.each([
    [1, 'a'],
    [3, 'a'],
    [7, 'a'],
    [8, 'an'],
    [11, 'an'],
    [15, 'a'],
    [18, 'an'],
    [25, 'a'],
    [81, 'an'],
    [800, 'an'],
    [0, 'a'],
    [110, 'a'],
    [118, 'a'],
    [1100, 'a'],
    [8000, 'an'],
    [11000, 'an'],
    [18500, 'an'],
    [80000, 'an'],
    [180000, 'a'],
    [8_000_000, 'an'],
  ] as const)('%i takes "%s"', (n, article) => {
    expect(aOrAn(n)).toBe(article);
  });
});

describe('match-unfinished', () => {
  const text = fixtureText('scoring', 'match-unfinished.mat');
  const withLength = (n: number) => auditFile(bytes(text.replace(' 3 point match', ` ${n} point match`)), 'x.mat')[0];

  it.each([
    [3, 'the record stops at 0-1 in a 3-point match: nobody has won it'],
    [8, 'the record stops at 0-1 in an 8-point match: nobody has won it'],
    [11, 'the record stops at 0-1 in an 11-point match: nobody has won it'],
    [18, 'the record stops at 0-1 in an 18-point match: nobody has won it'],
  ])('a %i-point match is written with its article', (n, message) => {
    expect(one(withLength(n), 'match-unfinished').message).toBe(message);
  });

  it("is placed on the record's last line, where it stops", () => {
    const r = auditFile(fixture('scoring', 'match-unfinished.mat'), 'match-unfinished.mat')[0];
    const lines = text.trimEnd().split('\n');
    expect(lines[lines.length - 1]).toContain('Wins 1 point');
    expect(one(r, 'match-unfinished')).toMatchObject({ line: lines.length });
    expect(lines.length).toBe(24);
  });
});

describe('result-missing', () => {
  it("is placed on the drop that ended the game, not on the game's start", () => {
    const text = fixtureText('scoring', 'result-missing.mat');
    const r = auditFile(fixture('scoring', 'result-missing.mat'), 'result-missing.mat')[0];
    const drop = lineOf(text, 'Drops');
    expect(drop).toBe(24);
    expect(one(r, 'result-missing')).toMatchObject({ game: 1, line: drop });
  });

  it('is placed on the last checker borne off', () => {
    // cube2-gammon.mat's game ends by bearing off; without its result line the
    // finding goes to the line of the last roll.
    const text = fixtureText('scoring', 'cube2-gammon.mat');
    const result = lineOf(text, 'Wins ');
    const lines = text.split('\n');
    const stripped = lines.map((l, i) => (i === result - 1 ? l.replace(/Wins \d+ points?.*$/, '') : l)).join('\n');
    const r = auditFile(bytes(stripped), 'x.mat')[0];
    expect(r.games[0].termination).toBe('bearoff');
    const f = one(r, 'result-missing');
    const lastRoll = lines.slice(0, result).reduce((at, l, i) => (/\d\d: \S/.test(l) ? i + 1 : at), 0);
    expect(f.line).toBe(lastRoll);
    expect(f.line).not.toBe(r.games[0].line);
  });
});

describe('an SGF without PW and PB', () => {
  // White doubles, Black drops, no result; an 8-point match left at 1-0.
  const sgf =
    '(;FF[4]GM[6]CA[UTF-8]MI[length:8][game:1][ws:0][bs:0]RU[Crawford]\n;B[63aggj]\n;W[double]\n;B[drop]\n)\n';
  const r = audited(auditFile(bytes(sgf), 'x.sgf')[0]);

  it('says White and Black in its messages', () => {
    expect(one(r, 'result-missing')).toMatchObject({
      line: 4,
      message: 'the record has no result line; White won 1 point by a drop',
    });
    expect(one(r, 'match-unfinished')).toMatchObject({
      line: 4,
      message: 'the record stops at 1-0 in an 8-point match: nobody has won it',
    });
    for (const f of r.findings) expect(f.message).not.toMatch(/left player|right player/);
  });

  it('says White and Black in show', () => {
    const shown = showMatch(r);
    expect(shown).toContain('White 0 - 0 Black before the game');
    expect(shown).toContain('White wins on a dropped double');
    expect(shown).not.toMatch(/left player|right player/);
  });

  it('a .mat without names keeps its columns: the left player, the right player', () => {
    const text = fixtureText('scoring', 'result-missing.mat').replace(
      ' Anna : 0                       Boris : 0',
      ' : 0                            : 0',
    );
    const m = auditFile(bytes(text), 'x.mat')[0];
    expect(m.players).toEqual(['', '']);
    expect(one(m, 'result-missing').message).toBe(
      'the record has no result line; the right player won 1 point by a drop',
    );
  });
});
