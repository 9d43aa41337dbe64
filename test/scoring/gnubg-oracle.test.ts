// On GNU Backgammon's own matches, bgaudit's computed winner and nominal points equal gnubg's
// recomputation (fixtures/gnubg/game-results.tsv, made by bench/gnubg/oracle.py with `import
// mat`), and no error is raised on these clean files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import type { MatchReport } from '../../src/core/model.js';
import { readTsv } from '../engine/position-helpers.js';
import { CORPUS, fixtureText } from '../helpers.js';

describe('GNU Backgammon as the oracle', () => {
  const rows = readTsv(fixtureText('gnubg', 'game-results.tsv'));
  const reports = new Map<string, MatchReport>();
  const report = (file: string) => {
    if (!reports.has(file)) reports.set(file, auditFile(readFileSync(join(CORPUS, 'gnubg-generated', file)), file)[0]);
    return reports.get(file)!;
  };

  it(`every game's winner, nominal points, termination, cube and start score equal gnubg's (${rows.length} games)`, () => {
    const wrong: string[] = [];
    for (const row of rows) {
      const g = report(row.file).games[Number(row.game) - 1];
      // A money .mat's score line that automatic doubles explain (a score-mismatch warning, issue
      // 13): gnubg, which cannot read them from a .mat either, starts the game where the line says.
      const explained = g.findings.some((f) => f.code === 'score-mismatch' && f.severity === 'warning');
      const got = [
        g.winner,
        g.points.nominal,
        g.termination,
        g.cube?.value,
        explained ? g.startScore.recorded : (g.startScore.computed ?? g.startScore.recorded),
        g.crawford ?? false,
      ];
      const want = [
        Number(row.winner),
        Number(row.points),
        row.termination,
        Number(row.cube),
        [Number(row.score_before0), Number(row.score_before1)],
        row.crawford_game === '1',
      ];
      if (JSON.stringify(got) !== JSON.stringify(want))
        wrong.push(`${row.file} game ${row.game}: ${JSON.stringify(got)} ≠ gnubg ${JSON.stringify(want)}`);
    }
    expect(wrong).toEqual([]);
    expect(rows.length).toBe(113);
  });

  it('raises no error on these clean files', () => {
    const errors = [...new Set(rows.map((r) => r.file))].flatMap((f) =>
      report(f)
        .findings.filter((x) => x.severity === 'error')
        .map((x) => `${f}: ${x.message}`),
    );
    expect(errors).toEqual([]);
  });
});
