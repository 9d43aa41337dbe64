// The .xg reader against xgdatatools' decoding of the same files (fixtures/xg/xgdatatools.json,
// made by bench/xg/expected.py): every game's start score, winner, points recorded and number of
// rolls of each player; and the audit finds the winner and the game's worth the record gives, except
// where the record itself is wrong.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importRecord } from '../../src/import/index.js';
import { auditFile } from '../../src/read/file.js';
import type { AuditedMatch } from '../../src/core/model.js';
import { CORPUS, fixtureText } from '../helpers.js';

interface OracleGame {
  game: number;
  startScore: [number, number];
  rolls: [number, number];
  winner: 0 | 1;
  points: number;
  termination: number;
}

const ORACLE = JSON.parse(fixtureText('xg', 'xgdatatools.json')) as Record<
  string,
  { match: { players: [string, string]; length: number }; games: OracleGame[] }
>;
const DIR = join(CORPUS, 'xg');
const FILES = readdirSync(DIR).filter((f) => f.endsWith('.xg'));

describe('.xg files read as xgdatatools decodes them', () => {
  it('the oracle covers every .xg file of the corpus', () => {
    expect(Object.keys(ORACLE).sort()).toEqual([...FILES].sort());
    expect(FILES.length).toBeGreaterThanOrEqual(9);
  });

  it.each(FILES)('%s', (name) => {
    const expected = ORACLE[name];
    const read = importRecord(readFileSync(join(DIR, name)), name);
    expect(read.errors).toEqual([]);
    expect(read.format).toBe('xg');
    expect(read.matches).toHaveLength(1);
    const [match] = read.matches;
    expect(match.players).toEqual(expected.match.players);
    expect(match.length).toBe(expected.match.length);
    expect(
      match.games.map((g) => ({
        game: g.number,
        startScore: g.startScore,
        rolls: [0, 1].map((s) => g.actions.filter((a) => a.type === 'roll' && a.side === s).length),
        winner: g.result?.winner,
        points: g.result?.points,
      })),
    ).toEqual(expected.games.map(({ termination: _, ...g }) => g));
  });

  it.each(FILES)('%s: the audit finds the winner and worth the record gives, where it holds no error', (name) => {
    const [report] = auditFile(readFileSync(join(DIR, name)), name) as AuditedMatch[];
    for (const [k, g] of report.games.entries()) {
      const e = ORACLE[name].games[k];
      if (g.findings.some((f) => f.severity === 'error')) continue;
      expect({ game: g.game, winner: g.winner, points: g.points.nominal }).toEqual({
        game: e.game,
        winner: e.winner,
        points: e.points,
      });
    }
  });
});
