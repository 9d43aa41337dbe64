// What the commands share: the I/O they write to, exit codes, option parsers, and the checks
// every run makes before it starts.
import { DEFAULT_MAX_FILE_SIZE } from '../core/limits.js';
import { InvalidArgumentError, Option } from 'commander';
import { availableParallelism } from 'node:os';
import { lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Summary, Write } from '../report/reporter.js';
import { checkPatterns, PatternError } from '../batch/discover.js';
import { printable } from '../report/escape.js';
import { jsonForTerminal } from '../report/json-terminal.js';
import { csvForTerminal } from '../report/csv-terminal.js';
import type { FileIdentity } from '../batch/outcome.js';
import { inputAmong, type RunResult } from '../batch/run.js';
import type { RuleFlags } from '../scoring/rules.js';
import type { AuditRequest } from '../read/attach.js';
import type { Severity } from '../core/model.js';
import { unknownCode } from '../rules/page.js';
import { FINDING_CODES } from '../core/findings.js';
import { readBaseline } from './baseline.js';
import { DEFAULT_OUTPUT_TIMEOUT } from './output-file.js';
import { itemAt } from '../core/at.js';
import { defaultCacheDir } from '../cache/folder.js';
import { UsageError } from './usage-error.js';

/** Real match files are far smaller: the largest analysed SGF in the corpus is about 1 MB. */

export interface CliIO {
  stdout: Write;
  /**
   * Standard output for bytes that are not UTF-8 text (`fix --diff` prints each file's lines in
   * the file's own encoding, so that `patch` applies them); none: such output is written decoded,
   * through `stdout`.
   */
  stdoutBytes?: (bytes: Uint8Array) => void;
  stderr: Write;
  /** stderr is a terminal: a progress line may be drawn there. */
  stderrIsTTY?: boolean;
  /** stdout is a terminal: data formats written there escape control characters as the text format does. */
  stdoutIsTTY?: boolean;
  /**
   * When stdout holds more than it can take at once (a pipe to a slow reader), a promise of the
   * moment it has written it out; otherwise null. The run waits on it: output is not held in
   * memory without bound.
   */
  stdoutDrained?: () => Promise<void> | null;
  /** Standard input whole, for the path `-`; null when it holds more than `limit` bytes. */
  readStdin?: (limit: number) => Promise<Uint8Array | null>;
}

/**
 * Standard output as a command writes a data report to it (`csv`, `json`, `ndjson`): on a
 * terminal, what a terminal would act on or not show (a CSV cell's control characters, JSON's
 * raw ones) is escaped, as the text format escapes it; in a file or a pipe, the exact text.
 */
export function reportStdout(io: CliIO, format: string): Write {
  if (io.stdoutIsTTY !== true) return io.stdout;
  if (format === 'json' || format === 'ndjson') return (text) => io.stdout(jsonForTerminal(text));
  if (format !== 'csv') return io.stdout;
  const escape = csvForTerminal();
  return (text) => io.stdout(escape(text));
}

export const EXIT = { clean: 0, findings: 1, usage: 2 } as const;

export { UsageError };
export { openOutput, writeReason } from './output-file.js';

/** A whole number written in decimal digits and nothing else (not `0x10`, `1e3` or ` 12`), from 1. */
export function positiveInt(what: string) {
  return (v: string): number => {
    const n = /^\d+$/.test(v) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n) || n < 1)
      throw new InvalidArgumentError(`${what}: a whole number from 1 to ${Number.MAX_SAFE_INTEGER}`);
    return n;
  };
}

/** `64M`, `2G`, `500k` or plain bytes. */
function byteSize(v: string): number {
  const m = /^(\d{1,15}(?:\.\d{1,6})?)[ \t]*([kmg]?)i?b?$/i.exec(v.trim());
  if (!m) throw new InvalidArgumentError('a size such as 64M, 500k or 1048576');
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[itemAt(m, 2).toLowerCase() as '' | 'k' | 'm' | 'g'];
  return Math.round(Number(m[1]) * unit);
}

/** Seconds, whole or not; 0 turns the limit off. */
function seconds(v: string): number {
  const n = Number(v);
  if (!/^\d{1,7}(\.\d{1,3})?$/.test(v.trim()) || !Number.isFinite(n))
    throw new InvalidArgumentError('a number of seconds such as 60 or 2.5 (0: no limit)');
  return Math.round(n * 1000);
}

export function fileTimeoutFlag(): Option {
  return new Option('--file-timeout <seconds>', 'stop a file that takes longer and report it (timeout); 0: no limit')
    .argParser(seconds)
    .default(60_000, '60');
}

function outputTimeoutFlag(): Option {
  return new Option(
    '--output-timeout <seconds>',
    'an output file that is a pipe (FIFO) whose reader takes nothing for this long ends the run (exit 2) rather than waiting for it; 0: wait for ever',
  )
    .argParser(seconds)
    .default(DEFAULT_OUTPUT_TIMEOUT, '60');
}

export function maxFileSizeFlag(): Option {
  return new Option(
    '--max-file-size <size>',
    'the most bytes of the file one match or SGF game tree may take: a larger file is read in pieces, a match at a time (verify and csv spool its report to $TMPDIR); a larger match is an io-error (a match takes up to ~75 times its size in memory)',
  )
    .argParser(byteSize)
    .default(DEFAULT_MAX_FILE_SIZE, '16M');
}

/** The audit's options from the rule flags: they win over the record's headers and what it shows. */
export function auditOptionsOf(o: RuleFlags): AuditRequest {
  return {
    rules: { rules: o.rules, crawford: o.crawford, jacoby: o.jacoby, beavers: o.beavers, cubeLimit: o.cubeLimit },
  };
}

/** What the CSV writes a row for: each game (the default) or each match. */
export type CsvPer = 'game' | 'match';

export function perFlag(description = 'one CSV row per game (default) or per match'): Option {
  return new Option('--per <unit>', description).choices(['game', 'match']).default('game');
}

/** The audit a CSV needs besides the findings: each game's statistics, or each match's summary. */
export function auditForCsv(audit: AuditRequest, per: CsvPer): AuditRequest {
  return per === 'match' ? { ...audit, matchSummary: true } : { ...audit, gameStats: true };
}

export function flagsForRun() {
  return [
    new Option(
      '-j, --jobs <n>',
      'worker threads that audit files (default and most: the number of cores; one for a run under 4,000 files and 16 MB)',
    ).argParser(positiveInt('--jobs')),
    maxFileSizeFlag(),
    fileTimeoutFlag(),
    outputTimeoutFlag(),
    new Option('--follow', 'walks follow symbolic links to folders and to files outside the folder walked'),
    new Option(
      '--cache-dir <dir>',
      "the folder of the results cache, where each file's own audit is kept under its content and the run's settings, so that a file audited before is not parsed or replayed again (a file above --max-file-size, read in pieces, is audited every run) (default: $BGAUDIT_CACHE_DIR, else $XDG_CACHE_HOME/bgaudit, else ~/.cache/bgaudit)",
    ),
    new Option('--no-cache', 'neither read nor write the results cache: audit every file from scratch'),
    new Option(
      '--no-duplicates',
      'do not look for matches recorded twice in the run (by default a match whose players, length, rolls, moves, cube actions and results repeat an earlier one is a duplicate-match warning, whatever its file, format or layout, saying where the two records differ and which has errors)',
    ),
  ];
}

/**
 * Where an output path writes: its folder resolved and its name, through a symbolic link (one that
 * points nowhere yet too, which writing would create); with the file's device and inode if it exists.
 */
function outputPlace(path: string): { at: string; id: string | null } {
  let named = resolve(path);
  for (let hops = 0; hops < 40; hops++) {
    let link: string;
    try {
      if (!lstatSync(named).isSymbolicLink()) break;
      link = readlinkSync(named);
    } catch {
      break;
    }
    named = resolve(dirname(named), link);
  }
  let at = named;
  try {
    at = join(realpathSync.native(dirname(named)), basename(named));
  } catch {
    // a folder that does not exist: the output cannot be opened, and says so
  }
  let id: string | null = null;
  try {
    const s = statSync(path);
    id = `${s.dev}:${s.ino}`;
  } catch {
    // not there yet
  }
  return { at, id };
}

/** Whether two places (outputPlace) are one file: the same path, or the same device and inode. */
function samePlace(a: { at: string; id: string | null }, b: { at: string; id: string | null }): boolean {
  return a.at === b.at || (a.id !== null && a.id === b.id);
}

/**
 * Two outputs on one file would write into each other: a usage error, whatever names they are
 * given (the same path written two ways, a symbolic or a hard link).
 */
function sameOutputs(paths: string[]): void {
  const seen: { path: string; at: string; id: string | null }[] = [];
  for (const path of paths) {
    const place = outputPlace(path);
    const other = seen.find((o) => samePlace(o, place));
    if (other !== undefined)
      throw new UsageError(
        `two outputs are one file (${other.path} and ${path}): each output needs a file of its own; nothing was written`,
      );
    seen.push({ path, ...place });
  }
}

/** The rule options of verify and csv: they win over the record's headers and what it shows. */
export function flagsForRules(): Option[] {
  return [
    new Option(
      '--rules <set>',
      'rule set: backgammon (match, or money when the length is 0), nardy (Georgian), tavla',
    ).choices(['backgammon', 'nardy', 'tavla']),
    new Option('--crawford', 'apply the Crawford rule (the default in match play)'),
    new Option('--no-crawford', 'no Crawford game'),
    new Option('--jacoby', 'money: gammons count single unless the cube was turned'),
    new Option('--no-jacoby', 'money: no Jacoby rule'),
    new Option('--beavers', 'money: beavers and raccoons allowed'),
    new Option('--no-beavers', 'money: beavers and raccoons not allowed'),
    new Option('--cube-limit <n>', 'highest cube value allowed').argParser(positiveInt('--cube-limit')),
  ];
}

/** `a,b` (and the option given again): the codes, each once; a code bgaudit does not make is refused. */
function codeList(v: string, previous: string[] | undefined): string[] {
  const codes = v
    .split(',')
    .map((c) => c.trim())
    .filter((c) => c !== '');
  if (codes.length === 0) throw new InvalidArgumentError('one finding code or more, separated by commas');
  const unknown = codes.filter((c) => !Object.hasOwn(FINDING_CODES, c));
  if (unknown.length > 0) throw new InvalidArgumentError(unknown.map(unknownCode).join('; '));
  return [...new Set([...(previous ?? []), ...codes])];
}

/** Which findings are reported, as a linter's users expect. */
export function flagsForSelection(): Option[] {
  return [
    new Option('--ignore <codes>', 'do not report these finding codes (comma-separated; may be repeated)').argParser(
      codeList,
    ),
    new Option('--select <codes>', 'report only these finding codes (comma-separated; may be repeated)').argParser(
      codeList,
    ),
    new Option(
      '--min-severity <level>',
      'report only findings of this severity or above; the exit code follows what is reported',
    ).choices(['info', 'warning', 'error']),
    new Option(
      '--baseline <file>',
      'do not report again the findings this baseline file accepts (written by --write-baseline; a regular file of at most 256 MB): only what is new',
    ),
    new Option(
      '--write-baseline <file>',
      'write the findings of this run to a baseline file, to accept them (never one of the inputs, nor another output)',
    ),
  ];
}

/** What commander gives verify and csv for `flagsForRun()`, `flagsForRules()` and `flagsForSelection()`. */
export interface RunFlagValues extends RuleFlags {
  jobs?: number;
  maxFileSize: number;
  fileTimeout: number;
  /** Milliseconds (--output-timeout). */
  outputTimeout: number;
  follow?: boolean;
  ignore?: string[];
  select?: string[];
  minSeverity?: Severity;
  baseline?: string;
  writeBaseline?: string;
  /** `--no-duplicates` sets it false. */
  duplicates?: boolean;
  /** `--no-cache` sets it false. */
  cache?: boolean;
  cacheDir?: string;
}

/** Workers: as asked, but never more than the cores (more only cost memory: 11 GB for 1,000). */
function workers(io: CliIO, asked: number | undefined): number {
  const cores = availableParallelism();
  if (asked === undefined) return cores;
  if (asked > cores) {
    io.stderr(
      `bgaudit: --jobs ${asked} lowered to ${cores}, the number of cores (more workers than cores only take memory)\n`,
    );
    return cores;
  }
  return asked;
}

/** A file the run reads besides its match files (a baseline, a results sheet, an alias list), by what it is. */
export interface ReadFile {
  what: string;
  path: string;
}

/** An output that is a file the run reads, under any name: a usage error (replacing it would lose it). */
function outputsNotRead(outputs: string[], reads: ReadFile[]): void {
  for (const read of reads) {
    const place = outputPlace(read.path);
    for (const output of outputs) {
      if (samePlace(outputPlace(output), place))
        throw new UsageError(`the ${read.what} file ${read.path} is also an output (${output}); nothing was written`);
    }
  }
}

/**
 * Everything a run checks and gathers before it opens an output: patterns that are not valid, an
 * output that is one of the inputs or one of the files it reads (`reads`, and the baseline),
 * standard input. Throws a UsageError (exit 2) for the first problem.
 */
export async function prepareRun(
  io: CliIO,
  paths: string[],
  o: RunFlagValues,
  outputPaths: string[],
  reads: ReadFile[] = [],
) {
  try {
    checkPatterns(paths);
  } catch (e) {
    if (e instanceof PatternError) throw new UsageError(e.message);
    throw e;
  }
  if (paths.filter((p) => p === '-').length > 1) throw new UsageError('"-" (standard input) can be named once');
  sameOutputs(outputPaths);
  outputsNotRead(outputPaths, o.baseline === undefined ? reads : [{ what: 'baseline', path: o.baseline }, ...reads]);
  const existing: FileIdentity[] = [];
  for (const path of outputPaths) {
    try {
      const s = statSync(path);
      existing.push({ dev: s.dev, ino: s.ino });
    } catch {
      // not there yet: no input can be it
    }
  }
  const clash = inputAmong(paths, existing, { follow: o.follow });
  if (clash !== null) throw new UsageError(`the output file is one of the inputs (${clash}); nothing was written`);
  // Read whole before the run; null when it holds more than the size limit (an io-error then).
  let stdin: Uint8Array | null | undefined;
  if (paths.includes('-')) stdin = io.readStdin ? await io.readStdin(o.maxFileSize) : new Uint8Array(0);
  if (o.cacheDir === '') throw new UsageError('--cache-dir needs a folder (--no-cache turns the cache off)');
  const accepted = o.baseline === undefined ? undefined : readBaseline(o.baseline);
  return {
    select: { ignore: o.ignore, select: o.select, minSeverity: o.minSeverity },
    accepted,
    jobs: workers(io, o.jobs),
    maxFileSize: o.maxFileSize,
    fileTimeoutMs: o.fileTimeout,
    follow: o.follow === true,
    outputDrained: io.stdoutDrained,
    stdin,
    audit: { ...auditOptionsOf(o), contentKey: o.duplicates !== false },
    cacheDir: o.cache === false ? undefined : (o.cacheDir ?? defaultCacheDir() ?? undefined),
  };
}

/**
 * While the run goes on, what the outputs hold is written at least every half second: a file
 * that takes long never keeps finished reports from a reader. A write that fails there is kept
 * and thrown by `stop`.
 */
export function flushEvery(flushes: (() => void)[], ms = 500): { stop: () => void; cancel: () => void } {
  let failed: Error | null = null;
  const timer = setInterval(() => {
    try {
      for (const f of flushes) f();
    } catch (e) {
      failed ??= e instanceof Error ? e : new Error(String(e));
    }
  }, ms);
  timer.unref();
  return {
    /** Ends the flushing; throws the write failure it met, if any. */
    stop: () => {
      clearInterval(timer);
      if (failed !== null) throw failed;
    },
    cancel: () => clearInterval(timer),
  };
}

export type ColorChoice = 'auto' | 'always' | 'never';

export function colorFlag(): Option {
  return new Option(
    '--color <when>',
    'colour the text and concise reports: auto (on a terminal, unless NO_COLOR is set; FORCE_COLOR set turns it on in a pipe too), always, never',
  )
    .choices(['auto', 'always', 'never'])
    .default('auto');
}

/**
 * Whether a report to stdout is coloured. `always` and `never` are obeyed. `auto`: never when
 * NO_COLOR is set to anything but '' (no-color.org; it wins over FORCE_COLOR, as what a user set
 * to be spared colour); on when FORCE_COLOR is set to anything but '', '0' or 'false'; else on a
 * terminal that is not TERM=dumb.
 */
export function colorWanted(
  choice: ColorChoice,
  stdoutIsTTY: boolean,
  env: Record<string, string | undefined>,
): boolean {
  if (choice !== 'auto') return choice === 'always';
  if ((env.NO_COLOR ?? '') !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  return stdoutIsTTY && env.TERM !== 'dumb';
}

/** The findings that make a run exit 1: errors (verify), those of a level or above (csv --fail-on), or none. */
export type FailOn = 'error' | 'warning' | 'never';

/** `csv --fail-on`: the export is written either way; a script that wants exit 1 on findings asks for it. */
export function failOnFlag(): Option {
  return new Option(
    '--fail-on <level>',
    'exit 1 when a finding of this severity or above is reported (by default csv exits 0 once the export is written: the findings are in its rows)',
  ).choices(['error', 'warning']);
}

/**
 * Says which named paths were missing and what a walk passed over, and gives the run's exit code:
 * 1 when a finding at `failOn` or above was reported.
 */
export function finishRun(io: CliIO, result: RunResult, failOn: FailOn = 'error'): number {
  const { missing, summary } = result;
  for (const m of missing) io.stderr(`bgaudit: ${printable(m.path)}: ${m.reason}\n`);
  if (result.linksNotFollowed > 0) {
    io.stderr(
      `bgaudit: ${result.linksNotFollowed} symbolic link${result.linksNotFollowed === 1 ? '' : 's'} not followed (to folders, or to files outside the folder walked; --follow follows them)\n`,
    );
  }
  if (result.specialFiles > 0) {
    io.stderr(
      `bgaudit: ${result.specialFiles} special file${result.specialFiles === 1 ? '' : 's'} (FIFOs, devices, sockets) not read\n`,
    );
  }
  if (result.namedTwice > 0) {
    io.stderr(
      `bgaudit: ${result.namedTwice} file${result.namedTwice === 1 ? '' : 's'} named more than once, audited once\n`,
    );
  }
  const money = summary.readAsMoney ?? 0;
  if (money > 0) {
    const what =
      money === 1
        ? '1 record read as a money session, not a match: it is'
        : `${money} records read as money sessions, not matches: each is`;
    io.stderr(
      `bgaudit: ${what} one game with [Site "Backgammon Galaxy"] written as a "16 point match", which is how Galaxy writes a money game (--info shows each)\n`,
    );
  }
  if (result.duplicateMatches > 0) {
    const n = result.duplicateMatches;
    io.stderr(
      `bgaudit: ${n} match${n === 1 ? '' : 'es'} repeat${n === 1 ? 's' : ''} an earlier one of the run (duplicate-match warnings; --no-duplicates turns the check off)\n`,
    );
  }
  if (result.cacheWarning !== undefined) io.stderr(`bgaudit: ${printable(result.cacheWarning)}\n`);
  if (missing.length > 0) return EXIT.usage;
  if (summary.files === 0) {
    // Nothing audited is not "clean": a script must not read an empty folder as a clean archive.
    const skipped = summary.skipped > 0 ? ` (${summary.skipped} skipped: not match files)` : '';
    io.stderr(`bgaudit: no match file to read in the paths given${skipped}\n`);
    return EXIT.usage;
  }
  return exitFor(summary, failOn);
}

function exitFor(summary: Summary, failOn: FailOn): number {
  const { error, warning } = summary.bySeverity;
  const failing = failOn === 'never' ? 0 : failOn === 'warning' ? error + warning : error;
  return failing > 0 ? EXIT.findings : EXIT.clean;
}
