// One wrong thing in a record is one finding: a wrong score line, a wrong result, a game after the
// match, each on real records with that one thing changed (fixtures/score-lines/make.py).
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import type { MatchReport } from '../../src/core/model.js';
import { type Crediting, type GameMoves, advance, judgeLine } from '../../src/scoring/score-line.js';
import { fixture, fixtureText } from '../helpers.js';

function audit(name: string): MatchReport {
  const reports = auditFile(fixture('score-lines', name), name);
  expect(reports).toHaveLength(1);
  return reports[0];
}

/** Every error and warning: code, severity, line, game. */
const said = (r: MatchReport) =>
  r.findings.filter((f) => f.severity !== 'info').map((f) => [f.code, f.severity, f.line, f.game]);

describe('one wrong thing, one finding', () => {
  it.each<[string, string, (string | number | undefined)[][]]>([
    // Game 5's Llabba : 8 written 9: game 6's line (2-8) is what the results add up to.
    ['score-line-wrong.mat', 'a wrong score line', [['score-mismatch', 'error', 113, 5]]],
    // The same in GNU Backgammon's .sgf: game 3 at 4-0 would also make it the Crawford game,
    // and its double a crawford-double; the game starts where the results say.
    ['score-line-wrong.sgf', 'a wrong start score in an .sgf', [['score-mismatch', 'error', 101, 3]]],
    // Game 8's line one too high and game 9's carrying it: the transition into game 8 is wrong.
    ['score-line-carried.mat', 'a wrong score line the next one goes on from', [['score-mismatch', 'error', 221, 8]]],
    // The same, and by the lines after it Llabba reaches 12 before game 11 (where a double is
    // made) and 13 before game 14; by the results, not: no crawford-double, no game-after-match.
    [
      'score-line-carried-crawford.mat',
      'a wrong score line the next ones go on from, past the Crawford game',
      [['score-mismatch', 'error', 152, 8]],
    ],
    // Game 5's "Wins 2 point" written 4: the score lines after it follow the game as played.
    ['result-line-wrong.mat', 'a wrong result', [['points-mismatch', 'error', 138, 5]]],
    // The same, and the score lines after it follow the record's wrong result.
    ['result-line-wrong-followed.mat', 'a wrong result the score lines follow', [['points-mismatch', 'error', 139, 5]]],
    // Game 1's result one too high and the score lines following it: by them Howe reaches 12
    // before game 6, where a double is made; by the game as played, 11: no crawford-double.
    [
      'result-line-wrong-followed-crawford.mat',
      'a wrong result the score lines follow, into a Crawford game they alone make',
      [['points-mismatch', 'error', 65, 1]],
    ],
    // A game after the match, its score line at the winner's nominal total (6-14) or the credited (6-13).
    ['game-after-match-nominal.mat', 'a game after the match, nominal total', [['game-after-match', 'error', 293, 10]]],
    [
      'game-after-match-credited.mat',
      'a game after the match, credited total',
      [['game-after-match', 'error', 293, 10]],
    ],
    // The record stops after game 5, whose line counts game 4's resignation 2, its result 1.
    [
      'score-line-after-resignation.mat',
      'a score line against a resignation only its result line values',
      [
        ['score-mismatch', 'error', 101, 5],
        ['match-unfinished', 'warning', 110, undefined],
      ],
    ],
    // A money line automatic doubles would explain, but the next line follows the results: the
    // line alone is wrong (read as automatic doubles, the next, right, line was blamed).
    [
      'money-wrong-line-not-auto-doubles.mat',
      'a money score line wrong alone, though automatic doubles would explain it',
      [['score-mismatch', 'error', 14, 2]],
    ],
    // The same line, the next one going on from it: automatic doubles, a warning.
    [
      'money-auto-doubles-carried.mat',
      'a money score line automatic doubles explain',
      [['score-mismatch', 'warning', 13, 2]],
    ],
  ])('%s (%s)', (name, _what, expected) => {
    expect(said(audit(name))).toEqual(expected);
  });
});

describe('what the score-mismatch says', () => {
  it("reports the results' total, and the next game starts where they say", () => {
    const r = audit('score-line-wrong.mat');
    expect(r.findings[0]).toMatchObject({
      message: 'the record starts this game at 0-9, but the games before it add up to 0-8',
      recorded: [0, 9],
      expected: [0, 8],
    });
    expect(r.games.slice(4, 6).map((g) => g.startScore)).toEqual([
      { recorded: [0, 9], computed: [0, 8] },
      { recorded: [2, 8], computed: [2, 8] },
    ]);
  });

  it('says when the score lines after it go on from the wrong one', () => {
    const r = audit('score-line-carried.mat');
    expect(r.findings[0].message).toBe(
      'the record starts this game at 5-12, but the games before it add up to 4-12; the score lines after it go on from 5-12',
    );
    expect(r.games[8].startScore).toEqual({ recorded: [7, 12], computed: [7, 12] });
  });

  it('says both readings when only the result line values the game before', () => {
    expect(audit('score-line-after-resignation.mat').findings[0]).toMatchObject({
      message:
        "the record starts this game at 3-3, but the games before it add up to 3-2: either this score line is wrong or game 4's result is (it ended by resignation, which only its result line values: 1 point there, 2 here)",
      recorded: [3, 3],
      expected: [3, 2],
    });
  });

  it('a wrong result that the score lines follow: they are counted from it', () => {
    const r = audit('result-line-wrong-followed.mat');
    expect(r.games.slice(5).map((g) => g.startScore.computed)).toEqual([
      [4, 8],
      [4, 12],
      [6, 12],
      [8, 12],
    ]);
  });
});

describe('judgeLine', () => {
  const match13: Crediting = { money: false, length: 13, pointsCap: null };
  const moves = (...readings: [0 | 1, number][]): GameMoves => ({
    readings: readings.map(([winner, points]) => ({ winner, points })),
    unchecked: false,
    how: '',
    values: null,
  });

  it.each<[string, [number, number], [number, number][], [number, number] | null, GameMoves, object]>([
    [
      'agrees with one of the totals',
      [2, 8],
      [
        [0, 8],
        [2, 8],
      ],
      null,
      moves([0, 2]),
      { kind: 'agrees' },
    ],
    [
      'the next line follows the results: this line alone is wrong',
      [0, 9],
      [[0, 8]],
      [2, 8],
      moves([0, 2]),
      { kind: 'wrong', start: [0, 8], expected: [0, 8], follows: 'results' },
    ],
    [
      'the next line goes on from this one',
      [0, 9],
      [[0, 8]],
      [2, 9],
      moves([0, 2]),
      { kind: 'wrong', start: [0, 9], expected: [0, 8], follows: 'line' },
    ],
    [
      'the next line follows neither',
      [0, 9],
      [[0, 8]],
      [5, 5],
      moves([0, 2]),
      { kind: 'wrong', start: [0, 9], expected: [0, 8], follows: 'neither' },
    ],
    [
      'no next line',
      [0, 9],
      [[0, 8]],
      null,
      moves([0, 2]),
      { kind: 'wrong', start: [0, 9], expected: [0, 8], follows: 'neither' },
    ],
    [
      "the next line follows the match-winning game's credited points",
      [11, 9],
      [[12, 9]],
      [13, 9],
      moves([0, 4]),
      { kind: 'wrong', start: [12, 9], expected: [12, 9], follows: 'results' },
    ],
  ])('%s', (_what, recorded, expected, next, m, verdict) => {
    expect(judgeLine(recorded, expected, next, m, match13)).toEqual(verdict);
  });

  it('advance: each reading once, capped at what the winner needs, the record first', () => {
    expect(advance([[12, 9]], moves([0, 4], [1, 2]), match13)).toEqual([
      [13, 9],
      [12, 11],
    ]);
    expect(advance([[1, 1]], moves(), match13)).toEqual([[1, 1]]);
    // A money session's cap (Backgammon Galaxy's 16) applies; no length caps it.
    expect(advance([[0, 0]], moves([1, 32]), { money: true, length: 16, pointsCap: 16 })).toEqual([[0, 16]]);
    expect(advance([[0, 0]], moves([1, 32]), { money: true, length: 0, pointsCap: null })).toEqual([[0, 32]]);
  });
});

describe('a game after the match', () => {
  it('copied from a forfeit, is one game-after-match: its resignation is not judged against nothing needed', () => {
    const text = fixtureText('accuracy', 'forfeit-galaxy-after-one-roll.mat');
    const game = text.slice(text.indexOf(' Game 1'));
    const after = text + '\n' + game.replace(' Game 1', ' Game 2').replace('lasse : 0 ', 'lasse : 5 ');
    const [r] = auditFile(new TextEncoder().encode(after), 'after.mat');
    expect(r.findings.filter((f) => f.severity === 'error').map((f) => f.code)).toEqual(['game-after-match']);
  });
});

describe('a result after an unreadable cube answer', () => {
  it('is not judged: the cube is 1 or 2, so the one finding is the unreadable line', () => {
    const name = 'take-unreadable-result-unjudged.mat';
    const [r] = auditFile(fixture('scoring', name), name);
    expect(said(r)).toEqual([['parse-error', 'error', 11, 1]]);
    expect(r.games[0]).toMatchObject({ termination: null, winner: 1, points: { recorded: 4, credited: 4 } });
  });

  it('with no result, the game is unfinished as any: game-unfinished when another follows', () => {
    const text = fixtureText('scoring', 'take-unreadable-result-unjudged.mat')
      .replace(/ {2}4\) 62:[^\n]*\n[^\n]*Wins 4 points and the match\n/, '')
      .concat('\n Game 2\n Anna : 0                            Bruno : 0\n  1) 31: 8/5 6/5\n');
    const [r] = auditFile(new TextEncoder().encode(text), 'x.mat');
    expect(r.findings.map((f) => f.code)).toEqual(expect.arrayContaining(['parse-error', 'game-unfinished']));
    expect(r.games[0].termination).toBe('unfinished');
  });
});
