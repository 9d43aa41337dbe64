// A small input file named by an option (a results sheet, an alias list) or a file `fix` reads, read as any input is:
// opened non-blocking (a FIFO or a device never hangs the run), a regular file only, never more
// than a limit, even when the file grows while it is read, and decoded as a match file is (UTF-8,
// UTF-16 with its byte order mark as Excel's "Unicode text" writes, else Windows-1252 as Excel's
// "CSV" writes; line ends made LF).
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { ioReason } from './io-reason.js';
import { decode } from '../read/decode.js';

/** Why the file cannot be read, in one sentence to put after its name. */
export class UnreadableInput extends Error {}

/** `over`: what the limit is, in the sentence said when the file is past it. */
export function readInputText(path: string, limit: number, over = `the ${limit}-byte limit`): string {
  const decoded = decode(readInputBytes(path, limit, over));
  if (!decoded.ok) throw new UnreadableInput(`not a text file: ${decoded.reason}`);
  return decoded.text;
}

/** The file's bytes, read as `readInputText` reads them (a regular file only, never past `limit`). */
export function readInputBytes(path: string, limit: number, over = `the ${limit}-byte limit`): Buffer {
  let fd: number | null = null;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new UnreadableInput('not a regular file (a folder, a FIFO, a device or a socket)');
    const tooLarge = (size: number) => new UnreadableInput(`${size} bytes is more than ${over}`);
    if (stat.size > limit) throw tooLarge(stat.size);
    let buf = Buffer.allocUnsafe(stat.size + 1);
    let length = 0;
    // Until a read gives 0 (the size may have changed since fstat), never past the limit.
    for (;;) {
      if (length === buf.length) {
        const bigger = Buffer.allocUnsafe(Math.min(2 * buf.length, limit + 1));
        buf.copy(bigger, 0, 0, length);
        buf = bigger;
      }
      const n = readSync(fd, buf, length, buf.length - length, null);
      if (n === 0) break;
      length += n;
      if (length > limit) throw tooLarge(length);
    }
    return buf.subarray(0, length);
  } catch (e) {
    if (e instanceof UnreadableInput) throw e;
    throw new UnreadableInput(ioReason(e));
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
