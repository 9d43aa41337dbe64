// What `players` needs of each match, made in the worker as one short JSON line a match (the
// `standings` output format) and read back in the main thread: the players, length, date and
// time, winner, ending, error count and duplicate of the match, and its games added up per side
// (points, gammons, backgammons, cube actions). The per-match and per-game CSV rows carry the same
// facts among many others, and making and reading them back cost more than the audit's own
// output; adding the games up in the worker leaves the main thread a short list of numbers a match.
import type { CubeActions, MatchReport } from '../core/model.js';
import { duplicateOf } from '../report/csv.js';
import type { Sink } from '../report/reporter.js';
import { addGame, noGames, type GameTotals, type MatchFacts, type Standings } from './standings.js';

/** A match: file, match, players, length, date, time, winner (-1: none), ending, errors, duplicate of ('' when not), its games. */
type MatchLine = [string, number, string, string, number, string, string, number, string, number, string, GameTotals];

const NO_CUBE_ACTIONS: CubeActions = { cubeTurns: [0, 0], takes: [0, 0], drops: [0, 0] };

/** A match report's line ('' for a file that could not be read: nobody played in it). */
export function standingsLine(r: MatchReport): string {
  if (r.match === null) return '';
  const s = r.summary;
  let errors = 0;
  for (const f of r.findings) if (f.severity === 'error') errors++;
  const totals = noGames();
  for (const g of r.games) {
    // Asked for by `players`; the per-game CSV's statistics hold them too.
    const cube = g.cubeActions ?? g.stats ?? NO_CUBE_ACTIONS;
    // A new object literal each game keeps one fixed shape, which V8 makes cheap; one object
    // reused across games, its fields overwritten, was several times slower (bench/README.md).
    addGame(totals, {
      winner: g.winner,
      outcome: g.outcome ?? '',
      termination: g.termination ?? '',
      credited: g.points.credited ?? 0,
      cubeTurns: cube.cubeTurns,
      takes: cube.takes,
      drops: cube.drops,
    });
  }
  const line: MatchLine = [
    r.file,
    r.match,
    r.players[0],
    r.players[1],
    r.length ?? 0,
    s?.date ?? '',
    s?.time ?? '',
    s?.winner ?? -1,
    s?.ending ?? '',
    errors,
    duplicateOf(r.findings) ?? '',
    totals,
  ];
  return JSON.stringify(line) + '\n';
}

const side = (n: number) => (n === 0 ? 0 : n === 1 ? 1 : null);

/** Reads the lines of `text` (whole lines), handing each match and then its games' totals over. */
function readStandingsLines(
  text: string,
  onMatch: (m: MatchFacts) => void,
  onTotals: (match: number, t: readonly number[]) => void,
): void {
  let at = 0;
  while (at < text.length) {
    let end = text.indexOf('\n', at);
    if (end === -1) end = text.length;
    if (end > at) {
      const m = JSON.parse(text.slice(at, end)) as MatchLine;
      onMatch({
        file: m[0],
        match: m[1],
        players: [m[2], m[3]],
        length: m[4],
        date: m[5],
        time: m[6],
        winner: side(m[7]),
        ending: m[8],
        errors: m[9],
        duplicateOf: m[10],
      });
      onTotals(m[1], m[11]);
    }
    at = end + 1;
  }
}

/** The sink that feeds the standings: each file's lines as they come, a file in pieces included. */
export function standingsSink(standings: Standings): { format: 'standings'; sink: Sink } {
  let carry = '';
  const read = (text: string) =>
    readStandingsLines(
      text,
      (m) => standings.match(m),
      (match, t) => standings.totals(match, t),
    );
  return {
    format: 'standings',
    sink: {
      add: (text) => {
        standings.file();
        if (text) read(text);
      },
      piece: (text, first) => {
        if (first) standings.file();
        const all = carry + text;
        const end = all.lastIndexOf('\n') + 1;
        read(all.slice(0, end));
        carry = all.slice(end);
      },
      pieced: () => {
        if (carry) read(carry);
        carry = '';
      },
      end: () => {},
    },
  };
}
