// Standings as a text table, CSV (papaparse) or JSON.
import Papa from 'papaparse';
import { printable } from '../report/escape.js';
import { leftOutReasons, type PlayerRow, type StandingsResult } from './standings.js';
import { itemAt } from '../core/at.js';
import { maxOf } from '../core/lists.js';
import { plural } from '../core/words.js';
import { FORMULA } from '../report/formula.js';

const PLAYER_COLUMNS = [
  'name',
  'matches',
  'won',
  'lost',
  'games',
  'points_won',
  'points_lost',
  'gammons_won',
  'gammons_lost',
  'backgammons_won',
  'backgammons_lost',
  'doubles',
  'takes',
  'drops',
  'forfeits_won',
  'forfeits_lost',
  'rating',
  'experience',
  'excluded',
] as const satisfies readonly (keyof PlayerRow)[];

/** What is shown beside the standings: the match counts by length, the pairs' table. */
export interface StandingsShown {
  byLength?: boolean;
  headToHead?: boolean;
}

const CSV_OPTIONS = { newline: '\r\n', escapeFormulae: FORMULA };
const HEAD_TO_HEAD_COLUMNS = ['player', 'opponent', 'matches', 'won', 'lost'] as const;

/** The lengths played in the run, shortest first. */
function lengthsOf(result: StandingsResult): number[] {
  return [...new Set(result.byLength.flatMap((rows) => rows.map((r) => r.length)))].sort((a, b) => a - b);
}

/**
 * The players' table; with `byLength`, three more columns a length played (`matches_5`, `won_5`,
 * `lost_5`); with `headToHead`, the pairs' table instead (a CSV file holds one table).
 */
export function standingsCsv(result: StandingsResult, shown: StandingsShown = {}): string {
  if (shown.headToHead)
    return (
      Papa.unparse(
        {
          fields: [...HEAD_TO_HEAD_COLUMNS],
          data: result.headToHead.map((h) => HEAD_TO_HEAD_COLUMNS.map((c) => h[c])),
        },
        CSV_OPTIONS,
      ) + '\r\n'
    );
  const lengths = shown.byLength ? lengthsOf(result) : [];
  const extra = lengths.flatMap((n) => [`matches_${n}`, `won_${n}`, `lost_${n}`]);
  const data = result.players.map((p, i) => {
    const cells: (string | number)[] = PLAYER_COLUMNS.map((c) => p[c] ?? '');
    for (const n of lengths) {
      const r = itemAt(result.byLength, i).find((x) => x.length === n);
      cells.push(r?.matches ?? 0, r?.won ?? 0, r?.lost ?? 0);
    }
    return cells;
  });
  return Papa.unparse({ fields: [...PLAYER_COLUMNS, ...extra], data }, CSV_OPTIONS) + '\r\n';
}

export function standingsJson(result: StandingsResult, shown: StandingsShown = {}): string {
  const players = shown.byLength
    ? result.players.map((p, i) => ({ ...p, by_length: result.byLength[i] }))
    : result.players;
  return (
    JSON.stringify({
      players,
      matches: result.matches,
      excluded: result.excluded,
      order: result.order,
      ...(shown.headToHead ? { head_to_head: result.headToHead } : {}),
    }) + '\n'
  );
}

/** A table of text cells, columns padded; `left`: the columns aligned left (the others right). */
function table(head: string[], rows: string[][], left: ReadonlySet<number>): string {
  const widths = head.map((h, c) =>
    maxOf(
      h.length,
      rows.map((r) => itemAt(r, c).length),
    ),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => (left.has(c) ? cell.padEnd(itemAt(widths, c)) : cell.padStart(itemAt(widths, c))))
      .join('  ')
      .trimEnd() + '\n';
  return line(head) + rows.map(line).join('');
}

/** A player's matches by length as `3pt 2-1 5pt 0-1` (won-lost). */
const lengthCell = (rows: StandingsResult['byLength'][number]) =>
  rows.map((r) => `${r.length}pt ${r.won}-${r.lost}`).join(' ');

/** The table a person reads: sorted by rating, names escaped for the terminal. */
export function standingsText(result: StandingsResult, shown: StandingsShown = {}): string {
  const head = [
    '#',
    'player',
    'rating',
    'exp',
    'matches',
    'won',
    'lost',
    'games',
    'points',
    'gammons',
    'cube d/t/p',
    'left out',
    ...(shown.byLength ? ['by length (won-lost)'] : []),
  ];
  const rows = result.players.map((p, i) => [
    String(i + 1),
    printable(p.name),
    p.rating === null ? '-' : p.rating.toFixed(2),
    String(p.experience),
    String(p.matches),
    String(p.won),
    String(p.lost),
    String(p.games),
    `${p.points_won}-${p.points_lost}`,
    `${p.gammons_won + p.backgammons_won}-${p.gammons_lost + p.backgammons_lost}`,
    `${p.doubles}/${p.takes}/${p.drops}`,
    p.excluded,
    ...(shown.byLength ? [lengthCell(itemAt(result.byLength, i))] : []),
  ]);
  const pairs = shown.headToHead
    ? '\nhead to head\n' +
      table(
        ['player', 'opponent', 'matches', 'won', 'lost'],
        result.headToHead.map((h) => [
          printable(h.player),
          printable(h.opponent),
          String(h.matches),
          String(h.won),
          String(h.lost),
        ]),
        new Set([0, 1]),
      )
    : '';
  const left = result.excluded.length;
  return (
    table(head, rows, new Set([1, 11, 12])) +
    pairs +
    `\n${plural(result.players.length, 'player')}, ${plural(result.matches, 'match', 'matches')} counted, ${left} left out (${leftOutReasons(result)}); ratings: FIBS formula, ${result.order}\n`
  );
}
