// Bytes of one file → every match in it, and every place it could not be read.
import { decode, type Decoded, type Encoding } from '../decode.js';
import type { Finding, ImportResult } from '../model.js';
import { detectFormat } from './detect.js';
import { importMat } from './mat.js';
import { importSgf } from './sgf.js';

export function importRecord(bytes: Uint8Array, name: string): ImportResult {
  return importDecoded(decode(bytes), name);
}

/** What `importRecord` says of a file's bytes once they are decoded. */
export function importDecoded(decoded: Decoded, name: string): ImportResult {
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
  const notes = encodingNotes(decoded.encoding);
  const format = detectFormat(decoded.text);
  const { matches, errors } = format === 'sgf' ? importSgf(decoded.text, name) : importMat(decoded.text, name);
  return { format, text: decoded.text, matches, errors, notes };
}

/** The findings about how a file was decoded (none for UTF-8). */
export function encodingNotes(encoding: Encoding): Finding[] {
  return encoding === 'windows-1252'
    ? [{ code: 'encoding', severity: 'info', message: 'the file is not valid UTF-8; it was read as Windows-1252' }]
    : [];
}
