// `bgaudit csv`: one row per game, for spreadsheets and statistics.
import { Command } from 'commander';
import { runPaths, type RunResult } from '../batch/run.js';
import { csvSink } from '../report/csv.js';
import { coalesce } from '../report/reporter.js';
import { baselineWriter } from './baseline.js';
import {
  finishRun,
  flushEvery,
  openOutput,
  prepareRun,
  flagsForRules,
  flagsForRun,
  flagsForSelection,
  type CliIO,
  type RunFlagValues,
} from './common.js';

export function csvCommand(io: CliIO, setExit: (code: number) => void): Command {
  const cmd = new Command('csv')
    .description(
      'write one CSV row per game (RFC 4180, UTF-8, header row); an unreadable file gets one row with status "unreadable"',
    )
    .argument('<paths...>', 'match files, folders, quoted globs, or - for standard input')
    .option('-o, --output <file>', 'write to this file instead of stdout (never one of the inputs)');
  for (const o of [...flagsForRun(), ...flagsForSelection(), ...flagsForRules()]) cmd.addOption(o);
  return cmd
    .addHelpText(
      'after',
      '\nColumns: file, match, game, player0, player1, length, rules, start_score0, start_score1, crawford,\n' +
        'post_crawford, cube, cube_owner, doubles, termination, winner, winner_name, outcome, outcome_name (nardy: oin,\n' +
        'mars, koks), points_recorded,\n' +
        'points_nominal, points_credited, status (ok | mismatch | unreadable), findings (codes joined by ;), line,\n' +
        'variant (backgammon, nackgammon, hypergammon1-3), recorded_length (length is the one applied: 0 for money),\n' +
        'then per side (0, 1): rolls, doublets, pips_rolled, cube_turns, takes, drops, pips_start, pips_end\n' +
        '(rolls0, rolls1, …), cube_log (roll:side:value:answer:pips0-pips1 per cube turn, joined by ;), final_xgid.\n' +
        'Text cells from the input (file, player0, player1, winner_name) that start with =, +, -, @, a tab or a CR are\n' +
        "written quoted with a leading ' so that spreadsheets read them as text (OWASP CSV injection).\n" +
        'The exit code is that of verify: 1 when any error finding.',
    )
    .action(async (paths: string[], opts: RunFlagValues & { output?: string }) => {
      const settings = await prepareRun(
        io,
        paths,
        opts,
        [opts.output, opts.writeBaseline].filter((p) => p !== undefined),
      );
      const file = opts.output ? openOutput(opts.output) : null;
      const baselineFile = opts.writeBaseline ? openOutput(opts.writeBaseline) : null;
      const baseline = baselineFile ? baselineWriter(baselineFile.write) : null;
      const out = coalesce(file ? file.write : io.stdout);
      const flusher = flushEvery([out.flush]);
      let result: RunResult;
      try {
        result = await runPaths(paths, {
          ...settings,
          audit: { ...settings.audit, gameStats: true },
          outputs: [file, baselineFile].flatMap((f) => (f ? [f.identity] : [])),
          sinks: [{ format: 'csv', sink: csvSink(out.write) }],
          onBaseline: baseline?.add,
        });
        flusher.stop();
        out.flush();
        baseline?.end();
      } finally {
        flusher.cancel();
        file?.close();
        baselineFile?.close();
      }
      setExit(finishRun(io, result));
    });
}
