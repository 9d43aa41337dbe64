// GNU Backgammon's Position ID and Match ID, and eXtreme Gammon's XGID, of a position.
//
// Position ID: 80 bits, for the player NOT on roll then the player on roll, points 1..24 and the
// bar in that player's own numbering, each checker a 1 bit and each point closed by a 0 bit,
// least significant bit first, base64 without padding (14 characters). The order was checked
// against gnubg 1.07 itself (fixtures/gnubg/, bench/gnubg/README.md).
// Match ID: 67 bits of fields, least significant first, base64 (12 characters). Bit 66 is not
// in gnubg's manual: its 1.07 writes it as 1 whenever the Jacoby rule is not in force (matches,
// money without Jacoby) and 0 in money sessions with Jacoby (seen in every ID of fixtures/gnubg).
import type { Side } from '../core/model.js';
import { BAR, type Position, other } from './board.js';
import { byteAt, itemAt } from '../core/at.js';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The base64 digits as character codes. */
const B64_CODES = Array.from(B64, (c) => c.charCodeAt(0));

/**
 * Standard base64 without padding, of a 9- or 10-byte key (Match ID, Position ID), as one flat
 * string: every game's report makes two of these.
 */
function base64(bytes: Uint8Array): string {
  const c = B64_CODES;
  const n0 = (itemAt(bytes, 0) << 16) | (itemAt(bytes, 1) << 8) | itemAt(bytes, 2);
  const n1 = (itemAt(bytes, 3) << 16) | (itemAt(bytes, 4) << 8) | itemAt(bytes, 5);
  const n2 = (itemAt(bytes, 6) << 16) | (itemAt(bytes, 7) << 8) | itemAt(bytes, 8);
  const head = String.fromCharCode(
    itemAt(c, n0 >> 18),
    itemAt(c, (n0 >> 12) & 63),
    itemAt(c, (n0 >> 6) & 63),
    itemAt(c, n0 & 63),
    itemAt(c, n1 >> 18),
    itemAt(c, (n1 >> 12) & 63),
    itemAt(c, (n1 >> 6) & 63),
    itemAt(c, n1 & 63),
    itemAt(c, n2 >> 18),
    itemAt(c, (n2 >> 12) & 63),
    itemAt(c, (n2 >> 6) & 63),
    itemAt(c, n2 & 63),
  );
  if (bytes.length === 9) return head;
  // 10 bytes: one byte left, two digits
  const n3 = itemAt(bytes, 9) << 16;
  return head + String.fromCharCode(itemAt(c, n3 >> 18), itemAt(c, (n3 >> 12) & 63));
}

function unbase64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'base64'));
}

export function positionId(pos: Position, onRoll: Side): string {
  const key = new Uint8Array(10); // the Position ID's 80 bits
  let bit = 0;
  for (let half = 0; half < 2; half++) {
    const a = pos.sides[half === 0 ? other(onRoll) : onRoll];
    for (let p = 1; p <= BAR; p++) {
      for (let c = 0; c < byteAt(a, p); c++, bit++) key[bit >> 3] = byteAt(key, bit >> 3) | (1 << (bit & 7));
      bit++;
    }
  }
  return base64(key);
}

/** Position ID → the two halves (not on roll, on roll), each [points 1..24, bar] as 25 counts. */
export function decodePositionId(id: string): [number[], number[]] {
  const key = unbase64(id);
  const halves: [number[], number[]] = [new Array<number>(25).fill(0), new Array<number>(25).fill(0)];
  let half = 0;
  let point = 0;
  for (let bit = 0; bit < 80 && half < 2; bit++) {
    if (byteAt(key, bit >> 3) & (1 << (bit & 7))) {
      const counts = itemAt(halves, half);
      counts[point] = itemAt(counts, point) + 1;
    } else if (++point === 25) {
      point = 0;
      half++;
    }
  }
  return halves;
}

/** gnubg's game states. */
export const GAME_STATE = { none: 0, playing: 1, over: 2, resigned: 3, dropped: 4 } as const;

export interface MatchIdState {
  cubeValue: number;
  /** -1 centred. */
  cubeOwner: Side | -1;
  /** The player holding the dice (on roll). */
  onRoll: Side;
  crawford: boolean;
  gameState: number;
  /** The player who must act now (answer a double, accept a resignation, roll). */
  turn: Side;
  doubled: boolean;
  /** 0 none, 1 single, 2 gammon, 3 backgammon. */
  resigned: number;
  dice: [number, number];
  length: number;
  score: [number, number];
  jacoby: boolean;
}

const MATCH_FIELDS: [string, number][] = [
  ['cubeValue', 4],
  ['cubeOwner', 2],
  ['onRoll', 1],
  ['crawford', 1],
  ['gameState', 3],
  ['turn', 1],
  ['doubled', 1],
  ['resigned', 2],
  ['die0', 3],
  ['die1', 3],
  ['length', 15],
  ['score0', 15],
  ['score1', 15],
  ['jacoby', 1],
];

/** log2 of a cube a Match ID can hold (1, 2, 4 … 2^15), else -1. */
function cubeLog2(value: number): number {
  const log2 = Math.log2(value);
  return Number.isInteger(log2) && log2 >= 0 && log2 < 16 ? log2 : -1;
}

/** A whole number within `width` bits. */
function fitsBits(v: number, width: number): boolean {
  return Number.isInteger(v) && v >= 0 && v < 2 ** width;
}

/**
 * Whether the Match ID can hold `m`: a cube a power of two up to 2^15, each other field a whole
 * number within its bits (a length or score up to 32767). `matchId` refuses what it cannot: no ID
 * is built from a field cut to its bits.
 */
export function matchIdFits(m: MatchIdState): boolean {
  return (
    cubeLog2(m.cubeValue) >= 0 &&
    fitsBits(m.cubeOwner === -1 ? 3 : m.cubeOwner, 2) &&
    fitsBits(m.onRoll, 1) &&
    fitsBits(m.gameState, 3) &&
    fitsBits(m.turn, 1) &&
    fitsBits(m.resigned, 2) &&
    fitsBits(m.dice[0], 3) &&
    fitsBits(m.dice[1], 3) &&
    fitsBits(m.length, 15) &&
    fitsBits(m.score[0], 15) &&
    fitsBits(m.score[1], 15)
  );
}

/** The Match ID of `m`, or null when it cannot hold `m` (matchIdFits). */
export function matchIdOrNull(m: MatchIdState): string | null {
  if (!matchIdFits(m)) return null;
  const cube = cubeLog2(m.cubeValue);
  const owner = m.cubeOwner === -1 ? 3 : m.cubeOwner;
  // The fields of MATCH_FIELDS packed from bit 0: bits 0-20 (cube … dice), length 21-35,
  // scores 36-50 and 51-65, Jacoby 66; as three words of bits 0-31, 32-63, 64-71.
  const low =
    cube |
    (owner << 4) |
    (m.onRoll << 6) |
    ((m.crawford ? 1 : 0) << 7) |
    (m.gameState << 8) |
    (m.turn << 11) |
    ((m.doubled ? 1 : 0) << 12) |
    (m.resigned << 13) |
    (m.dice[0] << 15) |
    (m.dice[1] << 18) |
    (m.length << 21);
  const high = (m.length >>> 11) | (m.score[0] << 4) | (m.score[1] << 19);
  const top = (m.score[1] >>> 13) | ((m.jacoby ? 0 : 1) << 2);
  const key = new Uint8Array(9); // the Match ID's 72 bits (67 used)
  key[0] = low;
  key[1] = low >>> 8;
  key[2] = low >>> 16;
  key[3] = low >>> 24;
  key[4] = high;
  key[5] = high >>> 8;
  key[6] = high >>> 16;
  key[7] = high >>> 24;
  key[8] = top;
  return base64(key);
}

export function matchId(m: MatchIdState): string {
  const id = matchIdOrNull(m);
  if (id === null)
    throw new RangeError(
      `a Match ID cannot hold this state (length ${m.length}, score ${m.score.join('-')}, cube ${m.cubeValue})`,
    );
  return id;
}

export function decodeMatchId(id: string): MatchIdState {
  const key = unbase64(id);
  let bit = 0;
  const v = MATCH_FIELDS.map(([, width]) => {
    let x = 0;
    for (let b = 0; b < width; b++, bit++) if (itemAt(key, bit >> 3) & (1 << (bit & 7))) x |= 1 << b;
    return x;
  });
  return {
    cubeValue: 1 << itemAt(v, 0),
    cubeOwner: v[1] === 3 ? -1 : (v[1] as Side),
    onRoll: v[2] as Side,
    crawford: v[3] === 1,
    gameState: itemAt(v, 4),
    turn: v[5] as Side,
    doubled: v[6] === 1,
    resigned: itemAt(v, 7),
    dice: [itemAt(v, 8), itemAt(v, 9)],
    length: itemAt(v, 10),
    score: [itemAt(v, 11), itemAt(v, 12)],
    jacoby: v[13] === 0,
  };
}

export interface XgidState {
  cubeValue: number;
  cubeOwner: Side | -1;
  /** The player to act. */
  turn: Side;
  dice: [number, number] | null;
  doubled: boolean;
  score: [number, number];
  /** Match play: the Crawford game. */
  crawford: boolean;
  /** Money (length 0): the session's rules, in the field match play gives to Crawford (1 Jacoby, 2 beavers, 3 both). */
  jacoby: boolean;
  beavers: boolean;
  length: number;
  /** log2 of the cube limit (10 = 1024); raised to the cube's own when the cube is larger. */
  maxCubeLog2: number;
}

/**
 * XGID. XG's bottom player (upper-case letters, points 1..24 in its own numbering, turn 1,
 * first score) is gnubg's player 1, so our side 1: GNU Backgammon's `set xgid` reads an XGID
 * written this way back to the same Position ID and Match ID (checked on 81 positions, see
 * bench/gnubg/README.md). Character 0 is the top player's bar, 25 the bottom player's.
 */
const UPPER = '-ABCDEFGHIJKLMNOP';
const LOWER = '-abcdefghijklmnop';
const UPPER_CODES = Array.from(UPPER, (c) => c.charCodeAt(0));
const LOWER_CODES = Array.from(LOWER, (c) => c.charCodeAt(0));

/** The board's 26 characters; undefined where a count is past a letter (more than 16 checkers on a point). */
function boardOf(bottom: Uint8Array, top: Uint8Array): string {
  const codes = new Array<number | undefined>(26).fill(0);
  codes[0] = LOWER_CODES[byteAt(top, BAR)];
  for (let p = 1; p <= 24; p++)
    codes[p] = byteAt(bottom, p) > 0 ? UPPER_CODES[byteAt(bottom, p)] : LOWER_CODES[byteAt(top, 25 - p)];
  codes[25] = UPPER_CODES[byteAt(bottom, BAR)];
  const letters = codes.filter((code) => code !== undefined);
  if (letters.length < codes.length) return boardAsText(bottom, top);
  return String.fromCharCode.apply(null, letters);
}

/** The same, a character at a time: a count past a letter writes "undefined", as it always has. */
function boardAsText(bottom: Uint8Array, top: Uint8Array): string {
  let board = String(LOWER[byteAt(top, BAR)]);
  for (let p = 1; p <= 24; p++)
    board += String(byteAt(bottom, p) > 0 ? UPPER[byteAt(bottom, p)] : LOWER[byteAt(top, 25 - p)]);
  return board + String(UPPER[byteAt(bottom, BAR)]);
}

function sign(s: Side | -1): number {
  return s === -1 ? 0 : s === 1 ? 1 : -1;
}

export function xgid(pos: Position, x: XgidState): string {
  const board = boardOf(pos.sides[1], pos.sides[0]);
  const dice = x.doubled ? 'D' : x.dice ? `${x.dice[0]}${x.dice[1]}` : '00';
  const cubeLog2 = Math.round(Math.log2(x.cubeValue));
  // One field for two things, as XG writes it and GNU Backgammon's `set xgid` reads it: the
  // Crawford game in match play, the Jacoby rule (1) and beavers (2) in a money session.
  const rules = x.length === 0 ? (x.jacoby ? 1 : 0) + (x.beavers ? 2 : 0) : x.crawford ? 1 : 0;
  return `XGID=${board}:${cubeLog2}:${sign(x.cubeOwner)}:${sign(x.turn)}:${dice}:${x.score[1]}:${x.score[0]}:${rules}:${x.length}:${Math.max(x.maxCubeLog2, cubeLog2)}`;
}
