// The matches of a run as `verify --results` pairs them, gathered in the main thread from the
// per-match CSV rows the workers render (as `players` reads its standings): what a match keeps
// is its players, date, length, winner, final score and place, a few dozen bytes.
import { MATCH_CSV_COLUMNS } from '../report/csv.js';
import type { Sink } from '../report/reporter.js';
import { type Cells, rowSink, unguard } from './rows.js';
import type { PlayedMatch } from './pair.js';
import { placeUnitOf } from '../formats/index.js';

const whole = (cell: string): number | null => (/^\d+$/.test(cell) ? Number(cell) : null);

/**
 * A match's facts from its per-match CSV row; null for a row that is no match the sheet can list:
 * an unreadable file, a money session, a match of unknown length, or a duplicate (its first
 * record is the one paired; the duplicate-match warning already says where the second is).
 */
export function playedMatch(c: Cells<(typeof MATCH_CSV_COLUMNS)[number]>): PlayedMatch | null {
  const length = whole(c.length);
  if (c.match === '' || length === null || length === 0 || c.duplicate_of !== '') return null;
  const s0 = whole(c.final_score0);
  const s1 = whole(c.final_score1);
  return {
    file: unguard(c.file),
    match: Number(c.match),
    // A binary file's match starts at a record, not a line (read/record-places.ts).
    line: placeUnitOf(c.format) === 'record' ? null : (whole(c.line) ?? 1),
    players: [unguard(c.player0), unguard(c.player1)],
    length,
    date: unguard(c.date),
    winner: c.winner === '0' ? 0 : c.winner === '1' ? 1 : null,
    finalScore: s0 === null || s1 === null ? null : [s0, s1],
    errors: whole(c.errors) ?? 0,
  };
}

/** A per-match CSV sink that keeps each match's facts in `into`, in input order. */
export function matchesSink(into: PlayedMatch[]): { format: 'csv-match'; sink: Sink } {
  return {
    format: 'csv-match',
    sink: rowSink(
      MATCH_CSV_COLUMNS,
      (c) => {
        const m = playedMatch(c);
        if (m) into.push(m);
      },
      () => {},
    ),
  };
}
