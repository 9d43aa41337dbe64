// A game's verdict is a union on its termination (src/core/model.ts GameEnding) written as one JSON
// shape: on every fixture, each variant has the schema's fields in the schema's order, and the
// fields its type says are never null (or always null) are so in the reports.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import type { GameVerdict } from '../../src/core/model.js';
import { FIXTURES, fixture } from '../helpers.js';

/** The output schema's order (docs/output.md, docs/report.schema.json): other tools read it. */
const FIELDS = [
  'game',
  'line',
  'startScore',
  'crawford',
  'postCrawford',
  'cube',
  'doubles',
  'termination',
  'winner',
  'outcome',
  'outcomeName',
  'points',
  'final',
  'findings',
];
const POINTS = ['recorded', 'nominal', 'credited'];

function matchFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return matchFiles(path);
      return /\.(mat|sgf)$/.test(name) ? [relative(FIXTURES, path)] : [];
    });
}

const verdicts: GameVerdict[] = matchFiles(FIXTURES).flatMap((file) =>
  auditFile(fixture(file), file).flatMap((r) => r.games),
);

describe('game verdicts, one union written as one shape', () => {
  it('the fixtures hold every termination: bear-off, drop, resignation, forfeit, unfinished, stopped', () => {
    expect([...new Set(verdicts.map((g) => String(g.termination)))].sort()).toEqual([
      'bearoff',
      'drop',
      'forfeit',
      'null',
      'resign',
      'unfinished',
    ]);
  });

  it('every variant writes the schema fields in the schema order', () => {
    const wrong = verdicts.filter(
      (g) =>
        JSON.stringify(Object.keys(g)) !== JSON.stringify(FIELDS) ||
        JSON.stringify(Object.keys(g.points)) !== JSON.stringify(POINTS),
    );
    expect(wrong.map((g) => [g.termination, Object.keys(g), Object.keys(g.points)])).toEqual([]);
  });

  it('each variant has the values its type promises', () => {
    const broken = verdicts.filter((g) => {
      switch (g.termination) {
        case 'bearoff':
          return g.winner === null || g.outcome === null || g.outcomeName === null;
        case 'drop':
          return g.winner === null || g.outcome !== 'single';
        case 'resign':
          return g.winner === null;
        case 'forfeit':
          // No outcome; what was needed, nominal and credited alike.
          return (
            g.winner === null ||
            g.outcome !== null ||
            g.points.nominal === null ||
            g.points.nominal !== g.points.credited
          );
        case 'unfinished':
          return (
            g.winner !== null ||
            g.outcome !== null ||
            g.points.recorded !== null ||
            g.points.nominal !== null ||
            g.points.credited !== null
          );
        case null:
          return g.outcome !== null || g.points.nominal !== null;
      }
    });
    expect(broken).toEqual([]);
  });
});
