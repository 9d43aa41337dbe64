// A position as a text board, points numbered from side 0's view (X, bottom; its home board
// bottom right); side 1 plays O. Each point shows its checker count and owner. The names are
// printed as given: the caller passes them through printable().
import { BAR, OFF, type Position } from '../engine/board.js';
import type { Side } from '../model.js';

function cell(pos: Position, point: number): string {
  const x = pos.sides[0][point];
  const o = pos.sides[1][25 - point];
  return (x > 0 ? `${x}X` : o > 0 ? `${o}O` : '.').padStart(4);
}

function row(pos: Position, points: number[]): string {
  return points.map((p) => cell(pos, p)).join('');
}

const nums = (points: number[]) => points.map((p) => String(p).padStart(4)).join('');

export function boardDiagram(pos: Position, names: [string, string], onRoll: Side | null): string {
  const topLeft = [13, 14, 15, 16, 17, 18];
  const topRight = [19, 20, 21, 22, 23, 24];
  const bottomLeft = [12, 11, 10, 9, 8, 7];
  const bottomRight = [6, 5, 4, 3, 2, 1];
  const bar = (s: Side) =>
    (pos.sides[s][BAR] > 0 ? `${pos.sides[s][BAR]}${s === 0 ? 'X' : 'O'}` : '').padStart(3).padEnd(4);
  const who = (s: Side) =>
    `${s === 0 ? 'X' : 'O'} ${names[s]}: ${pos.sides[s][OFF]} borne off${onRoll === s ? ', on roll' : ''}`;
  const line = '  +' + '-'.repeat(24) + '+-----+' + '-'.repeat(24) + '+';
  return [
    `  ${who(1)}`,
    `   ${nums(topLeft)}  bar  ${nums(topRight)}`,
    line,
    `  |${row(pos, topLeft)}| ${bar(1)}|${row(pos, topRight)}|`,
    `  |${' '.repeat(24)}|     |${' '.repeat(24)}|`,
    `  |${row(pos, bottomLeft)}| ${bar(0)}|${row(pos, bottomRight)}|`,
    line,
    `   ${nums(bottomLeft)}       ${nums(bottomRight)}`,
    `  ${who(0)}`,
  ].join('\n');
}
