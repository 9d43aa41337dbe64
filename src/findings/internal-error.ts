// Made in src/batch/outcome.ts when auditing a file throws, or when a worker stops or cannot
// start (src/batch/pool.ts).
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'internal-error',
  severities: ['error'],
  moment: null,
  meaning: 'bgaudit failed on this file (a bug)',
  why: 'bgaudit failed on this file: a bug. The file is reported so nothing is silently passed over; please report it with the file.',
  example: null,
} as const satisfies FindingDeclaration;
