// Bytes of one file → every match in it, and every place it could not be read.
import type { Decoded, Encoding } from '../read/decode.js';
import type { Finding, ImportResult } from '../core/model.js';
import { detectFormat, textFormatOf } from '../formats/index.js';
import { openFile } from '../read/open.js';
import { finding } from '../core/findings.js';

export function importRecord(bytes: Uint8Array, name: string): ImportResult {
  return importDecoded(openFile(bytes, name), name);
}

/** One parse error at the file's start saying what the file is instead of a match record. */
function notAMatchFile(what: string, notes: Finding[]): ImportResult {
  return {
    format: null,
    text: null,
    matches: [],
    errors: [{ line: 1, column: 1, expected: 'a text file', found: what, message: `not a match file: ${what}` }],
    notes,
  };
}

/** What `importRecord` says of a file's bytes once they are decoded. */
export function importDecoded(decoded: Decoded, name: string): ImportResult {
  if (!decoded.ok) return notAMatchFile(decoded.reason, []);
  if (decoded.binary !== undefined) {
    const { format, matches, errors } = decoded.binary;
    return { format, text: decoded.text, matches, errors, notes: [] };
  }
  const notes = encodingNotes(decoded.encoding);
  // An empty file is said to be empty, not a record whose first line is missing, whatever its name.
  if (decoded.text.trim() === '')
    return notAMatchFile(decoded.text === '' ? 'the file is empty' : 'the file holds nothing but blank space', notes);
  const format = textFormatOf(detectFormat(decoded.text));
  const other = format.otherFormat(decoded.text);
  if (other !== null) return notAMatchFile(other, notes);
  const { matches, errors } = format.importText(decoded.text, name);
  return { format: format.name, text: decoded.text, matches, errors, notes };
}

/** The findings about how a file was decoded (none for UTF-8). */
export function encodingNotes(encoding: Encoding): Finding[] {
  return encoding === 'windows-1252'
    ? [finding('encoding', 'info', 'the file is not valid UTF-8; it was read as Windows-1252')]
    : [];
}
