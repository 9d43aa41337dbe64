// Checked in src/scoring/audit.ts, on a match game's start.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'auto-double-in-match',
  severities: ['error'],
  moment: 'start',
  meaning: 'a match game that starts with the cube turned by automatic doubles',
  why: 'Automatic doubles are a money-session convention; a match game that starts on a turned cube scores points the match rules do not give.',
  example: 'scoring/auto-double-in-match.sgf',
} as const satisfies FindingDeclaration;
