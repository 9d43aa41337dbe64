// One file of a run: read it, audit it, and never let it take the run down. Runs in the pool's
// workers.
import { type Stats, closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { auditDecodedEach, auditPieces } from '../read/file.js';
import { fileAudit } from '../read/attach.js';
import type { KeyBuffer } from '../scoring/match-key.js';
import type { MatchReport } from '../core/model.js';
import type { FileCounts } from '../report/reporter.js';
import { PieceTooLarge, TextPieces, scanEncoding } from './read-pieces.js';
import { countFile, type CountOptions, type FileDice, type GroupBy } from '../stats/count.js';
import { decode, type Decoded } from '../read/decode.js';
import { CHANGED, looksLikeMatchContent } from './discover.js';
import { Spool, SpoolError, removeSpooled } from './spool.js';
import {
  failure,
  internalError,
  ioError,
  ioReason,
  OutcomeBuilder,
  type FileOutcome,
  type FileTask,
  type RunOptions,
} from './outcome.js';

export type { FileOutcome, FileTask, RunOptions } from './outcome.js';

/**
 * A file read whole holds each format's text up to this many characters; past it the text goes
 * to the run's spool folder as it is made, as a file read in pieces does: what a worker holds
 * and hands back does not grow with what a file reports.
 */
const SPILL_AT = 4 * 1024 * 1024;

/** Why a file's report could not be spooled (a full disk). */
function spoolFailure(task: FileTask, e: SpoolError, options: RunOptions): FileOutcome {
  const why = `its report could not be written to the run's temporary folder (${e.message}, in ${options.spoolDir}); it was not audited`;
  return failure(task.path, 'io-error', why, options);
}

/** Most match files fit in one read into this buffer; their bytes are copied out of it. */
const FIRST_READ = 64 * 1024;
const firstRead = Buffer.allocUnsafe(FIRST_READ);

function tooBig(size: number, limit: number): string {
  return `${size} bytes is more than the ${limit}-byte limit (--max-file-size)`;
}

const NOT_REGULAR =
  'not a regular file (a FIFO, a device or a socket): only regular files are read; pipe a stream in with "-"';

/** Why an SGF file above the limit was not read game tree by game tree (`auditPieces`). */
const SGF_WHOLE =
  'an SGF collection with a syntax error, an unreadable game, no backgammon game tree or games numbered both from 0 and from 1 is read whole (what it reports depends on all of it)';

/** A file larger than the limit, open, to be read in pieces (its descriptor is the reader's to close). */
interface LargeFile {
  fd: number;
  size: number;
  /** As it was when opened: its size and modification time are looked at again at the end. */
  stat: Stats;
}

/**
 * Whether a file larger than the limit is read in pieces, its matches each held within the limit.
 * The dice audit counts a file's bytes whole, and the HTML report shows a file's lines from its
 * whole text: for them the limit stays one on the file.
 */
function inPieces(options: RunOptions): boolean {
  return options.dice === undefined && !options.render.formats.includes('html');
}

class ReplacedByLink extends Error {}

/**
 * Opens a task's file non-blocking, so that a FIFO or a device can never hang the run. A file a
 * walk listed as a file is opened without following a symbolic link: one swapped in for it since
 * is not followed (the caller then checks the descriptor is the file listed, which a link swapped
 * in for a folder on its path also fails). A path named explicitly, or a link the walk listed as
 * one, is opened as named.
 */
function openListed(task: FileTask): number {
  const path = task.fsPath
    ? Buffer.from(task.fsPath.buffer, task.fsPath.byteOffset, task.fsPath.byteLength)
    : task.path;
  const noFollow = task.listed !== undefined && task.listed.link !== true;
  try {
    return openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | (noFollow ? constants.O_NOFOLLOW : 0));
  } catch (e) {
    if (noFollow && (e as NodeJS.ErrnoException).code === 'ELOOP') throw new ReplacedByLink();
    throw e;
  }
}

/**
 * Why a file's bytes as read are not one version of it, or null: it shrank or grew while it was
 * read (another program writing it), or was rewritten in place (its modification time moved). Its
 * report would mix two versions and look whole.
 */
export function changedWhileRead(before: Stats, after: Stats, read: number): string | null {
  if (read >= before.size && after.size === before.size && after.mtimeMs === before.mtimeMs) return null;
  const sizes = read === before.size ? `${before.size} bytes` : `${before.size} bytes when opened, ${read} read`;
  return `it changed while it was read (${sizes}${after.size === read ? '' : `, ${after.size} now`}): read it again once nothing writes it`;
}

/**
 * Reads a regular file whole, synchronously (one file at a time per thread is the fastest way).
 * Opened non-blocking so that a FIFO or a device can never hang the run: fstat then says what it
 * is, and only a regular file is read. Its size is known before the first read, so a file above
 * the limit is not read whole (it is read in pieces, or refused unread); a file that grows while
 * it is read is still cut at the limit.
 */
function readRegularFile(task: FileTask, options: RunOptions): Uint8Array | FileOutcome | LargeFile {
  const limit = options.maxFileSize;
  let fd: number | null = null;
  try {
    fd = openListed(task);
    const stat = fstatSync(fd);
    if (stat.isDirectory()) return ioError(task.path, 'it is a folder', options);
    if (!stat.isFile()) return ioError(task.path, NOT_REGULAR, options);
    if (task.listed !== undefined && (stat.dev !== task.listed.dev || stat.ino !== task.listed.ino))
      return ioError(task.path, CHANGED, options);
    if (options.outputs?.some((o) => o.dev === stat.dev && o.ino === stat.ino))
      return { path: task.path, skipped: 'output' };
    if (stat.size > limit) {
      if (!inPieces(options)) return ioError(task.path, tooBig(stat.size, limit), options);
      const large = { fd, size: stat.size, stat };
      fd = null;
      return large;
    }
    let buf = stat.size < FIRST_READ ? firstRead : Buffer.allocUnsafe(stat.size + 1);
    let length = 0;
    // Until a read gives 0: the size may have changed since fstat.
    for (;;) {
      if (length === buf.length) {
        const bigger = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(bigger, 0, 0, length);
        buf = bigger;
      }
      const n = readSync(fd, buf, length, buf.length - length, null);
      if (n === 0) break;
      length += n;
      if (length > limit) return ioError(task.path, tooBig(length, limit), options);
    }
    const changed = changedWhileRead(stat, fstatSync(fd), length);
    if (changed !== null) return ioError(task.path, changed, options);
    return buf === firstRead ? new Uint8Array(buf.subarray(0, length)) : buf.subarray(0, length);
  } catch (e) {
    if (e instanceof ReplacedByLink) return ioError(task.path, CHANGED, options);
    return ioError(task.path, ioReason(e), options);
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/**
 * A file larger than the limit, read in pieces (read-pieces.ts) and audited match by match
 * (read/pieces.ts): what it holds at once is a piece and a match, whatever its size. A match
 * longer than the limit, or a line, is an io-error for the file, as a file above the limit was
 * before; so is an SGF collection above it that must be read whole.
 */
function auditLarge(task: FileTask, large: LargeFile, options: RunOptions, keys: KeyBuffer | undefined): FileOutcome {
  const { fd, size } = large;
  const limit = options.maxFileSize;
  let spool: Spool | null = null;
  try {
    if (task.sniff) {
      const head = Buffer.allocUnsafe(16384);
      if (!looksLikeMatchContent(head.subarray(0, readSync(fd, head, 0, head.length, 0))))
        return { path: task.path, skipped: 'not-a-match' };
    }
    const how = scanEncoding(fd);
    spool = options.spoolDir === undefined ? null : new Spool(options.spoolDir);
    const writer = spool === null ? undefined : spool.writer.bind(spool);
    const outcome = new OutcomeBuilder(task.path, options, task.accepted, task.duplicates, writer);
    const each = (r: MatchReport, k: number) => outcome.add(r, k);
    // Its reports may come apart from the file's order: a duplicate finding is given by a second audit.
    const finish = (): FileOutcome => {
      const o = outcome.finish();
      if (!o.skipped) delete o.rendered.places;
      return o;
    };
    const audit = fileAudit(options.audit, keys);
    if ('ok' in how) {
      auditDecodedEach(how, task.path, audit, each, () => {}); // binary data: one report
      return finish();
    }
    const text = new TextPieces(fd, how, limit);
    // A game tree that is never closed runs to the end of the file: it is the one said too large.
    const tooLarge = (line: number, what: 'match' | 'game tree') =>
      new PieceTooLarge(`its ${what} from line ${line} on${what === 'game tree' ? ' (or it is never closed)' : ''}`);
    if (!auditPieces(() => text.next(), how.encoding, task.path, audit, each, limit, tooLarge))
      return ioError(task.path, `${tooBig(size, limit)}: ${SGF_WHOLE}`, options);
    const changed = changedWhileRead(large.stat, fstatSync(fd), text.bytesRead);
    if (changed !== null) {
      // Its reports are of no one version of the file: none is written, its spooled text dropped.
      const done = finish();
      if (!done.skipped) for (const p of Object.values(done.rendered.spooled ?? {})) removeSpooled(p);
      return ioError(task.path, changed, options);
    }
    return finish();
  } catch (e) {
    if (e instanceof PieceTooLarge)
      return ioError(task.path, `${tooBig(size, limit)}, and so is ${e.message}`, options);
    if (e instanceof SpoolError) return spoolFailure(task, e, options);
    return internalError(task.path, e instanceof Error ? e.message : String(e), options);
  } finally {
    spool?.release();
    closeSync(fd);
  }
}

/** How the dice audit counts a file: with content keys when the run looks for duplicates, leaving out the matches found to repeat. */
function diceOptions(task: FileTask, options: RunOptions, by: GroupBy, keys: KeyBuffer | undefined): CountOptions {
  return {
    by,
    // A second count (matches left out) is not met again by the duplicate check: no keys then.
    keys:
      options.audit.contentKey && task.duplicates === undefined
        ? { rules: options.audit.rules, buffer: keys }
        : undefined,
    skip: task.duplicates === undefined ? undefined : new Set(task.duplicates.map((d) => d.match)),
  };
}

/** What a file counted for the dice audit gives the run's summary and progress line: its matches and games, no findings. */
function diceRendered(dice: FileDice): { counts: FileCounts; out: Record<string, never> } {
  return {
    counts: { matches: dice.matches, games: dice.games, bySeverity: { error: 0, warning: 0, info: 0 }, byCode: {} },
    out: {},
  };
}

/** A file's decoded text, or its outcome when it is not audited (unread, skipped, counted for the dice audit). */
function decodeTask(task: FileTask, options: RunOptions, keys: KeyBuffer | undefined): Decoded | FileOutcome {
  if (task.unreadable !== undefined) return ioError(task.path, task.unreadable, options);
  const bytes = task.bytes ?? readRegularFile(task, options);
  if (!(bytes instanceof Uint8Array)) return 'fd' in bytes ? auditLarge(task, bytes, options, keys) : bytes;
  if (task.sniff && !looksLikeMatchContent(bytes)) return { path: task.path, skipped: 'not-a-match' };
  // The dice audit counts what it reads; a file with no match to read is audited, to say why.
  const dice =
    options.dice === undefined ? null : countFile(bytes, task.path, diceOptions(task, options, options.dice, keys));
  if (dice !== null) {
    const { keys, ...counts } = dice;
    const outcome = { path: task.path, skipped: false as const, rendered: diceRendered(counts), dice: counts };
    return keys === undefined ? outcome : { ...outcome, keys };
  }
  return decode(bytes); // the bytes are dropped on return: the audit holds the text only
}

/** `keys`: the buffer the content keys of the files run one after another share (a worker's batch). */
export function runTask(task: FileTask, options: RunOptions, keys?: KeyBuffer): FileOutcome {
  let decoded: Decoded | FileOutcome;
  try {
    decoded = decodeTask(task, options, keys);
  } catch (e) {
    return internalError(task.path, e instanceof Error ? e.message : String(e), options);
  }
  if (!('ok' in decoded)) return decoded;
  const spools: Spool[] = [];
  try {
    // The HTML report shows the lines around each finding: the decoded text is passed on then (it
    // reads them for a file with findings only).
    const withText =
      options.render.formats.includes('html') && decoded.ok
        ? { ...options, render: { ...options.render, source: decoded.text } }
        : options;
    // Each report is rendered as it is made, and dropped; a text past SPILL_AT goes to the spool.
    const outcome = () => {
      const spool = options.spoolDir === undefined ? null : new Spool(options.spoolDir);
      if (spool !== null) spools.push(spool);
      const writer = spool === null ? undefined : spool.writer.bind(spool);
      return new OutcomeBuilder(task.path, withText, task.accepted, task.duplicates, writer, SPILL_AT);
    };
    let builder = outcome();
    // What the run asks of each match's audit, its observers made per match as it is audited.
    auditDecodedEach(
      decoded,
      task.path,
      fileAudit(options.audit, keys),
      (r, k) => builder.add(r, k),
      () => (builder = outcome()),
    );
    return builder.finish();
  } catch (e) {
    if (e instanceof SpoolError) return spoolFailure(task, e, options);
    return internalError(task.path, e instanceof Error ? e.message : String(e), options);
  } finally {
    for (const spool of spools) spool.release();
  }
}
