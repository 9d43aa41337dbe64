// Checked in src/scoring/audit.ts, on a game followed by another.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'game-unfinished',
  severities: ['error'],
  moment: 'end',
  meaning: 'a game with no result and no end, followed by another game',
  why: 'A game with no result that is followed by another leaves the score of every later game in doubt.',
  example: 'scoring/game-unfinished.mat',
} as const satisfies FindingDeclaration;
