// Checked in src/scoring/points.ts, on a game that ends on the board.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'result-missing',
  severities: ['warning'],
  moment: 'end',
  meaning: 'the game ended but the record has no result line',
  why: 'The game ended on the board but the record does not say who was credited what: the score lines after it cannot be checked against it.',
  example: 'scoring/result-missing.mat',
} as const satisfies FindingDeclaration;
