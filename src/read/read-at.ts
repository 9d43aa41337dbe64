// A file's bytes from a position, read until the buffer is full or the file ends: one read may
// give fewer bytes than asked.
import { readSync } from 'node:fs';

/** Reads from `position` into `buf` until it is full or the file ends; the bytes read. */
export function readAt(fd: number, buf: Uint8Array, position: number): number {
  let length = 0;
  while (length < buf.length) {
    const n = readSync(fd, buf, length, buf.length - length, position + length);
    if (n === 0) break;
    length += n;
  }
  return length;
}
