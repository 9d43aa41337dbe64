// Checked in src/scoring/points.ts, under the Jacoby rule the session is played with.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'jacoby-gammon',
  severities: ['error'],
  moment: 'end',
  meaning: 'a gammon scored in full under the Jacoby rule with the cube never turned',
  why: 'Under the Jacoby rule a gammon with the cube never turned counts as a single; a full gammon there means the session was scored under other rules than it says.',
  example: 'scoring/money-jacoby-gammon.mat',
} as const satisfies FindingDeclaration;
