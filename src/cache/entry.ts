// One results-cache entry as bytes: what a file's own audit gave, framed and checksummed. Pure.
//
//   magic (8 bytes) · CRC-32 of everything after it (u32 LE) · the entry's key (32) · frames
//   frame: the report's index among the file's reports (u32 LE) · length (u32 LE) · its bytes
//
// The checksum makes a flipped or cut entry unreadable rather than believed (the cache is the
// user's own: it guards against a disk and a stopped run, not an adversary); the key written
// inside makes an entry found under another key's place unreadable too.
import { crc32 } from '../core/crc32.js';

const MAGIC = Buffer.from('BGAR\0\0\0\x02', 'latin1');
const SUM = 4;
const KEY = 32;
const HEAD = MAGIC.length + SUM + KEY;

/** One report of a file's audit, as the cache keeps it: its index and its serialized bytes. */
export interface Frame {
  index: number;
  data: Uint8Array;
}

export function encodeEntry(key: Uint8Array, frames: readonly Frame[]): Buffer {
  if (key.length !== KEY) throw new Error(`internal error: a results-cache key of ${key.length} bytes`);
  let size = HEAD;
  for (const f of frames) size += 8 + f.data.length;
  const out = Buffer.allocUnsafe(size);
  MAGIC.copy(out, 0);
  out.set(key, MAGIC.length + SUM);
  let at = HEAD;
  for (const f of frames) {
    out.writeUInt32LE(f.index, at);
    out.writeUInt32LE(f.data.length, at + 4);
    out.set(f.data, at + 8);
    at += 8 + f.data.length;
  }
  out.writeUInt32LE(crc32(out.subarray(MAGIC.length + SUM)), MAGIC.length);
  return out;
}

/** The frames of an entry read back; null when it is not a whole entry of this `key`. */
export function decodeEntry(bytes: Uint8Array, key: Uint8Array): Frame[] | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length < HEAD || !b.subarray(0, MAGIC.length).equals(MAGIC)) return null;
  if (!b.subarray(MAGIC.length + SUM, HEAD).equals(key)) return null;
  if (crc32(b.subarray(MAGIC.length + SUM)) !== b.readUInt32LE(MAGIC.length)) return null;
  const frames: Frame[] = [];
  for (let at = HEAD; at < b.length;) {
    if (at + 8 > b.length) return null;
    const index = b.readUInt32LE(at);
    const length = b.readUInt32LE(at + 4);
    if (at + 8 + length > b.length) return null;
    frames.push({ index, data: b.subarray(at + 8, at + 8 + length) });
    at += 8 + length;
  }
  return frames;
}
