// Told by src/import/index.ts when the bytes are not UTF-8 and are decoded as Windows-1252.
import type { FindingDeclaration } from './declaration.js';

export const declaration = {
  code: 'encoding',
  severities: ['info'],
  moment: null,
  meaning: 'the file is not valid UTF-8 and was read as Windows-1252',
  why: 'Names written in Windows-1252 read wrongly as UTF-8; bgaudit reads them as the writer meant and says it did, so a name that looks odd can be traced.',
  example: 'mat/cp1252-names-illegal-play.mat',
} as const satisfies FindingDeclaration;
