// The Match ID of a finding's position, against GNU Backgammon's: for every move of
// the gnubg-generated corpus, the Match ID bgaudit writes for the moment before it (score,
// cube, Crawford, the mover on roll with the dice rolled) equals gnubg's
// (fixtures/gnubg/before-moves.tsv, made by bench/gnubg/before-moves.py).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import { momentKey, replay } from '../../src/engine/replay.js';
import { importRecord } from '../../src/import/index.js';
import { positionOf } from '../../src/scoring/evidence.js';
import { readTsv } from '../engine/position-helpers.js';
import { CORPUS, fixtureText } from '../helpers.js';

const rows = readTsv(fixtureText('gnubg', 'before-moves.tsv'));
const files = [...new Set(rows.map((r) => r.file))];

function compare(file: string): { wrong: string[]; compared: number } {
  const bytes = readFileSync(join(CORPUS, 'gnubg-generated', file));
  const record = importRecord(bytes, file).matches[0];
  // gnubg's .mat import reads no Jacoby setting: bench/gnubg/before-moves.py sets the paired SGF's
  // (on for s01), and bgaudit is told the same (a .mat money session says nothing of it).
  const report = auditFile(bytes, file, file === 's01_money_jacoby.mat' ? { rules: { jacoby: true } } : {})[0];
  const wrong: string[] = [];
  let compared = 0;
  for (const row of rows.filter((r) => r.file === file)) {
    const game = record.games[Number(row.game) - 1];
    const verdict = report.games[Number(row.game) - 1];
    const roll = game?.actions.filter((a) => a.type === 'roll')[Number(row.move_index) - 1];
    if (!game || !verdict || !roll) continue; // gnubg's pending-roll placeholder: no roll (before-moves.test.ts)
    const r = replay(game, {
      variant: record.variant,
      marksHits: record.marksHits,
      players: record.players,
      capture: (line, column) => line === roll.line && column === roll.column,
    });
    const m = r.moments?.get(momentKey(roll.line, roll.column));
    if (!m || report.length === null || !report.rules) continue;
    const state = {
      score: verdict.startScore.recorded ?? verdict.startScore.computed ?? [0, 0], // as the audit scores from it
      crawford: verdict.crawford ?? false,
      length: report.length,
      jacoby: report.rules.jacoby,
      beavers: report.rules.beavers,
    };
    const got = positionOf(m, state, '').matchId;
    compared++;
    if (got !== row.match_id)
      wrong.push(`${file} game ${row.game} move ${row.move_index}: ${got} ≠ gnubg ${row.match_id}`);
  }
  return { wrong, compared };
}

describe('the Match ID before every move equals GNU Backgammon’s', () => {
  it.each(files)('%s', (file) => {
    const { wrong, compared } = compare(file);
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(compared).toBeGreaterThan(0);
  });
});

describe('the Match ID oracle covers every move', () => {
  it('11,974 moves: all of before-moves.tsv but gnubg’s 3 pending-roll placeholders', () => {
    expect(files.reduce((n, file) => n + compare(file).compared, 0)).toBe(11_974);
  });
});
