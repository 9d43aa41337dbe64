// A large file's rendered output, spooled to disk. A file read in pieces may hold any number of
// matches: its reports are rendered one by one, and what a format's text of them comes to grows
// with the file (the NDJSON of a file of corpus matches is about half its size): held by the
// worker, copied to the main thread and written at once, it would take memory in proportion. Its worker writes each format's text to a file of the run's spool folder as it is
// made, a block at a time; the main thread copies it to the output when the file's turn comes, a
// piece at a time, waiting for a slow reader, and deletes it. The folder is the run's own
// (mkdtemp: mode 0700), removed when the run ends, whatever happened to the workers.
import { closeSync, lstatSync, mkdtempSync, openSync, readSync, rmSync, unlinkSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PieceWriter } from '../report/reporter.js';
import { writeAll, type WriteBytes } from '../report/fd-writer.js';
import { itemAt } from '../core/at.js';
import { cleanWhenProcessEnds, removeLeftBy } from './process-end.js';

/** Characters gathered before a write: one system call a block, a block held at most. */
const BLOCK = 1 << 20;

/** A spool file could not be written (a full disk): the file's outcome says so. */
export class SpoolError extends Error {}

class SpoolFile implements PieceWriter {
  private fd: number | null = null;
  private opened = false;
  private held: string[] = [];
  private size = 0;

  constructor(
    private readonly path: string,
    private readonly writeBytes?: WriteBytes,
  ) {}

  write(text: string): void {
    if (text.length === 0) return;
    this.held.push(text);
    this.size += text.length;
    if (this.size >= BLOCK) this.flush();
  }

  /** Written out and closed: the file's path, or null when nothing was written to it. */
  close(): string | null {
    try {
      this.flush();
    } finally {
      this.release();
    }
    return this.opened ? this.path : null;
  }

  append(other: PieceWriter): void {
    const path = other.close();
    if (path === null) return;
    for (const piece of spooledPieces(path)) this.write(piece);
    removeSpooled(path);
  }

  private flush(): void {
    if (this.held.length === 0) return;
    const text = this.held.length === 1 ? itemAt(this.held, 0) : this.held.join('');
    this.held = [];
    this.size = 0;
    try {
      if (this.fd === null) {
        this.fd = openSync(this.path, 'wx', 0o600);
        this.opened = true;
      }
      writeAll(this.fd, text, this.writeBytes);
    } catch (e) {
      throw new SpoolError((e as NodeJS.ErrnoException).code ?? String(e));
    }
  }

  release(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

/** One file's spool files, a format each, in the run's spool folder. */
export class Spool {
  private readonly files: SpoolFile[] = [];
  private readonly name = randomUUID();

  /** `writeBytes`: the system call, for tests. */
  constructor(
    private readonly dir: string,
    private readonly writeBytes?: WriteBytes,
  ) {}

  /** A new spool file for one format's text of the file. */
  writer(format: string): PieceWriter {
    const f = new SpoolFile(join(this.dir, `${this.name}.${format}`), this.writeBytes);
    this.files.push(f);
    return f;
  }

  /** Closes what is still open (the audit of the file failed); the run removes the files. */
  release(): void {
    for (const f of this.files) f.release();
  }
}

/** A spool file's text in pieces of about `pieceBytes` (whole UTF-8 characters each), none empty. */
export function* spooledPieces(path: string, pieceBytes = BLOCK): Generator<string> {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.allocUnsafe(pieceBytes);
    const decoder = new TextDecoder('utf-8');
    for (let n = readSync(fd, buf, 0, buf.length, null); n > 0; n = readSync(fd, buf, 0, buf.length, null)) {
      const text = decoder.decode(buf.subarray(0, n), { stream: true });
      if (text.length > 0) yield text;
    }
    const last = decoder.decode();
    if (last.length > 0) yield last;
  } finally {
    closeSync(fd);
  }
}

export function removeSpooled(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // removed with the folder at the end of the run
  }
}

/** A spool folder's name: the process that made it, then mkdtemp's six characters. */
const SPOOL_NAME = /^bgaudit-spool-(?<pid>\d+)-[A-Za-z0-9]{6}$/;

/** Removes the spool folders, in the temporary folder, that runs of this user left (their process is gone). */
function removeLeftSpools(tmp: string): void {
  const uid = process.getuid?.();
  removeLeftBy(tmp, SPOOL_NAME, (path) => {
    const s = lstatSync(path);
    if (s.isDirectory() && (uid === undefined || s.uid === uid)) rmSync(path, { recursive: true, force: true });
  });
}

/**
 * The run's spool folder, made now, and a function that removes it. Null when no folder can be
 * made (a read-only temporary folder): a large file's output is then held in memory, as before.
 * The folder goes when the run ends, when the process exits before (`process.exit`: a closed
 * stdout, a failed write), or when a signal ends it (process-end.ts). Its name carries the process's id: a folder left by a process
 * that V8 aborted, or that SIGKILL ended, is removed by the next run (`removeLeftSpools`).
 */
export function makeSpoolDir(): { dir: string; remove: () => void } | null {
  let dir: string;
  removeLeftSpools(tmpdir());
  try {
    dir = mkdtempSync(join(tmpdir(), `bgaudit-spool-${process.pid}-`));
  } catch {
    return null;
  }
  const clear = () => rmSync(dir, { recursive: true, force: true });
  const stop = cleanWhenProcessEnds(clear);
  return {
    dir,
    remove: () => {
      stop();
      clear();
    },
  };
}
