// Checked in src/scoring/cube.ts, in the game the score makes the Crawford game.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'crawford-double',
  severities: ['error'],
  moment: 'action',
  meaning: 'a double in the Crawford game',
  why: 'No double is allowed in the Crawford game; a game played on a doubled cube there is scored at twice what it may be worth.',
  example: 'scoring/crawford-double.mat',
} as const satisfies FindingDeclaration;
