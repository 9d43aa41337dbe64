// .mat syntax tree → MatchRecord.
import type { BadLineNode, Cell, GameNode, MatchNode, MatSyntax } from '../../grammars/mat.js';
import { parseMat } from '../../grammars/mat.js';
import { inFileOrder, parseError } from './parse-error.js';
import type { GameRecord, Header, MatchRecord, ParseError, RecordedResult, Side, Variant } from '../model.js';

/**
 * Cells that start before this column belong to the left player. Writers put the right column
 * at 33 (gnubg, galaxy, XG), 37 (XG Mobile) or 40 (Backgammon Studio) and the left text at 4-6;
 * a left cell that overflows only pushes the right one further right.
 */
const RIGHT_COLUMN_FROM = 20;

function parseErrorOf(node: BadLineNode): ParseError {
  return parseError(node.line, node.column, node.expected, node.found);
}

function variantOf(headers: Header[]): Variant {
  const v = headers.find((h) => h.key.toLowerCase() === 'variation')?.value.toLowerCase().replace(/[^a-z0-9]/g, '') ?? '';
  if (v.startsWith('nack')) return 'nackgammon';
  if (v.startsWith('hyper')) {
    const n = v.match(/[123]/)?.[0] ?? '3';
    return `hypergammon${n}` as Variant;
  }
  return 'backgammon';
}

function headerPlayers(headers: Header[]): [string, string] {
  const get = (k: string) => headers.find((h) => h.key.toLowerCase() === k)?.value ?? '';
  return [get('player 1'), get('player 2')];
}

function gameOf(node: GameNode, errors: ParseError[]): GameRecord {
  const game: GameRecord = {
    number: node.number,
    line: node.line,
    players: ['', ''],
    startScore: null,
    actions: [],
    result: null,
    comments: [],
    unreadableFrom: null,
  };
  const score = node.score;
  if (score === null) {
    errors.push({
      line: node.line,
      column: 1,
      expected: "a score line such as ' Anna : 0      Boris : 0' after 'Game N'",
      found: 'none',
      message: `line ${node.line}: game ${node.number} has no score line`,
    });
  } else if (score.type === 'bad') {
    errors.push(parseErrorOf(score));
  } else {
    game.players = score.names;
    game.startScore = score.scores;
  }

  for (const line of node.body) {
    if (line.type === 'comment') {
      game.comments.push({ text: line.text, line: line.line });
      continue;
    }
    if (line.type === 'bad') {
      errors.push(parseErrorOf(line));
      game.unreadableFrom ??= line.line;
      continue;
    }
    let previous: Side | null = null;
    for (const cell of line.cells) {
      if (cell.type === 'number') continue;
      const side: Side = previous === 0 || cell.column >= RIGHT_COLUMN_FROM ? 1 : 0;
      previous = side;
      addCell(game, cell, side, line.line, errors);
    }
  }
  // `Losses N point` is the loser's own statement; the column of galaxy's `Losses` cell is not
  // reliable (a bare ` Losses 1 point` line is the right player's), the `Wins` cell is.
  if (game.result) for (const a of game.actions) if (a.type === 'resign') a.side = (1 - game.result.winner) as Side;
  return game;
}

function addCell(game: GameRecord, cell: Exclude<Cell, { type: 'number' }>, side: Side, line: number, errors: ParseError[]): void {
  const column = cell.column + 1;
  if (cell.type === 'wins') {
    const result: RecordedResult = { winner: side, points: cell.points, andMatch: cell.andMatch, resigned: false, line, column };
    if (game.result) {
      errors.push({
        line,
        column,
        expected: 'one result per game',
        found: `a second 'Wins' (the first is on line ${game.result.line})`,
        message: `line ${line}, column ${column}: game ${game.number} has a second result; the first is on line ${game.result.line}`,
      });
    } else game.result = result;
    return;
  }
  // Actions after an unreadable line are not replayed: their board would be a guess.
  if (game.unreadableFrom !== null) return;
  switch (cell.type) {
    case 'roll':
      game.actions.push({ type: 'roll', side, line, column, dice: cell.dice, moves: cell.moves, marker: cell.marker });
      break;
    case 'cube':
      game.actions.push({ type: 'double', side, line, column, value: cell.value, kind: cell.kind });
      break;
    case 'take':
      game.actions.push({ type: 'take', side, line, column });
      break;
    case 'drop':
      game.actions.push({ type: 'drop', side, line, column });
      break;
    case 'losses':
      game.actions.push({ type: 'resign', side, line, column, points: cell.points });
      break;
  }
}

function matchOf(node: MatchNode, file: string, index: number, errors: ParseError[]): MatchRecord {
  const headers: Header[] = [];
  for (const n of node.preamble) {
    if (n.type === 'bad') errors.push(parseErrorOf(n));
    else if (n.header) headers.push({ key: n.header.key, value: n.header.value, line: n.line });
  }
  const games = node.games.map((g) => gameOf(g, errors));
  const marksHits = games.some((g) => g.actions.some((a) => a.type === 'roll' && a.moves.some((m) => m.hits.includes(true))));
  const firstScored = games.find((g) => g.startScore !== null);
  return {
    file,
    format: 'mat',
    index,
    line: node.line,
    players: firstScored ? firstScored.players : headerPlayers(headers),
    length: node.length,
    headers,
    variant: variantOf(headers),
    games,
    marksHits,
  };
}

function importMatSyntax(tree: MatSyntax, file: string): { matches: MatchRecord[]; errors: ParseError[] } {
  const errors: ParseError[] = [];
  const matches = tree.matches.map((m, k) => matchOf(m, file, k + 1, errors));
  const bad = tree.leftover.filter((n): n is BadLineNode => n.type === 'bad');
  if (matches.length === 0 && bad.length === 0) {
    errors.push({
      line: tree.lineCount,
      column: 1,
      expected: "a match-length line such as '7 point match'",
      found: 'end of file',
      message: `line ${tree.lineCount}: no match-length line ('7 point match') in the file`,
    });
  }
  // Only the first unreadable line of a file with no match in it: the rest would repeat it.
  for (const n of matches.length === 0 ? bad.slice(0, 1) : bad) errors.push(parseErrorOf(n));
  return { matches, errors: inFileOrder(errors) };
}

export function importMat(text: string, file: string): { matches: MatchRecord[]; errors: ParseError[] } {
  return importMatSyntax(parseMat(text), file);
}
