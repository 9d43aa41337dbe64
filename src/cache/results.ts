// The results cache as a worker reads and writes it: each file's own audit (its reports, before
// anything that depends on other files) kept under a key made of the file's bytes and of what
// else decides the audit (`CacheSpec.salt`). A report comes back byte for byte as the audit made
// it, so everything after it (duplicates, selection, baselines, rendering) runs as on a file
// audited now. An entry that is not whole, not this key's, not the user's own or not a regular
// file is passed over and written again; a cache that cannot be written is never a failure.
import { sha256Bytes } from '../core/sha256.js';
import { basename } from 'node:path';
import { whatNameTells } from '../formats/index.js';
import { deserialize, serialize } from 'node:v8';
import type { MatchReport } from '../core/model.js';
import { decodeEntry, encodeEntry, type Frame } from './entry.js';
import { PackReader, PackWriter } from './packs.js';

/** Where a run's cache is and what its keys are salted with: plain data (a worker gets a copy). */
export interface CacheSpec {
  /** The results cache's folder (`<cache folder>/results`), a folder for each salt in it. */
  root: string;
  /** The folder of this salt's packs of entries (packs.ts). */
  dir: string;
  /** What besides a file's bytes decides its audit: bgaudit's code, Node's version, the run's settings. */
  salt: string;
}

/** A file's audit read from the cache: its reports with their indexes, in the order the audit gave them. */
export type CachedAudit = { index: number; report: MatchReport }[];

/** What came of writing a file's entry: written, or why not (the run warns once of a failure). */
export type Stored = 'stored' | { failed: string };

export class ResultsCache {
  private readonly reader: PackReader;
  private readonly writer: PackWriter;
  /** Why writing failed once; after it, no more is written by this worker. */
  private failed: string | null = null;

  /** What each key is hashed from before the file's bytes: the salt and what the entry keeps. */
  private readonly heads: Record<'audit' | 'dice', Buffer>;

  constructor(spec: CacheSpec) {
    this.heads = {
      audit: Buffer.from(`${spec.salt}\0audit\0`, 'latin1'),
      dice: Buffer.from(`${spec.salt}\0dice\0`, 'latin1'),
    };
    this.reader = new PackReader(spec.dir);
    this.writer = new PackWriter(spec.dir);
  }

  /**
   * The key of a file named `file`: its bytes, and what its name tells the readers (an XG
   * container named `.xgp` is a position); for its reports (`audit`), or for its dice (`dice`).
   */
  keyOf(bytes: Uint8Array, file: string, kept: 'audit' | 'dice' = 'audit'): Buffer {
    const head = this.heads[kept];
    const told = Buffer.from(`${whatNameTells(file)}\0`, 'utf8');
    const all = Buffer.allocUnsafe(head.length + told.length + bytes.length);
    head.copy(all, 0);
    told.copy(all, head.length);
    all.set(bytes, head.length + told.length);
    return sha256Bytes(all);
  }

  /**
   * The audit kept under `key`, its reports named `file`; null when there is none fit to use (a
   * file audited again is written again, and its newer entry is the one found next time).
   */
  read(key: Buffer, file: string): CachedAudit | null {
    const bytes = this.reader.read(key);
    const frames = bytes === null ? null : decodeEntry(bytes, key);
    if (frames === null) return null;
    try {
      return frames.map((f) => {
        const report = deserialize(f.data) as MatchReport;
        report.file = file;
        return { index: f.index, report };
      });
    } catch {
      return null; // not an entry this program wrote
    }
  }

  /** A value kept whole under `key` (`EntryWriter.storeValue`); null when there is none fit to use. */
  readValue(key: Buffer): unknown {
    const bytes = this.reader.read(key);
    const frames = bytes === null ? null : decodeEntry(bytes, key);
    if (frames === null || frames.length !== 1) return null;
    try {
      return deserialize(frames[0]?.data ?? new Uint8Array(0)) as unknown;
    } catch {
      return null;
    }
  }

  /** Gathers a file's reports as its audit gives them, to be kept under `key` once it is done. */
  entry(key: Buffer, file: string): EntryWriter | null {
    return this.failed === null ? new EntryWriter(this, key, file) : null;
  }

  /** Appends an entry to this worker's pack; a failure stops the writing (the run warns once). */
  store(key: Buffer, frames: readonly Frame[]): Stored {
    if (this.failed !== null) return { failed: this.failed };
    try {
      this.writer.append(key, encodeEntry(key, frames));
      return 'stored';
    } catch (e) {
      this.failed = e instanceof Error ? e.message : String(e);
      try {
        this.writer.close();
      } catch {
        // closed as far as it can be
      }
      return { failed: this.failed };
    }
  }

  /** Writes the entries that wait (a worker's batch ends); a failure stops the writing. */
  flush(): void {
    if (this.failed !== null) return;
    try {
      this.writer.flush();
    } catch (e) {
      this.failed = e instanceof Error ? e.message : String(e);
      try {
        this.writer.close();
      } catch {
        // closed as far as it can be
      }
    }
  }

  /** Why the writing stopped, once it has. */
  get failure(): string | null {
    return this.failed;
  }
}

/** A file's reports on their way to the cache, each serialized as it is made, before anything changes it. */
export class EntryWriter {
  private frames: Frame[] = [];
  private readonly names: Buffer[];
  /** Set when a report names the file other than in its `file`: such an audit is not kept. */
  private namesFile = false;

  constructor(
    private readonly cache: ResultsCache,
    private readonly key: Buffer,
    file: string,
  ) {
    // A report's strings are written one byte a character when they can be, else in UTF-16.
    const names = [file, basename(file)].filter((s) => s.length >= 3);
    this.names = names.flatMap((s) => [
      Buffer.from(s, 'utf16le'),
      ...(/^[\0-\xff]*$/.test(s) ? [Buffer.from(s, 'latin1')] : []),
    ]);
  }

  add(r: MatchReport, index: number): void {
    this.frame(serialize({ ...r, file: '' }), index);
  }

  private frame(data: Buffer, index: number): void {
    if (this.names.some((n) => data.includes(n))) this.namesFile = true;
    this.frames.push({ index, data });
  }

  /** Keeps one value whole, as it is now (a file's dice); nothing when it names the file. */
  storeValue(value: unknown): Stored | null {
    this.reset();
    this.frame(serialize(value), 0);
    return this.store();
  }

  /** The audit started again (an SGF file read again whole): the reports so far are forgotten. */
  reset(): void {
    this.frames = [];
    this.namesFile = false;
  }

  /** Keeps the reports gathered; nothing when one of them names the file (the cache holds no path). */
  store(): Stored | null {
    return this.namesFile ? null : this.cache.store(this.key, this.frames);
  }
}

/** A worker's results cache, made once for the spec its runs give (a worker serves one run). */
let cacheOf: { spec: CacheSpec; cache: ResultsCache } | null = null;
export function workerCache(spec: CacheSpec | undefined): ResultsCache | null {
  if (spec === undefined) return null;
  if (cacheOf === null || cacheOf.spec.dir !== spec.dir || cacheOf.spec.salt !== spec.salt)
    cacheOf = { spec, cache: new ResultsCache(spec) };
  return cacheOf.cache;
}

/** Writes what the worker's cache has waiting: at the end of each of its batches. */
export function flushWorkerCache(): void {
  cacheOf?.cache.flush();
}
