// eXtreme Gammon's file container (docs/dialects.md, ".xg"): a "RGMH" game-data header (with a
// thumbnail), then a zlib archive whose index sits at the file's end. The archive holds the game
// file (`temp.xg`, the match as fixed-size records), the comments, the rollouts and the game
// info; bgaudit takes the game file only. Every size and offset in it is the file's to claim and
// is checked before it is used: a damaged file is a reason, never a read past the bytes given or
// an allocation the limit does not bound.
import { constants } from 'node:buffer';
import * as zlib from 'node:zlib';
import { shortString } from './records.js';
import { crc32 } from '../../core/crc32.js';

/** The first bytes of every XG file ("RGMH", the header's magic number written little-endian). */
const MAGIC = [0x52, 0x47, 0x4d, 0x48];
/** The game-data header's fixed part: magic, version, header size, thumbnail offset and size, GUID, four 1024-character strings. */
const GDF_HEADER_BYTES = 8232;
/** The archive record at the file's end. */
const ARCHIVE_RECORD_BYTES = 36;
/** One entry of the archive's index. */
const INDEX_ENTRY_BYTES = 532;
/** The game file's name in the archive. */
const GAME_FILE = 'temp.xg';

/** Whether bytes start as an XG file (a match, `.xg`, or a position, `.xgp`: the same container). */
export function isXgContainer(head: Uint8Array): boolean {
  return MAGIC.every((b, i) => head[i] === b);
}

/** Why an XG file cannot be read: said in the report's parse error. */
export class XgDamaged extends Error {}

interface IndexEntry {
  name: string;
  /** Size once inflated (the file's claim, checked against the limit; the checksum vouches for the bytes). */
  size: number;
  storedSize: number;
  start: number;
  crc: number;
  compressed: boolean;
}

/** zlib data inflated, at most `limit` bytes of it. */
function inflated(data: Uint8Array, limit: number, what: string, whose = ' (--max-file-size)'): Uint8Array {
  try {
    // A limit past the largest buffer Node makes (4 GiB) is that largest buffer.
    return zlib.inflateSync(data, { maxOutputLength: Math.max(1, Math.min(limit, constants.MAX_LENGTH)) });
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new XgDamaged(`its ${what} inflates to more than the ${limit}-byte limit${whose}`);
    throw new XgDamaged(`its ${what} is not valid compressed data (${(e as Error).message})`);
  }
}

function indexOf(bytes: Uint8Array, view: DataView, limit: number): { entries: IndexEntry[]; dataStart: number } {
  const end = bytes.length - ARCHIVE_RECORD_BYTES;
  const crc = view.getUint32(end, true);
  const count = view.getInt32(end + 4, true);
  const indexSize = view.getInt32(end + 12, true);
  const dataSize = view.getInt32(end + 16, true);
  const indexCompressed = view.getInt32(end + 20, true) !== 0;
  const indexStart = end - indexSize;
  const dataStart = indexStart - dataSize;
  if (count < 0 || count > 1000 || indexSize < 0 || dataSize < 0 || dataStart < 0)
    throw new XgDamaged("its archive's index is not where the archive record says (the file is cut short or damaged)");
  if (crc32(bytes.subarray(dataStart, end)) !== crc)
    throw new XgDamaged('its archive fails its checksum (the file is damaged)');
  const raw = bytes.subarray(indexStart, end);
  const most = Math.min(limit, count * INDEX_ENTRY_BYTES);
  const index = indexCompressed
    ? inflated(raw, most, 'archive index', most < limit ? ` of its ${count} entries` : undefined)
    : raw;
  if (index.length < count * INDEX_ENTRY_BYTES) throw new XgDamaged("its archive's index is cut short");
  const at = new DataView(index.buffer, index.byteOffset, index.byteLength);
  const entries: IndexEntry[] = [];
  for (let k = 0; k < count; k++) {
    const o = k * INDEX_ENTRY_BYTES;
    entries.push({
      name: shortString(index, o, 256),
      size: at.getInt32(o + 512, true),
      storedSize: at.getInt32(o + 516, true),
      start: at.getInt32(o + 520, true),
      crc: at.getUint32(o + 524, true),
      compressed: index[o + 528] === 0,
    });
  }
  return { entries, dataStart };
}

/**
 * The game file of an XG file's bytes, inflated to at most `limit` bytes; XgDamaged says why it
 * cannot be had.
 */
export function xgGameFile(bytes: Uint8Array, limit: number): Uint8Array {
  if (bytes.length < GDF_HEADER_BYTES + ARCHIVE_RECORD_BYTES)
    throw new XgDamaged('the file is shorter than its headers');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getInt32(4, true) !== 1) throw new XgDamaged(`its header is of version ${view.getInt32(4, true)}, not 1`);
  const { entries, dataStart } = indexOf(bytes, view, limit);
  const entry = entries.find((e) => e.name === GAME_FILE);
  if (entry === undefined)
    throw new XgDamaged(
      entries.length > 0 && !entries.some((e) => e.name.endsWith('.xg'))
        ? 'it holds no match (an .xgp position file, not a match)'
        : 'it holds no game file (temp.xg)',
    );
  if (entry.size > limit)
    throw new XgDamaged(
      `its game file is ${entry.size} bytes once inflated, more than the ${limit}-byte limit (--max-file-size)`,
    );
  const from = dataStart + entry.start;
  const indexStart =
    bytes.length - ARCHIVE_RECORD_BYTES - view.getInt32(bytes.length - ARCHIVE_RECORD_BYTES + 12, true);
  if (entry.start < 0 || entry.storedSize < 0 || from + entry.storedSize > indexStart)
    throw new XgDamaged('its game file lies outside the archive');
  const stored = bytes.subarray(from, from + entry.storedSize);
  const file = entry.compressed ? inflated(stored, limit, 'game file') : stored;
  if (crc32(file) !== entry.crc) throw new XgDamaged('its game file fails its checksum (the file is damaged)');
  return file;
}
