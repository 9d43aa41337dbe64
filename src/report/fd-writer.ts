// A whole text written to a file descriptor. A write to a regular file may take fewer bytes than
// it was given, without an error (a disk that fills up takes what fits): Node's `writeSync`
// returns the count and leaves the rest to the caller. The rest is written again until every
// byte is in or a write fails; the failure (ENOSPC on a full disk) is the caller's to report.
import { writeSync } from 'node:fs';

/** `fs.writeSync`'s buffer form: the bytes it took. */
export type WriteBytes = (fd: number, buffer: Uint8Array, offset: number, length: number) => number;

const writeBytes: WriteBytes = (fd, buffer, offset, length) => writeSync(fd, buffer, offset, length);

/** Every byte of `text` (UTF-8) written to `fd`, or an error thrown (a write that takes none: ENOSPC). */
export function writeAll(fd: number, text: string | Uint8Array, write: WriteBytes = writeBytes): void {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  for (let offset = 0; offset < bytes.length;) {
    const n = write(fd, bytes, offset, bytes.length - offset);
    // A write that takes nothing and says nothing would be tried for ever: the device is full.
    if (!(n > 0)) throw Object.assign(new Error('a write took no bytes'), { code: 'ENOSPC' });
    offset += n;
  }
}
