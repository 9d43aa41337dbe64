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
