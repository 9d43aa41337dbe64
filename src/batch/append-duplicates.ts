// A file's `duplicate-match` findings added to what its worker rendered, on the main thread, so
// that a file with a duplicate is audited once like any other. The worker says where each report
// sits in the text (`RenderedFile.places`); each step below adds the finding where the worker,
// given it, would have put it: first among its match's findings. When that cannot be done byte
// for byte (the HTML page, a spooled text, a listing at its cap, a place column the finding would
// widen, a CSV row with a quoted cell) the caller audits the file again with the findings given.
import { standingsLineWithDuplicate } from '../standings/lines.js';
import { isAccepted, isReported, type AcceptedFinding, type FindingFilter } from '../report/select.js';
import { PLACE_SIZE, type RenderedFile } from '../report/reporter.js';
import { gameRowsWithDuplicate, matchRowWithDuplicate } from '../report/csv.js';
import { MAX_FINDINGS_LISTED } from '../report/render.js';
import { fileHeader, findingLine, placeLength } from '../report/text.js';
import type { TextStyle } from '../report/text-style.js';
import type { Finding } from '../core/model.js';
import { duplicateFinding, type DuplicateOf } from './duplicates.js';
import { itemAt } from '../core/at.js';

export interface AppendOptions {
  select?: FindingFilter;
  maxFindings?: number;
  /** The findings of this file a baseline accepts. */
  accepted?: AcceptedFinding[];
  /** How the text report is written (concise, coloured): the lines added are written the same way. */
  text?: TextStyle;
}

/** One finding to add: to the report at `index`, and whether it is shown (not accepted). */
interface Added {
  index: number;
  match: number;
  finding: Finding;
  shown: boolean;
}

/**
 * The text with each piece put at its offset, replacing the text up to `end` when given (offsets
 * into the text as it was, ascending).
 */
function spliced(text: string, pieces: { at: number; end?: number; text: string }[]): string {
  const out: string[] = [];
  let from = 0;
  for (const p of pieces) {
    out.push(text.slice(from, p.at), p.text);
    from = p.end ?? p.at;
  }
  out.push(text.slice(from));
  return out.join('');
}

/** A report's JSON line with `f` first in its findings (the last `"findings":[` of a line is the report's own). */
function jsonWith(line: string, f: Finding): string {
  const at = line.lastIndexOf('"findings":[');
  if (at === -1) throw new Error('a report line without findings');
  const open = at + '"findings":['.length;
  const json = JSON.stringify(f);
  return line.slice(0, open) + json + (line[open] === ']' ? '' : ',') + line.slice(open);
}

/** The baseline line with each entry put first among its match's (entries are in match order). */
function baselineWith(line: string, added: Added[]): string {
  const parsed = JSON.parse(line) as { file: string; findings: AcceptedFinding[] };
  let entries = parsed.findings;
  for (const a of added) {
    const entry: AcceptedFinding = {
      match: a.match,
      game: a.finding.game ?? null,
      code: a.finding.code,
      message: a.finding.message,
      count: 1,
    };
    const at = entries.findIndex((e) => e.match !== null && e.match >= a.match);
    entries = at === -1 ? [...entries, entry] : [...entries.slice(0, at), entry, ...entries.slice(at)];
  }
  return JSON.stringify({ file: parsed.file, findings: entries });
}

/**
 * The CSV with each shown finding's report's rows rewritten by `step`, or null when one cannot be.
 * A report's rows run from the number at `startAt` of its places (-1: where the report before's
 * end) to the one at `endAt`.
 */
function csvWith(
  text: string,
  shown: Added[],
  reports: number[],
  startAt: number,
  endAt: number,
  step: (rows: string, of: string, f: Finding) => string | null,
): string | null {
  const pieces: { at: number; end: number; text: string }[] = [];
  for (const a of shown) {
    const base = PLACE_SIZE * a.index;
    const at =
      startAt >= 0 ? itemAt(reports, base + startAt) : a.index === 0 ? 0 : itemAt(reports, base - PLACE_SIZE + endAt);
    const end = itemAt(reports, base + endAt);
    if (at === end) continue; // no row (a match of no game)
    const f = a.finding;
    const e = f.code === 'duplicate-match' ? f.expected : undefined;
    if (e === undefined) throw new Error(`not a duplicate-match finding: ${f.code}`);
    const rows = step(text.slice(at, end), `${e.file}#${e.match}`, a.finding);
    if (rows === null) return null;
    pieces.push({ at, end, text: rows });
  }
  return spliced(text, pieces);
}

/**
 * Adds the findings of `duplicates` to the file's rendered text, JSON, CSV, counts and baseline line
 * (in place) and says true; or false, having changed nothing, when it cannot be done byte for byte.
 */
export function appendDuplicates(
  path: string,
  rendered: RenderedFile,
  duplicates: readonly DuplicateOf[],
  options: AppendOptions,
): boolean {
  const { places } = rendered;
  if (places === undefined) return false;
  const { reports } = places;
  const added: Added[] = [];
  for (const d of duplicates) {
    let index = -1;
    for (let k = 0; k < reports.length; k += PLACE_SIZE) if (reports[k] === d.match) index = k / PLACE_SIZE;
    if (index === -1) continue; // no report of that match: nothing to add to, as in the worker
    const line = reports[PLACE_SIZE * index + 1];
    const f = duplicateFinding(d, path, line === -1 ? undefined : line);
    if (!isReported(f, options.select)) continue;
    added.push({ index, match: d.match, finding: f, shown: !isAccepted(d.match, f, options.accepted) });
  }
  added.sort((a, b) => a.index - b.index);
  const shown = added.filter((a) => a.shown);
  // Listed first in their matches, they would push a listing at its cap past it.
  if (places.listed + shown.length > (options.maxFindings ?? MAX_FINDINGS_LISTED)) return false;
  // A place wider than the match's column would widen its other lines.
  for (const a of shown) {
    const width = itemAt(reports, PLACE_SIZE * a.index + 3);
    if (width >= 0 && placeLength(a.finding) > width) return false;
  }
  const { out, counts } = rendered;
  const csv = out.csv === undefined ? undefined : csvWith(out.csv, shown, reports, 4, 5, gameRowsWithDuplicate);
  const csvMatch =
    out['csv-match'] === undefined
      ? undefined
      : csvWith(out['csv-match'], shown, reports, -1, 6, matchRowWithDuplicate);
  const standings =
    out.standings === undefined
      ? undefined
      : csvWith(out.standings, shown, reports, -1, 7, (line, of) => standingsLineWithDuplicate(line, of));
  if (csv === null || csvMatch === null || standings === null) return false;
  if (csv !== undefined) out.csv = csv;
  if (csvMatch !== undefined) out['csv-match'] = csvMatch;
  if (standings !== undefined) out.standings = standings;
  if (out.text !== undefined && shown.length > 0) {
    const pieces = shown.map((a) => {
      const width = itemAt(reports, PLACE_SIZE * a.index + 3);
      const line = findingLine(
        a.finding,
        { file: path, match: a.match },
        width >= 0 ? width : placeLength(a.finding),
        options.text,
      );
      return { at: itemAt(reports, PLACE_SIZE * a.index + 2), text: line + '\n' };
    });
    // A file's text starts with its path, written before its first finding: a report met before it
    // (none of its own shown) was placed where the path now is, and its line goes after the path.
    const header = fileHeader(path, options.text);
    for (const p of pieces) p.at = Math.max(p.at, header.length);
    out.text = out.text === '' ? header + pieces.map((p) => p.text).join('') : spliced(out.text, pieces);
  }
  for (const format of ['json', 'ndjson'] as const) {
    const json = out[format];
    if (json === undefined || shown.length === 0) continue;
    const lines = json.split('\n');
    for (const a of shown) lines[a.index] = jsonWith(itemAt(lines, a.index), a.finding);
    out[format] = lines.join('\n');
  }
  for (const a of shown) {
    counts.bySeverity[a.finding.severity]++;
    counts.byCode[a.finding.code] = (counts.byCode[a.finding.code] ?? 0) + 1;
  }
  if (rendered.baseline !== undefined && added.length > 0) rendered.baseline = baselineWith(rendered.baseline, added);
  return true;
}
