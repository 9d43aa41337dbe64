// Where the results cache's entries are on disk: appended to packs, each pack written by one
// worker of one run and found through its index file. Creating a file per entry costs a disk's
// journal more than auditing the file did; an append costs one write.
//
//   <id>.pack  entries (entry.ts), one after another, never rewritten
//   <id>.idx   one 48-byte record an entry: its key (32) · offset (u64 LE) · length (u32 LE) ·
//              CRC-32 of the 44 bytes before it (u32 LE); a record cut short or failing its CRC
//              is passed over
//
// A pack is appended to only by the worker that made it (O_EXCL), so two runs sharing a cache
// never write into one file. A reader looks an entry up in the indexes read when it first needs
// one, newer indexes over older ones, and trusts nothing it reads until the entry's own
// checksum and key agree (entry.ts).
import { readAt } from '../read/read-at.js';
import { openOwn } from './own-file.js';
import { randomBytes } from 'node:crypto';
import { closeSync, constants, futimesSync, mkdirSync, openSync, readdirSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { crc32 } from '../core/crc32.js';

const RECORD = 48;
/** Entries wait to be written until this many bytes of them do. */
const FLUSH_BYTES = 1024 * 1024;
/** A pack grows to about this many bytes; then its writer starts another (eviction removes whole packs). */
const PACK_BYTES = 64 * 1024 * 1024;
/** The most bytes one entry may take: many times a 16 MB file's reports. */
const ENTRY_MOST = 256 * 1024 * 1024;
/** The most bytes of one index: a full pack's records, many times over. */
const INDEX_MOST = 64 * 1024 * 1024;
/** A pack read from is marked used (its modification time) when it was last marked longer ago than this. */
const MARK_USED_AFTER_MS = 60 * 60 * 1000;

interface Place {
  pack: string;
  offset: number;
  length: number;
}

/** Writes all of `bytes`: one write may take less than asked. */
function writeAll(fd: number, bytes: Uint8Array): void {
  for (let n = 0; n < bytes.length;) n += writeSync(fd, bytes, n, bytes.length - n);
}

/**
 * The places of a folder's entries, found by key: the index files' own records (the valid ones,
 * copied into one buffer), and an open-addressed table of record numbers hashed by the keys'
 * first bytes (a key is a SHA-256: its bytes are already spread). A record costs its 48 bytes and
 * a few of the table's, not a string and an object in a Map.
 */
class Places {
  private readonly records: Buffer;
  /** Each record's pack, as a number into `packs`. */
  private readonly packOf: Uint32Array;
  private readonly packs: string[];
  /** Record numbers plus one; 0: an empty slot. */
  private readonly slots: Uint32Array;
  private readonly mask: number;

  /** `indexes` oldest first: a key in a newer index wins over the same key in an older one. */
  constructor(indexes: readonly { pack: string; bytes: Buffer }[]) {
    let total = 0;
    for (const { bytes } of indexes) total += bytes.length / RECORD;
    this.records = Buffer.allocUnsafe(total * RECORD);
    this.packOf = new Uint32Array(total);
    this.packs = indexes.map((i) => i.pack);
    let size = 16;
    while (size < total * 2) size *= 2;
    this.slots = new Uint32Array(size);
    this.mask = size - 1;
    let n = 0;
    indexes.forEach(({ bytes }, k) => {
      for (let at = 0; at + RECORD <= bytes.length; at += RECORD) {
        if (crc32(bytes.subarray(at, at + 44)) !== bytes.readUInt32LE(at + 44)) continue;
        bytes.copy(this.records, n * RECORD, at, at + RECORD);
        this.packOf[n] = k;
        this.slots[this.slotOf(bytes.subarray(at, at + 32))] = ++n;
      }
    });
  }

  /** The slot of `key`: the one that holds it, or the empty one where it would go. */
  private slotOf(key: Buffer): number {
    for (let slot = key.readUInt32LE(0) & this.mask; ; slot = (slot + 1) & this.mask) {
      const record = this.slots[slot] ?? 0;
      if (record === 0) return slot;
      const at = (record - 1) * RECORD;
      if (this.records.compare(key, 0, 32, at, at + 32) === 0) return slot;
    }
  }

  get(key: Buffer): Place | undefined {
    const record = this.slots[this.slotOf(key)] ?? 0;
    if (record === 0) return undefined;
    const at = (record - 1) * RECORD;
    return {
      pack: this.packs[this.packOf[record - 1] ?? 0] ?? '',
      offset: Number(this.records.readBigUInt64LE(at + 32)),
      length: this.records.readUInt32LE(at + 40),
    };
  }
}

/** The entries of the cache folder as one worker reads them. */
export class PackReader {
  private places: Places | null = null;
  private readonly packs = new Map<string, { fd: number; size: number } | null>();

  constructor(private readonly dir: string) {}

  /** Every index in the folder, read once: the places of the entries, newer indexes winning. */
  private load(): Places {
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((n) => n.endsWith('.idx'));
    } catch {
      return new Places([]);
    }
    const indexes: { pack: string; bytes: Buffer; mtimeMs: number }[] = [];
    for (const name of names) {
      const file = openOwn(join(this.dir, name));
      if (file === null) continue;
      // An index no pack's writer could have written is passed over unread.
      if (file.size > INDEX_MOST) {
        closeSync(file.fd);
        continue;
      }
      try {
        const bytes = Buffer.allocUnsafe(file.size - (file.size % RECORD));
        const n = readAt(file.fd, bytes, 0);
        indexes.push({ pack: name.slice(0, -4), bytes: bytes.subarray(0, n - (n % RECORD)), mtimeMs: file.mtimeMs });
      } catch {
        // passed over
      } finally {
        closeSync(file.fd);
      }
    }
    return new Places(indexes.sort((a, b) => a.mtimeMs - b.mtimeMs));
  }

  private packFd(pack: string): { fd: number; size: number } | null {
    const known = this.packs.get(pack);
    if (known !== undefined) return known;
    const file = openOwn(join(this.dir, `${pack}.pack`));
    if (file !== null && Date.now() - file.mtimeMs > MARK_USED_AFTER_MS) {
      try {
        const now = Date.now() / 1000;
        futimesSync(file.fd, now, now);
      } catch {
        // read, not marked: eviction may take it sooner
      }
    }
    const open = file === null ? null : { fd: file.fd, size: file.size };
    this.packs.set(pack, open);
    return open;
  }

  /** The bytes kept under `key`, unchecked (the entry checks itself); null when there are none. */
  read(key: Buffer): Buffer | null {
    this.places ??= this.load();
    const place = this.places.get(key);
    if (place === undefined || place.length > ENTRY_MOST) return null;
    const pack = this.packFd(place.pack);
    // Never more than the pack holds: an index's claim is checked before anything is allocated.
    if (pack === null || place.offset + place.length > pack.size) return null;
    try {
      const bytes = Buffer.allocUnsafe(place.length);
      return readAt(pack.fd, bytes, place.offset) === place.length ? bytes : null;
    } catch {
      return null;
    }
  }

  close(): void {
    for (const pack of this.packs.values()) if (pack !== null) closeSync(pack.fd);
    this.packs.clear();
  }
}

/** A worker's pack and its index, made at its first entry. */
export class PackWriter {
  private open: { pack: number; index: number; size: number } | null = null;
  private made = false;

  constructor(private readonly dir: string) {}

  private start(): { pack: number; index: number; size: number } {
    if (!this.made) {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      this.made = true;
    }
    const id = `${process.pid}-${threadId}-${randomBytes(6).toString('hex')}`;
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_APPEND | constants.O_NOFOLLOW;
    const pack = openSync(join(this.dir, `${id}.pack`), flags, 0o600);
    try {
      return { pack, index: openSync(join(this.dir, `${id}.idx`), flags, 0o600), size: 0 };
    } catch (e) {
      closeSync(pack);
      throw e;
    }
  }

  /** Entries and index records appended and not yet written: written together (`flush`). */
  private entries: Buffer[] = [];
  private records: Buffer[] = [];
  private waiting = 0;

  /**
   * Appends an entry and its index record. They are written together once `FLUSH_BYTES` wait, or
   * by `flush` (a worker's batch ends): a write a file is what costs, not the bytes. The pack is
   * written before its index: a record is never written before the entry it names.
   */
  append(key: Buffer, entry: Buffer): void {
    if (this.open !== null && this.open.size >= PACK_BYTES) this.close();
    this.open ??= this.start();
    const o = this.open;
    const record = Buffer.allocUnsafe(RECORD);
    key.copy(record, 0);
    record.writeBigUInt64LE(BigInt(o.size), 32);
    record.writeUInt32LE(entry.length, 40);
    record.writeUInt32LE(crc32(record.subarray(0, 44)), 44);
    o.size += entry.length;
    this.entries.push(entry);
    this.records.push(record);
    this.waiting += entry.length;
    if (this.waiting >= FLUSH_BYTES) this.flush();
  }

  /** Writes what waits. */
  flush(): void {
    const o = this.open;
    if (o === null || this.entries.length === 0) return;
    const entries = Buffer.concat(this.entries);
    const records = Buffer.concat(this.records);
    this.entries = [];
    this.records = [];
    this.waiting = 0;
    writeAll(o.pack, entries);
    writeAll(o.index, records);
  }

  close(): void {
    if (this.open === null) return;
    try {
      this.flush();
    } finally {
      closeSync(this.open.pack);
      closeSync(this.open.index);
      this.open = null;
    }
  }
}
