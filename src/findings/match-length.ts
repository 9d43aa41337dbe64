// Checked in src/scoring/audit.ts against the lengths the variant's rules allow.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'match-length',
  severities: ['warning'],
  moment: null,
  meaning: 'a nardy match to a length other than 1, 3, 5 or 7',
  why: 'Nardy matches are played to 1, 3, 5 or 7; another length suggests the variant or the length was recorded wrongly.',
  example: 'scoring/nardy-length.mat',
} as const satisfies FindingDeclaration;
