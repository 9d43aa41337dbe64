// The per-match and per-game CSV rows of a run, read back into the facts the standings need.
// `players` takes its figures from the same rows `bgaudit csv` writes, so the two always agree.
import Papa from 'papaparse';
import { CSV_COLUMNS, MATCH_CSV_COLUMNS } from '../report/csv.js';
import type { Sink } from '../report/reporter.js';
import type { GameFacts, MatchFacts, Side, Standings } from './standings.js';

/** A row's cells by column name. */
export type Cells<C extends string> = Record<C, string>;
type MatchCells = Cells<(typeof MATCH_CSV_COLUMNS)[number]>;
type GameCells = Cells<(typeof CSV_COLUMNS)[number]>;

/** A cell as written back to what it held: the `'` that keeps a formula from running comes off. */
export const unguard = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
const side = (cell: string): Side | null => (cell === '0' ? 0 : cell === '1' ? 1 : null);
const count = (cell: string) => (cell === '' ? 0 : Number(cell));

function matchFacts(c: MatchCells): MatchFacts | null {
  if (c.match === '') return null; // a file that could not be read: nobody played in it
  return {
    file: unguard(c.file),
    match: Number(c.match),
    players: [unguard(c.player0), unguard(c.player1)],
    length: count(c.length),
    date: unguard(c.date),
    winner: side(c.winner),
    ending: c.ending,
    errors: count(c.errors),
    duplicateOf: c.duplicate_of,
  };
}

function gameFacts(c: GameCells): { match: number; game: GameFacts } | null {
  if (c.match === '') return null;
  return {
    match: Number(c.match),
    game: {
      winner: side(c.winner),
      outcome: c.outcome,
      termination: c.termination,
      credited: count(c.points_credited),
      cubeTurns: [count(c.cube_turns0), count(c.cube_turns1)],
      takes: [count(c.takes0), count(c.takes1)],
      drops: [count(c.drops0), count(c.drops1)],
    },
  };
}

/** A parsed row's cells by column name (a missing cell is empty). */
export function cellsOf<C extends string>(columns: readonly C[], cells: readonly string[]): Cells<C> {
  // fromEntries types its keys as any string: they are exactly `columns`.
  return Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? ''])) as Cells<C>;
}

/**
 * A sink that reads CSV rows of `columns` as they are written, a file at a time or a large file in
 * pieces (a row cut between pieces waits for its end), and hands each to `row`.
 */
export function rowSink<C extends string>(
  columns: readonly C[],
  row: (cells: Cells<C>) => void,
  onFile: () => void,
): Sink {
  let carry = '';
  const parse = (text: string) => {
    const { data } = Papa.parse<string[]>(text, { skipEmptyLines: true });
    for (const cells of data) row(cellsOf(columns, cells));
  };
  /** The end of the last whole row in `text`: a line end outside quotes. */
  const wholeRows = (text: string) => {
    let quoted = false;
    let end = 0;
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 34) quoted = !quoted;
      else if (ch === 10 && !quoted) end = i + 1;
    }
    return end;
  };
  return {
    add: (text) => {
      onFile();
      if (text) parse(text);
    },
    piece: (text, first) => {
      if (first) onFile();
      const all = carry + text;
      const end = wholeRows(all);
      parse(all.slice(0, end));
      carry = all.slice(end);
    },
    pieced: () => {
      if (carry) parse(carry);
      carry = '';
    },
    end: () => {},
  };
}

/** The two sinks that feed the standings: the matches' rows first, then their games'. */
export function standingsSinks(standings: Standings): { format: 'csv-match' | 'csv'; sink: Sink }[] {
  return [
    {
      format: 'csv-match',
      sink: rowSink(
        MATCH_CSV_COLUMNS,
        (c) => {
          const m = matchFacts(c);
          if (m) standings.match(m);
        },
        () => standings.file(),
      ),
    },
    {
      format: 'csv',
      sink: rowSink(
        CSV_COLUMNS,
        (c) => {
          const g = gameFacts(c);
          if (g) standings.game(g.match, g.game);
        },
        () => {},
      ),
    },
  ];
}
