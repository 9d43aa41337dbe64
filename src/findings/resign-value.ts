// Checked in src/scoring/points.ts, the points of a game ended by a resignation.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'resign-value',
  severities: ['warning', 'error'],
  moment: 'end',
  meaning: 'a resignation recorded at a value that is not 1, 2 or 3 × the cube',
  why: 'A resignation is for a single, a gammon or a backgammon, times the cube; another value cannot be what was agreed.',
  example: 'scoring/resign-value.mat',
  fix: "The result's points are rewritten to the value the next game's score line gives the game, where that is one a resignation on its cube can have (1, 2 or 3 × the cube); else it is left.",
} as const satisfies FindingDeclaration;
