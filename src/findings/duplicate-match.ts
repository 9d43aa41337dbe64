// Checked in src/batch/duplicates.ts across the run's matches, by their content.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'duplicate-match',
  severities: ['warning'],
  moment: null,
  meaning: 'a match whose content repeats an earlier one of the run (--no-duplicates turns the check off)',
  why: 'The same match in two files (a download folder merged with its backup, a .mat beside its .sgf) counts twice in statistics, standings and ratings unless one copy is set aside.',
  example: null,
} as const satisfies FindingDeclaration;
