// Made when src/batch/pool.ts sees a worker run out of its memory; src/batch/outcome.ts makes its
// report.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'memory-limit',
  severities: ['error'],
  moment: null,
  meaning: 'auditing the file needed more memory than a worker may take',
  why: 'A file that needs more memory than a worker may take is stopped so that it cannot take the whole run down; it is reported, not passed over.',
  example: null,
} as const satisfies FindingDeclaration;
