// Accuracy, on fixtures made from real files (fixtures/accuracy/make.py): written moves
// that contradict their roll, forfeits, money sessions' score lines in .mat.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import { decodeMatchId } from '../../src/engine/ids.js';
import type { MatchReport } from '../../src/core/model.js';
import { CORPUS, fixture } from '../helpers.js';

function audit(name: string): MatchReport[] {
  return auditFile(fixture('accuracy', name), name);
}

/** code, severity, line and message of each finding (info included), in file order. */
const said = (r: MatchReport) => r.findings.map((f) => [f.code, f.severity, f.line, f.message]);

describe('written moves that contradict the roll', () => {
  const [r] = audit('moves-contradict-roll.mat');

  it('each rewritten play is an illegal-move saying what the moves use and what the roll was', () => {
    expect(said(r)).toEqual([
      ['illegal-move', 'error', 17, '51: the moves as written use 4 and 2; the roll is 5-1'],
      ['illegal-move', 'error', 32, '53: the moves as written use 4 and 4; the roll is 5-3'],
      ['illegal-move', 'error', 40, '41: the moves as written use 2 and 3; the roll is 4-1'],
    ]);
  });

  it('the replay goes on from where the written moves end: the game ends as GNU Backgammon played it', () => {
    expect(r.games[0]).toMatchObject({ termination: 'resign', winner: 1, points: { recorded: 2, nominal: 2 } });
    // GNU Backgammon's own final Position ID of the game (fixtures/gnubg/final-positions.tsv).
    expect(r.games[0].final?.positionId).toBe('fwAAAPfdAiAAAA');
    const name = 'gnubg-generated/m02_len1_auto.mat';
    const [original] = auditFile(readFileSync(join(CORPUS, name)), name);
    expect(original.findings).toEqual([]);
    expect({ ...r.games[0], findings: [] }).toEqual({ ...original.games[0], line: r.games[0].line });
  });
});

describe('forfeits', () => {
  /** The game a forfeit or resignation ends: how, who, what it is worth; the match's codes (info included). */
  const last = (name: string) => {
    const [r] = audit(name);
    const g = r.games[r.games.length - 1];
    return {
      game: [g.game, g.termination, g.winner, g.outcome, g.points.recorded, g.points.nominal, g.points.credited],
      codes: r.findings.map((f) => f.code),
    };
  };

  it.each<[string, (string | number | null)[], string[]]>([
    // Backgammon Galaxy: `Losses 5 point` after one roll of a 5-point match at 0-0, 1-cube.
    ['forfeit-galaxy-after-one-roll.mat', [1, 'forfeit', 0, null, 5, 5, 5], ['forfeit']],
    // Backgammon Studio: `Wins 4016 point` at 3-11 of 13 on a 4-cube: Llabba needed 2.
    ['forfeit-studio-4016.mat', [10, 'forfeit', 1, null, 4016, 2, 2], ['forfeit']],
    // The same Galaxy game in a 7-point match: 5 is more than a backgammon, less than the 7 needed.
    [
      'resign-more-than-backgammon-not-forfeit.mat',
      [1, 'resign', 0, 'backgammon', 5, 3, 3],
      ['match-unfinished', 'resign-value'],
    ],
    // `; gobetzu wins by forfeit` after a finished game 1 at 0-1: the match ends there.
    ['comment-forfeit-empty.mat', [1, 'resign', 1, 'single', 1, 1, 1], ['forfeit']],
    // `; match aborted by tournament server`, `; connection lost`: nothing says who won.
    ['comment-abandoned-partial.mat', [2, 'unfinished', null, null, null, null, null], ['match-unfinished']],
    ['comment-abandoned-empty.mat', [1, 'resign', 1, 'single', 1, 1, 1], ['match-unfinished']],
  ])('%s', (name, game, codes) => {
    expect(last(name)).toEqual({ game, codes });
  });

  it("a forfeit's final Match ID records a resignation of a backgammon, the most one can be (the record wrote more)", () => {
    for (const name of ['forfeit-galaxy-after-one-roll.mat', 'forfeit-studio-4016.mat']) {
      const [r] = audit(name);
      const g = r.games[r.games.length - 1];
      if (!g.final) throw new Error(`${name}: no final IDs`);
      expect(decodeMatchId(g.final.matchId)).toMatchObject({ resigned: 3, gameState: 3 });
    }
  });

  it('a comment at the end of an unfinished game names the winner: that game is the forfeit', () => {
    const [r] = auditFile(fixture('mat', 'trailing-comment.mat'), 'trailing-comment.mat');
    expect(r.games.map((g) => [g.termination, g.winner, g.outcome, g.points])).toEqual([
      ['resign', 1, 'single', { recorded: 1, nominal: 1, credited: 1 }],
      ['forfeit', 0, null, { recorded: null, nominal: 3, credited: 3 }],
    ]);
    expect(said(r)).toEqual([
      ['forfeit', 'info', 13, 'bruno forfeits the match at 0-1; alice is credited the 3 points still needed'],
    ]);
  });

  it("the issue's sentence, and what the record wrote when it is not what was needed", () => {
    expect(said(audit('forfeit-galaxy-after-one-roll.mat')[0])).toEqual([
      ['forfeit', 'info', 22, 'eighttimez8 forfeits the match at 0-0; lasse is credited the 5 points still needed'],
    ]);
    expect(said(audit('forfeit-studio-4016.mat')[0])).toEqual([
      [
        'forfeit',
        'info',
        53,
        'Minchy forfeits the match at 3-11; Llabba is credited the 2 points still needed (the record writes 4016)',
      ],
    ]);
  });
});

describe('money sessions in .mat: score lines', () => {
  const text = (...parts: string[]) => new TextDecoder().decode(fixture(...parts));
  const run = (name: string, body: string) => auditFile(new TextEncoder().encode(body), name)[0];
  /** GNU Backgammon's s02 (fixtures/mat/gnubg-money-beavers.mat is a copy): automatic doubles, beavers. */
  const s02 = text('mat', 'gnubg-money-beavers.mat');
  const scoreLines = (r: MatchReport) =>
    r.findings.filter((f) => f.code === 'score-mismatch').map((f) => [f.game, f.severity]);

  it.each<[string, string, (string | number | undefined)[][]]>([
    // Games 5, 6, 8, 10 and 13 were played on cubes turned by automatic doubles (its .sgf says so).
    [
      's02 as GNU Backgammon wrote it: warnings only',
      s02,
      [
        [6, 'warning'],
        [7, 'warning'],
        [9, 'warning'],
        [11, 'warning'],
        [14, 'warning'],
      ],
    ],
    // A header that allows no cube turn rules automatic doubles out: the same lines are errors.
    [
      's02 with [Cube "Off"]',
      `; [Cube "Off"]\n${s02}`,
      [
        [6, 'error'],
        [7, 'error'],
        [9, 'error'],
        [11, 'error'],
        [14, 'error'],
      ],
    ],
    // Game 6 starts at 7-4 (game 5's 1 point counted 3 times): no automatic double makes 3.
    [
      's02 with game 6 at 7-4',
      s02.replace(
        ' White_gnubg : 8                Black_driven : 4',
        ' White_gnubg : 7                Black_driven : 4',
      ),
      [
        [6, 'error'],
        [7, 'error'],
        [9, 'warning'],
        [11, 'warning'],
        [14, 'warning'],
      ],
    ],
    // A score line that moves the loser's score is never explained; game 3's line follows the
    // results, not it, so it alone is wrong.
    [
      's02 with game 2 at 1-1',
      s02.replace(
        ' White_gnubg : 0                Black_driven : 1',
        ' White_gnubg : 1                Black_driven : 1',
      ),
      [
        [2, 'error'],
        [6, 'warning'],
        [7, 'warning'],
        [9, 'warning'],
        [11, 'warning'],
        [14, 'warning'],
      ],
    ],
    // Every score line 0-0: the writer keeps no running score; nothing to check.
    ['s02 with every score line 0-0', s02.replace(/ : \d+( {2,}| *$)/gm, ' : 0$1'), []],
  ])('%s', (_what, body, expected) => {
    expect(scoreLines(run('s02.mat', body))).toEqual(expected);
  });

  it("a money record's first score line is where it starts: no game before it says otherwise", () => {
    // Game 9 of s02 on its own, labelled Game 1, at 12-9.
    const r = auditFile(fixture('mat', 'money-beaver-raccoon.mat'), 'money-beaver-raccoon.mat')[0];
    expect(r.games[0].startScore).toEqual({ recorded: [12, 9], computed: [12, 9] });
    expect(r.findings.filter((f) => f.code === 'score-mismatch')).toEqual([]);
    // In match play the first game starts at 0-0 (unless it is numbered later): the same line is an error.
    const match = run('x.mat', text('mat', 'money-beaver-raccoon.mat').replace(/ 0 point match/, ' 64 point match'));
    expect(scoreLines(match)).toEqual([[1, 'error']]);
  });

  it('a copy of s01 with one score line changed gives an error', () => {
    const [r] = audit('money-score-line-changed.mat');
    expect(said(r)).toEqual([
      ['score-mismatch', 'error', 373, 'the record starts this game at 12-17, but the games before it add up to 12-16'],
    ]);
  });

  it("s02's warnings tell the story of its .sgf twin: each game's cube and points as the .sgf has them", () => {
    const mat = run('s02.mat', s02);
    expect(mat.findings.filter((f) => f.severity !== 'info')).toHaveLength(5);
    expect(mat.findings[0].message).toBe(
      'the record starts this game at 8-4, but the games before it add up to 5-4: game 5 counted 4, not 1, as it does when automatic doubles turn its cube twice before play (to 4), which a .mat cannot write',
    );
    const name = 'gnubg-generated/s02_money_autodouble_beaver_resign.sgf';
    const [sgf] = auditFile(readFileSync(join(CORPUS, name)), name);
    expect(sgf.findings.filter((f) => f.severity !== 'info')).toEqual([]);
    for (const f of mat.findings.filter((x) => x.code === 'score-mismatch')) {
      const m = /game (\d+) counted (\d+), .* \(to (\d+)\)/.exec(f.message);
      const g = sgf.games[Number(m?.[1]) - 1];
      expect([g.points.nominal, g.cube?.value]).toEqual([Number(m?.[2]), Number(m?.[3])]);
    }
    // The .mat's score lines are the running score the .sgf's games add up to.
    expect(mat.games.map((g) => g.startScore.recorded)).toEqual(sgf.games.map((g) => g.startScore.computed));
  });
});
