// One file of a run: read it, audit it, and never let it take the run down. Shared by the
// in-process path and the pool's workers.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { checkFile, fileReport } from '../check.js';
import type { MatchReport } from '../model.js';
import { renderFile } from '../report/render.js';
import type { RenderSpec, RenderedFile } from '../report/reporter.js';
import type { AuditOptions } from '../scoring/audit.js';
import { looksLikeMatchContent } from './discover.js';

export interface FileTask {
  path: string;
  /** Read only if the content is a match (a .txt or extension-less file found in a folder). */
  sniff: boolean;
  /** Discovery already knows the path cannot be read. */
  missing?: string;
}

export interface RunOptions {
  audit: AuditOptions;
  /** Files larger than this many bytes are refused with an io-error. */
  maxFileSize: number;
  render: RenderSpec;
}

export type FileOutcome = { path: string; skipped: true } | { path: string; skipped: false; rendered: RenderedFile };

function done(path: string, reports: MatchReport[], options: RunOptions): FileOutcome {
  return { path, skipped: false, rendered: renderFile(reports, options.render) };
}

/** Real match files are far smaller: the largest analysed SGF in the corpus is about 1 MB. */
export const DEFAULT_MAX_FILE_SIZE = 16 * 1024 * 1024;

function ioError(path: string, reason: string, options: RunOptions): FileOutcome {
  return done(path, [fileReport(path, null, [{ code: 'io-error', severity: 'error', message: `cannot read the file: ${reason}` }])], options);
}

export function internalError(path: string, error: unknown, options: RunOptions): FileOutcome {
  const what = error instanceof Error ? error.message : String(error);
  const message = `bgaudit failed on this file (${what}); the file was not audited. Please report it with the file.`;
  return done(path, [fileReport(path, null, [{ code: 'internal-error', severity: 'error', message }])], options);
}

function reason(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  if (err.code === 'EISDIR') return 'it is a folder';
  if (err.code === 'EACCES' || err.code === 'EPERM') return 'permission denied';
  if (err.code === 'ENOENT') return 'no such file';
  if (err.code === 'ELOOP') return 'a symbolic link loop';
  return err.message;
}

/** Most match files fit in one read into this buffer; their bytes are copied out of it. */
const FIRST_READ = 64 * 1024;
const firstRead = Buffer.allocUnsafe(FIRST_READ);

function tooBig(size: number, limit: number): string {
  return `${size} bytes is more than the ${limit}-byte limit (--max-file-size)`;
}

/**
 * Reads synchronously: match files are small, and one file at a time per thread is the fastest
 * way. A small file costs open, read, read (0: the end), close: a stat per file cost a third of
 * the reading, so only a file that fills the first read is measured (and refused unread when it
 * is above the limit). A folder fails its first read with EISDIR.
 */
export function auditFile(task: FileTask, options: RunOptions): FileOutcome {
  if (task.missing !== undefined) return ioError(task.path, task.missing, options);
  const limit = options.maxFileSize;
  let bytes: Uint8Array;
  let fd: number | null = null;
  try {
    fd = openSync(task.path, 'r');
    let buf = firstRead;
    let length = readSync(fd, buf, 0, FIRST_READ, null);
    let size = 0;
    if (length === FIRST_READ) {
      size = fstatSync(fd).size;
      if (size > limit) return ioError(task.path, tooBig(size, limit), options);
    }
    // Until a read gives 0: a short read ends a regular file, not always a pipe.
    while (length > 0) {
      if (length === buf.length) {
        const bigger = Buffer.allocUnsafe(Math.max(size + 4096, buf.length * 2));
        buf.copy(bigger, 0, 0, length);
        buf = bigger;
      }
      const n = readSync(fd, buf, length, buf.length - length, null);
      if (n === 0) break;
      length += n;
      if (length > limit) return ioError(task.path, tooBig(length, limit), options);
    }
    if (length > limit) return ioError(task.path, tooBig(length, limit), options);
    bytes = buf === firstRead ? new Uint8Array(buf.subarray(0, length)) : buf.subarray(0, length);
  } catch (e) {
    return ioError(task.path, reason(e), options);
  } finally {
    if (fd !== null) closeSync(fd);
  }
  if (task.sniff && !looksLikeMatchContent(bytes)) return { path: task.path, skipped: true };
  try {
    return done(task.path, checkFile(bytes, task.path, options.audit), options);
  } catch (e) {
    return internalError(task.path, e, options);
  }
}
