// A whole run: discover the inputs, audit them across the pool, and feed the sinks in input order.
import { statSync } from 'node:fs';
import type { AuditRequest } from '../read/attach.js';
import {
  addToSummary,
  emptySummary,
  type FileCounts,
  type OutputFormat,
  type Sink,
  type Summary,
} from '../report/reporter.js';
import { discover, discoverInTurns, TURN, type DiscoverOptions, type Listed } from './discover.js';
import { OutcomeBuilder, type FileIdentity, type FileOutcome, type FileTask, type RunOptions } from './outcome.js';
import type { MatchReport } from '../core/model.js';
import type { GroupBy } from '../stats/count.js';
import type { AcceptedFinding, FindingFilter } from '../report/select.js';
import { runTasks } from './pool.js';
import type { TextStyle } from '../report/text-style.js';
import { DuplicateIndex } from './duplicates.js';
import { DuplicateDesk } from './duplicate-desk.js';
import { makeSpoolDir, removeSpooled, spooledPieces } from './spool.js';
import { codeIdentity, openResultsCache, trimResultsCache } from '../cache/folder.js';
import { workerFile } from './pool-setup.js';

export interface RunResult {
  summary: Summary;
  /** Paths named on the command line that do not exist. */
  missing: { path: string; reason: string }[];
  /** Symbolic links a walk did not follow (to folders, or to files outside the walked folder). */
  linksNotFollowed: number;
  /** FIFOs, devices and sockets met in a walk, not read. */
  specialFiles: number;
  /** Files named more than once (by several paths), audited once. */
  namedTwice: number;
  /** Matches whose content repeats an earlier one of the run (`duplicate-match`). */
  duplicateMatches: number;
  /** Why the results cache was not used, or stopped being written to, when it was asked for. */
  cacheWarning?: string;
}

export interface AuditRun extends DiscoverOptions {
  jobs: number;
  maxFileSize: number;
  /** Milliseconds a file may take before it is stopped and reported (`timeout`); 0: no limit. */
  fileTimeoutMs: number;
  audit: AuditRequest;
  /** Where each format goes. */
  sinks: { format: OutputFormat; sink: Sink }[];
  /** The run's own output files: not read as inputs if a walk or a glob meets them. */
  outputs?: FileIdentity[];
  /** Standard input's bytes, when `-` is among the paths; null when it held more than the size limit. */
  stdin?: Uint8Array | null;
  /** The cache folder whose results cache the run reads and writes (`--cache-dir`); none: no cache. */
  cacheDir?: string;
  /** text: show info findings too. */
  showInfo?: boolean;
  /** text: concise, colour. */
  textStyle?: TextStyle;
  /** Findings listed per file (text, JSON, HTML); the rest are counted. Default: the renderer's. */
  maxFindings?: number;
  /** Which findings are reported (codes, severity). */
  select?: FindingFilter;
  /** A baseline: the findings already accepted, by file as reports name it. */
  accepted?: Map<string, AcceptedFinding[]>;
  /** Given each file's findings as a baseline line (`--write-baseline`). */
  onBaseline?: (line: string) => void;
  /** Told of each file a walk passes over, and why (`--list-skipped`): as it is met, not in input order. */
  onSkipped?: (path: string, why: SkipWhy) => void;
  /** Told of each input once it is done: its counts, or null when it was skipped (progress). */
  onFileDone?: (counts: FileCounts | null) => void;
  /** `bgaudit dice`: count each file's dice by this grouping instead of auditing it; given to `onOutcome`. */
  dice?: GroupBy;
  /** Told of each input's outcome once it is done, in input order (the dice audit reads its counts there). */
  onOutcome?: (o: FileOutcome) => void;
  /** Backpressure from the output: see `PoolOptions.outputDrained`. */
  outputDrained?: () => Promise<void> | null;
  /** Rendered characters a worker gathers before it returns a batch: see `PoolOptions.outputBudget`. */
  outputBudget?: number;
  /**
   * Called once every input is written: a report made of the whole run (`verify --results`: the
   * results file's), written after the inputs through every sink as an input's is, with the text
   * of its file (the HTML report shows the lines of its findings).
   */
  afterAll?: () => Promise<{ report: MatchReport; source: string }>;
}

/**
 * Why a file was not audited: its name or its content is not a match file's, it is one of the
 * run's outputs, a symbolic link not followed, or a special file.
 */
export type SkipWhy = 'name' | 'content' | 'output' | 'link' | 'special';

/** The formats a file read in pieces writes to a spool file (the others are not made of its reports one by one). */
const SPOOLED: ReadonlySet<OutputFormat> = new Set(['text', 'json', 'ndjson', 'csv', 'csv-match', 'standings']);

/** The name reports give standard input. */
const STDIN_NAME = '<stdin>';

/** The task of `-`: standard input's bytes, or an io-error when it held more than the size limit (null). */
export function stdinTask(bytes: Uint8Array | null, maxFileSize: number): FileTask {
  return bytes === null
    ? { path: STDIN_NAME, sniff: false, unreadable: `more than the ${maxFileSize}-byte limit (--max-file-size)` }
    : { path: STDIN_NAME, sniff: false, bytes };
}

/**
 * How many inputs the paths hold (a walk of the folders, nothing read): for the progress line.
 * It takes no turns: it runs before the run listens for any signal, and Ctrl-C ends it at once.
 */
export function countInputs(paths: string[], options: DiscoverOptions = {}): number {
  let n = 0;
  for (const item of discover(
    paths.filter((p) => p !== '-'),
    options,
  ))
    if (item.kind !== 'skipped') n++;
  return n + (paths.includes('-') ? 1 : 0);
}

/**
 * The first input that is the same file as one of `outputs` (any name: a hard link, a symbolic
 * link, a glob), or null. Run before an output is opened for writing, which would empty it.
 */
export function inputAmong(paths: string[], outputs: FileIdentity[], options: DiscoverOptions = {}): string | null {
  if (outputs.length === 0) return null;
  for (const item of discover(
    paths.filter((p) => p !== '-'),
    options,
  )) {
    if (item.kind !== 'file') continue;
    try {
      const s = statSync(item.fsPath ?? item.path);
      if (outputs.some((o) => o.dev === s.dev && o.ino === s.ino)) return item.path;
    } catch {
      // unreadable: reported by the run, cannot be an output
    }
  }
  return null;
}

/**
 * The positions a run's audit writes down. Positions (IDs before each finding's action, each
 * game's final IDs) are read only by the JSON, NDJSON, HTML and show outputs, and the per-game CSV
 * reads the final XGID alone: a run with none of them writes none down, one whose only reader is
 * the CSV its final IDs only.
 */
export function positionsFor(formats: readonly OutputFormat[]): boolean | 'final' {
  if (formats.some((f) => f !== 'text' && f !== 'csv-match' && f !== 'csv' && f !== 'standings')) return true;
  return formats.includes('csv') ? 'final' : false;
}

export async function runPaths(paths: string[], run: AuditRun): Promise<RunResult> {
  const result: RunResult = {
    summary: emptySummary(),
    missing: [],
    linksNotFollowed: 0,
    specialFiles: 0,
    namedTwice: 0,
    duplicateMatches: 0,
  };
  const { summary } = result;
  // The duplicate check: on when the audit makes content keys.
  const desk = run.audit.contentKey ? new DuplicateDesk(new DuplicateIndex()) : undefined;
  const formats = [...new Set(run.sinks.map((s) => s.format))];
  const positions = positionsFor(formats);
  // A file read in pieces spools its rendered text (spool.ts), and so does a file read whole once
  // its text passes a few MB (a run with --html too: its text, JSON and CSV); `dice` and `show`
  // render nothing that grows with a file.
  const spool = run.dice === undefined && formats.some((f) => SPOOLED.has(f)) ? makeSpoolDir() : null;
  try {
    const options: RunOptions = {
      audit: positions === true ? run.audit : { ...run.audit, positions },
      maxFileSize: run.maxFileSize,
      render: { formats, showInfo: run.showInfo ?? false, maxFindings: run.maxFindings, text: run.textStyle },
      outputs: run.outputs,
      select: run.select,
      baseline: run.onBaseline !== undefined,
      dice: run.dice,
      spoolDir: spool?.dir,
    };
    const cache = run.cacheDir === undefined ? null : openCache(run.cacheDir, options);
    if (cache !== null && 'warning' in cache) result.cacheWarning = cache.warning;
    else if (cache !== null) options.cache = cache.spec;
    const cacheUse = { stored: false };
    const writeOutcome = cacheWatch(outcomeWriter(run, summary), result, cacheUse);
    await runTasks(discoveredTasks(paths, run, result), {
      jobs: run.jobs,
      fileTimeoutMs: run.fileTimeoutMs,
      outputDrained: run.outputDrained,
      outputBudget: run.outputBudget,
      run: options,
      desk,
      onOutcome: writeOutcome,
    });
    const last = await run.afterAll?.();
    if (last) {
      // Selected, held against the baseline and rendered as a worker does an input's.
      const { file } = last.report;
      const source = formats.includes('html') ? last.source : undefined;
      const lastOptions = { ...options, render: { ...options.render, source }, spoolDir: undefined };
      const outcome = new OutcomeBuilder(file, lastOptions, run.accepted?.get(file));
      outcome.add(last.report, 0);
      await writeOutcome(outcome.finish());
    }
    if (cacheUse.stored && options.cache !== undefined) trimResultsCache(options.cache.root);
    // A signal that came during the work just done is acted on now, while the run still listens
    // for it (its outputs not yet in place), not lost once it stops listening.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    spool?.remove();
  }
  for (const { sink } of run.sinks) sink.end(summary);
  result.duplicateMatches = desk?.count ?? 0;
  return result;
}

/**
 * The run's results cache: salted with the code that audits and with everything in the run's
 * options that decides a file's own audit (the audit asked for, the size a binary file may
 * inflate to, the dice grouping). Rendering, selection and baselines come after the cache.
 */
function openCache(dir: string, options: RunOptions): ReturnType<typeof openResultsCache> {
  const settings = { audit: options.audit, maxFileSize: options.maxFileSize, dice: options.dice ?? null };
  return openResultsCache(dir, codeIdentity(workerFile()), settings);
}

/**
 * Watches what the outcomes say of the cache: the first failure to write it becomes the run's
 * warning; once the run has written entries, the cache is trimmed (`trimResultsCache`) at its end.
 */
function cacheWatch(
  write: (o: FileOutcome) => Promise<void> | void,
  result: RunResult,
  use: { stored: boolean },
): (o: FileOutcome) => Promise<void> | void {
  return (o) => {
    if (!o.skipped && o.cache !== undefined) {
      if (o.cache === 'stored') use.stored = true;
      else
        result.cacheWarning ??= `the results cache could not be written (${o.cache.failed}): files audited since are not cached`;
    }
    return write(o);
  };
}

type Audited = FileOutcome & { skipped: false };

/**
 * What the run does with each outcome, in input order: counted, written to every sink, then told
 * to the caller. A promise while a spooled text is copied, a piece at a time, each once the output
 * has taken the one before.
 */
function outcomeWriter(run: AuditRun, summary: Summary): (o: FileOutcome) => Promise<void> | void {
  const done = (o: FileOutcome) => {
    if (!o.skipped && o.rendered.baseline !== undefined) run.onBaseline?.(o.rendered.baseline);
    run.onFileDone?.(o.skipped ? null : o.rendered.counts);
    run.onOutcome?.(o);
  };
  const writeSpooled = async (o: Audited, spooled: Partial<Record<OutputFormat, string>>) => {
    for (const { format, sink } of run.sinks) {
      const path = spooled[format];
      if (path === undefined) {
        sink.add(o.rendered.out[format] ?? '');
        continue;
      }
      let first = true;
      for (const piece of spooledPieces(path)) {
        sink.piece(piece, first);
        first = false;
        const wait = run.outputDrained?.();
        if (wait) await wait;
      }
      sink.pieced();
    }
    for (const path of new Set(Object.values(spooled))) removeSpooled(path);
    done(o);
  };
  return (o) => {
    if (o.skipped) {
      summary.skipped++;
      run.onSkipped?.(o.path, o.skipped === 'output' ? 'output' : 'content');
      return done(o);
    }
    addToSummary(summary, o.rendered.counts);
    const { spooled } = o.rendered;
    if (spooled !== undefined) return writeSpooled(o, spooled);
    for (const { format, sink } of run.sinks) sink.add(o.rendered.out[format] ?? '');
    done(o);
  };
}

/**
 * The run's tasks as discovery finds them (discovery streams into the audit: the file list of an
 * archive is never held whole), with the walk's TURNs (the pool lets signals in there); what it
 * passes over is counted in `result`.
 */
function* discoveredTasks(paths: string[], run: AuditRun, result: RunResult): Generator<FileTask | typeof TURN> {
  const { summary } = result;
  // A file named twice (`verify mat mat/x.mat`, overlapping globs) is audited once: with several
  // paths, each file's resolved path is remembered (one path alone cannot name a file twice).
  const once = paths.length > 1 ? new Set<string>() : null;
  const passedOver = paths.length > 1 ? new Set<string>() : null;
  const firstTime = (item: { path: string; fsPath?: Buffer; listed?: Listed }): boolean => {
    if (once === null) return true;
    let key: string;
    try {
      // A listed file is known by its device and inode (no path to resolve, however deep).
      const id = item.listed ?? statSync(item.fsPath ?? item.path);
      key = `${id.dev}:${id.ino}`;
    } catch {
      return true; // the read will say what is wrong with it
    }
    if (once.has(key)) return false;
    once.add(key);
    return true;
  };
  for (const path of paths) {
    if (path === '-') {
      const task = stdinTask(run.stdin === undefined ? new Uint8Array(0) : run.stdin, run.maxFileSize);
      const accepted = run.accepted?.get(STDIN_NAME);
      yield accepted ? { ...task, accepted } : task;
      continue;
    }
    for (const item of discoverInTurns([path], run)) {
      if (item === TURN) yield TURN;
      else if (item.kind === 'skipped') {
        // Counted once however many paths meet it.
        if (passedOver !== null && passedOver.has(item.path)) continue;
        passedOver?.add(item.path);
        run.onSkipped?.(item.path, item.why === 'not-a-match' ? 'name' : item.why);
        if (item.why === 'link') result.linksNotFollowed++;
        else if (item.why === 'special') result.specialFiles++;
        else summary.skipped++;
      } else if (item.kind === 'missing') {
        result.missing.push({ path: item.path, reason: item.reason });
        yield { path: item.path, sniff: false, unreadable: item.reason };
      } else if (item.kind === 'unreadable') yield { path: item.path, sniff: false, unreadable: item.reason };
      else if (!firstTime(item)) result.namedTwice++;
      else {
        const task: FileTask = { path: item.path, sniff: item.sniff };
        if (item.fsPath) task.fsPath = item.fsPath;
        if (item.listed) task.listed = item.listed;
        const accepted = run.accepted?.get(item.path);
        yield accepted ? { ...task, accepted } : task;
      }
    }
  }
}
