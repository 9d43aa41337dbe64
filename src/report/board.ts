// A position as a text board, drawn from one side's view (the viewer: X for side 0, O for side 1):
// its checkers at the bottom, its home board bottom right, points 1..24 numbered from its side as
// the messages about its moves number them. Each point shows its checker count and owner. The
// names are printed as given: the caller passes them through printable().
import { BAR, OFF, type Position } from '../engine/board.js';
import type { Side } from '../core/model.js';
import { itemAt } from '../core/at.js';

const MARK = ['X', 'O'] as const;

function cell(pos: Position, viewer: Side, point: number): string {
  const opponent: Side = viewer === 0 ? 1 : 0;
  const mine = itemAt(pos.sides[viewer], point);
  const theirs = itemAt(pos.sides[opponent], 25 - point);
  return (mine > 0 ? `${mine}${MARK[viewer]}` : theirs > 0 ? `${theirs}${MARK[opponent]}` : '.').padStart(4);
}

const nums = (points: number[]) => points.map((p) => String(p).padStart(4)).join('');

/** The board from `viewer`'s side (default side 0, the left player); `onRoll` is marked in the legend. */
export function boardDiagram(pos: Position, names: [string, string], onRoll: Side | null, viewer: Side = 0): string {
  const opponent: Side = viewer === 0 ? 1 : 0;
  const topLeft = [13, 14, 15, 16, 17, 18];
  const topRight = [19, 20, 21, 22, 23, 24];
  const bottomLeft = [12, 11, 10, 9, 8, 7];
  const bottomRight = [6, 5, 4, 3, 2, 1];
  const row = (points: number[]) => points.map((p) => cell(pos, viewer, p)).join('');
  const bar = (s: Side) =>
    (itemAt(pos.sides[s], BAR) > 0 ? `${pos.sides[s][BAR]}${MARK[s]}` : '').padStart(3).padEnd(4);
  const who = (s: Side) =>
    `${MARK[s]} ${names[s]}: ${pos.sides[s][OFF]} borne off${onRoll === s ? ', on roll' : ''}${s === viewer ? ', points numbered from this side' : ''}`;
  const line = '  +' + '-'.repeat(24) + '+-----+' + '-'.repeat(24) + '+';
  return [
    `  ${who(opponent)}`,
    `   ${nums(topLeft)}  bar  ${nums(topRight)}`,
    line,
    `  |${row(topLeft)}| ${bar(opponent)}|${row(topRight)}|`,
    `  |${' '.repeat(24)}|     |${' '.repeat(24)}|`,
    `  |${row(bottomLeft)}| ${bar(viewer)}|${row(bottomRight)}|`,
    line,
    `   ${nums(bottomLeft)}       ${nums(bottomRight)}`,
    `  ${who(viewer)}`,
  ].join('\n');
}
