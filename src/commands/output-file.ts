// An output file (`--csv`, `--html`, `-o`, `--write-baseline`…) is replaced whole or not at all.
// Its text is written to a new file beside it, which is renamed over it once the run has written
// everything: a run stopped part way (Ctrl-C, a full disk, a usage error) leaves last week's
// output as it was, and two runs writing one output at once leave one run's output, whole. A
// FIFO or a terminal named as an output is written as it is (there is nothing to replace).
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  openSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import type { Write } from '../report/reporter.js';
import type { FileIdentity } from '../batch/outcome.js';
import { ioReason } from '../batch/io-reason.js';
import { cleanWhenProcessEnds, removeLeftBy } from '../batch/process-end.js';
import { PipeStalled, writeAll, type WriteBytes } from '../report/fd-writer.js';
import { UsageError } from './usage-error.js';

/** How long a write to an output pipe waits for a reader that takes nothing, by default (--output-timeout). */
export const DEFAULT_OUTPUT_TIMEOUT = 60_000;

/** An output opened for the run. */
export interface OutputFile {
  write: Write;
  /** Everything is written: the output takes its place (a replaced file is renamed over the old one). */
  finish: () => void;
  /** Closes it; an output not finished is removed, and the file it was to replace is left as it was. */
  close: () => void;
  /** The file being written: an input that is it is not read. */
  identity: FileIdentity;
}

/** A new output's name beside its destination: hidden, with this process's id, so a later run can tell it was left. */
function tempName(target: string): string {
  return join(dirname(target), `.${basename(target)}.bgaudit-${process.pid}-${randomBytes(4).toString('hex')}`);
}

const LEFT = /^\.(.+)\.bgaudit-(?<pid>\d+)-[0-9a-f]{8}$/;

/**
 * Removes the new outputs that a process ended before it could rename (SIGKILL, a crash of V8)
 * beside `target`: those of its name whose process is gone.
 */
function removeLeft(target: string): void {
  removeLeftBy(dirname(target), LEFT, (path, m) => {
    if (m[1] === basename(target) && lstatSync(path).isFile()) unlinkSync(path);
  });
}

/**
 * Where the output is written in the end: a symbolic link is followed to the file it names (the
 * link stays a link); null when the path names something that is not a regular file (a FIFO, a
 * terminal, /dev/null), which is written as it is.
 */
function replacedFile(path: string): { target: string; mode: number | null } | null {
  let s;
  try {
    s = statSync(path);
  } catch {
    return { target: path, mode: null }; // not there yet (a dangling link: created as the path)
  }
  if (!s.isFile()) return null;
  const link = lstatSync(path).isSymbolicLink();
  return { target: link ? realpathSync.native(path) : path, mode: s.mode & 0o7777 };
}

/**
 * Opens a FIFO, a terminal or a character device without waiting: a FIFO with no reader is
 * refused at once (a non-blocking open says so) rather than waited on for ever. `pipe`: the
 * descriptor is a pipe left non-blocking, which `writeAll` waits on for a while only.
 */
function openDevice(path: string): { fd: number; pipe: boolean } {
  const fd = (() => {
    try {
      return openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENXIO')
        throw new Error('a FIFO (named pipe) with no reader: start its reader first');
      throw e;
    }
  })();
  const s = fstatSync(fd);
  if (s.isFIFO()) return { fd, pipe: true };
  if (!s.isCharacterDevice()) {
    closeSync(fd);
    throw new Error('not a regular file, a terminal or a pipe');
  }
  // Opened again (the same device, through /proc on Linux) to block as writes to a terminal on
  // stdout do; the first descriptor is closed only after.
  try {
    return {
      fd: openSync(process.platform === 'linux' ? `/proc/self/fd/${fd}` : path, constants.O_WRONLY),
      pipe: false,
    };
  } finally {
    closeSync(fd);
  }
}

/** The new file beside `target`, with the mode of the file it replaces (else as a new file's). */
function openBeside(target: string, mode: number | null): { fd: number; temp: string } {
  removeLeft(target);
  const temp = tempName(target);
  const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o666);
  try {
    if (mode !== null) fchmodSync(fd, mode);
  } catch (e) {
    closeSync(fd);
    unlinkSync(temp);
    throw e;
  }
  return { fd, temp };
}

/**
 * An output file, opened before the run so that a path that cannot be written fails at once
 * (exit 2) rather than after an hour of auditing. Written synchronously, every byte (`writeAll`:
 * a full disk takes part of a write without an error); a write that fails (a full disk, a pipe
 * whose reader took nothing for `timeoutMs`) is a UsageError that ends the run. `writeBytes`: the
 * system call, for tests.
 */
export function openOutput(path: string, options: { timeoutMs?: number; writeBytes?: WriteBytes } = {}): OutputFile {
  let fd: number;
  let pipe = false;
  let beside: { temp: string; target: string } | null = null;
  try {
    const replaced = replacedFile(path);
    if (replaced === null) ({ fd, pipe } = openDevice(path));
    else {
      const opened = openBeside(replaced.target, replaced.mode);
      fd = opened.fd;
      beside = { temp: opened.temp, target: replaced.target };
    }
  } catch (e) {
    throw new UsageError(`cannot write ${path}: ${ioReason(e)}`);
  }
  const s = fstatSync(fd);
  const stall = pipe ? { timeoutMs: options.timeoutMs ?? DEFAULT_OUTPUT_TIMEOUT } : undefined;
  let open = true;
  const removeNew = () => {
    if (beside === null) return;
    try {
      unlinkSync(beside.temp);
    } catch {
      // not there: nothing to remove
    }
  };
  const stopCleaning = beside === null ? () => {} : cleanWhenProcessEnds(removeNew);
  // A write that failed fails every later one at once: the flush timer keeps its failure for the
  // run to throw, and a pipe that timed out is not waited on a second time meanwhile.
  let failed: UsageError | null = null;
  return {
    write: (text) => {
      if (failed !== null) throw failed;
      try {
        writeAll(fd, text, options.writeBytes, stall);
      } catch (e) {
        failed = new UsageError(`cannot write ${path}: ${writeReason(e)}`);
        throw failed;
      }
    },
    finish: () => {
      if (!open || failed !== null) return;
      open = false;
      try {
        // On disk before the rename: a crash after it never leaves an empty file in the output's place.
        if (beside !== null) fsyncSync(fd);
        closeSync(fd);
        if (beside !== null) renameSync(beside.temp, beside.target);
      } catch (e) {
        removeNew();
        throw new UsageError(`cannot write ${path}: ${writeReason(e)}`);
      } finally {
        stopCleaning();
      }
    },
    close: () => {
      if (!open) return;
      open = false;
      closeSync(fd);
      removeNew();
      stopCleaning();
    },
    identity: { dev: s.dev, ino: s.ino },
  };
}

/** Why a write failed, in plain words. */
export function writeReason(e: unknown): string {
  if (e instanceof PipeStalled)
    return `the pipe's reader took nothing for ${secondsText(e.timeoutMs)} (--output-timeout); the run was stopped`;
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC') return 'no space left on the device';
  if (code === 'EDQUOT') return 'the disk quota is used up';
  if (code === 'EFBIG') return 'the file is too large for the file system';
  return ioReason(e);
}

/** `30 s`, `2.5 s`. */
function secondsText(ms: number): string {
  return `${ms / 1000} s`;
}
