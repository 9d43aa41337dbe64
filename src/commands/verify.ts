// `bgaudit verify`: audit files and folders, report every finding.
import { Command, Option } from 'commander';
import { auditPaths, countInputs } from '../batch/run.js';
import { csvSink } from '../report/csv.js';
import { jsonSink, ndjsonSink } from '../report/json.js';
import { progressLine, type Progress } from '../report/progress.js';
import { coalesce, type OutputFormat, type Sink, type Write } from '../report/reporter.js';
import { textSink } from '../report/text.js';
import { finishRun, openOutput, ruleOptions, runOptions, runSettings, type CliIO, type RunOptionValues } from './common.js';

function sinkFor(format: OutputFormat, write: Write): Sink {
  if (format === 'json') return jsonSink(write);
  if (format === 'ndjson') return ndjsonSink(write);
  return textSink(write);
}

interface VerifyOptions extends RunOptionValues {
  format: string;
  info: boolean;
  csv?: string;
  quiet?: boolean;
}

export function verifyCommand(io: CliIO, setExit: (code: number) => void): Command {
  const cmd = new Command('verify')
    .description('audit match files, folders and globs; exit 0 when clean, 1 when any error finding, 2 on usage or I/O failure')
    .argument('<paths...>', 'match files, folders (walked recursively, in sorted order) or quoted globs such as "archive/**/*.mat"')
    .addOption(new Option('-f, --format <format>', 'report format').choices(['text', 'json', 'ndjson']).default('text'))
    .option('--info', 'text format: show info findings too', false)
    .option('--csv <file>', 'also write the per-game CSV to this file')
    .option('-q, --quiet', 'no progress line on stderr');
  for (const o of [...runOptions(), ...ruleOptions()]) cmd.addOption(o);
  return cmd
    .addHelpText(
      'after',
      '\nExamples:\n  bgaudit verify fixtures/\n  bgaudit verify archive/ --format ndjson > report.ndjson\n  bgaudit verify "archive/**/*.mat" --csv games.csv --jobs 4\n\n' +
        'Output: text (linter style: file, then "line:col  severity  message  code", then a summary),\n' +
        'json (one array of match reports) or ndjson (one match report per line), in input order.\n' +
        'A file that cannot be read still gets one report, with match: null and its parse-error,\n' +
        'io-error or internal-error finding. Inputs are only read, never written.',
    )
    .action(async (paths: string[], opts: VerifyOptions) => {
      const format = opts.format as OutputFormat;
      const csv = opts.csv ? openOutput(opts.csv) : null;
      // Only on a terminal: there the folders are walked once first (a fraction of the run) so
      // that the line can show a total and an ETA; the audit itself streams the inputs.
      const progress: Progress | null = io.stderrIsTTY && !opts.quiet ? progressLine(io.stderr, countInputs(paths)) : null;
      // Output to the terminal wipes the progress line first; it is drawn again on the next file.
      const stdout = coalesce((s) => {
        progress?.clear();
        io.stdout(s);
      });
      const csvOut = csv ? coalesce(csv.write) : null;
      const sinks = [{ format, sink: sinkFor(format, stdout.write) }];
      if (csvOut) sinks.push({ format: 'csv', sink: csvSink(csvOut.write) });
      const { summary, missing } = await auditPaths(paths, {
        ...runSettings(io, opts),
        sinks,
        showInfo: opts.info,
        onFileDone: (counts) => progress?.fileDone(counts),
      });
      stdout.flush();
      csvOut?.flush();
      progress?.clear();
      csv?.close();
      if (opts.format !== 'text' && !opts.quiet) {
        io.stderr(`${summary.files} files, ${summary.matches} matches, ${summary.games} games, ${summary.bySeverity.error} errors, ${summary.bySeverity.warning} warnings\n`);
      }
      setExit(finishRun(io, missing, summary));
    });
}
