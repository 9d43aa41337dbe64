// Checked in src/results/pair.ts, on a row and the match it pairs with.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'result-winner',
  severities: ['error'],
  moment: null,
  meaning: "a row of the results file names a winner that is not the paired match's",
  why: 'The sheet and the record disagree on who won: the published result, the standings and the ratings follow the sheet, so one of the two is wrong and must be corrected.',
  example: 'results/results.csv',
} as const satisfies FindingDeclaration;
