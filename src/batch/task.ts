// One file of a run: read it, audit it, and never let it take the run down. Runs in the pool's
// workers.
import { type Stats, closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { auditDecodedEach, auditPieces } from '../read/file.js';
import { fileAudit } from '../read/attach.js';
import type { KeyBuffer } from '../scoring/match-key.js';
import type { MatchReport } from '../core/model.js';
import { PieceTooLarge, TextPieces, scanEncoding } from './read-pieces.js';
import { diceOf, type FileDice } from '../stats/count.js';
import type { ContentKey } from '../scoring/match-key.js';
import type { DuplicateOf } from './duplicates.js';
import type { Decoded } from '../read/decode.js';
import { openFile } from '../read/open.js';
import { binaryFormatOf } from '../formats/index.js';
import { CHANGED, looksLikeMatchContent } from './discover.js';
import { workerCache, type Stored } from '../cache/results.js';
import { countedDice } from './dice-read.js';
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

/** Why an .xg file above the limit was not read: its archive is one compressed whole, not pieces. */
const BINARY_WHOLE = 'an .xg file is read whole (its records are compressed as one)';

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
 * before; so is an SGF collection above it that must be read whole. With the duplicate check, it
 * is audited in its turn only (else NOT_YET), and asks about its matches a piece at a time.
 */
function auditLarge(
  task: FileTask,
  large: LargeFile,
  options: RunOptions,
  keys: KeyBuffer | undefined,
  check: DuplicateCheck | undefined,
): FileOutcome | typeof NOT_YET {
  const { fd, size } = large;
  const limit = options.maxFileSize;
  let spool: Spool | null = null;
  let turn = false;
  let told = false;
  try {
    const head = Buffer.allocUnsafe(16384);
    const start = head.subarray(0, readSync(fd, head, 0, head.length, 0));
    if (task.sniff && !looksLikeMatchContent(start)) return { path: task.path, skipped: 'not-a-match' };
    // A binary format's records are compressed as a whole: it is read whole or not at all.
    if (binaryFormatOf(start) !== null) return ioError(task.path, `${tooBig(size, limit)}: ${BINARY_WHOLE}`, options);
    // Asked before the file is read through (its encoding's pass): one sent back is not read.
    if (check !== undefined) {
      if (!check.turn()) return NOT_YET;
      turn = true;
    }
    const how = scanEncoding(fd);
    spool = options.spoolDir === undefined ? null : new Spool(options.spoolDir);
    const outcome = new OutcomeBuilder(task.path, options, task.accepted, {
      spool: spool === null ? undefined : spool.writer.bind(spool),
      hold: check !== undefined,
    });
    const each = (r: MatchReport, k: number) => outcome.add(r, k);
    // The reports held so far, answered and rendered.
    const ask = (last: boolean) => {
      if (check === undefined) return;
      const { matches, keys } = outcome.heldKeys();
      if (matches.length === 0 && !last) return;
      // Told (or tried to be) before it is asked: a question that failed is not asked again.
      told ||= last;
      outcome.answer(check.now(matches, keys, last));
    };
    const audit = fileAudit(options.audit, keys);
    if ('ok' in how) {
      auditDecodedEach(how, task.path, audit, each, () => {}); // binary data: one report
      ask(true);
      return outcome.finish();
    }
    const text = new TextPieces(fd, how, limit);
    // A game tree that is never closed runs to the end of the file: it is the one said too large.
    const tooLarge = (line: number, what: 'match' | 'game tree') =>
      new PieceTooLarge(`its ${what} from line ${line} on${what === 'game tree' ? ' (or it is never closed)' : ''}`);
    const next = () => {
      ask(false);
      return text.next();
    };
    if (!auditPieces(next, how.encoding, task.path, audit, each, limit, tooLarge))
      return ioError(task.path, `${tooBig(size, limit)}: ${SGF_WHOLE}`, options);
    ask(true);
    const changed = changedWhileRead(large.stat, fstatSync(fd), text.bytesRead);
    if (changed !== null) {
      // Its reports are of no one version of the file: none is written, its spooled text dropped.
      const done = outcome.finish();
      if (!done.skipped) for (const p of Object.values(done.rendered.spooled ?? {})) removeSpooled(p);
      return ioError(task.path, changed, options);
    }
    return outcome.finish();
  } catch (e) {
    if (e instanceof PieceTooLarge)
      return ioError(task.path, `${tooBig(size, limit)}, and so is ${e.message}`, options);
    if (e instanceof SpoolError) return spoolFailure(task, e, options);
    return internalError(task.path, e instanceof Error ? e.message : String(e), options);
  } finally {
    spool?.release();
    closeSync(fd);
    // A file that stops early (an io-error) is met as far as it was read: the files after it wait for it.
    if (turn && !told) check?.now([], [], true);
  }
}

/** What a file counted for the dice audit gives the run's summary and progress line: its matches and games, no findings. */
function diceOutcome(task: FileTask, dice: FileDice): FileOutcome {
  const counts = {
    matches: dice.matches,
    games: dice.games,
    bySeverity: { error: 0, warning: 0, info: 0 },
    byCode: {},
  };
  return { path: task.path, skipped: false, rendered: { counts, out: {} }, dice };
}

/** A file's bytes read whole, or what it comes to when it is not audited so (unread, skipped, read in pieces, counted for the dice audit). */
function readTask(
  task: FileTask,
  options: RunOptions,
  keys: KeyBuffer | undefined,
  check: DuplicateCheck | undefined,
): Uint8Array | FileOutcome | HeldFile | typeof NOT_YET {
  if (task.unreadable !== undefined) return ioError(task.path, task.unreadable, options);
  const bytes = task.bytes ?? readRegularFile(task, options);
  if (!(bytes instanceof Uint8Array)) return 'fd' in bytes ? auditLarge(task, bytes, options, keys, check) : bytes;
  if (task.sniff && !looksLikeMatchContent(bytes)) return { path: task.path, skipped: 'not-a-match' };
  // The dice audit counts what it reads; a file with no match to read is audited, to say why.
  if (options.dice !== undefined) {
    const by = options.dice;
    const read = countedDice(bytes, task.path, options, keys);
    if (read !== null) {
      const { matches } = read;
      if (check === undefined || read.keys === undefined) return diceOutcome(task, diceOf(matches, by, task.path));
      // The matches found to repeat earlier ones are not counted again.
      return {
        keys: read.keys,
        finish: (duplicates) =>
          diceOutcome(task, diceOf(matches, by, task.path, new Set(duplicates.map((d) => d.match)))),
      };
    }
  }
  return bytes;
}

/** A file audited and not yet rendered: it waits for the duplicate check's answer about its matches. */
export interface HeldFile {
  /** Its matches' content keys in file order; null when it has none. */
  keys: (ContentKey | null)[] | null;
  /** Its outcome, given which of its matches repeat earlier ones. */
  finish(duplicates: readonly DuplicateOf[]): FileOutcome;
}

/** The duplicate check as a file read in pieces meets it (worker.ts): it cannot hold its reports until its turn. */
export interface DuplicateCheck {
  /** Whether every file before this one is met (it may wait a little); false: audit it later. */
  turn(): boolean;
  /** Which of these matches (numbered from 1) repeat earlier ones, answered at once; `last`: the file's last ones. */
  now(matches: number[], keys: (ContentKey | null)[], last: boolean): DuplicateOf[];
}

/** A file read in pieces whose turn has not come: the worker sends it back to be audited later. */
export const NOT_YET = Symbol('not yet');

/** A file's own audit: its reports given as they come, and what came of keeping them in the results cache. */
interface OwnAudit {
  /** The file's text; null when its audit comes from the cache and no output reads the text. */
  decoded: Decoded | null;
  /** Gives each report to `each` (`restart`: forget those given so far); what came of caching them. */
  give(each: (r: MatchReport, index: number) => void, restart: () => void): Stored | null;
  /** Why the worker stopped writing to the cache, once it has. */
  failure(): string | null;
}

/**
 * A file's own audit, from the results cache when its bytes and the run's settings are those of
 * one kept (the text is then decoded only for the HTML report's source lines); else made now,
 * each report kept for the cache before the outcome takes it (and changes it).
 */
function ownAudit(bytes: Uint8Array, file: string, options: RunOptions, keys: KeyBuffer | undefined): OwnAudit {
  const cache = workerCache(options.cache);
  const key = cache === null ? null : cache.keyOf(bytes, file);
  const cached = cache === null || key === null ? null : cache.read(key, file);
  const html = options.render.formats.includes('html');
  const decoded = cached === null || html ? openFile(bytes, file, options.maxFileSize) : null;
  const failure = () => cache?.failure ?? null;
  if (cached !== null)
    return {
      decoded,
      give(each) {
        for (const { index, report } of cached) each(report, index);
        return null;
      },
      failure,
    };
  const text = decoded ?? openFile(bytes, file, options.maxFileSize);
  return {
    decoded: text,
    give(each, restart) {
      const entry = cache === null || key === null ? null : cache.entry(key, file);
      // What the run asks of each match's audit, its observers made per match as it is audited.
      auditDecodedEach(
        text,
        file,
        fileAudit(options.audit, keys),
        (r, k) => {
          entry?.add(r, k);
          each(r, k);
        },
        () => {
          entry?.reset();
          restart();
        },
      );
      return entry?.store() ?? null;
    },
    failure,
  };
}

/**
 * One file of a run. `keys`: the buffer the content keys of the files run one after another share
 * (a worker's batch). `check`: the run looks for duplicates; a file read whole is then held
 * (`HeldFile`) until the check answers, a file read in pieces asks it as it goes, in its turn.
 */
export function runTask(
  task: FileTask,
  options: RunOptions,
  keys?: KeyBuffer,
  check?: DuplicateCheck,
): FileOutcome | HeldFile | typeof NOT_YET {
  let read: Uint8Array | FileOutcome | HeldFile | typeof NOT_YET;
  try {
    read = readTask(task, options, keys, check);
  } catch (e) {
    return internalError(task.path, e instanceof Error ? e.message : String(e), options);
  }
  if (!(read instanceof Uint8Array)) return read;
  let own: OwnAudit;
  try {
    own = ownAudit(read, task.path, options, keys);
  } catch (e) {
    return internalError(task.path, e instanceof Error ? e.message : String(e), options);
  }
  read = new Uint8Array(0); // the bytes are dropped: the audit holds the text only
  const spools: Spool[] = [];
  const release = () => {
    for (const spool of spools) spool.release();
  };
  const failed = (e: unknown): FileOutcome =>
    e instanceof SpoolError
      ? spoolFailure(task, e, options)
      : internalError(task.path, e instanceof Error ? e.message : String(e), options);
  try {
    // The HTML report shows the lines around each finding: the decoded text is passed on then (it
    // reads them for a file with findings only).
    const { decoded } = own;
    const withText =
      decoded?.ok === true && options.render.formats.includes('html')
        ? { ...options, render: { ...options.render, source: decoded.text } }
        : options;
    // Each report is rendered as it is made (or once the check answers), and dropped; a text past
    // SPILL_AT goes to the spool.
    const outcome = () => {
      const spool = options.spoolDir === undefined ? null : new Spool(options.spoolDir);
      if (spool !== null) spools.push(spool);
      return new OutcomeBuilder(task.path, withText, task.accepted, {
        spool: spool === null ? undefined : spool.writer.bind(spool),
        spillAt: SPILL_AT,
        hold: check !== undefined,
      });
    };
    let builder = outcome();
    const stored = own.give(
      (r, k) => builder.add(r, k),
      () => (builder = outcome()),
    );
    // A write that failed since (they end after their file's outcome) is told with this one.
    const done = (o: FileOutcome): FileOutcome => {
      const failed = own.failure();
      const use: Stored | null = failed === null ? stored : { failed };
      return use === null || o.skipped ? o : { ...o, cache: use };
    };
    if (check === undefined) {
      release();
      return done(builder.finish());
    }
    const held = builder;
    return {
      keys: held.fileKeys(),
      finish(duplicates) {
        try {
          held.answer(duplicates);
          return done(held.finish());
        } catch (e) {
          return failed(e);
        } finally {
          release();
        }
      },
    };
  } catch (e) {
    release();
    return failed(e);
  }
}
