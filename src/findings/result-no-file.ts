// Checked in src/results/pair.ts, which pairs the rows of --results with the matches of the run.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'result-no-file',
  severities: ['error'],
  moment: null,
  meaning: 'a row of the results file (--results) that no match of the run pairs with',
  why: 'A result on the sheet with no match file behind it cannot be checked: the record is lost, was never sent, or is filed under other names (an alias list maps them).',
  example: 'results/results.csv',
} as const satisfies FindingDeclaration;
