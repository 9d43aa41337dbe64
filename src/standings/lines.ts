// What `players` needs of each match, made in the worker as one short JSON line a match (the
// `standings` output format) and read back in the main thread: the players, length, date and
// time, winner, ending, error count and duplicate of the match, and per game its winner,
// outcome, ending, points credited and each side's cube actions. The per-match and per-game
// CSV rows carry the same facts among many others, and making and reading them back cost more
// than the audit's own output.
import type { Finding, MatchReport } from '../model.js';
import type { Sink } from '../report/reporter.js';
import type { GameFacts, MatchFacts, Standings } from './standings.js';

/** A game: winner (-1: none), outcome, termination, points credited, then per side cube turns, takes, drops. */
type GameLine = [number, string, string, number, number, number, number, number, number, number];
/** A match: file, match, players, length, date, time, winner (-1: none), ending, errors, duplicate of ('' when not), games. */
type MatchLine = [string, number, string, string, number, string, string, number, string, number, string, GameLine[]];

/** Where the match was first met when it repeats an earlier one (`duplicate-match`), as `FILE#MATCH`; else ''. */
function duplicateOf(findings: readonly Finding[]): string {
  const f = findings.find((x) => x.code === 'duplicate-match');
  const e = f?.expected as { file?: string; match?: number } | undefined;
  return e?.file === undefined ? '' : `${e.file}#${e.match}`;
}

/** A match report's line ('' for a file that could not be read: nobody played in it). */
export function standingsLine(r: MatchReport): string {
  if (r.match === null) return '';
  const s = r.summary;
  const line: MatchLine = [
    r.file,
    r.match,
    r.players?.[0] ?? '',
    r.players?.[1] ?? '',
    r.length ?? 0,
    s?.date ?? '',
    s?.time ?? '',
    s?.winner ?? -1,
    s?.ending ?? '',
    r.findings.filter((f) => f.severity === 'error').length,
    duplicateOf(r.findings),
    r.games.map((g): GameLine => {
      const t = g.stats;
      return [
        g.winner ?? -1,
        g.outcome ?? '',
        g.termination ?? '',
        g.points.credited ?? 0,
        t?.cubeTurns[0] ?? 0,
        t?.cubeTurns[1] ?? 0,
        t?.takes[0] ?? 0,
        t?.takes[1] ?? 0,
        t?.drops[0] ?? 0,
        t?.drops[1] ?? 0,
      ];
    }),
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

const side = (n: number) => (n === 0 ? 0 : n === 1 ? 1 : null);

/** Reads the lines of `text` (whole lines), handing each match and then its games over. */
export function readStandingsLines(
  text: string,
  onMatch: (m: MatchFacts) => void,
  onGame: (match: number, g: GameFacts) => void,
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
      for (const g of m[11])
        onGame(m[1], {
          winner: side(g[0]),
          outcome: g[1],
          termination: g[2],
          credited: g[3],
          cubeTurns: [g[4], g[5]],
          takes: [g[6], g[7]],
          drops: [g[8], g[9]],
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
      (match, g) => standings.game(match, g),
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
