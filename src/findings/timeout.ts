// Made when src/batch/pool.ts stops a worker past --file-timeout; src/batch/outcome.ts makes its
// report.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'timeout',
  severities: ['error'],
  moment: null,
  meaning: 'auditing the file took longer than --file-timeout',
  why: 'A file that takes longer than --file-timeout to audit is stopped so that one hostile or broken file cannot hold up an archive; it is reported, not passed over.',
  example: null,
} as const satisfies FindingDeclaration;
