// Checked in src/scoring/cube.ts, by the rules the session is played under.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'beaver-not-allowed',
  severities: ['error'],
  moment: 'action',
  meaning: 'a beaver or raccoon in a money session played without them',
  why: 'A beaver in a session played without beavers doubles a cube that could not be doubled, and the points with it.',
  example: 'scoring/money-beaver-not-allowed.mat',
} as const satisfies FindingDeclaration;
