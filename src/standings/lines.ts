// What `players` needs of each match, made in the worker as one short JSON line a match (the
// `standings` output format) and read back in the main thread: the players, length, date and
// time, winner, ending, error count and duplicate of the match, and its games added up per side
// (points, gammons, backgammons, cube actions). The per-match and per-game CSV rows carry the same
// facts among many others, and making and reading them back cost more than the audit's own
// output; adding the games up in the worker leaves the main thread one small object a match.
import type { CubeActions, MatchReport } from '../core/model.js';
import { duplicateOf } from '../report/csv.js';
import type { Sink } from '../report/reporter.js';
import { addGame, noGames, type GameFacts, type GameTotals, type MatchFacts, type Standings } from './standings.js';

/** A match's games added up: games, then per side points, gammons, backgammons, cube turns, takes, drops. */
type TotalsLine = [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];
/** A match: file, match, players, length, date, time, winner (-1: none), ending, errors, duplicate of ('' when not), its games. */
type MatchLine = [string, number, string, string, number, string, string, number, string, number, string, TotalsLine];

const NO_CUBE_ACTIONS: CubeActions = { cubeTurns: [0, 0], takes: [0, 0], drops: [0, 0] };

/** A match report's line ('' for a file that could not be read: nobody played in it). */
export function standingsLine(r: MatchReport): string {
  if (r.match === null) return '';
  const s = r.summary;
  // Loops, one facts object for all the games and no spread: this runs once a match in every
  // worker, mostly before the compiler has optimised it.
  let errors = 0;
  for (const f of r.findings) if (f.severity === 'error') errors++;
  const totals = noGames();
  const facts: GameFacts = { ...NO_CUBE_ACTIONS, winner: null, outcome: '', termination: '', credited: 0 };
  for (const g of r.games) {
    // Asked for by `players`; the per-game CSV's statistics hold them too.
    const cube = g.cubeActions ?? g.stats ?? NO_CUBE_ACTIONS;
    facts.winner = g.winner;
    facts.outcome = g.outcome ?? '';
    facts.termination = g.termination ?? '';
    facts.credited = g.points.credited ?? 0;
    facts.cubeTurns = cube.cubeTurns;
    facts.takes = cube.takes;
    facts.drops = cube.drops;
    addGame(totals, facts);
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
    totalsLine(totals),
  ];
  return JSON.stringify(line) + '\n';
}

/** The line of a match given a `duplicate-match` finding after it was made: `of` is where it was first met. */
export function standingsLineWithDuplicate(line: string, of: string): string | null {
  if (!line.endsWith('\n')) return null;
  const m = JSON.parse(line) as MatchLine;
  m[10] = of;
  return JSON.stringify(m) + '\n';
}

const totalsLine = (t: GameTotals): TotalsLine => [
  t.games,
  t.points[0],
  t.points[1],
  t.gammons[0],
  t.gammons[1],
  t.backgammons[0],
  t.backgammons[1],
  t.cubeTurns[0],
  t.cubeTurns[1],
  t.takes[0],
  t.takes[1],
  t.drops[0],
  t.drops[1],
];

const side = (n: number) => (n === 0 ? 0 : n === 1 ? 1 : null);

/** Reads the lines of `text` (whole lines), handing each match and then its games' totals over. */
function readStandingsLines(
  text: string,
  onMatch: (m: MatchFacts) => void,
  onTotals: (match: number, t: GameTotals) => void,
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
      const t = m[11];
      onTotals(m[1], {
        games: t[0],
        points: [t[1], t[2]],
        gammons: [t[3], t[4]],
        backgammons: [t[5], t[6]],
        cubeTurns: [t[7], t[8]],
        takes: [t[9], t[10]],
        drops: [t[11], t[12]],
      });
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
