// Checked in src/scoring/audit.ts, the match's final score against its length.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'match-unfinished',
  severities: ['warning'],
  moment: null,
  meaning: 'the record stops before anybody reaches the match length',
  why: 'A record that stops before anybody reaches the length is not a match result: a forfeit, a lost connection or a file cut short.',
  example: 'scoring/match-unfinished.mat',
} as const satisfies FindingDeclaration;
