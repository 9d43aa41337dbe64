// `bgaudit csv`: one row per game, for spreadsheets and statistics.
import { Command } from 'commander';
import { runPaths, type RunResult } from '../batch/run.js';
import { csvSink } from '../report/csv.js';
import { coalesce } from '../report/reporter.js';
import { baselineWriter } from './baseline.js';
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
  failOnFlag,
  perFlag,
  type CliIO,
  type CsvPer,
  type RunFlagValues,
  reportStdout,
} from './common.js';

export function csvCommand(io: CliIO, setExit: (code: number) => void): Command {
  const cmd = new Command('csv')
    .description(
      'write one CSV row per game, or per match with --per match (RFC 4180, UTF-8, header row); an unreadable file gets one row with status "unreadable"',
    )
    .argument('<paths...>', 'match files, folders, quoted globs, or - for standard input')
    .option('-o, --output <file>', 'write to this file instead of stdout (never one of the inputs)');
  for (const o of [
    perFlag(),
    failOnFlag(),
    listSkippedFlag(),
    ...flagsForRun(),
    ...flagsForSelection(),
    ...flagsForRules(),
  ])
    cmd.addOption(o);
  return cmd
    .addHelpText(
      'after',
      '\nExamples:\n  bgaudit csv archive/ -o games.csv\n  bgaudit csv archive/ --per match > matches.csv && python analyse.py matches.csv\n' +
        '  bgaudit csv archive/ -o games.csv --fail-on error    exit 1 if any error finding, as verify does\n\n' +
        'Columns: file, match, game, player0, player1, length, rules, start_score0, start_score1, crawford,\n' +
        'post_crawford, cube, cube_owner, doubles, termination, winner, winner_name, outcome, outcome_name (nardy: oin,\n' +
        'mars, koks), points_recorded,\n' +
        'points_nominal, points_credited, status (ok | mismatch | unreadable), findings (codes joined by ;), line,\n' +
        'variant (backgammon, nackgammon, hypergammon1-3), recorded_length (length is the one applied: 0 for money),\n' +
        'then per side (0, 1): rolls, doublets, pips_rolled, cube_turns, takes, drops, pips_start, pips_end\n' +
        '(rolls0, rolls1, …), cube_log (roll:side:value:answer:pips0-pips1 per cube turn, joined by ;), final_xgid.\n' +
        'With --per match: file, match, format, player0, player1, site, event, date, round, match_id, rating0, rating1\n' +
        "(the writer's headers as written), rules, variant, length, recorded_length, games, final_score0, final_score1,\n" +
        'winner, winner_name, ending (played-out | forfeit | abandoned | money | unknown), crawford_game, errors,\n' +
        'warnings, status, findings, line.\n' +
        "Text cells from the input (file, names, the writer's headers) that start with =, +, -, @, a tab or a CR are\n" +
        "written quoted with a leading ' so that spreadsheets read them as text (OWASP CSV injection).\n" +
        'On a terminal (no -o, stdout not redirected) control characters in cells are escaped as in the text\n' +
        'report; in a file or a pipe the text is exact.\n' +
        'Exit codes: 0 when the export was written (its rows hold the findings), 2 on a usage error, an output that\n' +
        'cannot be written, a path named that does not exist or no match file in the paths; with --fail-on LEVEL,\n' +
        '1 when a finding of that severity or above was reported.',
    )
    .action(
      async (
        paths: string[],
        opts: RunFlagValues & { output?: string; per: CsvPer; failOn?: 'error' | 'warning'; listSkipped?: boolean },
      ) => {
        const settings = await prepareRun(
          io,
          paths,
          opts,
          [opts.output, opts.writeBaseline].filter((p) => p !== undefined),
        );
        const open = (path?: string) => (path ? openOutput(path, { timeoutMs: opts.outputTimeout }) : null);
        const [file, baselineFile] = [open(opts.output), open(opts.writeBaseline)];
        const baseline = baselineFile ? baselineWriter(baselineFile.write) : null;
        const out = coalesce(file ? file.write : reportStdout(io, 'csv'));
        const flusher = flushEvery([() => out.flush()]);
        let result: RunResult;
        try {
          result = await runPaths(paths, {
            ...settings,
            audit: auditForCsv(settings.audit, opts.per),
            outputs: [file, baselineFile].flatMap((f) => (f ? [f.identity] : [])),
            sinks: [{ format: opts.per === 'match' ? 'csv-match' : 'csv', sink: csvSink(out.write, opts.per) }],
            onBaseline: baseline?.add,
            onSkipped: opts.listSkipped ? skippedLister(io.stderr) : undefined,
          });
          flusher.stop();
          out.flush();
          baseline?.end();
          for (const f of [file, baselineFile]) f?.finish();
        } finally {
          flusher.cancel();
          for (const f of [file, baselineFile]) f?.close();
        }
        setExit(finishRun(io, result, opts.failOn ?? 'never'));
      },
    );
}
