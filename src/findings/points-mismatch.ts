// Checked in src/scoring/points.ts, the result against the cube and the final board.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'points-mismatch',
  severities: ['error'],
  moment: 'end',
  meaning: 'the recorded points differ from cube × single/gammon/backgammon',
  why: 'The points credited must be the cube times single, gammon or backgammon as the final board shows; a wrong figure changes the match score and everything that rests on it.',
  example: 'scoring/points-mismatch.mat',
  fix: "The result's points are rewritten to what the game is worth, in the record's own `point`/`points` (SGF: the number of `RE`), where one value fits (not a match-winning game whose points a writer may cap).",
} as const satisfies FindingDeclaration;
