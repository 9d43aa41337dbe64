// `bgaudit verify`: audit files and folders, report every finding.
import { Command, Option } from 'commander';
import { runPaths, countInputs, type RunResult } from '../batch/run.js';
import { csvSink } from '../report/csv.js';
import { jsonSink, ndjsonSink, type RunRecord } from '../report/json.js';
import { VERSION } from '../version.js';
import { progressLine, type Progress } from '../report/progress.js';
import { coalesce, type Coalesced, type OutputFormat, type Sink, type Write } from '../report/reporter.js';
import { textSink, type TextStyle } from '../report/text.js';
import { htmlSink } from '../report/html.js';
import { MAX_FINDINGS_LISTED } from '../report/render.js';
import { baselineWriter } from './baseline.js';
import type { AuditRequest } from '../read/attach.js';
import { readAliases, AliasesError } from '../results/aliases.js';
import { readSheet, resultsCheck } from '../results/report.js';
import { SheetError } from '../results/sheet.js';
import { listSkippedFlag, skippedLister } from './skipped.js';
import {
  finishRun,
  flushEvery,
  openOutput,
  prepareRun,
  flagsForRules,
  flagsForRun,
  flagsForSelection,
  auditForCsv,
  perFlag,
  positiveInt,
  UsageError,
  colorFlag,
  colorWanted,
  type CliIO,
  type ColorChoice,
  type CsvPer,
  type RunFlagValues,
  reportStdout,
} from './common.js';
import { plural } from '../core/words.js';

/** `--format`: the report formats, concise among them (the text format's one line a finding). */
type StdoutFormat = 'text' | 'concise' | 'json' | 'ndjson';

function sinkFor(format: StdoutFormat, write: Write, run: RunRecord, style: TextStyle): Sink {
  if (format === 'json') return jsonSink(write, run);
  if (format === 'ndjson') return ndjsonSink(write, run);
  return textSink(write, style);
}

/** The run record of JSON and NDJSON: the version, the paths and every setting that shapes the findings. */
function runRecord(paths: string[], o: VerifyOptions): RunRecord {
  const settings = {
    rules: o.rules ?? null,
    crawford: o.crawford ?? null,
    jacoby: o.jacoby ?? null,
    beavers: o.beavers ?? null,
    cubeLimit: o.cubeLimit ?? null,
    ignore: o.ignore ?? null,
    select: o.select ?? null,
    minSeverity: o.minSeverity ?? null,
    baseline: o.baseline ?? null,
    maxFileSize: o.maxFileSize,
    fileTimeout: o.fileTimeout / 1000,
    follow: o.follow === true,
    maxFindings: o.maxFindings,
    // Only when given: a run without them keeps the record it always had.
    ...(o.results === undefined ? {} : { results: o.results }),
    ...(o.aliases === undefined ? {} : { aliases: o.aliases }),
  };
  return { bgaudit: { version: VERSION, command: 'verify', paths, settings } };
}

interface VerifyOptions extends RunFlagValues {
  format: StdoutFormat;
  color: ColorChoice;
  info: boolean;
  csv?: string;
  html?: string;
  quiet?: boolean;
  listSkipped?: boolean;
  per: CsvPer;
  maxFindings: number;
  results?: string;
  aliases?: string;
}

/**
 * The options checked before the run (a usage error, exit 2), and the results check of `--results
 * FILE` (with `--aliases FILE`): the file read and its header checked before anything is written,
 * and never one of the outputs, which opening them would empty.
 */
function checkOptions(opts: VerifyOptions) {
  if (opts.per === 'match' && opts.csv === undefined) throw new UsageError('--per match goes with --csv FILE');
  if (opts.results === undefined) {
    if (opts.aliases !== undefined) throw new UsageError('--aliases goes with --results FILE');
    return { sinks: [] };
  }
  const results = opts.results;
  try {
    const aliases = opts.aliases === undefined ? undefined : readAliases(opts.aliases);
    const check = resultsCheck(results, readSheet(results), aliases);
    return { sinks: [check.sink], report: check.report };
  } catch (e) {
    if (e instanceof SheetError || e instanceof AliasesError) throw new UsageError(e.message);
    throw e;
  }
}

const HELP_AFTER =
  '\nExamples:\n  bgaudit verify fixtures/\n  bgaudit verify archive/ --format concise | grep score-mismatch\n  bgaudit verify archive/ --format ndjson > report.ndjson\n  bgaudit verify "archive/**/*.mat" --csv games.csv\n  bgaudit verify archive/ --html report.html\n  bgaudit verify archive/ --write-baseline accepted.json    (later: --baseline accepted.json)\n  bgaudit verify archive/ --results results.csv --aliases names.csv\n  cat x.mat | bgaudit verify -\n\n' +
  'Output: text (linter style: file, then "line:col  severity  message  code", then a summary),\n' +
  'concise (one "path:line:col: severity code message" line a finding; "path:line:" without a column,\n' +
  '"path:" for the whole file; the one-line summary on stderr), json (one array of match reports) or\n' +
  'ndjson (one match report per line), in input order, after one run record\n' +
  '({"bgaudit": {version, command, paths, settings}}) that says what made the report.\n' +
  'Text and concise are coloured on a terminal (--color auto); NO_COLOR set turns colour off,\n' +
  'FORCE_COLOR set turns it on in a pipe; --color always|never decides whatever they say.\n' +
  'A file that cannot be read still gets one report, with match: null and its parse-error,\n' +
  'io-error, timeout, memory-limit or internal-error finding. Inputs are only read, never written.\n' +
  'Findings reported: --ignore and --select take codes, --min-severity a level; --write-baseline FILE\n' +
  'accepts the findings of this run, and --baseline FILE then reports only new ones. The exit code\n' +
  'follows what is reported.\n' +
  'Walks read regular files only and stay in the folder walked: symbolic links to folders, and to\n' +
  'files outside it, are not followed unless --follow is given; --list-skipped lists on stderr each\n' +
  'file a walk skipped, and why.';

/**
 * The output files besides stdout (`--csv`, `--html`), opened before the run (a path that cannot
 * be written fails at once), each with its sink and its writer that joins small writes.
 */
function fileOutputs(opts: VerifyOptions, paths: string[]) {
  const outputs: { format: OutputFormat; file: ReturnType<typeof openOutput>; out: Coalesced; sink: Sink }[] = [];
  const add = (format: OutputFormat, path: string, sink: (write: Write) => Sink) => {
    const file = openOutput(path, { timeoutMs: opts.outputTimeout });
    const out = coalesce(file.write);
    outputs.push({ format, file, out, sink: sink(out.write) });
  };
  if (opts.csv) add(opts.per === 'match' ? 'csv-match' : 'csv', opts.csv, (write) => csvSink(write, opts.per));
  if (opts.html) add('html', opts.html, (write) => htmlSink(write, { version: VERSION, paths }));
  return outputs;
}

/** The audit a run needs besides the findings: what its CSV reads, each match's summary for the results check. */
function auditOf(opts: VerifyOptions, audit: AuditRequest, results: boolean): AuditRequest {
  const withCsv = opts.csv === undefined ? audit : auditForCsv(audit, opts.per);
  return results ? { ...withCsv, matchSummary: true } : withCsv;
}

/** `--results FILE` and the alias list its names are read through. */
function resultsFlags(): Option[] {
  return [
    new Option(
      '--results <file>',
      'hold the matches against this results file (CSV with a header row: player1, player2, winner as a name or 1/2, ' +
        'optionally score1, score2, length, date; other columns are shown): findings result-no-file, result-not-listed, ' +
        'result-winner, result-score, result-length, reported on the results file',
    ),
    new Option('--aliases <file>', "with --results: CSV of 'alias,name' rows, other names a player goes by"),
  ];
}

/** The command, its arguments, options and help, without its action. */
function verifyDefinition(): Command {
  const cmd = new Command('verify')
    .description(
      'audit match files, folders and globs; exit 0 when clean, 1 when any error finding, 2 on usage or I/O failure',
    )
    .argument(
      '<paths...>',
      'match files, folders (walked recursively, in sorted order; a folder tagged as a cache, with a CACHEDIR.TAG, is passed by), quoted globs such as "archive/**/*.mat", or - for standard input',
    )
    .addOption(
      new Option(
        '-f, --format <format>',
        'report format: text, concise (one line a finding: path:line:col: severity code message), json, ndjson',
      )
        .choices(['text', 'concise', 'json', 'ndjson'])
        .default('text'),
    )
    .addOption(colorFlag())
    .option('--info', 'text and concise formats: show info findings too', false)
    .option('--csv <file>', 'also write the per-game CSV to this file (never one of the inputs)')
    .addOption(perFlag('--csv: one row per game (default) or per match'))
    .option(
      '--html <file>',
      'also write the HTML report to this file: one self-contained page, findings with their boards, errors first ' +
        '(info shown once ticked when there are errors or warnings; never one of the inputs)',
    )
    .option('-q, --quiet', 'no progress line on stderr')
    .addOption(
      new Option(
        '--max-findings <n>',
        'findings listed per file in the report and the HTML page; the others are counted ("and N more findings not listed"), in the summary and the exit code too',
      )
        .argParser(positiveInt('--max-findings'))
        .default(MAX_FINDINGS_LISTED),
    );
  for (const o of [listSkippedFlag(), ...flagsForRun(), ...flagsForSelection(), ...flagsForRules(), ...resultsFlags()])
    cmd.addOption(o);
  return cmd.addHelpText('after', HELP_AFTER);
}

export function verifyCommand(io: CliIO, setExit: (code: number) => void): Command {
  return verifyDefinition().action(async (paths: string[], opts: VerifyOptions) => {
    // The concise report is the text format's other style: rendered, spooled and counted as text.
    const format: OutputFormat = opts.format === 'concise' ? 'text' : opts.format;
    const textStyle: TextStyle = {
      concise: opts.format === 'concise',
      color: colorWanted(opts.color, io.stdoutIsTTY === true, process.env),
    };
    const results = checkOptions(opts);
    const settings = await prepareRun(
      io,
      paths,
      opts,
      [opts.csv, opts.html, opts.writeBaseline].filter((p) => p !== undefined),
      [
        ...(opts.results === undefined ? [] : [{ what: 'results', path: opts.results }]),
        ...(opts.aliases === undefined ? [] : [{ what: 'aliases', path: opts.aliases }]),
      ],
    );
    const outputs = fileOutputs(opts, paths);
    const baselineFile = opts.writeBaseline ? openOutput(opts.writeBaseline, { timeoutMs: opts.outputTimeout }) : null;
    const baseline = baselineFile ? baselineWriter(baselineFile.write) : null;
    // Only on a terminal: there the folders are walked once first (a fraction of the run) so
    // that the line can show a total and an ETA; the audit itself streams the inputs.
    const progress: Progress | null =
      io.stderrIsTTY && !opts.quiet ? progressLine(io.stderr, countInputs(paths, settings)) : null;
    // Output to the terminal wipes the progress line first; it is drawn again on the next file.
    // JSON on a terminal: the characters a terminal would act on, escaped (the text format escapes its own).
    const write = reportStdout(io, opts.format);
    const stdout = coalesce((s) => {
      progress?.clear();
      write(s);
    });
    const sinks = [{ format, sink: sinkFor(opts.format, stdout.write, runRecord(paths, opts), textStyle) }, ...outputs];
    const flusher = flushEvery([() => stdout.flush(), ...outputs.map((o) => () => o.out.flush())]);
    let result: RunResult;
    try {
      result = await runPaths(paths, {
        ...settings,
        audit: auditOf(opts, settings.audit, results.sinks.length > 0),
        outputs: [...outputs.map((o) => o.file), ...(baselineFile ? [baselineFile] : [])].map((f) => f.identity),
        sinks: [...sinks, ...results.sinks],
        showInfo: opts.info || opts.minSeverity === 'info',
        textStyle,
        maxFindings: opts.maxFindings,
        onBaseline: baseline?.add,
        onFileDone: (counts) => progress?.fileDone(counts),
        afterAll: results.report,
        onSkipped: opts.listSkipped ? skippedLister(io.stderr, () => progress?.clear()) : undefined,
      });
      flusher.stop();
      stdout.flush();
      for (const o of outputs) o.out.flush();
      baseline?.end();
      for (const o of outputs) o.file.finish();
      baselineFile?.finish();
    } finally {
      flusher.cancel();
      progress?.clear();
      for (const o of outputs) o.file.close();
      baselineFile?.close();
    }
    const { summary } = result;
    if (opts.format !== 'text' && !opts.quiet) {
      io.stderr(
        `${plural(summary.files, 'file')}, ${plural(summary.matches, 'match', 'matches')}, ${plural(summary.games, 'game')}, ${plural(summary.bySeverity.error, 'error')}, ${plural(summary.bySeverity.warning, 'warning')}, ${summary.bySeverity.info} info\n`,
      );
    }
    setExit(finishRun(io, result));
  });
}
