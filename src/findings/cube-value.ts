// Checked in src/scoring/cube.ts against the cube the replay holds.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'cube-value',
  severities: ['error'],
  moment: 'action',
  meaning: "'Doubles => N' where N is not twice the cube",
  why: 'The cube doubles: a recorded value that is not twice the last one changes the points of the game.',
  example: 'scoring/cube-value.mat',
} as const satisfies FindingDeclaration;
