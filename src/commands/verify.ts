// `bgaudit verify`: audit files and folders, report every finding.
import { Command, Option } from 'commander';
import { auditPaths } from '../batch/run.js';
import { csvReporter } from '../report/csv.js';
import { jsonReporter, ndjsonReporter } from '../report/json.js';
import { progressLine, type Progress } from '../report/progress.js';
import type { Reporter, Write } from '../report/reporter.js';
import { textReporter } from '../report/text.js';
import { EXIT, openOutput, ruleFlags, ruleOptions, runOptions, type CliIO, type RuleOptionValues } from './common.js';

function reporterFor(format: string, write: Write, showInfo: boolean): Reporter {
  if (format === 'json') return jsonReporter(write);
  if (format === 'ndjson') return ndjsonReporter(write);
  return textReporter(write, { showInfo });
}

interface VerifyOptions extends RuleOptionValues {
  format: string;
  info: boolean;
  csv?: string;
  jobs: number;
  quiet?: boolean;
  maxFileSize: number;
}

export function verifyCommand(io: CliIO, setExit: (code: number) => void): Command {
  const cmd = new Command('verify')
    .description('audit match files, folders and globs; exit 0 when clean, 1 when any error finding, 2 on usage or I/O failure')
    .argument('<paths...>', 'match files, folders (walked recursively, in sorted order) or quoted globs such as "archive/**/*.mat"')
    .addOption(new Option('-f, --format <format>', 'report format').choices(['text', 'json', 'ndjson']).default('text'))
    .option('--info', 'text format: show info findings too', false)
    .option('--csv <file>', 'also write the per-game CSV to this file');
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
      const reporters: Reporter[] = [reporterFor(opts.format, io.stdout, opts.info)];
      const csv = opts.csv ? openOutput(opts.csv) : null;
      if (csv) reporters.push(csvReporter(csv.write));
      let progress: Progress | null = null;
      const { summary, missing } = await auditPaths(paths, reporters, {
        jobs: opts.jobs,
        maxFileSize: opts.maxFileSize,
        audit: { rules: ruleFlags(opts) },
        onTotal: (n) => {
          if (io.stderrIsTTY && !opts.quiet && n > 1) {
            progress = progressLine(io.stderr, n);
            reporters.push(progress);
          }
        },
        onFileDone: () => progress?.fileDone(),
      });
      csv?.close();
      if (opts.format !== 'text' && !opts.quiet) {
        io.stderr(`${summary.files} files, ${summary.matches} matches, ${summary.games} games, ${summary.bySeverity.error} errors, ${summary.bySeverity.warning} warnings\n`);
      }
      for (const m of missing) io.stderr(`bgaudit: ${m}: no such file or folder\n`);
      setExit(missing.length > 0 ? EXIT.usage : summary.bySeverity.error > 0 ? EXIT.findings : EXIT.clean);
    });
}
