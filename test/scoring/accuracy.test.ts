// Issue 13, accuracy, on fixtures made from real files (fixtures/accuracy/make.py): written moves
// that contradict their roll, forfeits, money sessions' score lines in .mat.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/check.js';
import type { MatchReport } from '../../src/model.js';
import { CORPUS, HAVE_CORPUS, fixture } from '../helpers.js';

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
    if (!HAVE_CORPUS) return;
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

  it('a comment at the end of an unfinished game names the winner: that game is the forfeit', () => {
    const [r] = auditFile(fixture('mat', 'trailing-comment.mat'), 'trailing-comment.mat');
    expect(r.games.map((g) => [g.termination, g.winner, g.outcome, g.points])).toEqual([
      ['resign', 1, 'single', { recorded: 1, nominal: 1, credited: 1 }],
      ['forfeit', 0, null, { recorded: null, nominal: 3, credited: 3 }],
    ]);
    expect(said(r)).toEqual([
      ['forfeit', 'info', 13, 'torsten forfeits the match at 0-1; gobetzu is credited the 3 points still needed'],
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
