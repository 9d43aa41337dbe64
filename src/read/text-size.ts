// What `--max-file-size` counts in a file read in pieces: a match's, a game tree's or a line's
// bytes in the file, as a file's size is counted, whatever its encoding (a character of UTF-8
// counts its one to four bytes, of UTF-16 two or four, of Windows-1252 one). The pieces hold the
// decoded text, where a line end is LF: a CRLF counts one byte (two in UTF-16).
import type { Encoding } from './decode.js';

/** The bytes a text takes in a file of one encoding; `most`: the most bytes one UTF-16 unit of it takes there. */
export interface TextSize {
  (text: string): number;
  most: number;
}

const utf8: TextSize = Object.assign((text: string) => Buffer.byteLength(text, 'utf8'), { most: 3 });
const utf16: TextSize = Object.assign((text: string) => 2 * text.length, { most: 2 });
const singleByte: TextSize = Object.assign((text: string) => text.length, { most: 1 });

export function sizeIn(encoding: Encoding): TextSize {
  if (encoding === 'utf-16le' || encoding === 'utf-16be') return utf16;
  return encoding === 'windows-1252' ? singleByte : utf8;
}

/** A limit in bytes of the file, and how the text's bytes are counted. */
export interface ByteLimit {
  bytes: number;
  size: TextSize;
}

/** A limit given as a number counts the text's bytes as UTF-8. */
export function byteLimit(limit: number | ByteLimit): ByteLimit {
  return typeof limit === 'number' ? { bytes: limit, size: utf8 } : limit;
}

/**
 * Whether `text` from `from` to `to` takes more than the limit's bytes. Every UTF-16 unit takes a
 * byte at least and `most` at the most: only a text between the two is counted.
 */
export function over(text: string, from: number, to: number, limit: ByteLimit): boolean {
  const units = to - from;
  if (units > limit.bytes) return true;
  if (units * limit.size.most <= limit.bytes) return false;
  return limit.size(text.slice(from, to)) > limit.bytes;
}
