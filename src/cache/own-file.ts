// A file of the user's cache, opened to be read only when it is the user's own regular file:
// never through a symbolic link, never waiting on a FIFO put in its place. What such a file holds
// is trusted no further than its own checksum.
import { closeSync, constants, fstatSync, openSync } from 'node:fs';

/** The user's own regular file, opened not through a link and never waiting on a FIFO; null otherwise. */
export function openOwn(path: string): { fd: number; size: number; mtimeMs: number } | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const s = fstatSync(fd);
    const uid = process.getuid?.();
    if (s.isFile() && (uid === undefined || s.uid === uid)) return { fd, size: s.size, mtimeMs: s.mtimeMs };
  } catch {
    // unreadable: passed over
  }
  closeSync(fd);
  return null;
}
