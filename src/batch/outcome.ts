// What one input of a run comes to, and the outcomes of inputs that were not audited (an
// io-error, a timeout, a worker lost). Light on purpose: the main thread builds the failures
// without loading the readers and the audit.
import { fileReport } from '../read/file-report.js';
import type { AuditRequest } from '../read/attach.js';
import { FileRenderer } from '../report/render.js';
import type { PieceWriter, RenderSpec, RenderedFile } from '../report/reporter.js';
import {
  acceptedFindings,
  selectFindings,
  withoutAccepted,
  type AcceptedFinding,
  type FindingFilter,
} from '../report/select.js';
import type { MatchReport } from '../core/model.js';
import type { FileDice, GroupBy } from '../stats/count.js';
import { addDuplicateFindings, type DuplicateOf } from './duplicates.js';
import type { Listed } from './discover.js';
import type { ContentKey } from '../scoring/match-key.js';
import { finding } from '../core/findings.js';
import { itemAt } from '../core/at.js';
import type { CacheSpec, Stored } from '../cache/results.js';

export { ioReason } from './io-reason.js';

export interface FileTask {
  /** The path as reports show it. */
  path: string;
  /** The path's bytes, when they are not valid UTF-8 (then `path` shows them escaped). */
  fsPath?: Uint8Array;
  /** The file's content, already read (standard input). */
  bytes?: Uint8Array;
  /** Read only if the content is a match (a .txt or extension-less file found in a folder). */
  sniff: boolean;
  /** The file a walk listed: the one opened must be it (discover.ts). */
  listed?: Listed;
  /** Discovery already knows the input cannot be read: an io-error with this reason. */
  unreadable?: string;
  /** The findings of this file a baseline accepts: not reported again. */
  accepted?: AcceptedFinding[];
  /** Its place in the run's input order (the duplicate check meets files in that order). */
  seq?: number;
}

/** A file's identity on disk: the same file under any name (hard links, symbolic links). */
export interface FileIdentity {
  dev: number;
  ino: number;
}

export interface RunOptions {
  audit: AuditRequest;
  /** Files larger than this many bytes are refused with an io-error. */
  maxFileSize: number;
  render: RenderSpec;
  /** The run's output files: an input that is one of them (made by this run) is not read. */
  outputs?: FileIdentity[];
  /** Which findings are reported (codes, severity). */
  select?: FindingFilter;
  /** Also render each file's findings as baseline entries (`rendered.baseline`), before any baseline is applied. */
  baseline?: boolean;
  /** `bgaudit dice`: count each file's dice by this grouping (the outcome's `dice`) instead of auditing it. */
  dice?: GroupBy;
  /** The run's spool folder: a file read in pieces writes its rendered text there (spool.ts). */
  spoolDir?: string;
  /** The results cache: a file read whole has its own audit read from it, or written to it. */
  cache?: CacheSpec;
}

type SkipReason = 'not-a-match' | 'output';

export type FileOutcome =
  | { path: string; skipped: SkipReason }
  | {
      path: string;
      skipped: false;
      rendered: RenderedFile;
      dice?: FileDice;
      /** Its audit was written to the results cache, or why it could not be. */
      cache?: Stored;
    };

export interface BuildOptions {
  /** Where each format's text goes once it passes `spillAt` characters (renderer.ts). */
  spool?: (format: string) => PieceWriter;
  spillAt?: number;
  /** Hold each report until the duplicate check answers (`answer`). */
  hold?: boolean;
}

/**
 * A file's outcome made report by report as the file is audited: each report's content key is
 * taken, and, when the run looks for duplicates, the report is held until the main thread has said
 * which matches repeat earlier ones (`answer`). Then it is given its duplicate-match findings, its
 * findings are selected, its baseline entries made and the accepted ones left out, and it is
 * rendered, then dropped. Each of these steps reads one report (a baseline entry and an accepted
 * finding are keyed by the match), so the outcome is the one of the file's reports taken together.
 */
export class OutcomeBuilder {
  private readonly renderer: FileRenderer;
  private readonly keys: (ContentKey | null)[] = [];
  private anyKey = false;
  /** Baseline entries by report index (the reports with findings only). */
  private readonly entries = new Map<number, AcceptedFinding[]>();
  private readonly accepted: Map<number | null, AcceptedFinding[]> | null;
  /** Reports audited and waiting for the duplicate check's answer; null when the run has no check. */
  private held: { r: MatchReport; index: number }[] | null;

  constructor(
    private readonly path: string,
    private readonly options: RunOptions,
    accepted?: AcceptedFinding[],
    how: BuildOptions = {},
  ) {
    this.renderer = new FileRenderer(options.render, how.spool, how.spillAt ?? 0);
    this.accepted = accepted && accepted.length > 0 ? groupBy(accepted, (a) => a.match) : null;
    this.held = how.hold === true ? [] : null;
  }

  /** The report at `index` in the file's order (each once, in any order). */
  add(r: MatchReport, index: number): void {
    // Content keys go to the main thread, never into a report.
    const key = r.match === null ? undefined : r.contentKey;
    this.keys[index] = key ?? null;
    if (key !== undefined && r.match !== null) {
      this.anyKey = true;
      r.contentKey = undefined; // not `delete`: the object keeps its shape; JSON leaves undefined out
    }
    if (this.held === null) this.render(r, index);
    else this.held.push({ r, index });
  }

  /** The file's matches' keys in file order, for the duplicate check; null when it has none. */
  fileKeys(): (ContentKey | null)[] | null {
    if (!this.anyKey) return null;
    const { keys } = this;
    for (let k = 0; k < keys.length; k++) keys[k] ??= null; // a hole is a report added out of order
    return keys;
  }

  /** The reports held, as the duplicate check is asked about them: their match numbers (from 1) and keys. */
  heldKeys(): { matches: number[]; keys: (ContentKey | null)[] } {
    const held = this.held ?? [];
    return { matches: held.map((h) => h.index + 1), keys: held.map((h) => this.keys[h.index] ?? null) };
  }

  /** The check's answer about the reports held: each is given the findings of its match's, and rendered. */
  answer(duplicates: readonly DuplicateOf[]): void {
    const held = this.held ?? [];
    this.held = [];
    const of = duplicates.length > 0 ? groupBy(duplicates, (d) => d.match) : null;
    for (const { r, index } of held) {
      const found = r.match === null ? undefined : of?.get(r.match);
      if (found) addDuplicateFindings([r], found);
      this.render(r, index);
    }
  }

  private render(r: MatchReport, index: number): void {
    const selected = itemAt(selectFindings([r], this.options.select), 0);
    if (this.options.baseline && selected.findings.length > 0) this.entries.set(index, acceptedFindings([selected]));
    const shown = itemAt(withoutAccepted([selected], this.accepted?.get(selected.match)), 0);
    this.renderer.add(shown, index);
  }

  finish(): FileOutcome {
    if (this.held !== null && this.held.length > 0)
      throw new Error('internal error: a file finished with reports still held for the duplicate check');
    const { path } = this;
    const rendered = this.renderer.finish();
    if (this.options.baseline) {
      const findings = [...this.entries.keys()].sort((a, b) => a - b).flatMap((k) => this.entries.get(k) ?? []);
      rendered.baseline = JSON.stringify({ file: path, findings });
    }
    return { path, skipped: false, rendered };
  }
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/** The outcome of reports made on the main thread: not met by the duplicate check. */
function outcomeOf(path: string, all: MatchReport[], options: RunOptions, accepted?: AcceptedFinding[]): FileOutcome {
  const builder = new OutcomeBuilder(path, options, accepted);
  all.forEach((r, k) => builder.add(r, k));
  return builder.finish();
}

/** An input that was not audited: one report with the one finding that says why. */
export function failure(
  path: string,
  code: 'io-error' | 'internal-error' | 'timeout' | 'memory-limit',
  message: string,
  options: RunOptions,
): FileOutcome {
  return outcomeOf(path, [fileReport(path, null, [finding(code, 'error', message)])], options);
}

export function ioError(path: string, reason: string, options: RunOptions): FileOutcome {
  return failure(path, 'io-error', `cannot read the file: ${reason}`, options);
}

export function internalError(path: string, what: string, options: RunOptions): FileOutcome {
  return failure(
    path,
    'internal-error',
    `bgaudit failed on this file (${what}); the file was not audited. Please report it with the file.`,
    options,
  );
}
