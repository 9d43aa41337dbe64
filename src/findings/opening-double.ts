// Checked in src/scoring/audit.ts, on a game's first roll.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'opening-double',
  severities: ['error'],
  moment: 'action',
  meaning: 'a game whose first roll is a double',
  why: 'The opening roll is rolled one die each until they differ, so a first roll of doubles is impossible in standard rules: the record is not the game played.',
  example: 'scoring/opening-double.mat',
} as const satisfies FindingDeclaration;
