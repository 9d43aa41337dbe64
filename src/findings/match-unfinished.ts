// Checked in src/scoring/audit.ts, the match's final score against its length (money: its last game).
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'match-unfinished',
  severities: ['warning'],
  moment: null,
  meaning: 'the record stops before anybody reaches the match length, or a money session in the middle of a game',
  why: 'A record that stops before anybody reaches the length is not a match result: a forfeit, a lost connection or a file cut short. A money session cut off in a game leaves what that game was worth, and so the total of the session, unknown.',
  example: 'scoring/match-unfinished.mat',
} as const satisfies FindingDeclaration;
