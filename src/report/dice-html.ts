// `bgaudit dice --html FILE`: one self-contained page, the conventions of the audit report
// (html.ts): a Content-Security-Policy that allows nothing but inline style and data: images, no
// script, no link; everything from a file escaped through html-escape.ts. Per group, a table of
// its tests and an SVG chart per test: observed against expected counts (bars and marks), or for
// the sequence table each cell's standardized residual as a colour.
import type { DiceResult, GroupResult } from '../stats/tally.js';
import type { DiceTest } from '../stats/tests.js';
import { plural, verdictLine } from './dice-text.js';
import { html, shown } from './html-escape.js';

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
`;

const n = (x: number) => x.toLocaleString('en-US', { maximumFractionDigits: 1 });

function pText(p: number | null): string {
  if (p === null) return '-';
  if (p === 0) return '&lt; 1e-300';
  return p >= 0.001 ? String(Number(p.toPrecision(3))) : p.toExponential(1);
}

/** Observed counts as bars, expected as black marks, one pair per cell; labels below. */
function barChart(t: DiceTest, title: string): string {
  const cells = t.observed.length;
  const [step, h, top, left] = [Math.max(24, Math.min(48, Math.floor(900 / cells))), 120, 8, 60];
  const labelH = 16 + 4.5 * Math.max(0, ...t.labels.map((l) => l.length));
  const max = Math.max(1e-9, ...t.observed, ...t.expected);
  const y = (v: number) => top + h - (h * v) / max;
  const parts: string[] = [];
  t.observed.forEach((o, i) => {
    const x = left + i * step;
    const e = t.expected[i];
    const bw = step - 8;
    parts.push(
      `<g><title>${html(t.labels[i])}: observed ${n(o)}, expected ${n(e)}</title>` +
        `<rect x="${x}" y="${y(o).toFixed(1)}" width="${bw}" height="${(top + h - y(o)).toFixed(1)}" fill="#5b8def"/>` +
        `<line x1="${x - 2}" x2="${x + bw + 2}" y1="${y(e).toFixed(1)}" y2="${y(e).toFixed(1)}" stroke="#202124" stroke-width="2"/>` +
        `<text transform="translate(${x + bw / 2},${top + h + 10}) rotate(45)" font-size="10">${html(t.labels[i])}</text></g>`,
    );
  });
  const w = left + cells * step + 40;
  const axis =
    `<line x1="${left - 2}" x2="${w - 30}" y1="${top + h}" y2="${top + h}" stroke="#90a4ae"/>` +
    `<text x="${left - 6}" y="${top + 8}" text-anchor="end" font-size="10">${n(max)}</text>` +
    `<text x="${left - 6}" y="${top + h}" text-anchor="end" font-size="10">0</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${top + h + labelH + 20}" width="${w}" font-family="system-ui,sans-serif" fill="#202124" role="img" aria-label="${html(title)}">${axis}${parts.join('')}</svg>`;
}

/** The sequence table: each cell's (observed − expected) / √expected, red above, blue below. */
function residualGrid(t: DiceTest, title: string): string {
  const size = Math.round(Math.sqrt(t.observed.length));
  if (size * size !== t.observed.length || size === 0) return '';
  const cell = size > 10 ? 14 : 30;
  const cells = t.observed.map((o, i) => {
    const e = t.expected[i];
    const r = e > 0 ? (o - e) / Math.sqrt(e) : 0;
    const a = Math.min(1, Math.abs(r) / 3).toFixed(2);
    const colour = r >= 0 ? `rgba(197,57,43,${a})` : `rgba(40,96,200,${a})`;
    const [row, col] = [Math.floor(i / size), i % size];
    return `<rect x="${col * cell}" y="${row * cell}" width="${cell - 1}" height="${cell - 1}" fill="${colour}"><title>${html(t.labels[i])}: observed ${n(o)}, expected ${n(e)}, residual ${r.toFixed(2)}</title></rect>`;
  });
  const w = size * cell;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${w}" width="${w}" role="img" aria-label="${html(title)}">${cells.join('')}</svg><p class="legend">rows: a roll; columns: the same player's next roll; colour: (observed − expected) / √expected, <i style="background:#c5392b"></i>more than expected <i style="background:#2860c8"></i>fewer (full colour at 3)</p>`;
}

function testRow(t: DiceTest, r: DiceResult): string {
  const below = t.p !== null && t.p < r.threshold;
  const warn =
    t.p !== null && t.name !== 'doubles' && t.minExpected < 5
      ? `<div class="warn">an expected count is below 5 (${Number(t.minExpected.toPrecision(2))}): the p-value is only rough</div>`
      : '';
  return (
    `<tr${below ? ' class="below"' : ''}><td>${t.name}</td><td class="num">${t.statistic === null ? '-' : n(t.statistic)}</td>` +
    `<td class="num">${t.df ?? '-'}</td><td class="num">${pText(t.p)}</td>` +
    `<td>${html(t.method)}<div class="words">${html(verdictLine(t, r.threshold, r.testsMade))}</div>${warn}</td></tr>`
  );
}

function groupCard(g: GroupResult, r: DiceResult, whole: boolean): string {
  const title = whole ? 'The whole run' : `${html(r.by)} ${shown(g.key)}`;
  const charts = g.tests
    .filter((t) => t.p !== null && t.observed.length > 0)
    .map((t) => {
      const label = `${t.name}: observed and expected${whole ? '' : ` (${g.key})`}`;
      const chart = t.name === 'sequence' ? residualGrid(t, label) : barChart(t, label);
      return `<h3>${t.name}</h3>${t.note ? `<p class="note">${shown(t.note)}</p>` : ''}${chart}`;
    });
  return (
    `<section class="card"><h2>${title}: ${n(g.rolls)} rolls, ${n(g.openings)} openings</h2>` +
    '<table><thead><tr><th>test</th><th>statistic</th><th>df</th><th>p</th><th>method, and what p says</th></tr></thead><tbody>' +
    g.tests.map((t) => testRow(t, r)).join('') +
    '</tbody></table>' +
    `<p class="legend">Bars: observed counts; <i style="background:#5b8def"></i>observed <i style="background:#202124;height:2px"></i>expected with fair dice.</p>` +
    charts.join('') +
    '</section>'
  );
}

export function renderDiceHtml(r: DiceResult, run: { version: string; paths: string[] }): string {
  const unreadable =
    r.unreadable.length === 0
      ? ''
      : `<section class="card"><h2>Files that could not be read (${r.unreadable.length})</h2><ul>${r.unreadable
          .map((u) => `<li>${shown(u.file)}: ${shown(u.message)} (${html(u.code)})</li>`)
          .join('')}</ul></section>`;
  return (
    '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">` +
    '<meta name="referrer" content="no-referrer"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>bgaudit dice</title><style>${STYLE}</style></head>\n<body><header><h1>bgaudit dice</h1>` +
    `<p class="run">bgaudit ${html(run.version)} · dice --by ${html(r.by)} ${run.paths.map(shown).join(' ')}</p></header>\n<main>` +
    `<section class="card"><h2>The run</h2><p>${plural(r.files, 'file')}, ${plural(r.matches, 'match')}, ${plural(r.games, 'game')}. ` +
    `${r.testsMade} tests made; Bonferroni threshold: p &lt; 0.05 / ${r.testsMade} = ${pText(r.threshold)}. ` +
    `${r.rejected === 0 ? 'No test is below it: nothing here shows unfair dice.' : `${r.rejected} below it (rows in red).`}</p></section>\n` +
    r.groups.map((g, i) => groupCard(g, r, i === 0)).join('\n') +
    unreadable +
    '</main></body></html>\n'
  );
}
