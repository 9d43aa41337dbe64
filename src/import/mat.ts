// .mat syntax tree → MatchRecord.
import type { BadLineNode, Cell, GameNode, MatchNode, MatSyntax } from '../../grammars/mat.js';
import { parseMat } from '../../grammars/mat.js';
import { ParseErrorList, parseError } from './parse-error.js';

/** Where an importer puts the parse errors it finds. */
type ErrorSink = Pick<ParseErrorList, 'push'>;
import { MAX_GAME_NUMBER, MAX_POINTS, outOfRange, quoted, within } from '../core/limits.js';
import type {
  Finding,
  GameRecord,
  Header,
  MatchRecord,
  MoveToken,
  ParseError,
  RecordedResult,
  Side,
  Variant,
} from '../core/model.js';
import { itemAt } from '../core/at.js';

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
  const v =
    headers
      .find((h) => h.key.toLowerCase() === 'variation')
      ?.value.toLowerCase()
      .replace(/[^a-z0-9]/g, '') ?? '';
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

/** What a match's games show of the whole match as they are read. */
interface MatchSeen {
  /** Some roll kept for the replay marks a hit (`6/5*`). */
  marksHits: boolean;
}

function marksHit(moves: MoveToken[]): boolean {
  for (let m = 0; m < moves.length; m++) {
    const hits = itemAt(moves, m).hits;
    for (let h = 0; h < hits.length; h++) if (hits[h]) return true;
  }
  return false;
}

function gameOf(node: GameNode, index: number, errors: ErrorSink, seen: MatchSeen): GameRecord {
  const findings: Finding[] = [];
  const number = within(node.number, MAX_GAME_NUMBER);
  if (number === null) {
    const message = `'Game ${quoted(node.number)}' is larger than any game number can be (at most ${MAX_GAME_NUMBER}); read as game ${index + 1}`;
    findings.push(outOfRange(message, { line: node.line, game: index + 1 }));
  }
  const game: GameRecord = {
    number: number ?? index + 1,
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
    game.scoreLine = score.line;
    const scores = [within(score.scores[0], MAX_POINTS), within(score.scores[1], MAX_POINTS)] as const;
    const [s0, s1] = scores;
    if (s0 !== null && s1 !== null) game.startScore = [s0, s1];
    for (const k of [0, 1] as const) {
      if (scores[k] !== null) continue;
      const message = `${score.names[k] || (k === 0 ? 'the left player' : 'the right player')}'s score ${quoted(score.scores[k])} is larger than any score can be (at most ${MAX_POINTS}); the game's start score is unknown`;
      findings.push(outOfRange(message, { line: score.line, game: game.number }));
    }
  }

  for (const line of node.body) {
    if (line.type === 'comment') {
      game.comments.push({ text: line.text, line: line.line });
      continue;
    }
    if (line.type === 'bad') errors.push(parseErrorOf(line));
    // A line with a cell that cannot be read keeps its other cells: those before it are played,
    // and from it on the game is unreadable (only a result is kept: the board would be a guess).
    const cells = line.type === 'bad' ? (line.cells ?? []) : line.cells;
    // Where the unreadable cell is (a line not read cell by cell: its start).
    let unreadableAt = line.type === 'bad' ? (line.cellColumn ?? -1) : null;
    let previous: Side | null = null;
    for (let k = 0; ; k++) {
      const cell = cells[k];
      // The unreadable cell takes its side, as a cell, when the cells reach its column.
      if (unreadableAt !== null && (cell === undefined || cell.column > unreadableAt)) {
        game.unreadableFrom ??= line.line;
        if (unreadableAt >= 0) previous = previous === 0 || unreadableAt >= RIGHT_COLUMN_FROM ? 1 : 0;
        unreadableAt = null;
      }
      if (cell === undefined) break;
      // A cell's type and column read once: the cells come in eight shapes.
      const type = cell.type;
      if (type === 'number') continue;
      const column = cell.column;
      const side: Side = previous === 0 || column >= RIGHT_COLUMN_FROM ? 1 : 0;
      previous = side;
      if (type === 'roll' && game.unreadableFrom === null) {
        // Most cells: kept here, as addCell keeps them.
        const roll = cell;
        const { dice, moves, marker } = roll;
        game.actions.push({ type: 'roll', side, line: line.line, column: column + 1, dice, moves, marker });
        if (!seen.marksHits) seen.marksHits = marksHit(moves);
      } else addCell(game, cell, side, line.line, errors, findings, seen);
    }
  }
  // `Losses N point` is the loser's own statement; the column of galaxy's `Losses` cell is not
  // reliable (a bare ` Losses 1 point` line is the right player's), the `Wins` cell is.
  if (game.result) for (const a of game.actions) if (a.type === 'resign') a.side = (1 - game.result.winner) as Side;
  if (findings.length > 0) game.findings = findings;
  return game;
}

/** The points of `Wins N points` / `Losses N points`; null past what a game can be worth (a finding says so). */
function pointsOf(
  game: GameRecord,
  cell: Extract<Cell, { type: 'wins' | 'losses' }>,
  line: number,
  findings: Finding[],
): number | null {
  const points = within(cell.points, MAX_POINTS);
  if (points === null) {
    const message = `'${cell.type === 'wins' ? 'Wins' : 'Losses'} ${quoted(cell.points)} points' is more than any game can be worth (at most ${MAX_POINTS}); the points are unknown`;
    findings.push(outOfRange(message, { line, column: cell.column + 1, game: game.number }));
  }
  return points;
}

function addCell(
  game: GameRecord,
  cell: Exclude<Cell, { type: 'number' }>,
  side: Side,
  line: number,
  errors: ErrorSink,
  findings: Finding[],
  seen: MatchSeen,
): void {
  const column = cell.column + 1;
  if (cell.type === 'wins') {
    const result: RecordedResult = {
      winner: side,
      points: pointsOf(game, cell, line, findings),
      andMatch: cell.andMatch,
      resigned: false,
      line,
      column,
    };
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
      if (!seen.marksHits) seen.marksHits = marksHit(cell.moves);
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
      game.actions.push({ type: 'resign', side, line, column, points: pointsOf(game, cell, line, findings) });
      break;
    case 'resigns':
      game.actions.push({ type: 'resign', side, line, column, points: null });
      break;
  }
}

function matchOf(node: MatchNode, file: string, index: number, errors: ErrorSink): MatchRecord {
  const headers: Header[] = [];
  for (const n of node.preamble) {
    if (n.type === 'bad') errors.push(parseErrorOf(n));
    else if (n.header) headers.push({ key: n.header.key, value: n.header.value, line: n.line });
  }
  for (const n of node.stray) if (n.type === 'bad') errors.push(parseErrorOf(n));
  const findings: Finding[] = [];
  const length = within(node.length, MAX_POINTS);
  if (length === null) {
    const message = `the match length ${quoted(node.length)} is larger than any match can be (at most ${MAX_POINTS} points); the length is unknown, so the match score is not followed`;
    findings.push(outOfRange(message, { line: node.line }));
  }
  const seen: MatchSeen = { marksHits: false };
  const games = node.games.map((g, k) => gameOf(g, k, errors, seen));
  const marksHits = seen.marksHits;
  const firstScored = games.find((_, k) => itemAt(node.games, k).score?.type === 'score'); // its names, even with a score out of range
  const firstScore = node.games.find((g) => g.score?.type === 'score')?.score;
  const ratings = firstScore?.type === 'score' ? firstScore.ratings : null; // GridGammon's `name,1650`
  return {
    file,
    format: 'mat',
    index,
    line: node.line,
    players: firstScored ? firstScored.players : headerPlayers(headers),
    length,
    headers,
    variant: variantOf(headers),
    games,
    marksHits,
    ...(ratings && (ratings[0] !== null || ratings[1] !== null) ? { ratings: [ratings[0], ratings[1]] } : {}),
    ...(findings.length > 0 ? { findings } : {}),
  };
}

function importMatSyntax(tree: MatSyntax, file: string): { matches: MatchRecord[]; errors: ParseError[] } {
  const errors = new ParseErrorList();
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
  if (matches.length > 0 && tree.unlisted) errors.addUnlisted(tree.unlisted);
  return { matches, errors: errors.list() };
}

/**
 * One match of a file read by `MatReader`: its record (`index` counts from 1) and all its parse
 * errors, in file order (a stable sort, as `ParseErrorList` sorts a file's), those of the lines
 * before its match-length line first. Listing at most MAX_LISTED_ERRORS a file is the caller's.
 */
export function importMatNode(
  node: MatchNode,
  file: string,
  index: number,
): { match: MatchRecord; errors: ParseError[] } {
  const errors: ParseError[] = [];
  const match = matchOf(node, file, index, errors);
  if (errors.length > 1) errors.sort((a, b) => a.line - b.line || a.column - b.column);
  return { match, errors };
}

/** The errors of the unreadable lines after a file's last match (a file with a match). */
export function leftoverErrors(leftover: MatSyntax['leftover']): ParseError[] {
  return leftover.filter((n): n is BadLineNode => n.type === 'bad').map(parseErrorOf);
}

export function importMat(text: string, file: string): { matches: MatchRecord[]; errors: ParseError[] } {
  return importMatSyntax(parseMat(text), file);
}
