// `players --format html`: the standings as one self-contained page, in the style of `verify
// --html` (its style sheet, its Content-Security-Policy: no request can leave the page). The
// table is written sorted by rating, so that it reads the same with script off; a small script
// sorts it by any column. Each of the best rated players' ratings is drawn over their matches as
// a small inline SVG chart; past CHARTED players the others are counted, not drawn, so the page
// stays a few hundred KB whatever the archive.
//
// Every text from a file (names, paths) reaches the page through shown(): control characters
// escaped as the text output shows them, then HTML-escaped. The script reads only the page's own
// cells and attributes; no name is ever inside it.
import { itemAt } from '../core/at.js';
import { html, shown } from '../report/html-escape.js';
import { STYLE } from '../report/html-style.js';
import type { StandingsShown } from './render.js';
import { leftOutReasons, type PlayerRow, type StandingsResult } from './standings.js';
import { maxOf, minOf } from '../core/lists.js';

const CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:";

/** Players whose ratings are drawn, the best rated first. */
export const CHARTED = 24;

const n = (x: number) => x.toLocaleString('en-US');

const PAGE_STYLE = `
#standings,#pairs{table-layout:auto}
#standings td,#pairs td{font-variant-numeric:tabular-nums}
#standings td.num,#standings th.num,#pairs td.num,#pairs th.num{text-align:right;white-space:nowrap}
#standings th:focus{outline:2px solid #7aa7e0;outline-offset:-2px}
.order{margin:10px 0 0;color:var(--muted)}
.charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(250px,1fr));gap:12px}
.charts figure{margin:0;padding:8px 10px;border:1px solid var(--line);border-radius:6px;background:#fff}
.charts figcaption{font-weight:600;overflow-wrap:anywhere;margin-bottom:4px}
.charts figcaption span{font-weight:400;color:var(--muted)}
.charts svg{display:block;width:100%;height:auto}
`;

/** Sorts the standings by the column clicked (again: the other way); numbers by `data-v`. */
const SCRIPT = String.raw`
'use strict';
document.addEventListener('DOMContentLoaded', function () {
  var table = document.getElementById('standings');
  if (!table) return;
  var body = table.tBodies[0], heads = table.tHead.rows[0].cells;
  var collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  function value(row, c) {
    var cell = row.cells[c], v = cell.getAttribute('data-v');
    return v === null ? cell.textContent : v === '' ? -Infinity : Number(v);
  }
  function sortBy(c) {
    var th = heads[c], down = th.getAttribute('aria-sort') !== 'descending';
    if (th.getAttribute('aria-sort') === null) down = th.classList.contains('num');
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = value(a, c), y = value(b, c);
      var d = typeof x === 'number' ? (x < y ? -1 : x > y ? 1 : 0) : collator.compare(x, y);
      return (down ? -d : d) || Number(a.getAttribute('data-rank')) - Number(b.getAttribute('data-rank'));
    });
    rows.forEach(function (r) { body.appendChild(r); });
    Array.prototype.forEach.call(heads, function (h) { h.removeAttribute('aria-sort'); });
    th.setAttribute('aria-sort', down ? 'descending' : 'ascending');
  }
  Array.prototype.forEach.call(heads, function (th, c) {
    if (c === 0) return;
    th.tabIndex = 0;
    th.title = 'sort by this column';
    th.addEventListener('click', function () { sortBy(c); });
    th.addEventListener('keydown', function (e) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sortBy(c); } });
  });
});
`;

interface Column {
  title: string;
  /** Aligned right and sorted as a number (from `data-v`). */
  num: boolean;
  cell: (p: PlayerRow, i: number) => { text: string; v?: number | null };
}

function columns(result: StandingsResult, byLength: boolean): Column[] {
  const count = (title: string, get: (p: PlayerRow) => number): Column => ({
    title,
    num: true,
    cell: (p) => ({ text: n(get(p)), v: get(p) }),
  });
  const pair = (title: string, a: (p: PlayerRow) => number, b: (p: PlayerRow) => number): Column => ({
    title,
    num: true,
    cell: (p) => ({ text: `${n(a(p))}\u2013${n(b(p))}`, v: a(p) - b(p) }),
  });
  return [
    { title: '#', num: true, cell: (_, i) => ({ text: String(i + 1), v: i + 1 }) },
    { title: 'Player', num: false, cell: (p) => ({ text: shown(p.name) }) },
    {
      title: 'Rating',
      num: true,
      cell: (p) => ({ text: p.rating === null ? '\u2013' : p.rating.toFixed(2), v: p.rating }),
    },
    count('Exp', (p) => p.experience),
    count('Matches', (p) => p.matches),
    count('Won', (p) => p.won),
    count('Lost', (p) => p.lost),
    count('Games', (p) => p.games),
    pair(
      'Points',
      (p) => p.points_won,
      (p) => p.points_lost,
    ),
    pair(
      'Gammons',
      (p) => p.gammons_won + p.backgammons_won,
      (p) => p.gammons_lost + p.backgammons_lost,
    ),
    {
      title: 'Cube d/t/p',
      num: true,
      cell: (p) => ({ text: `${n(p.doubles)}/${n(p.takes)}/${n(p.drops)}`, v: p.doubles }),
    },
    pair(
      'Forfeits (won\u2013lost)',
      (p) => p.forfeits_won,
      (p) => p.forfeits_lost,
    ),
    { title: 'Left out', num: false, cell: (p) => ({ text: html(p.excluded) }) },
    ...(byLength
      ? [
          {
            title: 'By length (won\u2013lost)',
            num: false,
            cell: (_: PlayerRow, i: number) => ({
              text: itemAt(result.byLength, i)
                .map((r) => `${r.length}pt ${r.won}\u2013${r.lost}`)
                .join(' '),
            }),
          },
        ]
      : []),
  ];
}

/**
 * A table's body, a row a piece: `<tbody>`, each row and its line end, `</tbody>` (a page of a
 * million players is more than one string can hold).
 */
function* tableBody(rows: Iterable<string>): Generator<string> {
  // An empty body keeps its blank line, as the page always wrote it.
  yield '<tbody>\n';
  let any = false;
  for (const row of rows) {
    any = true;
    yield `${row}\n`;
  }
  if (!any) yield '\n';
  yield '</tbody></table>';
}

function* standingsTable(result: StandingsResult, byLength: boolean): Generator<string> {
  const cols = columns(result, byLength);
  const head = cols
    .map(
      (c, k) =>
        `<th scope="col"${c.num ? ' class="num"' : ''}${k === 2 ? ' aria-sort="descending"' : ''}>${c.title}</th>`,
    )
    .join('');
  const rows = function* () {
    for (const [i, p] of result.players.entries())
      yield (
        `<tr data-rank="${i}">` +
        cols
          .map((c) => {
            const { text, v } = c.cell(p, i);
            const data = v === undefined ? '' : ` data-v="${v === null ? '' : v}"`;
            return `<td${c.num ? ' class="num"' : ''}${data}>${text}</td>`;
          })
          .join('') +
        '</tr>'
      );
  };
  yield `<table id="standings"><thead><tr>${head}</tr></thead>`;
  yield* tableBody(rows());
}

function* pairsTable(result: StandingsResult): Generator<string> {
  if (result.headToHead.length === 0) {
    yield '<p class="empty">No pair played a counted match.</p>';
    return;
  }
  const rows = function* () {
    for (const h of result.headToHead)
      yield (
        `<tr><td>${shown(h.player)}</td><td>${shown(h.opponent)}</td><td class="num">${n(h.matches)}</td>` +
        `<td class="num">${n(h.won)}</td><td class="num">${n(h.lost)}</td></tr>`
      );
  };
  yield (
    '<table id="pairs"><thead><tr><th scope="col">Player</th><th scope="col">Opponent</th>' +
    '<th scope="col" class="num">Matches</th><th scope="col" class="num">Won</th><th scope="col" class="num">Lost</th>' +
    '</tr></thead>'
  );
  yield* tableBody(rows());
}

/** One player's rating over their matches: the start, then after each match, as a line. */
export function ratingChart(name: string, history: readonly number[], start: number): string {
  const [w, h, left, right, top, bottom] = [240, 96, 40, 8, 8, 18];
  const lo = minOf(start, history);
  const hi = maxOf(start, history);
  const span = hi - lo || 1;
  const x = (k: number) => left + ((w - left - right) * k) / Math.max(1, history.length - 1);
  const y = (r: number) => top + ((h - top - bottom) * (hi - r)) / span;
  const f = (v: number) => v.toFixed(1);
  const points = history.map((r, k) => `${f(x(k))},${f(y(r))}`).join(' ');
  const last = itemAt(history, history.length - 1);
  const matches = history.length - 1;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" ` +
    `aria-label="${shown(name)}: rating ${start} to ${last.toFixed(2)} over ${matches} match${matches === 1 ? '' : 'es'}" ` +
    'font-family="system-ui,sans-serif" font-size="10" fill="#5f6368">' +
    `<line x1="${left}" x2="${w - right}" y1="${f(y(start))}" y2="${f(y(start))}" stroke="#c8c8c4" stroke-dasharray="3 3"/>` +
    `<text x="${left - 4}" y="${f(top + 4)}" text-anchor="end">${Math.round(hi)}</text>` +
    `<text x="${left - 4}" y="${f(h - bottom)}" text-anchor="end">${Math.round(lo)}</text>` +
    `<text x="${left}" y="${h - 4}">match 0</text><text x="${w - right}" y="${h - 4}" text-anchor="end">${matches}</text>` +
    `<polyline points="${points}" fill="none" stroke="#35597a" stroke-width="1.6" stroke-linejoin="round"/>` +
    `<circle cx="${f(x(matches))}" cy="${f(y(last))}" r="2.5" fill="#35597a"/></svg>`
  );
}

function charts(result: StandingsResult, start: number): string {
  const rated = result.players.filter((p) => p.rating !== null).length;
  const drawn = result.history.filter((hist) => hist.length > 1);
  if (drawn.length === 0) return '<p class="empty">No rated match.</p>';
  const figures = result.history.flatMap((hist, i) => {
    const p = itemAt(result.players, i);
    return hist.length > 1
      ? [
          `<figure><figcaption>${i + 1}. ${shown(p.name)} <span>${p.rating?.toFixed(2)}</span></figcaption>` +
            `${ratingChart(p.name, hist, start)}</figure>`,
        ]
      : [];
  });
  const note =
    rated > drawn.length
      ? `<p class="order">Drawn for the ${n(drawn.length)} best rated of ${n(rated)} rated players; the others are in the table.</p>`
      : '';
  return `<div class="charts">${figures.join('\n')}</div>${note}`;
}

/** What the page says made it. */
export interface PlayersPageRun {
  version: string;
  paths: string[];
  ratingStart: number;
}

/** The page whole, for the tests; a run writes `standingsHtmlParts`, a piece at a time. */
export function standingsHtml(result: StandingsResult, run: PlayersPageRun, shownAlso: StandingsShown = {}): string {
  return [...standingsHtmlParts(result, run, shownAlso)].join('');
}

/** The players page in pieces, each of a bounded size however many players and pairs it lists. */
export function* standingsHtmlParts(
  result: StandingsResult,
  run: PlayersPageRun,
  shownAlso: StandingsShown = {},
): Generator<string> {
  const left = result.excluded.length;
  yield (
    '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">` +
    '<meta name="referrer" content="no-referrer"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>bgaudit players</title><style>${STYLE}${PAGE_STYLE}</style><script>${SCRIPT}</script></head>\n` +
    '<body><header class="top"><h1>bgaudit players</h1>' +
    `<p class="run">bgaudit ${html(run.version)} \u00b7 players ${run.paths.map(shown).join(' ')}</p></header>\n` +
    '<main><section class="card" aria-label="Standings"><h2>Standings</h2>'
  );
  yield* standingsTable(result, shownAlso.byLength === true);
  yield (
    `<p class="order" id="order">${n(result.players.length)} ${result.players.length === 1 ? 'player' : 'players'}, ` +
    `${n(result.matches)} ${result.matches === 1 ? 'match' : 'matches'} counted, ${n(left)} left out ` +
    `(${leftOutReasons(result)}). Ratings: FIBS formula, start ${run.ratingStart}; ${html(result.order)}.</p></section>\n`
  );
  if (shownAlso.headToHead) {
    yield '<section class="card" aria-label="Head to head"><h2>Head to head</h2>';
    yield* pairsTable(result);
    yield '</section>\n';
  }
  yield (
    `<section class="card" aria-label="Ratings"><h2>Ratings over matches</h2>${charts(result, run.ratingStart)}</section>` +
    '</main></body></html>\n'
  );
}
