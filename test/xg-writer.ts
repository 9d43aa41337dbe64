// Unpacks and repacks eXtreme Gammon .xg files, so that tests can write what a real file does
// not hold: a result, a score or a roll changed, records reordered, an archive that lies. The
// container is the one src/import/xg/archive.ts reads (docs/dialects.md, ".xg"): the "RGMH"
// game-data header with its thumbnail, then the archive's data (each entry zlib-deflated, one
// after another), its index (532 bytes an entry) and the 36-byte archive record at the end. The
// writer keeps the header's bytes as they are and writes every entry again: deflated with
// node:zlib, in order from the data's start, under an uncompressed index whose sizes, offsets and
// CRCs are those of the bytes written, and an archive record whose CRC covers data and index.
import { crc32, deflateSync, inflateSync } from 'node:zlib';

const ARCHIVE_RECORD_BYTES = 36;
const INDEX_ENTRY_BYTES = 532;
/** The game file's name in the archive. */
export const GAME_FILE = 'temp.xg';
/** One record of the game file. */
export const RECORD_BYTES = 2560;

/** The record types, as byte 8 of a record numbers them (src/import/xg/records.ts). */
export const RECORD_TYPE = { match: 0, game: 1, cube: 2, move: 3, gameEnd: 4, matchEnd: 5 } as const;

/** An index entry's fields past the names, as the index writes them. */
export interface IndexFields {
  /** Inflated size (@512). */
  size: number;
  /** Stored (compressed) size (@516). */
  storedSize: number;
  /** Start of the stored bytes, from the archive data's start (@520). */
  start: number;
  /** CRC-32 of the inflated bytes (@524). */
  crc: number;
  /** Byte @528: 0 when the entry is compressed. */
  stored: number;
}

/** One file of the archive: its name, its inflated bytes and the rest of its index entry. */
export interface XgEntry {
  name: string;
  /** The index's second short string (XG leaves it empty). */
  path: string;
  /** The entry's bytes, inflated. */
  data: Uint8Array;
  /** The zlib level the index names (byte 529); the entry is deflated at it when it is 0 to 9. */
  level: number;
  /** What the read file's index said (for inspection: packing writes the bytes' own values). */
  read?: IndexFields;
  /** Packing: index fields to write instead of the true ones (an index that lies; the archive's CRC is still right). */
  claim?: Partial<IndexFields>;
  /** Packing: bytes to store as the entry's compressed data instead of deflating `data` (a zip bomb made once). */
  deflated?: Uint8Array;
}

export interface XgFile {
  /** Everything before the archive's data: the game-data header and its thumbnail. */
  header: Uint8Array;
  /** The archive record's version field. */
  version: number;
  entries: XgEntry[];
}

/** A Delphi short string (a length byte, then Latin-1 bytes) in a field of `width` bytes. */
function readShortString(bytes: Uint8Array, at: number, width: number): string {
  const n = Math.min(bytes[at] ?? 0, width - 1);
  let s = '';
  for (let i = 1; i <= n; i++) s += String.fromCharCode(bytes[at + i] ?? 0);
  return s;
}

function writeShortString(bytes: Uint8Array, at: number, width: number, s: string): void {
  if (s.length > width - 1) throw new Error(`"${s}" does not fit a ${width}-byte short string`);
  bytes[at] = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 0xff) throw new Error(`"${s}" is not Latin-1`);
    bytes[at + 1 + i] = c;
  }
}

const viewOf = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);

/** An XG file's bytes → its header bytes and its archive's entries, inflated (copies: editing them leaves `bytes` as it is). */
export function unpackXg(bytes: Uint8Array): XgFile {
  const view = viewOf(bytes);
  const end = bytes.length - ARCHIVE_RECORD_BYTES;
  if (end < 0) throw new Error('not an XG file: shorter than its archive record');
  const count = view.getInt32(end + 4, true);
  const version = view.getInt32(end + 8, true);
  const indexSize = view.getInt32(end + 12, true);
  const dataSize = view.getInt32(end + 16, true);
  const indexCompressed = view.getInt32(end + 20, true) !== 0;
  const indexStart = end - indexSize;
  const dataStart = indexStart - dataSize;
  if (count < 0 || indexSize < 0 || dataSize < 0 || dataStart < 0) throw new Error('not an XG file: a damaged archive');
  const rawIndex = bytes.subarray(indexStart, end);
  const index = indexCompressed ? inflateSync(rawIndex) : rawIndex;
  const at = viewOf(index);
  const entries: XgEntry[] = [];
  for (let k = 0; k < count; k++) {
    const o = k * INDEX_ENTRY_BYTES;
    const read: IndexFields = {
      size: at.getInt32(o + 512, true),
      storedSize: at.getInt32(o + 516, true),
      start: at.getInt32(o + 520, true),
      crc: at.getUint32(o + 524, true),
      stored: index[o + 528] ?? 0,
    };
    const stored = bytes.subarray(dataStart + read.start, dataStart + read.start + read.storedSize);
    entries.push({
      name: readShortString(index, o, 256),
      path: readShortString(index, o + 256, 256),
      data: Uint8Array.from(read.stored === 0 ? inflateSync(stored) : stored),
      level: index[o + 529] ?? 0,
      read,
    });
  }
  return { header: Uint8Array.from(bytes.subarray(0, dataStart)), version, entries };
}

export interface PackOptions {
  /**
   * The index as the archive stores it: `undefined` uncompressed (flag 0); `'deflate'` deflated
   * (flag 1, as XG writes it); bytes: written as they are, flagged compressed (an index bomb).
   */
  index?: 'deflate' | Uint8Array;
}

/** Header and entries → an XG file: every entry deflated in order, the index, the archive record with its CRC right. */
export function packXg(file: XgFile, options: PackOptions = {}): Uint8Array {
  const stored = file.entries.map(
    (e) => e.deflated ?? deflateSync(e.data, e.level >= 0 && e.level <= 9 ? { level: e.level } : {}),
  );
  const dataSize = stored.reduce((n, s) => n + s.length, 0);
  const plainIndex = new Uint8Array(file.entries.length * INDEX_ENTRY_BYTES);
  const iv = viewOf(plainIndex);
  let start = 0;
  file.entries.forEach((e, k) => {
    const o = k * INDEX_ENTRY_BYTES;
    const s = stored[k] as Uint8Array;
    const fields: IndexFields = {
      size: e.data.length,
      storedSize: s.length,
      start,
      crc: crc32(e.data),
      stored: 0,
      ...e.claim,
    };
    writeShortString(plainIndex, o, 256, e.name);
    writeShortString(plainIndex, o + 256, 256, e.path);
    iv.setInt32(o + 512, fields.size, true);
    iv.setInt32(o + 516, fields.storedSize, true);
    iv.setInt32(o + 520, fields.start, true);
    iv.setUint32(o + 524, fields.crc >>> 0, true);
    plainIndex[o + 528] = fields.stored;
    plainIndex[o + 529] = e.level;
    start += s.length;
  });
  const index =
    options.index === undefined ? plainIndex : options.index === 'deflate' ? deflateSync(plainIndex) : options.index;
  const out = new Uint8Array(file.header.length + dataSize + index.length + ARCHIVE_RECORD_BYTES);
  out.set(file.header, 0);
  let at = file.header.length;
  for (const s of stored) {
    out.set(s, at);
    at += s.length;
  }
  out.set(index, at);
  at += index.length;
  const view = viewOf(out);
  view.setUint32(at, crc32(out.subarray(file.header.length, at)), true);
  view.setInt32(at + 4, file.entries.length, true);
  view.setInt32(at + 8, file.version, true);
  view.setInt32(at + 12, index.length, true);
  view.setInt32(at + 16, dataSize, true);
  view.setInt32(at + 20, options.index === undefined ? 0 : 1, true);
  // 12 reserved bytes stay zero.
  return out;
}

/** The archive record's int32 fields, by their offset in it (@0 is the CRC, unsigned). */
export const ARCHIVE_FIELD = {
  crc: 0,
  count: 4,
  version: 8,
  indexSize: 12,
  dataSize: 16,
  indexCompressed: 20,
} as const;

/** A copy of an XG file with one field of its archive record (the last 36 bytes) set. */
export function withArchiveField(xg: Uint8Array, field: keyof typeof ARCHIVE_FIELD, value: number): Uint8Array {
  const out = Uint8Array.from(xg);
  const at = out.length - ARCHIVE_RECORD_BYTES + ARCHIVE_FIELD[field];
  if (field === 'crc') viewOf(out).setUint32(at, value >>> 0, true);
  else viewOf(out).setInt32(at, value, true);
  return out;
}

/** The archive's game file entry (temp.xg). */
export function gameEntry(file: XgFile): XgEntry {
  const entry = file.entries.find((e) => e.name === GAME_FILE);
  if (entry === undefined) throw new Error(`no ${GAME_FILE} in the archive`);
  return entry;
}

/** A game file's bytes → its records (copies), 2,560 bytes each. */
export function splitRecords(gameFile: Uint8Array): Uint8Array[] {
  if (gameFile.length % RECORD_BYTES !== 0) throw new Error(`the game file is not whole records (${gameFile.length})`);
  const out: Uint8Array[] = [];
  for (let at = 0; at < gameFile.length; at += RECORD_BYTES) out.push(gameFile.slice(at, at + RECORD_BYTES));
  return out;
}

/** Records → a game file's bytes (records of any length are written as they are). */
export function joinRecords(records: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(records.reduce((n, r) => n + r.length, 0));
  let at = 0;
  for (const r of records) {
    out.set(r, at);
    at += r.length;
  }
  return out;
}

/** The records of an XG file's game file (copies). */
export function gameRecords(xg: Uint8Array): Uint8Array[] {
  return splitRecords(gameEntry(unpackXg(xg)).data);
}

/** An XG file with its game file's bytes replaced by what `edit` makes of them (a copy to change), repacked. */
function editGameBytes(xg: Uint8Array, edit: (gameFile: Uint8Array) => Uint8Array): Uint8Array {
  const file = unpackXg(xg);
  const entry = gameEntry(file);
  entry.data = edit(Uint8Array.from(entry.data));
  return packXg(file);
}

/** An XG file with its game file's records edited, reordered, added or removed by `edit` (given copies), repacked. */
export function editGameFile(xg: Uint8Array, edit: (records: Uint8Array[]) => Uint8Array[]): Uint8Array {
  return editGameBytes(xg, (data) => joinRecords(edit(splitRecords(data))));
}

// Fields of one record (offsets as src/import/xg/records.ts reads them; int32, little-endian).

export function recordType(record: Uint8Array): number {
  return record[8] ?? -1;
}

export function setRecordType(record: Uint8Array, type: number): void {
  record[8] = type;
}

export function getInt32(record: Uint8Array, at: number): number {
  return viewOf(record).getInt32(at, true);
}

export function setInt32(record: Uint8Array, at: number, value: number): void {
  viewOf(record).setInt32(at, value, true);
}

function checkType(record: Uint8Array, type: number, what: string): void {
  if (recordType(record) !== type) throw new Error(`not a ${what} record (type ${recordType(record)})`);
}

/** A game header's start score, side 0 then side 1 (@12, @16). */
export function setStartScore(record: Uint8Array, score: readonly [number, number]): void {
  checkType(record, RECORD_TYPE.game, 'game header');
  setInt32(record, 12, score[0]);
  setInt32(record, 16, score[1]);
}

export function startScoreOf(record: Uint8Array): [number, number] {
  checkType(record, RECORD_TYPE.game, 'game header');
  return [getInt32(record, 12), getInt32(record, 16)];
}

export interface GameEndFields {
  /** 1: side 0 won, -1: side 1. */
  winner: number;
  points: number;
  /** 0 drop, 1 single, 2 gammon, 3 backgammon; +100 resigned, +1000 settled. */
  termination: number;
}

/** A game footer's winner (@24), points (@28) and termination (@32): the fields given. */
export function setGameEnd(record: Uint8Array, fields: Partial<GameEndFields>): void {
  checkType(record, RECORD_TYPE.gameEnd, 'game footer');
  if (fields.winner !== undefined) setInt32(record, 24, fields.winner);
  if (fields.points !== undefined) setInt32(record, 28, fields.points);
  if (fields.termination !== undefined) setInt32(record, 32, fields.termination);
}

export function gameEndOf(record: Uint8Array): GameEndFields {
  checkType(record, RECORD_TYPE.gameEnd, 'game footer');
  return { winner: getInt32(record, 24), points: getInt32(record, 28), termination: getInt32(record, 32) };
}

/** A move record's dice (@100, @104). */
export function setDice(record: Uint8Array, dice: readonly [number, number]): void {
  checkType(record, RECORD_TYPE.move, 'move');
  setInt32(record, 100, dice[0]);
  setInt32(record, 104, dice[1]);
}

export function diceOf(record: Uint8Array): [number, number] {
  checkType(record, RECORD_TYPE.move, 'move');
  return [getInt32(record, 100), getInt32(record, 104)];
}

/** A move record's checker moves (@68): up to four from, to pairs in the mover's numbering from 0 (24 the bar, a negative `to` off); the rest -1. */
export function setMoves(record: Uint8Array, moves: readonly number[]): void {
  checkType(record, RECORD_TYPE.move, 'move');
  if (moves.length > 8) throw new Error('at most four from, to pairs');
  for (let k = 0; k < 8; k++) setInt32(record, 68 + 4 * k, moves[k] ?? -1);
}

export function movesOf(record: Uint8Array): number[] {
  checkType(record, RECORD_TYPE.move, 'move');
  return Array.from({ length: 8 }, (_, k) => getInt32(record, 68 + 4 * k));
}

/** A cube record's double (@16: 1 doubles, 0 does not, -2 no decision) and take (@20: 0 drops, 1 takes, 2 beavers). */
export function setCube(record: Uint8Array, fields: { double?: number; take?: number }): void {
  checkType(record, RECORD_TYPE.cube, 'cube');
  if (fields.double !== undefined) setInt32(record, 16, fields.double);
  if (fields.take !== undefined) setInt32(record, 20, fields.take);
}

export function cubeOf(record: Uint8Array): { double: number; take: number } {
  checkType(record, RECORD_TYPE.cube, 'cube');
  return { double: getInt32(record, 16), take: getInt32(record, 20) };
}
