// The command line: commander, the commands, nothing else. `run` never exits the process.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { auditPaths } from './batch/run.js';
import { jsonReporter, ndjsonReporter } from './report/json.js';
import type { Reporter, Write } from './report/reporter.js';
import { textReporter } from './report/text.js';
import { showMatch } from './report/show.js';
import { checkFile } from './check.js';
import { readFile } from 'node:fs/promises';

export interface CliIO {
  stdout: Write;
  stderr: Write;
}

export const EXIT = { clean: 0, findings: 1, usage: 2 } as const;

function reporterFor(format: string, write: Write, showInfo: boolean): Reporter {
  if (format === 'json') return jsonReporter(write);
  if (format === 'ndjson') return ndjsonReporter(write);
  return textReporter(write, { showInfo });
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  let exitCode: number = EXIT.clean;
  const program = new Command()
    .name('bgaudit')
    .description(
      'Audits backgammon match records (Jellyfish .mat). Replays every game, rebuilds the final ' +
        'position, scores it from the board and the cube, and reports every place where the ' +
        'recorded result disagrees with the rules.',
    )
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError('(run bgaudit --help for usage)');

  program
    .command('verify')
    .description('audit match files and folders; exit 0 when clean, 1 when any error finding, 2 on usage or I/O failure')
    .argument('<paths...>', 'match files, or folders to walk (recursively, in sorted order)')
    .addOption(new Option('-f, --format <format>', 'report format').choices(['text', 'json', 'ndjson']).default('text'))
    .option('--info', 'text format: show info findings too', false)
    .addHelpText(
      'after',
      '\nExamples:\n  bgaudit verify fixtures/\n  bgaudit verify archive/ --format ndjson > report.ndjson\n\n' +
        'Output: text (linter style: file, then "line:col  severity  message  code", then a summary),\n' +
        'json (one array of match reports) or ndjson (one match report per line). A file that cannot\n' +
        'be read still gets one report, with match: null and its parse-error or io-error finding.',
    )
    .action(async (paths: string[], opts: { format: string; info: boolean }) => {
      const reporter = reporterFor(opts.format, io.stdout, opts.info);
      const { summary, missing } = await auditPaths(paths, [reporter]);
      if (opts.format !== 'text') io.stderr(`${summary.files} files, ${summary.matches} matches, ${summary.games} games, ${summary.bySeverity.error} errors\n`);
      for (const m of missing) io.stderr(`bgaudit: ${m}: no such file or folder\n`);
      exitCode = missing.length > 0 ? EXIT.usage : summary.bySeverity.error > 0 ? EXIT.findings : EXIT.clean;
    });

  program
    .command('show')
    .description("each game's final position as a board, with its Position ID, Match ID and XGID, the cube and how the game ended")
    .argument('<file>', 'one match file')
    .option('-g, --game <n>', 'only this game (numbered from 1 within its match)', (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('a game number from 1');
      return n;
    })
    .option('-m, --match <n>', 'only this match of a file that holds several', (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('a match number from 1');
      return n;
    })
    .action(async (file: string, opts: { game?: number; match?: number }) => {
      let bytes: Uint8Array;
      try {
        bytes = await readFile(file);
      } catch (e) {
        io.stderr(`bgaudit: ${file}: ${(e as Error).message}\n`);
        exitCode = EXIT.usage;
        return;
      }
      const reports = checkFile(bytes, file);
      for (const r of reports) {
        if (opts.match !== undefined && r.match !== opts.match) continue;
        if (r.match === null) {
          for (const f of r.findings) io.stdout(`${file}:${f.line ?? 1}:${f.column ?? 1}: ${f.message}\n`);
          exitCode = EXIT.findings;
          continue;
        }
        io.stdout(`${file}${reports.length > 1 ? `, match ${r.match}` : ''}: ${r.players?.join(' - ')}\n\n`);
        io.stdout(showMatch(r, opts.game));
      }
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) {
      return e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.exitCode === 0 ? EXIT.clean : EXIT.usage;
    }
    throw e;
  }
  return exitCode;
}
