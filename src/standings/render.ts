// Standings as a text table, CSV (papaparse) or JSON.
import Papa from 'papaparse';
import { printable } from '../report/escape.js';
import type { PlayerRow, StandingsResult } from './standings.js';
import { itemAt } from '../at.js';

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

export function standingsCsv(result: StandingsResult): string {
  return (
    Papa.unparse(
      { fields: [...PLAYER_COLUMNS], data: result.players.map((p) => PLAYER_COLUMNS.map((c) => p[c] ?? '')) },
      { newline: '\r\n', escapeFormulae: /^[=+\-@\t\r]/ },
    ) + '\r\n'
  );
}

export function standingsJson(result: StandingsResult): string {
  return (
    JSON.stringify({
      players: result.players,
      matches: result.matches,
      excluded: result.excluded,
      order: result.order,
    }) + '\n'
  );
}

/** The table a person reads: sorted by rating, names escaped for the terminal. */
export function standingsText(result: StandingsResult): string {
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
  ]);
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => itemAt(r, c).length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, c) =>
        c === 1 || c === cells.length - 1 ? cell.padEnd(itemAt(widths, c)) : cell.padStart(itemAt(widths, c)),
      )
      .join('  ')
      .trimEnd() + '\n';
  const left = result.excluded.length;
  return (
    line(head) +
    rows.map(line).join('') +
    `\n${result.players.length} players, ${result.matches} matches counted, ${left} left out (errors, duplicates, unfinished); ratings: FIBS formula, ${result.order}\n`
  );
}
