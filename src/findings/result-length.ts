// Checked in src/results/pair.ts, on a row and the match it pairs with.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'result-length',
  severities: ['error'],
  moment: null,
  meaning: "a row of the results file gives a length that is not the paired match's",
  why: 'A match filed at another length than the one played counts wrongly in the standings and in the ratings, which weigh a match by its length.',
  example: 'results/results.csv',
} as const satisfies FindingDeclaration;
