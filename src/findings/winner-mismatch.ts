// Checked in src/scoring/points.ts, the result against the game's end.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'winner-mismatch',
  severities: ['error'],
  moment: 'end',
  meaning: 'the result names the wrong winner',
  why: 'The player credited with the game is not the one who bore off or was left standing: the score after it is wrong for both.',
  example: 'scoring/winner-mismatch.mat',
  fix: "A result written alone on its line in the loser's column is moved to the winner's, at the same distance from where that column's rolls start (SGF: the colour of `RE`).",
} as const satisfies FindingDeclaration;
