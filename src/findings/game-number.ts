// Checked in src/scoring/audit.ts, the games' labels against their order.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'game-number',
  severities: ['warning'],
  moment: 'start',
  meaning: "'Game N' labels out of sequence",
  why: "'Game N' labels out of sequence suggest a game lost or repeated when files were joined.",
  example: 'scoring/game-number.mat',
} as const satisfies FindingDeclaration;
