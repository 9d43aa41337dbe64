// The packs the results cache appends to, and their indexes: an entry is found where its index
// says; a record of an index that is cut or flipped is passed over; a pack or an index that is a
// link, a FIFO or someone else's is never read; and eviction removes whole packs, least recently
// used first.
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PackReader, PackWriter } from '../../src/cache/packs.js';
import { trimResultsCache } from '../../src/cache/folder.js';
import { crc32 } from '../../src/core/crc32.js';
import { tempDir } from '../helpers.js';

const key = (k: number) => Buffer.alloc(32, k);
const files = (dir: string, ext: string) => readdirSync(dir).filter((f) => f.endsWith(ext));

function written(dir: string, n: number): void {
  const w = new PackWriter(dir);
  for (let k = 1; k <= n; k++) w.append(key(k), Buffer.from(`entry ${k}`));
  w.close();
}

describe('packs', () => {
  it('an entry appended is read back by its key; another key finds nothing', () => {
    const dir = tempDir('bgaudit-packs-');
    written(dir, 3);
    const r = new PackReader(dir);
    expect(r.read(key(2))?.toString()).toBe('entry 2');
    expect(r.read(key(3))?.toString()).toBe('entry 3');
    expect(r.read(key(9))).toBeNull();
    r.close();
  });

  it('each writer has a pack of its own: two writers never write into one file', () => {
    const dir = tempDir('bgaudit-packs-');
    written(dir, 2);
    written(dir, 2);
    expect(files(dir, '.pack')).toHaveLength(2);
    expect(files(dir, '.idx')).toHaveLength(2);
  });

  it('a reader reads the indexes once: entries written after it started are for the next run', () => {
    const dir = tempDir('bgaudit-packs-');
    written(dir, 1);
    const r = new PackReader(dir);
    expect(r.read(key(1))).not.toBeNull();
    written(dir, 2);
    expect(r.read(key(2))).toBeNull();
    expect(new PackReader(dir).read(key(2))?.toString()).toBe('entry 2');
  });

  it('an index cut in the middle of a record keeps the records before it', () => {
    const dir = tempDir('bgaudit-packs-');
    written(dir, 3);
    const [idx] = files(dir, '.idx');
    const path = join(dir, idx ?? '');
    writeFileSync(path, readFileSync(path).subarray(0, 48 * 2 + 20));
    const r = new PackReader(dir);
    expect(r.read(key(2))?.toString()).toBe('entry 2');
    expect(r.read(key(3))).toBeNull();
  });

  it('an index record with a flipped byte is passed over', () => {
    const dir = tempDir('bgaudit-packs-');
    written(dir, 3);
    const [idx] = files(dir, '.idx');
    const path = join(dir, idx ?? '');
    const bytes = readFileSync(path);
    bytes[48 + 40] ^= 0x10; // the second record's length
    writeFileSync(path, bytes);
    const r = new PackReader(dir);
    expect(r.read(key(1))?.toString()).toBe('entry 1');
    expect(r.read(key(2))).toBeNull();
  });

  it('a newer index wins over an older one: an entry written again is the one found', () => {
    const dir = tempDir('bgaudit-packs-');
    written(dir, 1);
    const [old] = files(dir, '.idx');
    utimesSync(join(dir, old ?? ''), 1000, 1000);
    const w = new PackWriter(dir);
    w.append(key(1), Buffer.from('written again'));
    w.close();
    expect(new PackReader(dir).read(key(1))?.toString()).toBe('written again');
  });

  it('a pack that is a symbolic link or a FIFO is never read', () => {
    const dir = tempDir('bgaudit-packs-');
    written(dir, 1);
    const [pack] = files(dir, '.pack');
    const path = join(dir, pack ?? '');
    const elsewhere = join(dir, 'elsewhere');
    writeFileSync(elsewhere, readFileSync(path));
    rmSync(path);
    symlinkSync(elsewhere, path);
    expect(new PackReader(dir).read(key(1))).toBeNull();
    rmSync(path);
    expect(spawnSync('mkfifo', [path]).status).toBe(0);
    expect(new PackReader(dir).read(key(1))).toBeNull(); // returns: a FIFO is opened non-blocking, then refused
  });

  it('an index that is a FIFO does not hang the reader', () => {
    const dir = tempDir('bgaudit-packs-');
    expect(spawnSync('mkfifo', [join(dir, 'x.idx')]).status).toBe(0);
    expect(new PackReader(dir).read(key(1))).toBeNull();
  });

  it('an index record that claims more than its pack holds is not read (nothing that large is made)', () => {
    const dir = tempDir('bgaudit-packs-');
    written(dir, 1);
    const [idx] = files(dir, '.idx');
    const path = join(dir, idx ?? '');
    const record = readFileSync(path);
    record.writeUInt32LE((1 << 30) - 1, 40);
    record.writeUInt32LE(crc32(record.subarray(0, 44)), 44);
    writeFileSync(path, record);
    expect(new PackReader(dir).read(key(1))).toBeNull();
  });

  it('a missing folder is an empty cache', () => {
    expect(new PackReader(join(tempDir('bgaudit-packs-'), 'none')).read(key(1))).toBeNull();
  });
});

describe('eviction', () => {
  /** The folder of one salt's packs in a results cache's folder `root`. */
  const SALT = '0123456789abcdef';

  /** A pack of `size` bytes last used `age` seconds ago, in `root`'s one salt's folder. */
  function pack(root: string, id: string, size: number, age: number): void {
    const dir = join(root, SALT);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${id}.pack`), Buffer.alloc(size));
    writeFileSync(join(dir, `${id}.idx`), Buffer.alloc(0));
    const t = Date.now() / 1000 - age;
    utimesSync(join(dir, `${id}.pack`), t, t);
  }
  const left = (root: string) => files(join(root, SALT), '.pack').sort();

  it('above the most, removes the packs used longest ago, with their indexes, down to three quarters', () => {
    const dir = tempDir('bgaudit-trim-');
    pack(dir, 'old', 500, 3000);
    pack(dir, 'mid', 300, 2000);
    pack(dir, 'new', 300, 10);
    expect(trimResultsCache(dir, 1000)).toBe(1);
    expect(left(dir)).toEqual(['mid.pack', 'new.pack']);
    expect(existsSync(join(dir, SALT, 'old.idx'))).toBe(false);
  });

  it('a salt folder that is a symbolic link is not looked into: nothing it points at is removed', () => {
    const dir = tempDir('bgaudit-trim-');
    const elsewhere = join(tempDir('bgaudit-trim-'), 'kept');
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, 'x.pack'), Buffer.alloc(5000));
    writeFileSync(join(elsewhere, 'x.idx'), Buffer.alloc(0));
    symlinkSync(elsewhere, join(dir, 'fedcba9876543210'));
    pack(dir, 'a', 500, 10);
    expect(trimResultsCache(dir, 1000)).toBe(0);
    expect(existsSync(join(elsewhere, 'x.pack'))).toBe(true);
  });

  it('within the most, removes nothing', () => {
    const dir = tempDir('bgaudit-trim-');
    pack(dir, 'a', 400, 3000);
    expect(trimResultsCache(dir, 1000)).toBe(0);
    expect(statSync(join(dir, SALT, 'a.pack')).size).toBe(400);
  });

  it('a pack whose index is gone goes first', () => {
    const dir = tempDir('bgaudit-trim-');
    pack(dir, 'a', 400, 10);
    pack(dir, 'b', 400, 3000);
    rmSync(join(dir, SALT, 'a.idx'));
    appendFileSync(join(dir, SALT, 'b.idx'), '');
    expect(trimResultsCache(dir, 700)).toBe(1);
    expect(left(dir)).toEqual(['b.pack']);
  });

  it("counts every salt's folder, and removes one left empty", () => {
    const dir = tempDir('bgaudit-trim-');
    pack(dir, 'a', 500, 3000);
    const other = join(dir, 'fedcba9876543210');
    mkdirSync(other);
    writeFileSync(join(other, 'b.pack'), Buffer.alloc(600));
    writeFileSync(join(other, 'b.idx'), Buffer.alloc(0));
    expect(trimResultsCache(dir, 1000)).toBe(1);
    expect(existsSync(join(dir, SALT))).toBe(false);
    expect(files(other, '.pack')).toEqual(['b.pack']);
  });
});
