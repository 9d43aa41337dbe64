// Made in src/batch/outcome.ts when a file cannot be read, and in src/batch/task.ts when its
// report cannot be written to the run's temporary folder: the run reports it instead of an audit.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'io-error',
  severities: ['error'],
  moment: null,
  meaning: 'the file cannot be read at all (missing, no permission, not a regular file, too large)',
  why: 'A file that cannot be read is not audited at all: the run says so rather than passing over it, so every input is accounted for.',
  example: null,
} as const satisfies FindingDeclaration;
