// Illegal moves in a real record (fixtures/moves/make.py): one wrong move is one finding, on its
// line, naming the cause a player would name; the lines after it are judged on the board the
// record's own moves make, and found wrong only in their own right.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import { type Moment, replay } from '../../src/engine/replay.js';
import { positionId } from '../../src/engine/ids.js';
import { importRecord } from '../../src/import/index.js';
import type { Finding, MatchReport } from '../../src/core/model.js';
import { CORPUS, fixture } from '../helpers.js';

const ORIGINAL = 'mat/bglab_Llabba__GitteD_-_Llabba_13pt_Backgammon_Studio_2023_01_08_15_39_15.mat';

function audit(name: string): MatchReport {
  const reports = auditFile(fixture('moves', name), name);
  expect(reports).toHaveLength(1);
  return reports[0];
}

/** Every finding of the match and its games, once each (a game's findings are also the match's). */
function allFindings(r: MatchReport): Finding[] {
  const seen = new Set<Finding>(r.findings);
  for (const g of r.games) for (const f of g.findings) seen.add(f);
  return [...seen];
}

/** The board before the action at line:column of game 13 of the record the fixtures were made from. */
function momentInOriginal(line: number, column: number): Moment {
  const m = importRecord(readFileSync(join(CORPUS, ORIGINAL)), ORIGINAL).matches[0];
  const options = { variant: m.variant, marksHits: m.marksHits, players: m.players };
  const capture = (l: number, c: number) => l === line && c === column;
  const moment = replay(m.games[12], { ...options, capture }).moments?.get(`${line}:${column}`);
  if (moment === undefined) throw new Error(`no action at ${line}:${column} of the original`);
  return moment;
}

const said = (r: MatchReport) => allFindings(r).map((f) => [f.code, f.severity, f.line, f.column, f.message]);

describe('an illegal move in a real record', () => {
  it('a wrong distance that writes a hit (24/15* for 24/16*): one error, on its line, naming the distance and the dice', () => {
    const r = audit('wrong-distance-with-hit.mat');
    expect(said(r)).toEqual([
      [
        'illegal-move',
        'error',
        316,
        41,
        '53: 24/15 is 9 pips; the roll 5-3 moves 5, 3 or 8; the moves after it fit 24/16*, so the replay goes on from it',
      ],
    ]);
  });

  it('the replay goes on from the play the next lines follow: the game ends as it was played', () => {
    const r = audit('wrong-distance-with-hit.mat');
    const [original] = auditFile(readFileSync(join(CORPUS, ORIGINAL)), ORIGINAL);
    expect(allFindings(original)).toEqual([]);
    const game = (m: MatchReport) => {
      const g = m.games[12];
      return [g.game, g.termination, g.winner, g.points.recorded, g.final?.positionId];
    };
    expect(game(r)).toEqual(game(original));
  });

  it("the finding's position is the board before the move, as in the record it was made from", () => {
    const [f] = allFindings(audit('wrong-distance-with-hit.mat'));
    // The original's line 313 is the fixture's 316 (three comment lines on top).
    const before = momentInOriginal(313, 41);
    expect(f.position?.positionId).toBe(positionId({ sides: before.sides }, before.side));
    expect(f.position?.recorded).toBe('53: 24/15*');
  });

  it("a later finding's position is on the board the replay went on from: the record's, as played", () => {
    const second = allFindings(audit('wrong-distance-then-own-error.mat'))[1];
    // The fixture's line 323 is the original's 319 (four comment lines on top).
    const before = momentInOriginal(319, 7);
    expect(second.position?.positionId).toBe(positionId({ sides: before.sides }, before.side));
  });

  it('a later line wrong in its own right is its own finding', () => {
    expect(said(audit('wrong-distance-then-own-error.mat'))).toEqual([
      [
        'illegal-move',
        'error',
        317,
        41,
        '53: 24/15 is 9 pips; the roll 5-3 moves 5, 3 or 8; the moves after it fit 24/16*, so the replay goes on from it',
      ],
      ['illegal-move', 'error', 323, 7, '21: the moves as written use 3 and 1; the roll is 2-1'],
    ]);
  });

  it('a move that cannot be made even as written: one finding that says so, and the game is checked no further', () => {
    const r = audit('wrong-distance-no-checker.mat');
    expect(said(r)).toEqual([
      [
        'illegal-move',
        'error',
        319,
        6,
        '53: 12/3 is 9 pips; the roll 5-3 moves 5, 3 or 8; the move cannot be made on this board even as written (no checker on point 12), so the game is not replayed further',
      ],
    ]);
    expect(r.games[12].termination).toBeNull();
  });
});
