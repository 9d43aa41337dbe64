// Bytes of one file → every match in it, and every place it could not be read.
import { decode } from '../decode.js';
import type { ImportResult } from '../model.js';
import { detectFormat } from './detect.js';
import { importMat } from './mat.js';
import { importSgf } from './sgf.js';

export function importRecord(bytes: Uint8Array, name: string): ImportResult {
  const decoded = decode(bytes);
  if (!decoded.ok) {
    return {
      format: null,
      text: null,
      matches: [],
      errors: [
        {
          line: 1,
          column: 1,
          expected: 'a text file',
          found: decoded.reason,
          message: `not a match file: ${decoded.reason} at byte ${decoded.offset}`,
        },
      ],
      notes: [],
    };
  }
  const notes =
    decoded.encoding === 'windows-1252'
      ? [
          {
            code: 'encoding' as const,
            severity: 'info' as const,
            message: 'the file is not valid UTF-8; it was read as Windows-1252',
          },
        ]
      : [];
  const format = detectFormat(decoded.text);
  const { matches, errors } = format === 'sgf' ? importSgf(decoded.text, name) : importMat(decoded.text, name);
  return { format, text: decoded.text, matches, errors, notes };
}
