// Made where a reader cannot place a line (grammars/, src/import/parse-error.ts); src/read/file.ts
// turns it into the finding.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'parse-error',
  severities: ['error'],
  moment: null,
  meaning: 'a line the reader cannot read; the rest of the file is still read',
  why: 'A line that cannot be read is a line whose moves, cube actions or result are not checked. The reader goes on with the next line it can place, so one bad line costs one finding, not the file.',
  example: 'mat/broken/die-out-of-range.mat',
} as const satisfies FindingDeclaration;
