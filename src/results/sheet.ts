// The results sheet a tournament's software or its scorers wrote (`verify --results FILE`): CSV
// with a header row, one row per match: who played whom, who won, and optionally the score, the
// length and the date. Pure: text in, rows out.
import Papa from 'papaparse';

/** The columns bgaudit reads, by the name the header is matched to (case, spaces and `_` aside). */
const REQUIRED = ['player1', 'player2', 'winner'] as const;
const OPTIONAL = ['score1', 'score2', 'length', 'date'] as const;
type Column = (typeof REQUIRED)[number] | (typeof OPTIONAL)[number];

/** The winner as the row gives it: one of its players by side, or a name. */
type RowWinner = { side: 0 | 1 } | { name: string };

export interface ResultRow {
  /** The 1-based line of the results file the row starts on. */
  line: number;
  players: [string, string];
  winner: RowWinner;
  /** null: not given (an empty cell or no column). */
  score: [number, number] | null;
  length: number | null;
  date: string | null;
  /** The other columns (round, table, event…) as the header names them, with the row's cell; empty cells left out. */
  other: [string, string][];
}

/** A results file bgaudit cannot read as one: the caller makes it a usage error. */
export class SheetError extends Error {}

/** A header name as it is matched: `Player 1`, `PLAYER_1` and `player1` are one. */
const headerKey = (name: string) =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_]+/g, '');

const WHOLE = /^\d{1,9}$/;

/** A quote the row opens and never closes: the rest of the file would be one cell of it, its rows lost. */
export const UNCLOSED =
  'a quote (") opens a cell and is never closed, so every line after it would be read as part of that cell';

function whole(cell: string, column: string, line: number, path: string): number {
  if (!WHOLE.test(cell))
    throw new SheetError(`--results ${path}: line ${line}: ${column} "${cut(cell)}" is not a whole number`);
  return Number(cell);
}

const cut = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

/**
 * The rows of a results file's text. A missing required column, a row with no players or no
 * winner, a score or length that is not a whole number, or a score given for one player only is
 * a SheetError naming the line.
 */
export function parseSheet(text: string, path: string): ResultRow[] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: ResultRow[] = [];
  let columns: Partial<Record<Column, number>> | null = null;
  let header: string[] = [];
  let line = 1;
  let at = 0;
  // Set inside the parser's callback, which the compiler does not follow: held in an object.
  const stopped: { failure: SheetError | null } = { failure: null };
  const parser = (data: string[], cursor: number, unclosed: boolean, abort: () => void) => {
    const start = line;
    for (let i = at; i < cursor; i++) if (body.charCodeAt(i) === 10) line++;
    at = cursor;
    const cells = data.map((c) => c.trim());
    if (cells.every((c) => c === '')) return;
    try {
      if (unclosed) throw new SheetError(`--results ${path}: line ${start}: ${UNCLOSED}`);
      if (columns === null) {
        header = cells;
        columns = headerColumns(cells, path);
        return;
      }
      rows.push(rowOf(cells, columns, header, start, path));
    } catch (e) {
      if (!(e instanceof SheetError)) throw e;
      stopped.failure = e;
      abort();
    }
  };
  Papa.parse<string[]>(body, {
    step: (r, p) =>
      parser(
        r.data,
        r.meta.cursor,
        r.errors.some((e) => e.code === 'MissingQuotes'),
        () => p.abort(),
      ),
  });
  if (stopped.failure !== null) throw stopped.failure;
  if (columns === null) throw new SheetError(`--results ${path}: no header row (player1, player2, winner…)`);
  return rows;
}

function headerColumns(cells: string[], path: string): Partial<Record<Column, number>> {
  const columns: Partial<Record<Column, number>> = {};
  const known: readonly string[] = [...REQUIRED, ...OPTIONAL];
  cells.forEach((c, i) => {
    const key = headerKey(c);
    if (known.includes(key) && columns[key as Column] === undefined) columns[key as Column] = i;
  });
  const missing = REQUIRED.filter((c) => columns[c] === undefined);
  if (missing.length > 0)
    throw new SheetError(
      `--results ${path}: no ${missing.join(', ')} column in the header row (the columns read: player1, player2, winner, and optionally score1, score2, length, date)`,
    );
  return columns;
}

function rowOf(
  cells: string[],
  columns: Partial<Record<Column, number>>,
  header: string[],
  line: number,
  path: string,
): ResultRow {
  const cell = (c: Column) => {
    const i = columns[c];
    return i === undefined ? '' : (cells[i] ?? '');
  };
  const players: [string, string] = [cell('player1'), cell('player2')];
  const winnerCell = cell('winner');
  if (players[0] === '' || players[1] === '' || winnerCell === '')
    throw new SheetError(`--results ${path}: line ${line}: a row needs player1, player2 and winner`);
  const s1 = cell('score1');
  const s2 = cell('score2');
  if ((s1 === '') !== (s2 === ''))
    throw new SheetError(`--results ${path}: line ${line}: score1 and score2 are given together or not at all`);
  const lengthCell = cell('length');
  const dateCell = cell('date');
  const read = new Set(Object.values(columns));
  const other: [string, string][] = [];
  cells.forEach((c, i) => {
    if (!read.has(i) && c !== '') other.push([header[i] ?? `column ${i + 1}`, c]);
  });
  return {
    line,
    players,
    winner: winnerCell === '1' ? { side: 0 } : winnerCell === '2' ? { side: 1 } : { name: winnerCell },
    score: s1 === '' ? null : [whole(s1, 'score1', line, path), whole(s2, 'score2', line, path)],
    length: lengthCell === '' ? null : whole(lengthCell, 'length', line, path),
    date: dateCell === '' ? null : dateCell,
    other,
  };
}
