// `bgaudit show`: each game's final position as a board, its IDs, the cube, how it ended.
// The path, the names and the messages are printed through printable(): nothing from a file
// reaches the terminal raw.
import { decodeMatchId, positionFromId } from '../ids.js';
import type { GameVerdict, MatchReport } from '../model.js';
import { boardDiagram } from './board.js';
import { printable } from './escape.js';
import { plural } from '../words.js';

function points(n: number | null): string {
  return n === null ? '?' : plural(n, 'point');
}

function ending(g: GameVerdict, names: [string, string]): string {
  const cube = g.cube
    ? `Cube ${g.cube.value}${g.cube.owner === -1 ? ', centred' : `, owned by ${names[g.cube.owner]}`}.`
    : '';
  if (g.termination === null)
    return `${cube} The replay stopped before the end; the record gives ${g.winner === null ? 'no winner' : names[g.winner]} ${points(g.points.recorded)}.`;
  if (g.termination === 'unfinished') return `${cube} The game is unfinished.`;
  const how = { bearoff: 'by bearing off', drop: 'on a dropped double', resign: 'by resignation' }[g.termination];
  const winner = names[g.winner];
  const recorded = g.points.recorded === null ? 'no result recorded' : `recorded ${g.points.recorded}`;
  const credited = g.points.credited !== g.points.nominal ? `, ${points(g.points.credited)} credited` : '';
  return `${cube} ${winner} wins ${how}: a ${g.outcomeName ?? g.outcome}, ${points(g.points.nominal)}${credited} (${recorded}).`;
}

/** The line above a match's games: `file[, match M]: left - right`, then a blank line. */
export function showHeading(file: string, r: MatchReport, several: boolean): string {
  const players = r.players ? r.players.map(printable).join(' - ') : '';
  return `${printable(file)}${several ? `, match ${r.match}` : ''}: ${players}\n\n`;
}

/** A file that cannot be read: one `file:line:column: message` line per finding. */
export function showUnreadable(file: string, r: MatchReport): string {
  return r.findings
    .map((f) => `${printable(file)}:${f.line ?? 1}:${f.column ?? 1}: ${printable(f.message)}\n`)
    .join('');
}

export function showMatch(r: MatchReport, only?: number): string {
  // A side the record does not name: SGF's own words (side 0 is White, PW); a .mat's column.
  const unnamed = r.format === 'sgf' ? ['White', 'Black'] : ['left player', 'right player'];
  const names = [printable(r.players?.[0] || unnamed[0]), printable(r.players?.[1] || unnamed[1])] as [string, string];
  const out: string[] = [];
  for (const g of r.games) {
    if (only !== undefined && g.game !== only) continue;
    const start = g.startScore.recorded ?? g.startScore.computed;
    const kind =
      r.length === 0 ? 'money session' : r.length === null ? 'match of unknown length' : `${r.length}-point match`;
    const flags = g.crawford ? ', Crawford game' : g.postCrawford ? ', post-Crawford' : '';
    out.push(
      `Game ${g.game} (line ${g.line}), ${kind}${start ? `, ${names[0]} ${start[0]} - ${start[1]} ${names[1]} before the game` : ''}${flags}`,
    );
    if (g.final) {
      const onRoll = decodeMatchId(g.final.matchId).onRoll;
      out.push(boardDiagram(positionFromId(g.final.positionId, onRoll), names, onRoll));
      out.push(`  Position ID ${g.final.positionId}   Match ID ${g.final.matchId}`);
      out.push(`  ${g.final.xgid}`);
    }
    out.push(`  ${ending(g, names).trim()}`);
    for (const f of g.findings) out.push(`  ${f.severity}: ${printable(f.message)} (${f.code}, line ${f.line})`);
    out.push('');
  }
  return out.join('\n');
}

/** Which part of a file `show` prints: a match of several, a game of a match. */
export interface ShowSelection {
  match?: number;
  game?: number;
}

/**
 * What `show` prints for one file's reports (already narrowed to the match asked for): each
 * match's heading and games, or the findings of a file that cannot be read; '' when the game
 * asked for is in none of them.
 */
export function renderShow(reports: MatchReport[], only: ShowSelection): string {
  const out: string[] = [];
  let games = 0;
  for (const r of reports) {
    if (r.match === null) {
      out.push(showUnreadable(r.file, r));
      games++;
      continue;
    }
    const shown = only.game === undefined ? r.games.length : r.games.filter((g) => g.game === only.game).length;
    if (shown === 0 && only.game !== undefined) continue;
    games += shown;
    out.push(showHeading(r.file, r, reports.length > 1 || only.match !== undefined), showMatch(r, only.game));
  }
  return games === 0 && only.game !== undefined ? '' : out.join('');
}
