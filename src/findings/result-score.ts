// Checked in src/results/pair.ts, on a row and the match it pairs with.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'result-score',
  severities: ['error'],
  moment: null,
  meaning: "a row of the results file gives a final score that is not the paired match's",
  why: "The score on the sheet is not the one the record's games add up to (each side's points capped at the length): a slip of the scorer, or a record that is not the match played.",
  example: 'results/results.csv',
} as const satisfies FindingDeclaration;
