// A check's correction (core/findings.ts, Correction) written as edits of a `.mat` record's own
// text: the digits of a score line, the points of a `Wins N points` cell, the indentation that
// puts a result in a column, a game's lines. Each edit keeps the record's layout: the column of
// whatever follows on the line, the record's own `point`/`points`. Where the text is not as the
// record says (a line the reader took another way), there is no fix: null.
import type { Correction, FindingFix, TextEdit } from '../core/findings.js';
import type { GameRecord, MatchRecord, Side } from '../core/model.js';
import type { SourceText } from '../read/source-text.js';

/** Spaces (and tabs) from `at` in `text`: where they end. */
function skipSpaces(text: string, at: number): number {
  let i = at;
  while (text[i] === ' ' || text[i] === '\t') i++;
  return i;
}

/** Digits from `at` in `text`: where they end. */
function skipDigits(text: string, at: number): number {
  let i = at;
  while (i < text.length && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
  return i;
}

/**
 * A score line read with the record's names, left to right in one pass (a pattern with two free
 * names would take time that grows with the square of a long line): where each score starts and
 * ends, and the spaces after the left one. null: not the line the record says.
 */
function scoreParts(text: string, names: [string, string]): { s0: number; e0: number; s1: number; e1: number } | null {
  const parts: number[] = [];
  let i = skipSpaces(text, 0);
  for (const name of names) {
    if (!text.startsWith(name, i)) return null;
    i = skipSpaces(text, i + name.length);
    if (text[i] !== ':') return null;
    i = skipSpaces(text, i + 1);
    const end = skipDigits(text, i);
    if (end === i) return null;
    parts.push(i, end);
    i = skipSpaces(text, end);
  }
  const [s0 = 0, e0 = 0, s1 = 0, e1 = 0] = parts;
  return i === text.length && s1 > e0 ? { s0, e0, s1, e1 } : null;
}

/** A result or resignation cell from its first letter: `Wins 2 points`, `Losses 1 point`. */
const POINTS_CELL = /^(Wins|Losses)(\s+)(\d+)(\s+)(points?)\b/i;

/** A result cell and nothing after it but "and the match". */
const RESULT_ALONE = /^Wins\s+\d+\s+points?(\s+and\s+the\s+match)?$/i;

export function matFix(c: Correction, index: number, record: MatchRecord, source: SourceText): FindingFix | null {
  const game = record.games[index];
  if (game === undefined) return null;
  switch (c.kind) {
    case 'score':
      return scoreFix(c.to, game, source);
    case 'points':
      return pointsFix(c.to, index, record, source);
    case 'winner':
      return winnerFix(c.to, index, record, source);
    case 'remove-game':
      return removeFix(index, record, source);
  }
}

/**
 * `text` from offset `at`, `length` characters, replaced by `to`, as an edit of line `line`; when
 * two or more spaces and more text follow, the spaces give or take the difference so that the
 * text after them keeps its column (at least one space stays).
 */
function keepingColumns(line: number, text: string, at: number, length: number, to: string): TextEdit {
  const after = /^( {2,})\S/.exec(text.slice(at + length));
  const spaces = after?.[1] ?? '';
  const padded = spaces === '' ? '' : ' '.repeat(Math.max(1, spaces.length - (to.length - length)));
  return { line, column: at + 1, from: text.slice(at, at + length) + spaces, to: to + padded };
}

function scoreFix(to: [number, number], game: GameRecord, source: SourceText): FindingFix | null {
  const line = game.scoreLine;
  const recorded = game.startScore;
  if (line === undefined || recorded === null) return null;
  const text = source.lineText(line);
  const p = text === null ? null : scoreParts(text, game.players);
  if (text === null || p === null) return null;
  const n0 = text.slice(p.s0, p.e0);
  const n1 = text.slice(p.s1, p.e1);
  if (Number(n0) !== recorded[0] || Number(n1) !== recorded[1]) return null;
  // The spaces after the left score, up to the right name, keep the right name's column.
  const gap = text.slice(p.e0, skipSpaces(text, p.e0));
  const edits: TextEdit[] = [];
  if (to[0] !== recorded[0]) {
    const digits = String(to[0]);
    const spaces = ' '.repeat(Math.max(1, gap.length - (digits.length - n0.length)));
    edits.push({ line, column: p.s0 + 1, from: n0 + gap, to: digits + spaces });
  }
  if (to[1] !== recorded[1]) edits.push({ line, column: p.s1 + 1, from: n1, to: String(to[1]) });
  return edits.length === 0 ? null : { edits };
}

/** A points cell at a line and column: its number and word, and where the number starts in the line. */
function pointsCell(
  source: SourceText,
  line: number,
  column: number,
): { text: string; at: number; digits: string; gap: string; word: string } | null {
  const text = source.lineText(line);
  if (text === null) return null;
  const m = POINTS_CELL.exec(text.slice(column - 1));
  if (m === null) return null;
  const [, keyword = '', space = '', digits = '', gap = '', word = ''] = m;
  return { text, at: column - 1 + keyword.length + space.length, digits, gap, word };
}

/**
 * The games an edit of `game` takes the record's habits from: the nearest others, at most a few
 * dozen, so that a record of many games with many fixes costs time in proportion to its size.
 */
const NEIGHBOURS = 24;

function neighbours(index: number, record: MatchRecord): GameRecord[] {
  const near = record.games.slice(Math.max(0, index - NEIGHBOURS), index + NEIGHBOURS + 1);
  return near.filter((g) => g !== record.games[index]);
}

/**
 * The word the record writes after `n` points: as its other cells (in the games near) write it
 * for one point, or for more than one (Backgammon Galaxy and XG write `point` whatever the
 * number); failing those, as the cell itself writes a number on the same side of one; failing
 * that, English.
 */
function wordFor(
  n: number,
  own: { digits: string; word: string },
  index: number,
  record: MatchRecord,
  source: SourceText,
): string {
  const many = n !== 1;
  const seen = new Set<string>();
  const game = record.games[index];
  for (const g of [...(game ? [game] : []), ...neighbours(index, record)]) {
    const places: { line: number; column: number }[] = [];
    if (g !== game && g.result) places.push(g.result);
    for (const a of g.actions) if (a.type === 'resign') places.push(a);
    for (const p of places) {
      const cell = pointsCell(source, p.line, p.column);
      if (cell && (Number(cell.digits) !== 1) === many) seen.add(cell.word);
    }
  }
  if (seen.size === 1) return [...seen][0] ?? '';
  if ((Number(own.digits) !== 1) === many) return own.word;
  return many ? 'points' : 'point';
}

function pointsFix(to: number, index: number, record: MatchRecord, source: SourceText): FindingFix | null {
  const result = record.games[index]?.result ?? null;
  if (result === null || result.points === null) return null;
  const cell = pointsCell(source, result.line, result.column);
  if (cell === null || Number(cell.digits) !== result.points) return null;
  const written = `${to}${cell.gap}${wordFor(to, cell, index, record, source)}`;
  const length = cell.digits.length + cell.gap.length + cell.word.length;
  return { edits: [keepingColumns(result.line, cell.text, cell.at, length, written)] };
}

/** The value most of `values` have; null when there are none. */
function mostCommon(values: readonly number[]): number | null {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: number | null = null;
  let most = 0;
  for (const [v, n] of counts)
    if (n > most) {
      best = v;
      most = n;
    }
  return best;
}

/** The width of a line's move number (`  12)`), 0 when it has none. */
const labelWidth = (text: string | null) => /^ *\d+\)/.exec(text ?? '')?.[0].length ?? 0;

/**
 * Where a side's column starts on a line with a move number `label` wide (0: none), as its rolls
 * in the game start: the right column at a fixed column; the left one at a fixed column after an
 * unnumbered line's spaces (GNU Backgammon, Backgammon Galaxy) and a fixed distance after a
 * numbered line's number (Backgammon Studio writes `  9)  Wins` and `  42)  Wins`). null: no roll.
 */
function columnStart(game: GameRecord, side: Side, label: number, source: SourceText): number | null {
  const rolls = game.actions.filter((a) => a.type === 'roll' && a.side === side);
  if (side === 1 || label === 0) return mostCommon(rolls.map((a) => a.column));
  const after = mostCommon(rolls.map((a) => a.column - labelWidth(source.lineText(a.line))));
  return after === null ? null : label + after;
}

/** A result line's parts: its move number (or ''), the spaces after it, its cell, and the spaces that end it. */
function resultLine(text: string): { label: string; spaces: string; cell: string; tail: string } {
  const label = /^ *\d+\)/.exec(text)?.[0] ?? '';
  const rest = text.slice(label.length);
  const cell = rest.trim();
  const spaces = rest.slice(0, rest.length - rest.trimStart().length);
  return { label, spaces, cell, tail: rest.slice(spaces.length + cell.length) };
}

/**
 * Another game's result line alone in `side`'s column: the length it pads the line to when it ends
 * in spaces (Backgammon Studio pads a left result to the right column), else 0. null: none.
 */
function resultIn(side: Side, index: number, record: MatchRecord, source: SourceText): { pad: number } | null {
  for (const g of neighbours(index, record)) {
    if (g.result === null || g.result.winner !== side) continue;
    const text = source.lineText(g.result.line);
    if (text === null) continue;
    const m = resultLine(text);
    if (m.label.length + m.spaces.length !== g.result.column - 1) continue;
    return { pad: m.tail === '' ? 0 : text.length };
  }
  return null;
}

/**
 * How the record ends a line whose last cell is in the left column: the length of a line of the
 * game with a roll of the left player and nothing of the right, when it ends in spaces; else 0.
 */
function leftLinePadding(game: GameRecord, source: SourceText): number {
  const right = new Set(game.actions.flatMap((a) => (a.side === 1 ? [a.line] : [])));
  for (const a of game.actions) {
    if (a.type !== 'roll' || a.side !== 0 || right.has(a.line)) continue;
    const text = source.lineText(a.line) ?? '';
    return text.endsWith(' ') ? text.length : 0;
  }
  return 0;
}

/**
 * A result alone on its line (after the move number, if any) moved to the other column: it keeps
 * its distance from where the column's rolls start, and the line ends as the record's other
 * results in that column end.
 */
function winnerFix(to: Side, index: number, record: MatchRecord, source: SourceText): FindingFix | null {
  const game = record.games[index];
  const result = game?.result ?? null;
  if (game === undefined || result === null || result.winner === to) return null;
  const text = source.lineText(result.line);
  if (text === null) return null;
  const { label, spaces, cell } = resultLine(text);
  // Nothing else on the line: the result alone, "and the match" with it.
  if (label.length + spaces.length !== result.column - 1 || !RESULT_ALONE.test(cell)) return null;
  const from = columnStart(game, result.winner, label.length, source);
  const there = columnStart(game, to, label.length, source);
  if (from === null || there === null) return null;
  // As far into the winner's column as it is into the loser's; the line ending as another result
  // in that column ends, else with nothing after it (a numbered line in the left column: as a
  // move line whose right cell is empty).
  const column = result.column - from + there;
  if (column - 1 - label.length < (label === '' ? 0 : 1)) return null;
  const moved = label + ' '.repeat(column - 1 - label.length) + cell;
  const pad =
    resultIn(to, index, record, source)?.pad ?? (to === 0 && label !== '' ? leftLinePadding(game, source) : 0);
  const line = moved.padEnd(pad);
  return { edits: [{ line: result.line, column: 1, from: text, to: line }] };
}

/** The last line the reader took as the game's: its label, score line, actions, result, comments. */
function lastLineOf(game: GameRecord): number {
  let last = Math.max(game.line, game.scoreLine ?? 0, game.result?.line ?? 0);
  for (const a of game.actions) last = Math.max(last, a.line);
  for (const c of game.comments) last = Math.max(last, c.line);
  return last;
}

/**
 * A game's lines: its `Game N` line, the blank lines before it that part it from the game before,
 * and its lines up to its last (the next game's line bounds them); the blank lines after it stay,
 * as the file's end or the parting before the next game. A match's last game that the reader
 * could not read to its end has no certain extent: null.
 */
function removeFix(index: number, record: MatchRecord, source: SourceText): FindingFix | null {
  const game = record.games[index];
  if (game === undefined) return null;
  const blank = (line: number) => source.lineText(line)?.trim() === '';
  const next = record.games[index + 1];
  if (next === undefined && game.unreadableFrom !== null) return null;
  let end = next === undefined ? lastLineOf(game) : next.line - 1;
  // A match's last game may end in move numbers with nothing after them (`  34)`): its lines too.
  if (next === undefined) while (/^\s*\d+\)\s*$/.test(source.lineText(end + 1) ?? '')) end++;
  while (end > game.line && blank(end)) end--;
  let start = game.line;
  while (start > 1 && blank(start - 1)) start--;
  return end < game.line ? null : { edits: [], remove: { line: start, lines: end - start + 1 } };
}
