// Output in two halves. Rendering turns one file's reports into text, and is pure: it runs in
// the worker that audited the file, so only strings cross back to the main thread (cloning the
// report objects cost more than auditing them). Sinks write the rendered text in input order.
import type { MatchReport, Severity } from '../core/model.js';
import type { ShowSelection } from './show.js';
import type { TextStyle } from './text-style.js';
import { itemAt } from '../core/at.js';

export type Write = (text: string) => void;

export interface Coalesced {
  write: Write;
  /** Writes what is held; call it once the run is over. */
  flush(): void;
}

/**
 * Joins small writes into blocks of about 64 KB, one system call each (a system call per file
 * costs more than the file's report), and lets nothing wait longer than `maxDelayMs` so that a
 * report read on a terminal still flows.
 */
export function coalesce(
  write: Write,
  blockSize = 64 * 1024,
  maxDelayMs = 200,
  now: () => number = Date.now,
): Coalesced {
  let held: string[] = [];
  let size = 0;
  let since = 0;
  const flush = () => {
    if (held.length === 0) return;
    const text = held.length === 1 ? itemAt(held, 0) : held.join('');
    held = [];
    size = 0;
    write(text);
  };
  return {
    write(text) {
      if (text.length === 0) return;
      if (held.length === 0) since = now();
      held.push(text);
      size += text.length;
      if (size >= blockSize || now() - since >= maxDelayMs) flush();
    },
    flush,
  };
}

/**
 * `show` is the show command's boards, rendered in the worker like the others; `html` a file's
 * part of the HTML report; `csv-match` the per-match CSV; `standings` what `players` reads of
 * each match (src/standings/lines.ts).
 */
export type OutputFormat = 'text' | 'json' | 'ndjson' | 'csv' | 'csv-match' | 'show' | 'html' | 'standings';

export interface RenderSpec {
  formats: OutputFormat[];
  /** text: show info findings too. */
  showInfo: boolean;
  /** `show`: the match and game to print (then only that match's report is counted). */
  show?: ShowSelection;
  /** `html`: the file's decoded text, for the lines around each finding (set per file, only when html is asked). */
  source?: string;
  /** Findings listed per file (text, JSON, the page); those past it are counted. Default: `MAX_FINDINGS_LISTED`. */
  maxFindings?: number;
  /** text: concise (one line a finding) and colour; the linter-style blocks without colour when not given. */
  text?: TextStyle;
}

export interface FileCounts {
  matches: number;
  games: number;
  bySeverity: Record<Severity, number>;
  byCode: Record<string, number>;
  /**
   * Matches read as money sessions though the record writes a match length (Backgammon Galaxy's
   * money game, a one-game "16 point match"): the run says how many, where a user sees it.
   */
  readAsMoney?: number;
  /** Findings with a certain fix (`Finding.fix`): `bgaudit fix` corrects them. */
  fixable?: number;
}

export interface Summary extends FileCounts {
  files: number;
  /** Files in walked folders that were not match files. */
  skipped: number;
}

/** Where a file's text in one format goes as it is made, instead of being held. */
export interface PieceWriter {
  write(text: string): void;
  /** All is written: where it is, or null when nothing was. */
  close(): string | null;
  /** Writes what `other` (a writer of the same kind) has written, and closes and drops it. */
  append(other: PieceWriter): void;
}

/** One file, rendered in each format asked for. */
export interface RenderedFile {
  counts: FileCounts;
  out: Partial<Record<OutputFormat, string>>;
  /** The formats whose text was spooled to a file instead (a file read in pieces): the file's path; `out` has '' for them. */
  spooled?: Partial<Record<OutputFormat, string>>;
  /** Its findings as one line of a baseline file (`--write-baseline`). */
  baseline?: string;
}

export interface Sink {
  /** One file's text in this sink's format ('' when it has nothing to say). */
  add(rendered: string): void;
  /**
   * One file's text given in pieces, none empty (a large file's output spooled to disk):
   * `piece` for each in order (`first` for the first), then `pieced`; the output is `add`'s of the
   * pieces joined.
   */
  piece(text: string, first: boolean): void;
  pieced(): void;
  end(summary: Summary): void;
}

export function emptySummary(): Summary {
  return { files: 0, skipped: 0, matches: 0, games: 0, bySeverity: { error: 0, warning: 0, info: 0 }, byCode: {} };
}

export function countsOf(reports: MatchReport[]): FileCounts {
  const c: FileCounts = { matches: 0, games: 0, bySeverity: { error: 0, warning: 0, info: 0 }, byCode: {} };
  for (const r of reports) {
    if (r.match !== null) c.matches++;
    if (r.match !== null && r.length === 0 && typeof r.recordedLength === 'number' && r.recordedLength > 0)
      c.readAsMoney = (c.readAsMoney ?? 0) + 1;
    c.games += r.games.length;
    for (const f of r.findings) {
      c.bySeverity[f.severity]++;
      c.byCode[f.code] = (c.byCode[f.code] ?? 0) + 1;
      if (f.fix !== undefined) c.fixable = (c.fixable ?? 0) + 1;
    }
  }
  return c;
}

/** `c` added into `to`: a file's reports into the file's counts, or a file's into the run's. */
export function addCounts(to: FileCounts, c: FileCounts): void {
  to.matches += c.matches;
  to.games += c.games;
  if (c.readAsMoney !== undefined) to.readAsMoney = (to.readAsMoney ?? 0) + c.readAsMoney;
  if (c.fixable !== undefined) to.fixable = (to.fixable ?? 0) + c.fixable;
  for (const s of ['error', 'warning', 'info'] as const) to.bySeverity[s] += c.bySeverity[s];
  for (const [code, n] of Object.entries(c.byCode)) to.byCode[code] = (to.byCode[code] ?? 0) + n;
}

export function addToSummary(summary: Summary, c: FileCounts): void {
  summary.files++;
  addCounts(summary, c);
}
