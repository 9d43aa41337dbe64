// A file too large to hold whole, read as text piece by piece: the same text as
// decode() gives for the whole file, in pieces that end at a line end.
//
// decode() decides for the whole file: a NUL byte anywhere makes it binary data (unless it starts
// with a UTF-16 byte order mark), and it is UTF-8 only if every byte is. So a first pass reads the
// file once and decides (a NUL byte's offset, UTF-8 validity, each checked on a piece at a time);
// the second decodes the pieces in that encoding. The passes read the file twice, and hold one
// piece of bytes at a time.
import { readAt } from '../read/read-at.js';
import { isUtf8 } from 'node:buffer';
import {
  HEAD_BYTES,
  binaryData,
  decodeWindows1252,
  hasUtf8Bom,
  isUtf16,
  type Decoded,
  type Encoding,
} from '../read/decode.js';
import { sizeIn, type TextSize } from '../read/text-size.js';
import { itemAt } from '../core/at.js';

/**
 * Bytes read at a time: a window is a piece and the match carried over, so smaller pieces keep
 * the peak memory near that of the same matches as separate files, at no cost in time.
 */
const PIECE_BYTES = 256 * 1024;

/** A file that cannot be cut into pieces of at most the limit (a match, or a line, longer than it): what is. */
export class PieceTooLarge extends Error {}

/** How a file read in pieces is decoded: its encoding and the byte order mark's bytes skipped. */
export interface PieceEncoding {
  encoding: Encoding;
  skip: number;
}

/** Where the last whole UTF-8 sequence of `b` ends (a sequence cut by the piece's end waits for the next piece). */
function wholeSequences(b: Uint8Array): number {
  for (let i = b.length - 1; i >= Math.max(0, b.length - 3); i--) {
    const c = itemAt(b, i);
    if (c < 0x80) return b.length;
    if (c >= 0xc0) {
      const n = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
      return i + n > b.length ? i : b.length;
    }
  }
  return b.length;
}

/**
 * The first pass: how the file at `fd` is decoded, as decode() would decide on its whole bytes
 * (the failure it gives for a NUL byte), `pieceBytes` at a time.
 */
export function scanEncoding(fd: number, pieceBytes = PIECE_BYTES): PieceEncoding | Decoded {
  const head = new Uint8Array(HEAD_BYTES);
  const start = head.subarray(0, readAt(fd, head, 0));
  if (isUtf16(start)) return { encoding: start[0] === 0xff ? 'utf-16le' : 'utf-16be', skip: 2 };
  const skip = hasUtf8Bom(start) ? 3 : 0;
  const buf = Buffer.allocUnsafe(pieceBytes);
  let n = readAt(fd, buf, 0);
  let utf8 = true;
  let carry: Uint8Array = new Uint8Array(0);
  for (let position = 0; n > 0; position += n, n = readAt(fd, buf, position)) {
    const piece = buf.subarray(0, n);
    const nul = piece.indexOf(0);
    if (nul >= 0) return binaryData(position + nul, start);
    if (!utf8) continue;
    const body = position < skip ? piece.subarray(skip - position) : piece;
    const bytes = carry.length === 0 ? body : Buffer.concat([carry, body]);
    const end = wholeSequences(bytes);
    utf8 = isUtf8(bytes.subarray(0, end));
    carry = Uint8Array.from(bytes.subarray(end));
  }
  if (utf8 && carry.length > 0) utf8 = false; // a sequence cut by the end of the file
  return utf8 ? { encoding: skip === 3 ? 'utf-8-bom' : 'utf-8', skip } : { encoding: 'windows-1252', skip };
}

/**
 * The second pass: the file's text in pieces, each ending at a line end (the last at the file's
 * end), CRLF and CR as LF; null once all is given. The text of the pieces joined is decode()'s.
 */
export class TextPieces {
  private readonly buf: Buffer;
  private position: number;
  private readonly decoder: InstanceType<typeof TextDecoder> | null;
  /** Decoded text not yet given: a line not yet ended, a CR that may be a CRLF's. */
  private held = '';
  /** Its bytes in the file. */
  private heldBytes = 0;
  private readonly size: TextSize;
  private done = false;

  constructor(
    private readonly fd: number,
    how: PieceEncoding,
    /** The most bytes of the file held for one line. */
    private readonly limit: number,
    pieceBytes = PIECE_BYTES,
  ) {
    this.buf = Buffer.allocUnsafe(pieceBytes);
    this.position = how.skip;
    this.size = sizeIn(how.encoding);
    // As decode() makes them: UTF-8 keeps a second BOM as text, UTF-16 drops one after the first.
    this.decoder =
      how.encoding === 'windows-1252'
        ? null
        : how.encoding === 'utf-16le' || how.encoding === 'utf-16be'
          ? new TextDecoder(how.encoding)
          : new TextDecoder('utf-8', { ignoreBOM: true });
  }

  /** The bytes of the file read so far (a byte order mark skipped included): at the end, its size as read. */
  get bytesRead(): number {
    return this.position;
  }

  next(): string | null {
    for (;;) {
      if (this.done) {
        if (this.held === '') return null;
        const last = this.held.replace(/\r\n?/g, '\n');
        this.held = '';
        return last;
      }
      const n = readAt(this.fd, this.buf, this.position);
      this.position += n;
      const bytes = this.buf.subarray(0, n);
      let text: string;
      if (n === 0) {
        this.done = true;
        text = this.decoder === null ? '' : this.decoder.decode();
      } else text = this.decoder === null ? decodeWindows1252(bytes) : this.decoder.decode(bytes, { stream: true });
      const all = this.held + text;
      if (this.done) {
        this.held = all;
        continue;
      }
      // Up to the last line end, a CR at the very end kept back (its LF may come next).
      const from = all.endsWith('\r') ? all.length - 2 : all.length - 1;
      const end = from < 0 ? 0 : Math.max(all.lastIndexOf('\r', from), all.lastIndexOf('\n', from)) + 1;
      if (end <= 0) {
        this.held = all;
        this.heldBytes += this.size(text);
        if (this.heldBytes > this.limit) throw new PieceTooLarge('one line of it');
        continue;
      }
      this.held = all.slice(end);
      this.heldBytes = this.size(this.held);
      return all.slice(0, end).replace(/\r\n?/g, '\n');
    }
  }
}
