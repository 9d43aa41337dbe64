// eXtreme Gammon's game file (`temp.xg` in the archive): a sequence of 2,560-byte records, each
// with its type in byte 8 (docs/dialects.md, ".xg"). Only what a match record needs is read: the
// analysis XG stores beside each decision is left. Field offsets follow XG's published layout
// (packed, little-endian); a record's own version-dependent fields are read only when the match
// header's version has them.

const RECORD_BYTES = 2560;

/** The record types, as byte 8 of a record numbers them. */
const TYPE = { match: 0, game: 1, cube: 2, move: 3, gameEnd: 4, matchEnd: 5 } as const;
/** The highest type XG writes (the others are kept for records bgaudit does not read). */
const LAST_TYPE = 7;

export interface XgMatchHeader {
  type: 'match';
  players: [string, string];
  /** 99999: a money session. */
  length: number;
  /** 0 backgammon, 1 nackgammon, 2 hypergammon, 3 longgammon. */
  variation: number;
  crawford: boolean;
  jacoby: boolean;
  beaver: boolean;
  autoDouble: boolean;
  elo: [number, number];
  experience: [number, number];
  /** Days since 30 December 1899 (Delphi's TDateTime); 0 when not set. */
  date: number;
  event: string;
  location: string;
  round: string;
  transcriber: string;
  /** The highest cube as a power of two; 0 when none is set. */
  cubeLimit: number;
  version: number;
}

interface XgGameHeader {
  type: 'game';
  score: [number, number];
  crawford: boolean;
  /** The start position as XG's engine writes it (side 0's checkers positive); all zero when not written. */
  position: number[];
  number: number;
  autoDoubles: number;
}

export interface XgCube {
  type: 'cube';
  /** 1: side 0, -1: side 1. */
  active: number;
  /** 1: doubles; 0: does not; -2 (and others): no cube decision. */
  double: number;
  /** 0 drops, 1 takes, 2 beavers. */
  take: number;
  /** After a beaver: 0 the doubler drops, 1 takes, 2 raccoons. */
  beaverResponse: number;
  /** After a raccoon: 0 drops, 1 takes. */
  raccoonResponse: number;
}

export interface XgMove {
  type: 'move';
  active: number;
  /** From, to pairs in the mover's numbering from 0 (24 the bar; a negative `to` is off); a `from` of -1 ends them. */
  moves: number[];
  dice: [number, number];
  /** False: rolled and not played (the game ended, by a resignation, before the move). */
  played: boolean;
}

export interface XgGameEnd {
  type: 'gameEnd';
  score: [number, number];
  /** 1: side 0 won, -1: side 1. */
  winner: number;
  points: number;
  /** 0 drop, 1 single, 2 gammon, 3 backgammon; +100 resigned, +1000 settled. */
  termination: number;
}

interface XgMatchEnd {
  type: 'matchEnd';
  score: [number, number];
  winner: number;
}

interface XgOther {
  type: 'other';
  code: number;
}

export type XgRecord = XgMatchHeader | XgGameHeader | XgCube | XgMove | XgGameEnd | XgMatchEnd | XgOther;

/** A record that cannot be read, and why (its type is past those XG writes). */
export interface XgUnreadable {
  type: 'unreadable';
  reason: string;
}

/** A Delphi short string (a length byte, then Latin-1 bytes) in a field `width` bytes wide (records and the archive's index). */
export function shortString(b: Uint8Array, at: number, width: number): string {
  const n = Math.min(b[at] ?? 0, width - 1);
  let s = '';
  for (let i = 1; i <= n; i++) s += String.fromCharCode(b[at + i] ?? 0);
  return s;
}

/** A NUL-ended UTF-16 string of at most `chars` characters. */
function wideString(v: DataView, at: number, chars: number): string {
  let s = '';
  for (let i = 0; i < chars; i++) {
    const c = v.getUint16(at + 2 * i, true);
    if (c === 0) break;
    s += String.fromCharCode(c);
  }
  return s;
}

function signedBytes(b: Uint8Array, at: number, n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(((b[at + i] ?? 0) << 24) >> 24);
  return out;
}

function matchHeader(b: Uint8Array, v: DataView): XgMatchHeader {
  const version = v.getInt32(552, true);
  const wide = version >= 24;
  return {
    type: 'match',
    players: wide
      ? [wideString(v, 880, 129), wideString(v, 1138, 129)]
      : [shortString(b, 9, 41), shortString(b, 50, 41)],
    length: v.getInt32(92, true),
    variation: v.getInt32(96, true),
    crawford: b[100] !== 0,
    jacoby: b[101] !== 0,
    beaver: b[102] !== 0,
    autoDouble: b[103] !== 0,
    elo: [v.getFloat64(104, true), v.getFloat64(112, true)],
    experience: [v.getInt32(120, true), v.getInt32(124, true)],
    date: v.getFloat64(128, true),
    event: wide ? wideString(v, 622, 129) : shortString(b, 136, 129),
    location: wide ? wideString(v, 1396, 129) : shortString(b, 283, 129),
    round: wide ? wideString(v, 1654, 129) : shortString(b, 417, 129),
    transcriber: version >= 30 ? wideString(v, 1960, 129) : '',
    cubeLimit: version >= 8 ? v.getInt32(612, true) : 0,
    version,
  };
}

function record(b: Uint8Array, v: DataView, version: number): XgRecord {
  const type = b[8] ?? 0;
  const pair = (at: number): [number, number] => [v.getInt32(at, true), v.getInt32(at + 4, true)];
  switch (type) {
    case TYPE.match:
      return matchHeader(b, v);
    case TYPE.game:
      return {
        type: 'game',
        score: pair(12),
        crawford: b[20] !== 0,
        position: signedBytes(b, 21, 26),
        number: v.getInt32(48, true),
        autoDoubles: version >= 26 ? v.getInt32(64, true) : 0,
      };
    case TYPE.cube:
      return {
        type: 'cube',
        active: v.getInt32(12, true),
        double: v.getInt32(16, true),
        take: v.getInt32(20, true),
        beaverResponse: v.getInt32(24, true),
        raccoonResponse: v.getInt32(28, true),
      };
    case TYPE.move: {
      const moves: number[] = [];
      for (let k = 0; k < 8; k++) moves.push(v.getInt32(68 + 4 * k, true));
      return { type: 'move', active: v.getInt32(64, true), moves, dice: pair(100), played: b[2308] !== 0 };
    }
    case TYPE.gameEnd:
      return {
        type: 'gameEnd',
        score: pair(12),
        winner: v.getInt32(24, true),
        points: v.getInt32(28, true),
        termination: v.getInt32(32, true),
      };
    case TYPE.matchEnd:
      return { type: 'matchEnd', score: pair(12), winner: v.getInt32(20, true) };
    default:
      return { type: 'other', code: type };
  }
}

/**
 * The records of a game file, in order; a record of a type XG never writes, or a file that ends
 * inside a record, is the last item, unreadable.
 */
export function* xgRecords(file: Uint8Array): Generator<XgRecord | XgUnreadable> {
  let version = 0;
  for (let at = 0; at < file.length; at += RECORD_BYTES) {
    if (file.length - at < RECORD_BYTES) {
      yield { type: 'unreadable', reason: `the file ends ${file.length - at} bytes into a record of ${RECORD_BYTES}` };
      return;
    }
    const b = file.subarray(at, at + RECORD_BYTES);
    if ((b[8] ?? 0) > LAST_TYPE) {
      yield { type: 'unreadable', reason: `a record of type ${b[8] ?? 0}, which XG does not write` };
      return;
    }
    const r = record(b, new DataView(b.buffer, b.byteOffset, b.byteLength), version);
    if (r.type === 'match') version = r.version;
    yield r;
  }
}
