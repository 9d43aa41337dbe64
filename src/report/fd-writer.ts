// A whole text written to a file descriptor. A write to a regular file may take fewer bytes than
// it was given, without an error (a disk that fills up takes what fits): Node's `writeSync`
// returns the count and leaves the rest to the caller. The rest is written again until every
// byte is in or a write fails; the failure (ENOSPC on a full disk) is the caller's to report.
//
// A pipe (a FIFO named as an output) is written without blocking: a full pipe is EAGAIN, and the
// write is tried again after a pause that grows, until the reader takes bytes again or has taken
// none for the pipe's timeout. A reader that stops reading then ends the run with a sentence,
// where a blocking write would wait for it for ever.
import { writeSync } from 'node:fs';

/** `fs.writeSync`'s buffer form: the bytes it took. */
export type WriteBytes = (fd: number, buffer: Uint8Array, offset: number, length: number) => number;

const writeBytes: WriteBytes = (fd, buffer, offset, length) => writeSync(fd, buffer, offset, length);

/** How a write to a full pipe waits: at most `timeoutMs` without a byte taken (0: for ever). */
export interface PipeWait {
  timeoutMs: number;
  /** Sleeps this many milliseconds (the thread's own wait; for tests). */
  sleep?: (ms: number) => void;
}

/** The longest pause between two tries of a full pipe: a reader that resumes is not kept waiting. */
const MAX_PAUSE_MS = 50;

const sleeper = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms: number): void => void Atomics.wait(sleeper, 0, 0, ms);

/** A pipe's reader took no byte for the timeout. */
export class PipeStalled extends Error {
  constructor(readonly timeoutMs: number) {
    super('the reader of the pipe stopped reading');
  }
}

/**
 * Every byte of `text` (UTF-8) written to `fd`, or an error thrown (a write that takes none:
 * ENOSPC). `pipe`: `fd` is a non-blocking pipe; a full one is waited on as `PipeWait` says, and a
 * PipeStalled thrown past its timeout.
 */
export function writeAll(fd: number, text: string | Uint8Array, write: WriteBytes = writeBytes, pipe?: PipeWait): void {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  let stalledSince = 0;
  let pause = 1;
  for (let offset = 0; offset < bytes.length;) {
    let n: number;
    try {
      n = write(fd, bytes, offset, bytes.length - offset);
    } catch (e) {
      if (pipe === undefined || (e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      const now = Date.now();
      if (stalledSince === 0) stalledSince = now;
      else if (pipe.timeoutMs > 0 && now - stalledSince >= pipe.timeoutMs) throw new PipeStalled(pipe.timeoutMs);
      (pipe.sleep ?? sleep)(pause);
      pause = Math.min(pause * 2, MAX_PAUSE_MS);
      continue;
    }
    // A write that takes nothing and says nothing would be tried for ever: the device is full.
    if (!(n > 0)) throw Object.assign(new Error('a write took no bytes'), { code: 'ENOSPC' });
    offset += n;
    stalledSince = 0;
    pause = 1;
  }
}
