// Bytes → text. Match files come from many writers: UTF-8 with or without a BOM (XG),
// UTF-16 with a BOM (Windows tools), and old Windows programs writing the ANSI code page.

/** How a file's bytes became text; `binary`: a binary format's reader made the text (its listing). */
export type Encoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252' | 'binary';

import { otherFormatOfBytes } from '../import/other-formats.js';
import { itemAt } from '../core/at.js';
import type { Format, MatchRecord, ParseError } from '../core/model.js';

/** How much of a file's start is enough to name another format. */
export const HEAD_BYTES = 4096;

/** A binary file's matches, read from its bytes (formats/format.ts, BinaryFormat). */
interface BinaryRead {
  format: Format;
  matches: MatchRecord[];
  errors: ParseError[];
}

export type Decoded =
  { ok: true; text: string; encoding: Encoding; binary?: BinaryRead } | { ok: false; reason: string; offset: number };

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
// Node 20's TextDecoder('windows-1252') decodes as ISO-8859-1 (0x93 stays U+0093, not “), so
// the 32 code points where the two differ are mapped here.
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/** Windows-1252 bytes → text (stateless: a file may be decoded piece by piece). */
export function decodeWindows1252(bytes: Uint8Array): string {
  const chunks: string[] = [];
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const end = Math.min(bytes.length, start + CHUNK);
    const codes = new Array<number>(end - start);
    for (let i = start; i < end; i++) {
      const b = itemAt(bytes, i);
      codes[i - start] = b >= 0x80 && b < 0xa0 ? itemAt(CP1252_HIGH, b - 0x80) : b;
    }
    chunks.push(String.fromCharCode(...codes));
  }
  return chunks.join('');
}
const utf16le = new TextDecoder('utf-16le');
const utf16be = new TextDecoder('utf-16be');

/** CRLF and lone CR become LF, so every later stage sees one line ending. */
export function normaliseNewlines(text: string): string {
  return text.indexOf('\r') < 0 ? text : text.replace(/\r\n?/g, '\n');
}

/** What a file with a NUL byte at `offset` decodes to (UTF-16 aside); `head`: its first bytes, to name a known format. */
export function binaryData(offset: number, head: Uint8Array): Decoded {
  return { ok: false, reason: otherFormatOfBytes(head) ?? 'binary data (a NUL byte), not a text match file', offset };
}

/** Whether the bytes start with a UTF-16 byte order mark (then NUL bytes are text). */
export function isUtf16(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff));
}

/** Whether the bytes start with a UTF-8 byte order mark. */
export function hasUtf8Bom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

export function decode(bytes: Uint8Array): Decoded {
  const nul = bytes.indexOf(0);
  const utf16 = isUtf16(bytes);
  if (nul >= 0 && !utf16) return binaryData(nul, bytes.subarray(0, HEAD_BYTES));
  const { text, encoding } = utf16 ? decodeUtf16(bytes) : decodeBytes(bytes);
  return { ok: true, text: normaliseNewlines(text), encoding };
}

function decodeUtf16(bytes: Uint8Array): { text: string; encoding: Encoding } {
  const le = bytes[0] === 0xff;
  return { text: (le ? utf16le : utf16be).decode(bytes.subarray(2)), encoding: le ? 'utf-16le' : 'utf-16be' };
}

/** UTF-8 (± BOM) when the bytes are valid UTF-8, else Windows-1252. */
function decodeBytes(bytes: Uint8Array): { text: string; encoding: Encoding } {
  const bom = hasUtf8Bom(bytes);
  const body = bom ? bytes.subarray(3) : bytes;
  try {
    return { text: utf8.decode(body), encoding: bom ? 'utf-8-bom' : 'utf-8' };
  } catch {
    return { text: decodeWindows1252(body), encoding: 'windows-1252' };
  }
}
