// Told by src/scoring/jacoby.ts and src/scoring/audit.ts, from the rules read from the record.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'rules-inferred',
  severities: ['info'],
  moment: null,
  meaning: 'how the rules were read from the record',
  why: 'A money session does not say whether it was played with the Jacoby rule or beavers; bgaudit reads it from the games and says what it read, so a verdict can be checked.',
  example: 'scoring/money-jacoby-inferred.mat',
} as const satisfies FindingDeclaration;
