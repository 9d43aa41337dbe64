// Checked in src/scoring/jacoby.ts, which reads the Jacoby rule from a session's games.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'jacoby-contradiction',
  severities: ['error'],
  moment: 'end',
  meaning: 'games of one money session score unturned-cube gammons both ways',
  why: 'One money session cannot be played both with and without the Jacoby rule: some of its games are scored wrongly.',
  example: 'scoring/money-jacoby-contradiction.mat',
} as const satisfies FindingDeclaration;
