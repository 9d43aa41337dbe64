// Checked in src/scoring/cube.ts, by the rules the match is played under.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'beaver-in-match',
  severities: ['error'],
  moment: 'action',
  meaning: 'a beaver or raccoon in match play',
  why: 'Beavers are a money-game rule; in match play they are not allowed, and the points recorded rest on a cube that could not be.',
  example: 'scoring/beaver-in-match.mat',
} as const satisfies FindingDeclaration;
