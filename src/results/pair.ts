// The results sheet held against the matches of a run: each row paired with one match, and what
// differs between them said as findings on the results file. Pure.
import { finding } from '../core/findings.js';
import type { Finding } from '../core/model.js';
import { Aliases } from '../standings/names.js';
import { isoDate } from '../standings/standings.js';
import type { ResultRow } from './sheet.js';
import { itemAt } from '../core/at.js';
import { plural } from '../core/words.js';

/** What the pairing needs of a match (its per-match CSV row): a few dozen bytes each. */
export interface PlayedMatch {
  file: string;
  /** The match's number in its file, and the line it starts on (null in a binary file, which has none). */
  match: number;
  line: number | null;
  players: [string, string];
  length: number;
  /** The date as the record writes it, '' when none. */
  date: string;
  winner: 0 | 1 | null;
  /** The score the audit reached, side 0 first; null when it could not follow the match. */
  finalScore: [number, number] | null;
  /** Error findings of the match's own audit. */
  errors: number;
}

export interface Candidate {
  m: PlayedMatch;
  /** Its input order: rematches pair in it. */
  order: number;
  keys: [string, string];
  date: string | null;
  paired: boolean;
}

const pairKey = (a: string, b: string) => JSON.stringify(a < b ? [a, b] : [b, a]);

/** Candidates in input order, those before `head` all paired: each is stepped over once. */
class Queue {
  private head = 0;
  readonly items: Candidate[] = [];

  /** The first candidate not yet paired, if any. */
  first(): Candidate | undefined {
    while (this.head < this.items.length && itemAt(this.items, this.head).paired) this.head++;
    return this.items[this.head];
  }
}

/** The earlier in input order of two candidates, either missing. */
const earlier = (a: Candidate | undefined, b: Candidate | undefined) =>
  a === undefined ? b : b === undefined || a.order < b.order ? a : b;

/**
 * One pair of players' matches, queued four ways (all; by length; by date, no date as its own
 * date; by both), so that the match a row pairs with is the head of one or two queues: a row
 * costs a few steps however many matches or rows the pair has, and a run of any size pairs in time
 * that grows with its rows and matches, not their product.
 */
export class Rematches {
  private readonly all = new Queue();
  private readonly byLength = new Map<number, Queue>();
  private readonly byDate = new Map<string | null, Queue>();
  private readonly byDateLength = new Map<string, Queue>();

  add(c: Candidate): void {
    this.all.items.push(c);
    queueIn(this.byLength, c.m.length).items.push(c);
    queueIn(this.byDate, c.date).items.push(c);
    queueIn(this.byDateLength, dateLength(c.date, c.m.length)).items.push(c);
  }

  /**
   * The match a row pairs with (in input order): unpaired, of a compatible date (the row's, or
   * none given on either side), of the row's length first.
   */
  pick(length: number | null, date: string | null): Candidate | undefined {
    if (date === null) return (length === null ? undefined : this.byLength.get(length)?.first()) ?? this.all.first();
    const sameLength =
      length === null
        ? undefined
        : earlier(
            this.byDateLength.get(dateLength(date, length))?.first(),
            this.byDateLength.get(dateLength(null, length))?.first(),
          );
    return sameLength ?? earlier(this.byDate.get(date)?.first(), this.byDate.get(null)?.first());
  }
}

const dateLength = (date: string | null, length: number) => JSON.stringify([date, length]);

function queueIn<K>(map: Map<K, Queue>, key: K): Queue {
  let q = map.get(key);
  if (q === undefined) map.set(key, (q = new Queue()));
  return q;
}

/** A name or a cell as a message quotes it: a long one cut. */
const shown = (s: string) => (s.length > 60 ? `${s.slice(0, 60)}…` : s);

/** `file:line` of a match, and which match of its file when it is not the first. */
function matchPlace(m: PlayedMatch): string {
  return `${m.file}${m.line === null ? '' : `:${m.line}`}${m.match > 1 ? ` (match ${m.match})` : ''}`;
}

/** What the message says about a match whose own audit failed: its facts may be the record's slips. */
function auditNote(m: PlayedMatch): string {
  return m.errors > 0 ? `; the match's own audit has ${m.errors} error${m.errors === 1 ? '' : 's'}` : '';
}

/** The row's other columns (round, table, event), as the message shows them. */
function otherNote(row: ResultRow): string {
  if (row.other.length === 0) return '';
  const cut = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}…` : s);
  const listed = row.other.slice(0, 6).map(([k, v]) => `${cut(k)}: ${cut(v)}`);
  if (row.other.length > 6) listed.push(`${row.other.length - 6} more`);
  return ` [${listed.join(', ')}]`;
}

/** Rows or matches paired between two pauses of `pairResultsPausing`. */
const PAIRED_BETWEEN_PAUSES = 4096;

/**
 * Pairs the rows with the matches and says what differs. A row pairs with a match of the same two
 * players (either order, names as people write them, after aliases) and, when both give a date,
 * the same date; among several, a match of the row's length first, then the first in input order
 * (rematches). Rows are taken in file order. `sheet` names the results file in the messages.
 */
export function pairResults(
  rows: readonly ResultRow[],
  matches: readonly PlayedMatch[],
  sheet: string,
  aliases: Aliases = new Aliases(),
): Finding[] {
  const steps = pairing(rows, matches, sheet, aliases);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/**
 * The same, letting the event loop turn every few thousand rows: a signal sent while a sheet of
 * a hundred thousand rows is paired is acted on at once, not after the pairing (nor lost, as it
 * would be once the run has stopped listening for it).
 */
export async function pairResultsPausing(
  rows: readonly ResultRow[],
  matches: readonly PlayedMatch[],
  sheet: string,
  aliases: Aliases = new Aliases(),
): Promise<Finding[]> {
  const steps = pairing(rows, matches, sheet, aliases);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The pairing, pausing (a `yield`) every PAIRED_BETWEEN_PAUSES rows or matches. */
function* pairing(
  rows: readonly ResultRow[],
  matches: readonly PlayedMatch[],
  sheet: string,
  aliases: Aliases,
): Generator<void, Finding[]> {
  let done = 0;
  const pause = () => ++done % PAIRED_BETWEEN_PAUSES === 0;
  const byPair = new Map<string, Rematches>();
  const all: Candidate[] = [];
  matches.forEach((m, order) => {
    const keys: [string, string] = [aliases.resolve(m.players[0]).key, aliases.resolve(m.players[1]).key];
    const c: Candidate = { m, order, keys, date: isoDate(m.date), paired: false };
    all.push(c);
    const k = pairKey(keys[0], keys[1]);
    let list = byPair.get(k);
    if (list === undefined) byPair.set(k, (list = new Rematches()));
    list.add(c);
  });
  const findings: Finding[] = [];
  for (const row of rows) {
    if (pause()) yield;
    const at = `${sheet}:${row.line}`;
    const rowKeys = [aliases.resolve(row.players[0]).key, aliases.resolve(row.players[1]).key] as const;
    const rowDate = row.date === null ? null : isoDate(row.date);
    const pick = byPair.get(pairKey(rowKeys[0], rowKeys[1]))?.pick(row.length, rowDate);
    const players = `${shown(row.players[0])} v ${shown(row.players[1])}`;
    if (pick === undefined) {
      findings.push(
        finding(
          'result-no-file',
          'error',
          `${at}: no match file of the run pairs with this row (${players}${row.date === null ? '' : `, ${shown(row.date)}`}${row.length === null ? '' : `, ${plural(row.length, 'point')}`})${otherNote(row)}`,
          { line: row.line },
        ),
      );
      continue;
    }
    pick.paired = true;
    findings.push(...differences(row, rowKeys, pick, at, aliases));
  }
  for (const c of all) {
    if (pause()) yield;
    if (c.paired) continue;
    const m = c.m;
    findings.push(
      finding(
        'result-not-listed',
        'warning',
        `${matchPlace(m)}: no row of ${sheet} pairs with this match (${shown(m.players[0])} v ${shown(m.players[1])}${m.date === '' ? '' : `, ${shown(m.date)}`}, ${plural(m.length, 'point')})${auditNote(m)}`,
      ),
    );
  }
  return findings;
}

/** The findings of a row and the match it pairs with. */
function differences(
  row: ResultRow,
  rowKeys: readonly [string, string],
  c: Candidate,
  at: string,
  aliases: Aliases,
): Finding[] {
  const m = c.m;
  const out: Finding[] = [];
  const both = `${at} and ${matchPlace(m)}`;
  const note = auditNote(m) + otherNote(row);
  // The row's side of each of the match's sides: player1 is side 0 unless the names say otherwise.
  const swapped = rowKeys[0] !== c.keys[0] && rowKeys[0] === c.keys[1];
  const rowSideOf = (side: 0 | 1): 0 | 1 => (swapped ? (side === 0 ? 1 : 0) : side);
  const winnerName = 'side' in row.winner ? row.players[row.winner.side] : row.winner.name;
  const winnerKey = aliases.resolve(winnerName).key;
  const rowWinner = winnerKey === rowKeys[0] ? 0 : winnerKey === rowKeys[1] ? 1 : null;
  const matchWinner = m.winner === null ? null : rowSideOf(m.winner);
  if (rowWinner !== matchWinner) {
    const said = rowWinner === null ? `${shown(winnerName)}, who is not one of its players` : shown(winnerName);
    const won =
      m.winner === null ? 'nobody won the match (it is not finished)' : `${shown(m.players[m.winner])} won the match`;
    out.push(
      finding('result-winner', 'error', `${both}: the row names the winner ${said}; in the file ${won}${note}`, {
        line: row.line,
        recorded: winnerName,
        expected: m.winner === null ? null : m.players[m.winner],
      }),
    );
  }
  if (row.length !== null && row.length !== m.length) {
    out.push(
      finding(
        'result-length',
        'error',
        `${both}: the row gives a ${row.length}-point match; the file's is ${m.length === 0 ? 'a money session' : plural(m.length, 'point')}${note}`,
        { line: row.line, recorded: row.length, expected: m.length },
      ),
    );
  }
  if (row.score !== null) {
    // The match's final score as the row orders its players, each side's points capped at the length.
    const cap = (n: number) => (m.length > 0 ? Math.min(n, m.length) : n);
    const final: [number, number] | null =
      m.finalScore === null
        ? null
        : swapped
          ? [cap(m.finalScore[1]), cap(m.finalScore[0])]
          : [cap(m.finalScore[0]), cap(m.finalScore[1])];
    if (final === null || final[0] !== row.score[0] || final[1] !== row.score[1]) {
      const names = `${shown(row.players[0])}-${shown(row.players[1])}`;
      const file = final === null ? 'the file gives no final score' : `the file's is ${final[0]}-${final[1]}`;
      out.push(
        finding(
          'result-score',
          'error',
          `${both}: the row gives the final score ${row.score[0]}-${row.score[1]} (${names}); ${file}${note}`,
          { line: row.line, recorded: row.score, expected: final },
        ),
      );
    }
  }
  return out;
}
