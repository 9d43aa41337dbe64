// CRC-32 as zlib makes it: XG's archive checks its files with it, the results cache its index.
import * as zlib from 'node:zlib';

/**
 * zlib's CRC-32 where Node has it (20.15 on; a named import of it would stop bgaudit from loading
 * on an earlier Node 20), else this module's, slower: CRC-32's table, the zlib polynomial
 * reflected.
 */
const nativeCrc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;

const CRC_TABLE = Int32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

/** The CRC-32 of bytes, as zlib makes it (XG's archive, the results cache's index). */
export function crc32(bytes: Uint8Array): number {
  return nativeCrc32 === undefined ? tableCrc32(bytes) : nativeCrc32(bytes);
}

/** The CRC-32 of bytes, by the table (exported for the test that holds it to zlib's). */
export function tableCrc32(bytes: Uint8Array): number {
  let c = -1;
  for (let i = 0; i < bytes.length; i++) c = (CRC_TABLE[(c ^ (bytes[i] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}
