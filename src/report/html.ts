// `verify --html FILE`: one self-contained page. Streams like the other sinks: the
// page's head (style, script, the table's head) is written first, each file's rows, evidence
// and boards (rendered in the worker, html-file.ts) as the file is done, in input order, inside
// <noscript id="rows"> (a table without script; one string the script reads with it), and
// the run at a glance last: written after the table, shown before it (CSS order), with or
// without script. What the sink keeps is the summary and at most MAX_UNREADABLE lines of the
// list of unreadable files: memory does not grow with the run.
//
// No request can leave the page: a Content-Security-Policy that allows nothing but inline style
// and script and data: images, no link, no external reference.
import { FINDING_CODES } from '../core/findings.js';
import type { Severity } from '../core/model.js';
import { html, jsonForScript, shown } from './html-escape.js';
import { UNREADABLE } from './html-file.js';
import { SCRIPT } from './html-script.js';
import { STYLE } from './html-style.js';
import type { Sink, Summary, Write } from './reporter.js';
import { itemAt } from '../core/at.js';

const CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:";
/** Unreadable files listed by name in the summary; the others are counted (all are rows of the table). */
const MAX_UNREADABLE = 200;
const SEVERITIES: Severity[] = ['error', 'warning', 'info'];
const COLOUR: Record<Severity, string> = { error: '#c5392b', warning: '#d08a00', info: '#5b7fa3' };

/** What the page says made it: the version, the command and its paths. */
export interface HtmlRun {
  version: string;
  paths: string[];
}

const n = (x: number) => x.toLocaleString('en-US');

const COLUMNS = ['File', 'Match', 'Game', 'Line', 'Severity', 'Code', 'Message'];

/** The findings table's start: its columns and its head. */
function tableStart(attrs: string): string {
  const colgroup = ['c-file', 'c-n', 'c-n', 'c-line', 'c-sev', 'c-code', 'c-msg'].map((c) => `<col class="${c}">`);
  const cells = COLUMNS.map((c) => `<th scope="col">${c}</th>`).join('');
  return `<table${attrs}><colgroup>${colgroup.join('')}</colgroup><thead><tr>${cells}</tr></thead>`;
}

function head(run: HtmlRun): string {
  const meanings = Object.fromEntries(Object.entries(FINDING_CODES).map(([code, e]) => [code, e.meaning]));
  const severities = SEVERITIES.map(
    (s) => `<label><input type="checkbox" data-sev="${s}" checked><span class="sv ${s}">${s}</span></label>`,
  );
  return (
    '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">' +
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">` +
    '<meta name="referrer" content="no-referrer"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>bgaudit report</title><style>${STYLE}</style>` +
    `<script type="application/json" id="codes">${jsonForScript(meanings)}</script><script>${SCRIPT}</script></head>\n` +
    '<body><header class="top"><h1>bgaudit report</h1>' +
    `<p class="run">bgaudit ${html(run.version)} · verify ${run.paths.map(shown).join(' ')}</p></header>\n` +
    '<noscript><p class="note">Script is off: every finding is listed below; filtering, sorting and the boards need script.</p></noscript>\n' +
    '<main><section class="findings card" aria-label="Findings"><h2>Findings</h2>' +
    `<div class="controls" id="controls" hidden>${severities.join('')}` +
    '<label>Code <select id="code"><option value="">all codes</option></select></label>' +
    '<label>File <input type="search" id="file" placeholder="part of a file name"></label></div>' +
    '<p class="count" id="count"></p>' +
    `${tableStart(' id="ft" hidden')}<tbody></tbody></table>` +
    '<p class="pager" id="pager" hidden><button type="button" data-go="-1">\u2039 previous</button> <span></span> <button type="button" data-go="1">next \u203a</button></p>' +
    `<noscript id="rows">${tableStart('')}\n`
  );
}

/** Findings by code as horizontal bars, most first, in two columns past 12 codes; each bar filters the table by its code. */
function codeChart(byCode: Record<string, number>): string {
  const entries = Object.entries(byCode).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (entries.length === 0) return '<p class="empty">No findings.</p>';
  const [, max] = itemAt(entries, 0);
  const columns = entries.length > 12 ? 2 : 1;
  const perColumn = Math.ceil(entries.length / columns);
  const [labelW, barW, countW, rowH] = [170, 190, 54, 20];
  const colW = labelW + barW + countW;
  const bars = entries.map(([code, count], k) => {
    const entry = (FINDING_CODES as Record<string, { severities: readonly Severity[] }>)[code];
    const colour = COLOUR[entry?.severities[0] ?? 'info'];
    const x = Math.floor(k / perColumn) * colW;
    const y = (k % perColumn) * rowH;
    const w = Math.max(2, Math.round((barW * count) / max));
    return (
      `<g data-bar-code="${html(code)}" tabindex="0" role="button"><title>${html(code)}: ${n(count)}</title>` +
      `<rect x="${x}" y="${y}" width="${colW}" height="${rowH}" fill="transparent"/>` +
      `<text x="${x + labelW - 8}" y="${y + 14}" text-anchor="end" font-family="ui-monospace,Menlo,Consolas,monospace" font-size="11.5">${html(code)}</text>` +
      `<rect class="bar" x="${x + labelW}" y="${y + 4}" width="${w}" height="${rowH - 8}" rx="2" fill="${colour}"/>` +
      `<text x="${x + labelW + w + 5}" y="${y + 14}" font-size="11.5">${n(count)}</text></g>`
    );
  });
  const [w, h] = [columns * colW, perColumn * rowH];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" font-family="system-ui,sans-serif" fill="#202124" role="img" aria-label="Findings by code">${bars.join('')}</svg>`;
}

function stats(s: Summary): string {
  const item = (label: string, value: number, cls = '') =>
    `<dt>${label}</dt><dd${cls ? ` class="${cls}"` : ''}>${n(value)}</dd>`;
  return (
    '<div class="card stats"><h2>The run</h2><dl>' +
    item('files', s.files) +
    (s.skipped > 0 ? item('skipped (not match files)', s.skipped) : '') +
    item('matches', s.matches) +
    item('games', s.games) +
    SEVERITIES.map((sev) => item(sev === 'info' ? 'info' : `${sev}s`, s.bySeverity[sev], sev)).join('') +
    // As the text summary says it: the findings `bgaudit fix` would correct.
    ((s.fixable ?? 0) > 0 ? item('with a fix (bgaudit fix)', s.fixable ?? 0) : '') +
    '</dl></div>'
  );
}

function unreadableList(entries: string[], total: number): string {
  if (total === 0) return '';
  const more =
    total > entries.length ? `<li>and ${n(total - entries.length)} more (each is a row of the table)</li>` : '';
  return `<div class="card unreadable"><h2>Files that could not be read (${n(total)})</h2><ul>${entries.join('')}${more}</ul></div>`;
}

export function htmlSink(write: Write, run: HtmlRun): Sink {
  write(head(run));
  let k = 0;
  const unreadable: string[] = [];
  let unreadableCount = 0;
  return {
    add(fragment) {
      if (!fragment) return;
      let body = fragment;
      if (body.startsWith(UNREADABLE)) {
        const end = body.indexOf(UNREADABLE, 1);
        unreadableCount++;
        if (unreadable.length < MAX_UNREADABLE) unreadable.push(body.slice(1, end));
        body = body.slice(end + 1);
      }
      write(`<tbody data-k="${k++}">${body}</tbody>\n`);
    },
    // A run with --html reads every file whole (its lines are shown from its text): nothing is spooled.
    piece() {
      throw new Error('the HTML report is never given a file in pieces');
    },
    pieced() {},
    end(summary) {
      write(
        '</table></noscript>' +
          (k === 0 ? '<p class="empty">No findings.</p>' : '') +
          '</section>\n<section class="summary" aria-label="Summary">' +
          stats(summary) +
          `<div class="card chart"><h2>Findings by code</h2>${codeChart(summary.byCode)}</div>` +
          unreadableList(unreadable, unreadableCount) +
          '</section></main></body></html>\n',
      );
    },
  };
}
