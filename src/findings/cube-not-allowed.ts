// Checked in src/scoring/cube.ts, in the variants played without a cube.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'cube-not-allowed',
  severities: ['error'],
  moment: 'action',
  meaning: 'any cube action in nardy or tavla',
  why: 'Nardy and tavla are played without a doubling cube; a cube action there is not part of the game.',
  example: 'scoring/nardy-cube.mat',
} as const satisfies FindingDeclaration;
