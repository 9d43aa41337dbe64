// Checked in src/scoring/cube.ts against the session's cube limit.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'cube-limit',
  severities: ['error'],
  moment: 'action',
  meaning: 'a double above the cube limit',
  why: 'A double above the agreed cube limit scores a game at more than it may be worth.',
  example: 'scoring/money-cube-limit.mat',
} as const satisfies FindingDeclaration;
