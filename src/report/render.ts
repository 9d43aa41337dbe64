// One file's reports → its text in every format asked for, and its counts. Pure; runs in the
// worker that audited the file.
//
// A file's reports are rendered one at a time as they are audited (issue 18: a file of thousands
// of matches holds its rendered text, not its report objects): `FileRenderer.add` turns a report
// into its pieces at once, and `finish` joins them. Each format's text of a file is the pieces of
// its reports in order — text with the file's path once before its first finding, JSON one line
// a report, CSV rows a report — except two that need the file's reports together: the HTML part
// (its boards are numbered and capped per file, its source lines are one table), for which only
// the reports with findings are kept, without their games; and `show` (one file, one command),
// for which the reports are kept. A report may come out of order (the match that takes a file's
// unlisted parse errors is audited last): its pieces wait until those before it are in.
import type { MatchReport } from '../model.js';
import { renderCsvRows, renderMatchCsvRows } from './csv.js';
import { printable } from './escape.js';
import { renderHtmlFile } from './html-file.js';
import { renderJsonLines } from './json.js';
import { countsOf, type FileCounts, type RenderSpec, type RenderedFile } from './reporter.js';
import { renderShow } from './show.js';
import { renderText } from './text.js';

/** One report's pieces, made when it is added. */
interface Pieces {
  counts: FileCounts;
  file: string;
  /** The text lines of its findings, without the file's path ('' for none). */
  text?: string;
  json?: string;
  csv?: string;
  csvMatch?: string;
  /** show: the report; html: the report without its games, when it has findings. */
  kept?: MatchReport;
}

function addCounts(to: FileCounts, c: FileCounts): void {
  to.matches += c.matches;
  to.games += c.games;
  for (const s of ['error', 'warning', 'info'] as const) to.bySeverity[s] += c.bySeverity[s];
  for (const [code, n] of Object.entries(c.byCode)) to.byCode[code] = (to.byCode[code] ?? 0) + n;
}

/** A report as the HTML part reads it: its findings and what names them, not its games. */
function forHtml(r: MatchReport): MatchReport {
  return {
    file: r.file,
    match: r.match,
    format: r.format,
    players: r.players,
    length: r.length,
    rules: r.rules,
    games: [],
    findings: r.findings,
  };
}

export class FileRenderer {
  private readonly counts: FileCounts = countsOf([]);
  private readonly text: string[] = [];
  private readonly json: string[] = [];
  private csv = '';
  private csvMatch = '';
  private readonly kept: MatchReport[] = [];
  /** Reports rendered (those `show --match` leaves out are not counted). */
  private reports = 0;
  private path: string | null = null;
  /** The index of the next report in file order, and the pieces of later ones already made. */
  private next = 0;
  private readonly waiting = new Map<number, Pieces | null>();
  private readonly formats: ReadonlySet<string>;

  constructor(private readonly spec: RenderSpec) {
    this.formats = new Set(spec.formats);
  }

  /** The report at `index` in the file's order (0, 1, …; each once, in any order). */
  add(r: MatchReport, index: number): void {
    const only = this.spec.show?.match;
    const pieces = only === undefined || r.match === only || r.match === null ? this.piecesOf(r) : null;
    if (index !== this.next) {
      this.waiting.set(index, pieces);
      return;
    }
    this.take(pieces);
    this.next++;
    for (let p = this.waiting.get(this.next); p !== undefined; p = this.waiting.get(this.next)) {
      this.waiting.delete(this.next);
      this.take(p);
      this.next++;
    }
  }

  finish(): RenderedFile {
    if (this.waiting.size > 0) throw new Error(`report ${this.next} of the file was never added`);
    const out: RenderedFile['out'] = {};
    let json: string | undefined;
    for (const format of this.spec.formats) {
      if (format === 'text')
        out.text = this.text.length === 0 ? '' : `${printable(this.path ?? '')}\n${this.text.join('')}`;
      else if (format === 'csv') out.csv = this.csv;
      else if (format === 'csv-match') out['csv-match'] = this.csvMatch;
      else if (format === 'show') out.show = renderShow(this.kept, this.spec.show ?? {});
      else if (format === 'html') out.html = renderHtmlFile(this.htmlReports(), this.spec.source);
      else out[format] = json ??= this.json.join('\n');
    }
    return { counts: this.counts, out };
  }

  private piecesOf(r: MatchReport): Pieces {
    const f = this.formats;
    const p: Pieces = { counts: countsOf([r]), file: r.file };
    if (f.has('text')) {
      const block = renderText([r], this.spec.showInfo);
      // renderText writes the file's path before a file's first finding: once a file, in finish.
      p.text = block === '' ? '' : block.slice(printable(r.file).length + 1);
    }
    if (f.has('json') || f.has('ndjson')) p.json = renderJsonLines([r]);
    if (f.has('csv')) p.csv = renderCsvRows([r]);
    if (f.has('csv-match')) p.csvMatch = renderMatchCsvRows([r]);
    if (f.has('show')) p.kept = r;
    else if (f.has('html') && r.findings.length > 0) p.kept = forHtml(r);
    return p;
  }

  private take(p: Pieces | null): void {
    if (p === null) return;
    this.reports++;
    addCounts(this.counts, p.counts);
    if (p.text) {
      this.path ??= p.file;
      this.text.push(p.text);
    }
    if (p.json !== undefined) this.json.push(p.json);
    if (p.csv) this.csv += p.csv;
    if (p.csvMatch) this.csvMatch += p.csvMatch;
    if (p.kept) this.kept.push(p.kept);
  }

  /**
   * The reports the HTML part reads: those with findings. It treats a file of one report with no
   * match (an unreadable file) apart; a report without findings stands in for the others left out
   * so that the count of reports still says whether there was one.
   */
  private htmlReports(): MatchReport[] {
    const kept = this.kept;
    if (kept.length === 1 && this.reports > 1) return [...kept, { ...kept[0], findings: [] }];
    return kept;
  }
}

export function renderFile(all: MatchReport[], spec: RenderSpec): RenderedFile {
  const renderer = new FileRenderer(spec);
  all.forEach((r, k) => renderer.add(r, k));
  return renderer.finish();
}
