// A results-cache entry reads back as written, and nothing else reads back at all: a flipped byte
// anywhere, a cut, another key's entry.
import { describe, expect, it } from 'vitest';
import { decodeEntry, encodeEntry } from '../../src/cache/entry.js';

const key = Buffer.alloc(32, 7);
const frames = [
  { index: 1, data: Buffer.from('the second report') },
  { index: 0, data: Buffer.from('the first') },
  { index: 2, data: Buffer.alloc(0) },
];

describe('a results-cache entry', () => {
  const bytes = encodeEntry(key, frames);

  it('reads back its frames, in the order written, with their indexes', () => {
    const back = decodeEntry(bytes, key);
    expect(back?.map((f) => [f.index, Buffer.from(f.data).toString()])).toEqual([
      [1, 'the second report'],
      [0, 'the first'],
      [2, ''],
    ]);
  });

  it('with no frames is an entry too (a file with no report kept)', () => {
    expect(decodeEntry(encodeEntry(key, []), key)).toEqual([]);
  });

  it.each(Array.from({ length: 12 }, (_, k) => Math.floor((k * (encodeEntry(key, frames).length - 1)) / 11)))(
    'with byte %i flipped is not read',
    (at) => {
      const bad = Buffer.from(bytes);
      bad[at] = (bad[at] ?? 0) ^ 0x01;
      expect(decodeEntry(bad, key)).toBeNull();
    },
  );

  it('cut short anywhere is not read', () => {
    for (let n = 0; n < bytes.length; n++) expect(decodeEntry(bytes.subarray(0, n), key)).toBeNull();
  });

  it("under another key is not read: an entry is never another file's", () => {
    expect(decodeEntry(bytes, Buffer.alloc(32, 8))).toBeNull();
  });

  it("written by another version of the entry's layout is not read, whatever its checksum", () => {
    const other = Buffer.from(bytes);
    other[7] = (other[7] ?? 0) + 1; // the magic's version byte
    expect(decodeEntry(other, key)).toBeNull();
  });

  it('with bytes after its end is not read', () => {
    expect(decodeEntry(Buffer.concat([bytes, Buffer.from([0])]), key)).toBeNull();
  });
});
