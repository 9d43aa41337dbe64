// `bgaudit dice --html FILE`: one self-contained page, the conventions of the audit report
// (html.ts): a Content-Security-Policy that allows nothing but inline style and data: images, no
// script, no link; everything from a file escaped through html-escape.ts, control characters
// included (a group's name is a player's). Per group, a table of its tests and an SVG chart per
// test: each cell's distance from what fair dice expect, against the band chance gives, or for
// the sequence table each cell's standardized residual as a colour. Given a piece at a time; past
// CHARTED_GROUPS groups, only the flagged ones get charts, and every group a row of one table.
import type { DiceResult, GroupResult, JudgedTest } from '../stats/tally.js';
import { formatP, runSentences, verdictLine, verdictOfRun } from './dice-text.js';
import { html, shown } from './html-escape.js';
import { itemAt } from '../core/at.js';

/** Past this many groups the page charts only the flagged ones: a chart per test of every group would grow the page with the groups, past what a browser opens. */
export const CHARTED_GROUPS = 50;

const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;color:#202124;background:#f4f5f7;margin:0}
header{background:#263238;color:#fff;padding:14px 24px}h1{margin:0;font-size:20px}
.run{margin:4px 0 0;color:#cfd8dc;font-size:12.5px;word-break:break-all}
main{padding:16px 24px;max-width:1200px}
.card{background:#fff;border:1px solid #dde1e6;border-radius:6px;padding:12px 16px;margin:0 0 16px}
h2{font-size:16px;margin:0 0 8px}h3{font-size:14px;margin:14px 0 4px}
table{border-collapse:collapse;width:100%;font-size:13px}
th,td{text-align:left;padding:4px 8px;border-bottom:1px solid #eceff1;vertical-align:top}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
tr.below td{background:#fdecea}.words{color:#455a64;font-size:12.5px}
.warn{color:#8a5a00;font-size:12.5px}.note{color:#607d8b;font-size:12px}
.legend{font-size:12px;color:#455a64}.legend i{display:inline-block;width:12px;height:10px;margin:0 4px 0 10px}
svg{max-width:100%;height:auto}
.dev{color:#455a64}
`;

const n = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: 1 });

function pText(p: number | null): string {
  if (p === null) return '-';
  return html(formatP(p));
}

/** Each cell's standard deviation with fair dice: a share of a multinomial (or, for bar entry, of its k's tries). */
function sds(t: JudgedTest): number[] {
  const whole = t.expected.reduce((s, x) => s + x, 0);
  return t.expected.map((e, i) => {
    const of = t.name === 'bar-entry' ? itemAt(t.expected, i - (i % 2)) + itemAt(t.expected, i - (i % 2) + 1) : whole;
    return of > 0 ? Math.sqrt(e * (1 - e / of)) : 0;
  });
}

/**
 * Each cell's observed minus expected count as a bar from the zero line (fair dice), with the band
 * of two standard deviations either way that chance alone fills about 95% of the time: a 2%
 * difference shows as plainly as a 50% one.
 */
function deviationChart(t: JudgedTest, title: string): string {
  const cells = t.observed.length;
  const [step, half, top, left] = [Math.max(24, Math.min(48, Math.floor(900 / cells))), 70, 8, 60];
  const labelH = 16 + 4.5 * Math.max(0, ...t.labels.map((l) => l.length));
  const sd = sds(t);
  const dev = t.observed.map((o, i) => o - itemAt(t.expected, i));
  const max = Math.max(1e-9, ...dev.map(Math.abs), ...sd.map((x) => 2.2 * x));
  const zero = top + half;
  const y = (v: number) => zero - (half * v) / max;
  const parts: string[] = [];
  dev.forEach((d, i) => {
    const x = left + i * step;
    const bw = step - 8;
    const z = itemAt(sd, i) > 0 ? d / itemAt(sd, i) : 0;
    const [y1, y2] = [y(Math.max(0, d)), y(Math.min(0, d))];
    const outside = Math.abs(z) > 2;
    parts.push(
      `<g><title>${html(itemAt(t.labels, i))}: observed ${n(itemAt(t.observed, i))}, expected ${n(itemAt(t.expected, i))}, ${d >= 0 ? '+' : ''}${n(d)} (${z.toFixed(1)} standard deviations)</title>` +
        `<rect x="${x - 2}" y="${y(2 * itemAt(sd, i)).toFixed(1)}" width="${bw + 4}" height="${(y(-2 * itemAt(sd, i)) - y(2 * itemAt(sd, i))).toFixed(1)}" fill="#e3e8ee"/>` +
        `<rect x="${x}" y="${y1.toFixed(1)}" width="${bw}" height="${Math.max(0.5, y2 - y1).toFixed(1)}" fill="${outside ? '#c5392b' : '#5b8def'}"/>` +
        `<text transform="translate(${x + bw / 2},${top + 2 * half + 10}) rotate(45)" font-size="10">${html(itemAt(t.labels, i))}</text></g>`,
    );
  });
  const w = left + cells * step + 40;
  const axis =
    `<line x1="${left - 2}" x2="${w - 30}" y1="${zero}" y2="${zero}" stroke="#202124"/>` +
    `<text x="${left - 6}" y="${top + 8}" text-anchor="end" font-size="10">+${n(max)}</text>` +
    `<text x="${left - 6}" y="${zero + 3}" text-anchor="end" font-size="10">0</text>` +
    `<text x="${left - 6}" y="${top + 2 * half}" text-anchor="end" font-size="10">−${n(max)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${top + 2 * half + labelH + 20}" width="${w}" font-family="system-ui,sans-serif" fill="#202124" role="img" aria-label="${shown(title)}">${axis}${parts.join('')}</svg>`;
}

/** The sequence table: each cell's (observed − expected) / √expected, red above, blue below. */
function residualGrid(t: JudgedTest, title: string): string {
  const size = Math.round(Math.sqrt(t.observed.length));
  if (size * size !== t.observed.length || size === 0) return '';
  const cell = size > 10 ? 14 : 30;
  const cells = t.observed.map((o, i) => {
    const e = itemAt(t.expected, i);
    const r = e > 0 ? (o - e) / Math.sqrt(e) : 0;
    const a = Math.min(1, Math.abs(r) / 3).toFixed(2);
    const colour = r >= 0 ? `rgba(197,57,43,${a})` : `rgba(40,96,200,${a})`;
    const [row, col] = [Math.floor(i / size), i % size];
    return `<rect x="${col * cell}" y="${row * cell}" width="${cell - 1}" height="${cell - 1}" fill="${colour}"><title>${html(itemAt(t.labels, i))}: observed ${n(o)}, expected ${n(e)}, residual ${r.toFixed(2)}</title></rect>`;
  });
  const w = size * cell;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${w}" width="${w}" role="img" aria-label="${shown(title)}">${cells.join('')}</svg><p class="legend">rows: a roll; columns: the same player's next roll; colour: (observed − expected) / √expected, <i style="background:#c5392b"></i>more than expected <i style="background:#2860c8"></i>fewer (full colour at 3)</p>`;
}

function testRow(t: JudgedTest, r: DiceResult, whole: boolean): string {
  return (
    `<tr${t.rejected ? ' class="below"' : ''}><td>${t.name}</td><td class="num">${t.statistic === null ? '-' : n(t.statistic)}</td>` +
    `<td class="num">${t.df ?? '-'}</td><td class="num">${pText(t.p)}</td>` +
    `<td>${html(t.method)}<div class="words">${shown(verdictLine(t, r, whole))}</div></td></tr>`
  );
}

function groupCard(g: GroupResult, r: DiceResult, whole: boolean): string {
  const title = whole ? 'The whole run' : `${html(r.by)} ${shown(g.key)}`;
  const charts = g.tests
    .filter((t) => t.p !== null && t.observed.length > 0)
    .map((t) => {
      const label = `${t.name}: observed minus expected${whole ? '' : ` (${g.key})`}`;
      if (t.name === 'pips')
        return `<h3>pips</h3><p class="dev">mean ${itemAt(t.observed, 0).toFixed(3)} pips a roll against ${itemAt(t.expected, 0).toFixed(3)} with fair dice (z = ${(t.statistic ?? 0).toFixed(2)})</p>`;
      const chart = t.name === 'sequence' ? residualGrid(t, label) : deviationChart(t, label);
      return `<h3>${t.name}</h3>${t.note ? `<p class="note">${shown(t.note)}</p>` : ''}${chart}`;
    });
  return (
    `<section class="card"><h2>${title}: ${n(g.rolls)} rolls, ${n(g.openings)} openings</h2>` +
    '<table><thead><tr><th>test</th><th>statistic</th><th>df</th><th>p</th><th>method, and what p says</th></tr></thead><tbody>' +
    g.tests.map((t) => testRow(t, r, whole)).join('') +
    '</tbody></table>' +
    `<p class="legend">Bars: observed minus expected with fair dice; <i style="background:#e3e8ee"></i>two standard deviations either way (chance alone stays inside about 95% of the time) <i style="background:#c5392b"></i>outside it.</p>` +
    charts.join('') +
    '</section>\n'
  );
}

/** One row of the table of every group: its rolls, tests made, smallest p, and tests rejected. */
function groupRow(g: GroupResult): string {
  const made = g.tests.filter((t) => t.p !== null);
  const least = made.reduce<number | null>((m, t) => (m === null || (t.p ?? 1) < m ? t.p : m), null);
  const rejected = g.tests.filter((t) => t.rejected).map((t) => t.name);
  return (
    `<tr${rejected.length > 0 ? ' class="below"' : ''}><td>${shown(g.key)}</td><td class="num">${n(g.rolls)}</td>` +
    `<td class="num">${made.length}</td><td class="num">${pText(least)}</td><td>${rejected.join(', ')}</td></tr>\n`
  );
}

/** The page, a piece at a time. */
export function* renderDiceHtml(r: DiceResult, run: { version: string; paths: string[] }): Generator<string> {
  yield (
    '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">` +
    '<meta name="referrer" content="no-referrer"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>bgaudit dice</title><style>${STYLE}</style></head>\n<body><header><h1>bgaudit dice</h1>` +
    `<p class="run">bgaudit ${html(run.version)} · dice --by ${html(r.by)} ${run.paths.map(shown).join(' ')}</p></header>\n<main>` +
    `<section class="card"><h2>The run</h2>${runSentences(r)
      .map((x) => `<p>${shown(x)}</p>`)
      .join('')}<p><b>${shown(verdictOfRun(r, 'below'))}</b></p></section>\n`
  );
  const [whole, ...groups] = r.groups;
  if (whole !== undefined) yield groupCard(whole, r, true);
  const charted = groups.length <= CHARTED_GROUPS;
  const flagged = groups.filter((g) => g.tests.some((t) => t.rejected));
  const cards = charted ? groups : flagged.slice(0, CHARTED_GROUPS);
  if (!charted)
    yield `<section class="card"><h2>${n(groups.length)} groups: charts for the flagged ones only</h2><p>${
      flagged.length === 0
        ? 'No group has a test rejected.'
        : `${n(flagged.length)} with a test rejected${flagged.length > cards.length ? `; the first ${n(cards.length)} charted below` : ', charted below'}.`
    } Every group is a row of the table after them.</p></section>\n`;
  for (const g of cards) yield groupCard(g, r, false);
  if (!charted) {
    yield `<section class="card"><h2>Every ${html(r.by)}</h2><table><thead><tr><th>${html(r.by)}</th><th>rolls</th><th>tests made</th><th>smallest p</th><th>rejected</th></tr></thead><tbody>\n`;
    for (const g of groups) yield groupRow(g);
    yield '</tbody></table></section>\n';
  }
  if (r.unreadable.length > 0) {
    yield `<section class="card"><h2>Files that could not be read (${r.unreadable.length})</h2><ul>\n`;
    for (const u of r.unreadable) yield `<li>${shown(u.file)}: ${shown(u.message)} (${html(u.code)})</li>\n`;
    yield '</ul></section>\n';
  }
  yield '</main></body></html>\n';
}
