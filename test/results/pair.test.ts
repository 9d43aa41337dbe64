// The results sheet held against the matches (src/results/pair.ts): each finding from the rows
// and matches that make it, and the pairings that make none (names as people write them, either
// order, dates written two ways, rematches by length then in order).
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/core/model.js';
import { pairResults, pairResultsPausing, type PlayedMatch } from '../../src/results/pair.js';
import type { ResultRow } from '../../src/results/sheet.js';
import { Aliases } from '../../src/standings/names.js';

const match = (over: Partial<PlayedMatch> = {}): PlayedMatch => ({
  file: 'a.mat',
  match: 1,
  line: 3,
  players: ['Anna', 'Bert'],
  length: 7,
  date: '2023.10.18',
  winner: 0,
  finalScore: [7, 4],
  errors: 0,
  ...over,
});

const row = (over: Partial<ResultRow> = {}): ResultRow => ({
  line: 2,
  players: ['Anna', 'Bert'],
  winner: { name: 'Anna' },
  score: [7, 4],
  length: 7,
  date: '2023-10-18',
  other: [],
  ...over,
});

/** code@line (the results file's line; none for a match no row lists), and the message when asked. */
const brief = (fs: Finding[]) => fs.map((f) => `${f.code}@${f.line ?? '-'}`);

describe('pairResults: one finding for each thing that differs', () => {
  it.each<[string, ResultRow[], PlayedMatch[], string[]]>([
    ['all agree', [row()], [match()], []],
    [
      'a row no match pairs with',
      [row({ players: ['Anna', 'Carl'] })],
      [match()],
      ['result-no-file@2', 'result-not-listed@-'],
    ],
    ['a match no row pairs with', [], [match()], ['result-not-listed@-']],
    ['the winner by name', [row({ winner: { name: 'Bert' } })], [match()], ['result-winner@2']],
    ['the winner by side', [row({ winner: { side: 1 } })], [match()], ['result-winner@2']],
    ['a winner who is neither player', [row({ winner: { name: 'Dora' } })], [match()], ['result-winner@2']],
    ['a match nobody won', [row({ score: null })], [match({ winner: null })], ['result-winner@2']],
    ['the score', [row({ score: [7, 5] })], [match()], ['result-score@2']],
    ['the length', [row({ length: 9 })], [match()], ['result-length@2']],
    ['no final score in the file', [row()], [match({ finalScore: null })], ['result-score@2']],
    [
      'players in the other order, side 2 the winner',
      [row({ players: ['Bert', 'Anna'], winner: { side: 1 }, score: [4, 7] })],
      [match()],
      [],
    ],
    ['names as people write them', [row({ players: [' ANNA ', 'bert'], winner: { name: 'anna' } })], [match()], []],
    ['a score past the length is capped at it', [row({ score: [7, 4] })], [match({ finalScore: [9, 4] })], []],
    [
      'no score, no length, no date: not compared',
      [row({ score: null, length: null, date: null })],
      [match({ length: 5 })],
      [],
    ],
    ['a date given one side only pairs', [row()], [match({ date: '' })], []],
    [
      'a date that differs never pairs',
      [row({ date: '2023-10-19' })],
      [match()],
      ['result-no-file@2', 'result-not-listed@-'],
    ],
  ])('%s', (_what, rows, matches, expected) => {
    expect(brief(pairResults(rows, matches, 'results.csv'))).toEqual(expected);
  });

  it('an alias pairs a row with the name the file gives', () => {
    const rows = [row({ players: ['Annie', 'Bert'], winner: { name: 'Annie' } })];
    expect(brief(pairResults(rows, [match()], 'r.csv'))).toEqual(['result-no-file@2', 'result-not-listed@-']);
    expect(brief(pairResults(rows, [match()], 'r.csv', new Aliases([['annie', 'Anna']])))).toEqual([]);
  });

  it('rematches: the match of the row length first, then in input order', () => {
    const matches = [
      match({ file: 'm1.mat', length: 5, finalScore: [5, 0] }),
      match({ file: 'm2.mat', length: 7 }),
      match({ file: 'm3.mat', length: 5, finalScore: [5, 1] }),
    ];
    const rows = [
      row({ line: 2, length: 7 }),
      row({ line: 3, length: 5, score: [5, 0] }),
      row({ line: 4, length: 5, score: [5, 1] }),
    ];
    expect(pairResults(rows, matches, 'r.csv')).toEqual([]);
    // In the other order the 5-point rows still take m1 then m3, whatever the row of the 7.
    expect(pairResults([rows[1], rows[0], rows[2]], matches, 'r.csv')).toEqual([]);
  });

  it('each message names both sides, and says when the match has errors of its own', () => {
    const [f] = pairResults(
      [row({ winner: { name: 'Bert' }, other: [['Round', '3']] })],
      [match({ errors: 2 })],
      'r.csv',
    );
    expect(f.message).toBe(
      "r.csv:2 and a.mat:3: the row names the winner Bert; in the file Anna won the match; the match's own audit has 2 errors [Round: 3]",
    );
    expect([f.recorded, f.expected]).toEqual(['Bert', 'Anna']);
    const [s] = pairResults([row({ score: [7, 5] })], [match({ match: 2, line: 40 })], 'r.csv');
    expect(s.message).toBe(
      "r.csv:2 and a.mat:40 (match 2): the row gives the final score 7-5 (Anna-Bert); the file's is 7-4",
    );
    const [n] = pairResults([], [match({ errors: 1 })], 'r.csv');
    expect(n.message).toBe(
      "a.mat:3: no row of r.csv pairs with this match (Anna v Bert, 2023.10.18, 7 points); the match's own audit has 1 error",
    );
  });

  it('a message quotes a long name, and the other columns past six, cut short', () => {
    const long = 'x'.repeat(10_000);
    const other: [string, string][] = Array.from({ length: 9 }, (_, k) => [`c${k}`, long]);
    const [f] = pairResults([row({ players: [long, 'Bert'], other })], [], 'r.csv');
    expect(f.message.length).toBeLessThan(600);
    expect(f.message).toContain('3 more]');
  });

  it('rows in the order of 100,000 rematches pair in linear time', () => {
    const n = 100_000;
    const matches = Array.from({ length: n }, (_, k) => match({ match: k + 1, line: k + 1 }));
    const rows = Array.from({ length: n }, (_, k) => row({ line: k + 2 }));
    const start = performance.now();
    expect(pairResults(rows, matches, 'r.csv')).toEqual([]);
    expect(performance.now() - start).toBeLessThan(20_000); // a scan of every rematch for each row takes minutes
  });
});

describe('pairResultsPausing', () => {
  it('lets the event loop turn while a large sheet is paired (a signal is acted on at once), with the same findings', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => row({ line: i + 2, players: [`p${i}`, `q${i}`] }));
    const matches = Array.from({ length: 5_000 }, (_, i) => match({ match: i + 1, players: [`p${i}`, `q${i}`] }));
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const found = await pairResultsPausing(rows, matches, 'r.csv');
    counting = false;
    // One pause every 4,096 rows or matches: at least 6 turns of the loop in the pairing.
    expect(turns).toBeGreaterThanOrEqual(6);
    expect(found).toEqual(pairResults(rows, matches, 'r.csv'));
  });
});
