// The per-match CSV rows of a run, read back in the main thread (`verify --results` pairs the
// matches it reads there with the results file's rows).
import type { Sink } from '../report/reporter.js';
import { FORMULA } from '../report/formula.js';

/** A row's cells by column name. */
export type Cells<C extends string> = Record<C, string>;

/** A parsed row's cells by column name (a missing cell is empty). */
export function cellsOf<C extends string>(columns: readonly C[], cells: readonly string[]): Cells<C> {
  // fromEntries types its keys as any string: they are exactly `columns`.
  return Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? ''])) as Cells<C>;
}

/**
 * A cell as written back to what it held: the one `'` the writer put before a formula (or before
 * `'`s and a formula: report/csv.ts) comes off, and only that one.
 */
export const unguard = (cell: string) => (cell.startsWith("'") && FORMULA.test(cell.slice(1)) ? cell.slice(1) : cell);

/**
 * The rows of `text` (whole rows, each ended by a line end), each as its cells. The rows are the
 * ones bgaudit's own CSV writer makes: a row with no quote in it is its cells split at the commas,
 * which is most rows and the fast path; a row with a quote is read a character at a time (a quoted
 * cell may hold commas, doubled quotes and line ends). Empty lines are no rows.
 */
function csvRows(text: string, row: (cells: string[]) => void): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const nl = text.indexOf('\n', i);
    const end = nl === -1 ? n : nl;
    const quote = text.indexOf('"', i);
    if (quote === -1 || quote > end) {
      const last = end > i && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
      if (last > i) row(text.slice(i, last).split(','));
      i = end + 1;
      continue;
    }
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (; i < n; i++) {
      const ch = text[i];
      if (quoted) {
        if (ch !== '"') cell += ch;
        else if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else if (ch === '"') quoted = true;
      else if (ch === ',') {
        cells.push(cell);
        cell = '';
      } else if (ch === '\n') break;
      else if (ch !== '\r' || text[i + 1] !== '\n') cell += ch;
    }
    cells.push(cell);
    row(cells);
    i++;
  }
}

/**
 * A sink that reads CSV rows of `columns` as they are written, a file at a time or a large file in
 * pieces (a row cut between pieces waits for its end), and hands each to `row` with the cells of
 * `wanted` (all the columns when not given): a row's object holds only what its reader reads.
 */
export function rowSink<C extends string, W extends C = C>(
  columns: readonly C[],
  row: (cells: Cells<W>) => void,
  onFile: () => void,
  wanted: readonly W[] = columns as readonly W[],
): Sink {
  let carry = '';
  const at = wanted.map((name) => [name, columns.indexOf(name)] as const);
  const parse = (text: string) =>
    csvRows(text, (cells) => {
      // Filled with every wanted column just below.
      const c = {} as Cells<W>;
      for (const [name, k] of at) c[name] = cells[k] ?? '';
      row(c);
    });
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
