// GNU Backgammon's Position ID and Match ID, and eXtreme Gammon's XGID, of a position.
//
// Position ID: 80 bits, for the player NOT on roll then the player on roll, points 1..24 and the
// bar in that player's own numbering, each checker a 1 bit and each point closed by a 0 bit,
// least significant bit first, base64 without padding (14 characters). The order was checked
// against gnubg 1.07 itself (fixtures/gnubg/, bench/gnubg/README.md).
// Match ID: 67 bits of fields, least significant first, base64 (12 characters). Bit 66 is not
// in gnubg's manual: its 1.07 writes it as 1 whenever the Jacoby rule is not in force (matches,
// money without Jacoby) and 0 in money sessions with Jacoby (seen in every ID of fixtures/gnubg).
import type { Side } from './model.js';
import { BAR, type Position } from './engine/board.js';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 without padding; by hand, as every game's report makes two of these. */
function base64(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += B64[n >> 18] + B64[(n >> 12) & 63] + B64[(n >> 6) & 63] + B64[n & 63];
  }
  if (i < bytes.length) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8);
    out += B64[n >> 18] + B64[(n >> 12) & 63];
    if (i + 1 < bytes.length) out += B64[(n >> 6) & 63];
  }
  return out;
}

function unbase64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'base64'));
}

export function positionId(pos: Position, onRoll: Side): string {
  const key = new Uint8Array(10); // 80 bits
  let bit = 0;
  for (let half = 0; half < 2; half++) {
    const a = pos.sides[half === 0 ? 1 - onRoll : onRoll];
    for (let p = 1; p <= BAR; p++) {
      for (let c = 0; c < a[p]; c++, bit++) key[bit >> 3] |= 1 << (bit & 7);
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
    if (key[bit >> 3] & (1 << (bit & 7))) halves[half][point]++;
    else if (++point === 25) {
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

function fieldValues(m: MatchIdState): number[] {
  return [
    Math.round(Math.log2(m.cubeValue)),
    m.cubeOwner === -1 ? 3 : m.cubeOwner,
    m.onRoll,
    m.crawford ? 1 : 0,
    m.gameState,
    m.turn,
    m.doubled ? 1 : 0,
    m.resigned,
    m.dice[0],
    m.dice[1],
    m.length,
    m.score[0],
    m.score[1],
    m.jacoby ? 0 : 1,
  ];
}

const MATCH_WIDTHS = MATCH_FIELDS.map(([, width]) => width);

/** Each field a whole number within its bits: a cube a power of 2 up to 2^15, a length or score up to 32767. */
function fits(values: number[]): boolean {
  for (let k = 0; k < MATCH_WIDTHS.length; k++) {
    const v = values[k];
    if (!Number.isInteger(v) || v < 0 || v >= 2 ** MATCH_WIDTHS[k]) return false;
  }
  return true;
}

/** Whether the Match ID can hold `m` (`matchId` refuses what it cannot: no ID is built from a field cut to its bits). */
export function matchIdFits(m: MatchIdState): boolean {
  return holds(m, fieldValues(m));
}

/** The cube is a power of two and every field fits its bits. */
function holds(m: MatchIdState, values: number[]): boolean {
  return Number.isInteger(Math.log2(m.cubeValue)) && fits(values);
}

export function matchId(m: MatchIdState): string {
  const key = new Uint8Array(9); // 66 bits
  const values = fieldValues(m);
  if (!holds(m, values))
    throw new RangeError(
      `a Match ID cannot hold this state (length ${m.length}, score ${m.score.join('-')}, cube ${m.cubeValue})`,
    );
  let bit = 0;
  for (let k = 0; k < MATCH_WIDTHS.length; k++) {
    const width = MATCH_WIDTHS[k];
    const v = values[k];
    for (let b = 0; b < width; b++, bit++) if (v & (1 << b)) key[bit >> 3] |= 1 << (bit & 7);
  }
  return base64(key);
}

export function decodeMatchId(id: string): MatchIdState {
  const key = unbase64(id);
  let bit = 0;
  const v = MATCH_FIELDS.map(([, width]) => {
    let x = 0;
    for (let b = 0; b < width; b++, bit++) if (key[bit >> 3] & (1 << (bit & 7))) x |= 1 << b;
    return x;
  });
  return {
    cubeValue: 1 << v[0],
    cubeOwner: v[1] === 3 ? -1 : (v[1] as Side),
    onRoll: v[2] as Side,
    crawford: v[3] === 1,
    gameState: v[4],
    turn: v[5] as Side,
    doubled: v[6] === 1,
    resigned: v[7],
    dice: [v[8], v[9]],
    length: v[10],
    score: [v[11], v[12]],
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
  /** Match: the Crawford game. Money: not used here (Jacoby/beaver bits). */
  crawford: boolean;
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

export function xgid(pos: Position, x: XgidState): string {
  const bottom = pos.sides[1];
  const top = pos.sides[0];
  let board = LOWER[top[BAR]];
  for (let p = 1; p <= 24; p++) board += bottom[p] > 0 ? UPPER[bottom[p]] : LOWER[top[25 - p]];
  board += UPPER[bottom[BAR]];
  const sign = (s: Side | -1) => (s === -1 ? 0 : s === 1 ? 1 : -1);
  const dice = x.doubled ? 'D' : x.dice ? `${x.dice[0]}${x.dice[1]}` : '00';
  const cubeLog2 = Math.round(Math.log2(x.cubeValue));
  return `XGID=${board}:${cubeLog2}:${sign(x.cubeOwner)}:${sign(x.turn)}:${dice}:${x.score[1]}:${x.score[0]}:${x.crawford ? 1 : 0}:${x.length}:${Math.max(x.maxCubeLog2, cubeLog2)}`;
}
