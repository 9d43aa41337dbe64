// Checked in src/scoring/points.ts against the match's length.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'and-the-match',
  severities: ['warning'],
  moment: 'end',
  meaning: '"and the match" on a game that does not win the match',
  why: 'A record that claims the match on a game that does not reach the length has a wrong score somewhere before it.',
  example: 'scoring/and-the-match.mat',
} as const satisfies FindingDeclaration;
