// Checked in src/results/pair.ts, which pairs the rows of --results with the matches of the run.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'result-not-listed',
  severities: ['warning'],
  moment: null,
  meaning: 'a match of the run that no row of the results file (--results) pairs with',
  why: 'A match file the results sheet does not list is a match the standings do not count, or a file that belongs to another event: either the sheet or the archive is incomplete.',
  example: 'results/results.csv',
} as const satisfies FindingDeclaration;
