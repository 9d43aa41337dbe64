// Every worked case of docs/scoring.md (match play) and every finding code, on fixtures made from real
// games (fixtures/scoring/make.py). Each row says the findings the file must raise, no more.
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import type { GameVerdict, MatchReport } from '../../src/core/model.js';
import { fixture, fixtureText } from '../helpers.js';

function audit(name: string, options = {}): MatchReport {
  return auditFile(fixture('scoring', name), name, options)[0];
}

/** error and warning codes, in order; `match-unfinished` is left out (most fixtures are one game). */
const codes = (r: MatchReport) =>
  r.findings.filter((f) => f.severity !== 'info' && f.code !== 'match-unfinished').map((f) => f.code);

const brief = (g: GameVerdict) => ({
  termination: g.termination,
  winner: g.winner,
  outcome: g.outcome,
  cube: g.cube?.value,
  points: g.points,
});

describe('docs/scoring.md worked cases, match play', () => {
  it('cube 2, gammon → 4', () => {
    const r = audit('cube2-gammon.mat');
    expect(codes(r)).toEqual([]);
    expect(brief(r.games[0])).toEqual({
      termination: 'bearoff',
      winner: 1,
      outcome: 'gammon',
      cube: 2,
      points: { recorded: 4, nominal: 4, credited: 4 },
    });
  });

  it('cube 4: single / gammon / backgammon → 4 / 8 / 12', () => {
    const r = audit('cube4-single-gammon-backgammon.mat');
    expect(codes(r)).toEqual([]);
    expect(r.games.map((g) => [g.outcome, g.cube?.value, g.points.nominal])).toEqual([
      ['single', 4, 4],
      ['gammon', 4, 8],
      ['backgammon', 4, 12],
    ]);
  });

  it('redouble to 4 refused (cube was 2) → 2, single', () => {
    const r = audit('redouble-refused.mat');
    expect(codes(r)).toEqual([]);
    expect(brief(r.games[0])).toEqual({
      termination: 'drop',
      winner: 0,
      outcome: 'single',
      cube: 2,
      points: { recorded: 2, nominal: 2, credited: 2 },
    });
  });

  it('"Wins 2 points" after a refused double on a 1-cube → gammon scored on a refused double', () => {
    const r = audit('gammon-on-drop.mat');
    expect(codes(r)).toEqual(['gammon-on-drop']);
    expect(r.findings.find((f) => f.code === 'gammon-on-drop')).toMatchObject({
      severity: 'error',
      game: 1,
      recorded: 2,
      expected: 1,
    });
  });

  it('3-point match at 0-0, gammon on a 2-cube, "Wins 3 points" → correct (3 ≤ recorded ≤ 4)', () => {
    const r = audit('match-winning-gammon-credited.mat');
    expect(r.findings).toEqual([]);
    expect(r.games[0].points).toEqual({ recorded: 3, nominal: 4, credited: 3 });
  });

  it('7-point match at 2-2, gammon on a 2-cube, "Wins 3 points" → points mismatch, 4 expected', () => {
    const r = audit('points-mismatch.mat');
    expect(codes(r)).toEqual(['points-mismatch']);
    expect(r.games[2].startScore).toEqual({ recorded: [2, 2], computed: [2, 2] });
    expect(r.findings[1]).toMatchObject({ code: 'points-mismatch', game: 3, recorded: 3, expected: 4 });
  });

  it('7-point match at 6-4: the next game is the Crawford game; won by the trailer 6-5, the next is post-Crawford', () => {
    const r = audit('crawford-post-crawford.mat');
    expect(r.findings).toEqual([]);
    expect(r.games.map((g) => [g.startScore.computed, g.crawford, g.postCrawford])).toEqual([
      [[0, 0], false, false],
      [[4, 0], false, false],
      [[4, 4], false, false],
      [[6, 4], true, false],
      [[6, 5], false, true],
    ]);
    expect(r.games[4].cube?.value).toBe(2); // the cube is live again
  });

  it('a double in the Crawford game: reported, and scored as if it had not been made', () => {
    const r = audit('crawford-double.mat');
    expect(codes(r)).toEqual(['crawford-double']);
    expect(r.findings[0]).toMatchObject({ game: 4, recorded: 2, expected: 1 });
    expect(r.games[3].points).toEqual({ recorded: 2, nominal: 1, credited: 1 });
    expect(r.games[4].startScore.computed).toEqual([6, 5]);
  });

  it('with the Crawford rule off, the same double is allowed and counts: then game 5 starts at the wrong score', () => {
    const r = audit('crawford-double.mat', { rules: { crawford: false } });
    expect(r.rules?.crawford).toBe(false);
    expect(r.games[3].points).toEqual({ recorded: 2, nominal: 2, credited: 2 });
    expect(codes(r)).toEqual(['score-mismatch']);
  });
});

describe('one fixture per finding code', () => {
  it.each<[string, string[]]>([
    ['cube-value.mat', ['cube-value']],
    ['cube-out-of-turn.mat', ['cube-out-of-turn']],
    ['cube-after-roll.mat', ['cube-out-of-turn']],
    ['beaver-in-match.mat', ['beaver-in-match']],
    ['auto-double-in-match.sgf', ['auto-double-in-match']],
    ['game-after-match.mat', ['game-after-match']],
    ['game-unfinished.mat', ['game-unfinished']],
    ['resign-value.mat', ['resign-value']],
    ['opening-double.mat', ['opening-double']],
    ['winner-mismatch.mat', ['winner-mismatch']],
    ['score-mismatch.mat', ['score-mismatch']],
    ['result-missing.mat', ['result-missing']],
    ['and-the-match.mat', ['and-the-match']],
    ['game-number.mat', ['game-number']],
    ['illegal-move.mat', ['illegal-move']],
    ['turn-order.mat', ['turn-order']],
    ['play-after-end.mat', ['play-after-end']],
    ['hit-marker.mat', ['hit-marker', 'hit-marker']],
    ['move-not-checked.mat', ['move-not-checked']],
    ['cube-response.mat', ['cube-response']],
    ['number-out-of-range.mat', ['number-out-of-range']],
    ['same-player.mat', ['same-player']],
  ])('%s → %j', (name, expected) => {
    expect(codes(audit(name))).toEqual(expected);
  });

  it('an unfinished game is an error only when another game follows it', () => {
    const text = new TextDecoder().decode(fixture('scoring', 'game-unfinished.mat'));
    const last = auditFile(new TextEncoder().encode(text.slice(0, text.indexOf(' Game 2'))), 'x.mat')[0];
    expect(last.games.map((g) => [g.termination, g.points.nominal])).toEqual([['unfinished', null]]);
    expect(codes(last)).toEqual([]);
  });

  it('match-unfinished: the record stops before anybody reaches the length', () => {
    const r = audit('match-unfinished.mat');
    expect(r.findings.map((f) => [f.code, f.severity])).toEqual([['match-unfinished', 'warning']]);
    expect(r.findings[0].message).toBe('the record stops at 0-1 in a 3-point match: nobody has won it');
  });

  it('the score follows the record after a mismatch: each wrong transition is reported once', () => {
    const r = audit('score-mismatch.mat');
    expect(r.games[1].startScore).toEqual({ recorded: [0, 0], computed: [0, 1] });
    expect(r.findings.filter((f) => f.code === 'score-mismatch')).toHaveLength(1);
  });

  it('a finished match raises no match-unfinished', () => {
    expect(audit('crawford-post-crawford.mat').findings).toEqual([]);
  });
});

describe('same-player', () => {
  it.each([
    ['Anna', 'Anna', true],
    ['Anna Berg', 'ANNA BERG', true],
    ['Ａnna', 'anna', true], // a full-width letter is the same name (NFKC)
    ['Anna', 'Annа', false], // a Cyrillic а is another name
    ['Anna', 'Bruno', false],
  ])('%j against %j: %s', (left, right, same) => {
    const text = fixtureText('scoring', 'same-player.mat')
      .replaceAll(/^ Anna : /gm, ` ${left} : `)
      .replaceAll(/ anna : /g, ` ${right} : `);
    const [r] = auditFile(new TextEncoder().encode(text), 'x.mat');
    expect(r?.players).toEqual([left, right]);
    expect(r?.findings.some((f) => f.code === 'same-player')).toBe(same);
  });
});
