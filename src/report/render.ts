// One file's reports → its text in every format asked for, and its counts. Pure; runs in the
// worker that audited the file.
//
// A file's reports are rendered one at a time as they are audited (a file of thousands
// of matches holds its rendered text, not its report objects): `FileRenderer.add` turns a report
// into its pieces at once, and `finish` joins them. Each format's text of a file is the pieces of
// its reports in order — text with the file's path once before its first finding, JSON one line
// a report, CSV rows a report — except two that need the file's reports together: the HTML part
// (its boards are numbered and capped per file, its source lines are one table), for which only
// the reports with findings are kept, without their games; and `show` (one file, one command),
// for which the reports are kept. A report may come out of order (the match that takes a file's
// unlisted parse errors is audited last): its pieces wait until those before it are in.
//
// A file's findings are listed up to a cap (`RenderSpec.maxFindings`): one line of a file can
// hold two findings, so what a file's text, JSON and page hold would otherwise grow with the file
// without bound (a rendered structure of a hundred times the file, built at once, is past what a
// worker survives). The findings past the cap are counted, not listed: the text says how many and
// of which codes after the file's findings, a JSON report whose findings were cut says it in
// `notListed`, the page in a row after the file's. The counts, the summary and the exit code
// follow every finding; so does the CSV, whose rows hold a game's codes, not its findings.
import { standingsLine } from '../standings/lines.js';
import type { MatchReport } from '../core/model.js';
import { renderCsvRows, renderMatchCsvRows } from './csv.js';
import { renderHtmlFile } from './html-file.js';
import { html } from './html-escape.js';
import { renderJsonParts } from './json.js';
import {
  addCounts,
  countsOf,
  type FileCounts,
  type OutputFormat,
  type PieceWriter,
  type RenderSpec,
  type RenderedFile,
} from './reporter.js';
import { renderShow } from './show.js';
import { fileHeader, notListedLine, renderTextFindings } from './text.js';
import { plural } from '../core/words.js';
import { itemAt } from '../core/at.js';

/** Findings listed per file when the run does not say (`--max-findings`). */
export const MAX_FINDINGS_LISTED = 1000;

/** How many of a report's findings were left out of its listing, by severity (JSON: `notListed`). */
interface NotListed {
  findings: number;
  error: number;
  warning: number;
  info: number;
}

/** What a file left out of its listing: by severity, and by code (info findings apart: the text hides them). */
interface FileNotListed extends NotListed {
  byCode: Map<string, { shown: number; info: number }>;
}

function fileNotListed(): FileNotListed {
  return { findings: 0, error: 0, warning: 0, info: 0, byCode: new Map() };
}

/**
 * A report with its first `room` findings only (in file order), its games' findings cut to the
 * same ones, and what was left out counted in `notListed` and into `into`. The report is not changed.
 */
function cutFindings(
  r: MatchReport,
  room: number,
  into: FileNotListed = fileNotListed(),
): MatchReport & { notListed: NotListed } {
  const listed = r.findings.slice(0, room);
  const own: NotListed = { findings: 0, error: 0, warning: 0, info: 0 };
  for (let k = room; k < r.findings.length; k++) {
    const f = itemAt(r.findings, k);
    own.findings++;
    own[f.severity]++;
    const c = into.byCode.get(f.code) ?? { shown: 0, info: 0 };
    if (f.severity === 'info') c.info++;
    else c.shown++;
    into.byCode.set(f.code, c);
  }
  for (const s of ['findings', 'error', 'warning', 'info'] as const) into[s] += own[s];
  if (r.match === null) return { ...r, findings: listed, notListed: own };
  const kept = new Set(listed);
  // A game's findings are the report's own objects: those listed are kept, in their order.
  const games = r.games.map((g) =>
    g.findings.every((f) => kept.has(f)) ? g : { ...g, findings: g.findings.filter((f) => kept.has(f)) },
  );
  return { ...r, games, findings: listed, notListed: own };
}

/** What a file left out of its listing, in words ('' for nothing to say): codes by count, then name. */
function notListedText(n: FileNotListed, showInfo: boolean, max: number): string {
  const shown = showInfo ? n.findings : n.error + n.warning;
  if (shown === 0) return '';
  const parts = [plural(n.error, 'error'), plural(n.warning, 'warning')];
  if (showInfo) parts.push(`${n.info} info`);
  const codes = [...n.byCode]
    .map(([code, c]) => [code, showInfo ? c.shown + c.info : c.shown] as const)
    .filter(([, k]) => k > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([code, k]) => `${code} ${k}`);
  return `and ${plural(shown, 'more finding')} not listed (${parts.join(', ')}: ${codes.join(', ')}); at most ${max} are listed a file (--max-findings)`;
}

/** One report's pieces, made when it is added. */
interface Pieces {
  counts: FileCounts;
  file: string;
  match: number | null;
  /** The text lines of its findings, without the file's path ('' for none). */
  text?: string;
  /** Its JSON line, in parts of a bounded size (a match of many games is not one string). */
  json?: string[];
  csv?: string;
  csvMatch?: string;
  standings?: string;
  /** show: the report; html: the report without its games, when it has findings. */
  kept?: MatchReport;
}

/** A report as the HTML part reads it: its findings and what names them, not its games. */
function forHtml(r: MatchReport): MatchReport {
  if (r.match === null) return r;
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

/**
 * One format's text of a file, made of its reports' pieces: held and joined at the end, or, given
 * a writer, written out past `spillAt` characters (0: as it comes) and not held.
 */
class FormatText {
  /** The text held, separators included: joined, it is the text. */
  private held: string[] = [];
  private heldSize = 0;
  /** Written out: what is added goes to the writer. */
  private spilled = false;
  empty = true;
  /** Characters added so far, separators included. */
  size = 0;

  constructor(
    private readonly separator: string,
    private readonly writer: PieceWriter | null,
    private readonly spillAt = 0,
  ) {}

  /** One report's text: its parts (any number of them), the separator before the first unless it is the first. */
  add(...parts: string[]): void {
    this.addAll(parts);
  }

  /** `add` for parts in a list of any length (a match of many games has as many JSON parts). */
  addAll(parts: readonly string[]): void {
    if (parts.length === 0) return;
    if (!this.empty) this.raw(this.separator);
    for (const part of parts) this.raw(part);
    this.empty = false;
  }

  private raw(text: string): void {
    if (text === '') return;
    this.size += text.length;
    if (this.spilled && this.writer !== null) return this.writer.write(text);
    this.held.push(text);
    this.heldSize += text.length;
    if (this.writer !== null && this.heldSize >= this.spillAt) this.spill();
  }

  /** What is held, written out; what comes after is written too. */
  private spill(): void {
    if (this.writer === null) return;
    this.spilled = true;
    for (const text of this.held) this.writer.write(text);
    this.held = [];
    this.heldSize = 0;
  }

  joined(): string {
    return this.held.join('');
  }

  /** Where the written text is; null when it is held (or nothing was written). */
  close(): string | null {
    return this.spilled && this.writer !== null ? this.writer.close() : null;
  }

  /** The text `after` has made, after this one's (what `after` wrote is moved, not held). */
  append(after: FormatText): void {
    if (after.empty) return;
    const held = after.held;
    if (after.spilled) {
      this.spill();
      if (this.writer === null || after.writer === null) throw new Error('only written texts are joined');
      if (!this.empty && this.separator !== '') this.writer.write(this.separator);
      this.writer.append(after.writer);
    } else {
      if (!this.empty) this.raw(this.separator);
      for (const text of held) this.raw(text);
    }
    this.empty = false;
  }
}

/** A file's text in each format asked for that is made of its reports' pieces. */
interface Texts {
  text: FormatText | null;
  json: FormatText | null;
  csv: FormatText | null;
  csvMatch: FormatText | null;
  standings: FormatText | null;
}

function textsFor(
  f: ReadonlySet<string>,
  spool: ((name: string) => PieceWriter) | undefined,
  spillAt: number,
  prefix = '',
): Texts {
  const out = (asked: boolean, name: string, separator: string) =>
    asked ? new FormatText(separator, spool?.(prefix + name) ?? null, spillAt) : null;
  return {
    text: out(f.has('text'), 'txt', ''),
    json: out(f.has('json') || f.has('ndjson'), 'json', '\n'),
    csv: out(f.has('csv'), 'csv', ''),
    csvMatch: out(f.has('csv-match'), 'match.csv', ''),
    standings: out(f.has('standings'), 'standings', ''),
  };
}

export class FileRenderer {
  private readonly counts: FileCounts = countsOf([]);
  private readonly texts: Texts;
  /**
   * Spooled, the texts of the reports after one that comes out of order (the match that counts a
   * file's unlisted parse errors is audited last), written out as they come and joined after it
   * when it comes, instead of held; from `afterNext` on.
   */
  private after: Texts | null = null;
  private afterNext = 0;
  private file = '';
  private readonly kept: MatchReport[] = [];
  /** Reports rendered (those `show --match` leaves out are not counted). */
  private reports = 0;
  /** The index of the next report in file order, and the pieces of later ones already made. */
  private next = 0;
  private readonly waiting = new Map<number, Pieces | null>();
  private readonly formats: ReadonlySet<string>;
  /** Findings listed so far, of at most `maxFindings`; those past it are counted in `notListed`. */
  private listed = 0;
  private readonly maxFindings: number;
  private readonly notListed = fileNotListed();

  /**
   * `spool`: where each format's text goes, instead of being held, once it reaches `spillAt`
   * characters (0: as it is made: a file read in pieces).
   */
  constructor(
    private readonly spec: RenderSpec,
    private readonly spool?: (format: string) => PieceWriter,
    private readonly spillAt = 0,
  ) {
    this.formats = new Set(spec.formats);
    this.texts = textsFor(this.formats, spool, spillAt);
    this.maxFindings = spec.maxFindings ?? MAX_FINDINGS_LISTED;
  }

  /** The report at `index` in the file's order (0, 1, …; each once, in any order). */
  add(r: MatchReport, index: number): void {
    const only = this.spec.show?.match;
    const pieces = only === undefined || r.match === only || r.match === null ? this.piecesOf(r) : null;
    if (index !== this.next) {
      if (this.spool !== undefined && index === (this.after === null ? this.next + 1 : this.afterNext)) {
        this.after ??= textsFor(this.formats, this.spool, this.spillAt, 'after.');
        this.afterNext = index + 1;
        this.take(pieces, this.after, false);
      } else this.waiting.set(index, pieces);
      return;
    }
    this.take(pieces);
    this.next++;
    if (this.after !== null) {
      this.join(this.after);
      this.after = null;
      this.next = this.afterNext;
    }
    for (let p = this.waiting.get(this.next); p !== undefined; p = this.waiting.get(this.next)) {
      this.waiting.delete(this.next);
      this.take(p);
      this.next++;
    }
  }

  finish(): RenderedFile {
    if (this.waiting.size > 0 || this.after !== null)
      throw new Error(`report ${this.next} of the file was never added`);
    const out: RenderedFile['out'] = {};
    let spooled: RenderedFile['spooled'];
    const each = (format: OutputFormat, t: FormatText) => {
      const path = t.close();
      out[format] = path === null ? t.joined() : '';
      if (path !== null) (spooled ??= {})[format] = path;
    };
    const { text, json, csv, csvMatch, standings } = this.texts;
    const note = notListedText(this.notListed, this.spec.showInfo, this.maxFindings);
    if (note !== '' && text) {
      this.header(text, this.file);
      text.add(notListedLine(this.file, note, this.spec.text));
    }
    for (const format of this.spec.formats) {
      if (format === 'text' && text) each(format, text);
      else if (format === 'csv' && csv) each(format, csv);
      else if (format === 'csv-match' && csvMatch) each(format, csvMatch);
      else if (format === 'standings' && standings) each(format, standings);
      else if (format === 'show') out.show = renderShow(this.kept, this.spec.show ?? {});
      else if (format === 'html') out.html = this.html();
      else if ((format === 'json' || format === 'ndjson') && json) each(format, json);
    }
    return spooled === undefined ? { counts: this.counts, out } : { counts: this.counts, out, spooled };
  }

  private piecesOf(r: MatchReport): Pieces {
    const f = this.formats;
    const p: Pieces = { counts: countsOf([r]), file: r.file, match: r.match };
    // The listings (text, JSON, the page) show the findings within the file's cap; the counts and
    // the CSV rows (a game's codes, not its findings) are made of the whole report.
    const room = Math.max(0, this.maxFindings - this.listed);
    const listed = r.findings.length <= room ? r : cutFindings(r, room, this.notListed);
    this.listed += listed.findings.length;
    if (f.has('text')) {
      // The file's path goes before its first finding once a file, in take.
      p.text = renderTextFindings(listed, this.spec.showInfo, this.spec.text);
    }
    if (f.has('json') || f.has('ndjson')) p.json = renderJsonParts(listed);
    if (f.has('csv')) p.csv = renderCsvRows([r]);
    if (f.has('csv-match')) p.csvMatch = renderMatchCsvRows([r]);
    if (f.has('standings')) p.standings = standingsLine(r);
    if (f.has('show')) p.kept = r;
    else if (f.has('html') && listed.findings.length > 0) p.kept = forHtml(listed);
    return p;
  }

  /** The file's part of the page, and a row after its findings for those not listed. */
  private html(): string {
    const part = renderHtmlFile(this.htmlReports(), this.spec.source);
    const note = notListedText(this.notListed, true, this.maxFindings);
    return note === '' ? part : `${part}<tr class="more"><td colspan="7">${html(note)}</td></tr>`;
  }

  /** A report's pieces into `into` (`header`: the file's path goes before its first finding there). */
  private take(p: Pieces | null, into = this.texts, header = true): void {
    if (p === null) return;
    this.reports++;
    this.file = p.file;
    addCounts(this.counts, p.counts);
    const { text } = into;
    if (p.text && text && header) this.header(text, p.file);
    if (p.text && text) text.add(p.text);
    if (p.json !== undefined) into.json?.addAll(p.json);
    if (p.csv) into.csv?.add(p.csv);
    if (p.csvMatch) into.csvMatch?.add(p.csvMatch);
    if (p.standings) into.standings?.add(p.standings);
    if (p.kept) this.kept.push(p.kept);
  }

  /** The file's path before its first finding (none in the concise text). */
  private header(text: FormatText, file: string): void {
    const header = fileHeader(file, this.spec.text);
    if (text.empty && header !== '') text.add(header);
  }

  /** The texts of the reports that came after the one out of order, written after it. */
  private join(after: Texts): void {
    const { text } = this.texts;
    if (text && after.text && !after.text.empty) this.header(text, this.file);
    for (const k of ['text', 'json', 'csv', 'csvMatch', 'standings'] as const) {
      const into = this.texts[k];
      const from = after[k];
      if (into && from) into.append(from);
    }
  }

  /**
   * The reports the HTML part reads: those with findings. It treats a file of one report with no
   * match (an unreadable file) apart; a report without findings stands in for the others left out
   * so that the count of reports still says whether there was one.
   */
  private htmlReports(): MatchReport[] {
    const kept = this.kept;
    if (kept.length === 1 && this.reports > 1) return [...kept, { ...itemAt(kept, 0), findings: [] }];
    return kept;
  }
}

export function renderFile(all: MatchReport[], spec: RenderSpec): RenderedFile {
  const renderer = new FileRenderer(spec);
  all.forEach((r, k) => renderer.add(r, k));
  return renderer.finish();
}
