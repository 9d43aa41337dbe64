// A file's bytes → what every command reads: the text of a text format, decoded; or a binary
// format's matches, read from the bytes, with the listing that stands for their text.
import { binaryFormatOf } from '../formats/index.js';
import { DEFAULT_MAX_FILE_SIZE } from '../core/limits.js';
import { HEAD_BYTES, decode, type Decoded } from './decode.js';

/** `limit`: the most a binary file's compressed records may inflate to (--max-file-size). */
export function openFile(bytes: Uint8Array, file: string, limit = DEFAULT_MAX_FILE_SIZE): Decoded {
  const format = binaryFormatOf(bytes.subarray(0, HEAD_BYTES));
  if (format === null) return decode(bytes);
  const { matches, errors, text } = format.readBytes(bytes, file, limit);
  return { ok: true, text, encoding: 'binary', binary: { format: format.name, matches, errors } };
}
