// Reading the oracle tables of fixtures/gnubg/ (made by oracle.py): shared by the scripts here
// and by the tests that compare bgaudit with them.
import type { Position } from '../../src/engine/board.js';
import type { XgidState } from '../../src/engine/ids.js';
import type { Side } from '../../src/core/model.js';
import { itemAt } from '../../src/core/at.js';

/** A tab-separated table with a header row → one record per row. */
export function readTsv(text: string): Record<string, string>[] {
  const [head = [], ...rows] = text
    .trim()
    .split('\n')
    .map((l) => l.split('\t'));
  return rows.map((r) => Object.fromEntries(head.map((h, k) => [h, itemAt(r, k)])));
}

/** A column every row of the table has. */
function column(row: Record<string, string>, name: string): string {
  const value = row[name];
  if (value === undefined) throw new Error(`no column ${name} in the table`);
  return value;
}

/** gnubg's 26-number encoding (points 1-24, bar, off) → our array (off, points 1-24, bar). */
function fromGnubgCounts(text: string): Uint8Array {
  const n = text.split(',').map(Number);
  const a = new Uint8Array(26);
  for (let p = 1; p <= 24; p++) a[p] = itemAt(n, p - 1);
  a[25] = itemAt(n, 24);
  a[0] = itemAt(n, 25);
  return a;
}

/** The position of a positions.tsv row. */
export function rowPosition(row: Record<string, string>): Position {
  return { sides: [fromGnubgCounts(column(row, 'board_side0')), fromGnubgCounts(column(row, 'board_side1'))] };
}

/**
 * Whether a positions.tsv row's game is played with the Jacoby rule: the oracle's one money
 * session, s01 (RU[Jacoby], no beavers), is; oracle.py writes no column for it.
 */
export function rowJacoby(row: Record<string, string>): boolean {
  return column(row, 'file').startsWith('s01');
}

/** The XGID state of a positions.tsv row: the player on roll to act, no double pending. */
export function rowXgidState(row: Record<string, string>): XgidState {
  return {
    cubeValue: Number(row.cube_value),
    cubeOwner: Number(row.cube_owner) as Side | -1,
    turn: Number(row.player_on_roll) as Side,
    dice: Number(row.dice_0) ? [Number(row.dice_0), Number(row.dice_1)] : null,
    doubled: false,
    score: [Number(row.score0), Number(row.score1)],
    crawford: row.crawford === '1',
    jacoby: rowJacoby(row),
    beavers: false,
    length: Number(row.match_length),
    maxCubeLog2: 10,
  };
}
