// `bgaudit players`: standings and FIBS ratings from the matches of a run that passed the audit.
import { Command, Option } from 'commander';
import { runPaths, type RunResult } from '../batch/run.js';
import { coalesce } from '../report/reporter.js';
import { Aliases } from '../standings/names.js';
import { AliasesError, readAliases } from '../results/aliases.js';
import { standingsCsv, standingsJson, standingsText } from '../standings/render.js';
import { standingsSinks } from '../standings/rows.js';
import { Standings } from '../standings/standings.js';
import {
  EXIT,
  UsageError,
  finishRun,
  flagsForRules,
  flagsForRun,
  openOutput,
  prepareRun,
  type CliIO,
  type RunFlagValues,
} from './common.js';

interface PlayersOptions extends RunFlagValues {
  format: 'text' | 'csv' | 'json';
  output?: string;
  aliases?: string;
  ratingStart: number;
}

export function playersCommand(io: CliIO, setExit: (code: number) => void): Command {
  const cmd = new Command('players')
    .description(
      'standings and FIBS ratings from the matches that passed the audit: one row per player (matches, games, ' +
        'points, gammons, cube actions, forfeits, rating); matches with an error finding, duplicates and unfinished ' +
        'matches are left out and counted',
    )
    .argument('<paths...>', 'match files, folders, quoted globs, or - for standard input')
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'csv', 'json']).default('text'))
    .option('-o, --output <file>', 'write to this file instead of stdout (never one of the inputs)')
    .option('--aliases <file>', "CSV of 'alias,name' rows: other names a player goes by, counted as that player")
    .addOption(
      new Option('--rating-start <rating>', 'the rating every player starts at').default(1500).argParser((v) => {
        const n = Number(v);
        if (!Number.isFinite(n)) throw new UsageError(`--rating-start: not a number: ${v}`);
        return n;
      }),
    );
  for (const o of [...flagsForRun(), ...flagsForRules()]) cmd.addOption(o);
  cmd.addHelpText(
    'after',
    `
Names are matched as people write them (Unicode NFKC, case and spacing ignored). Ratings follow the
FIBS formula (FIBS's "help formula"): start 1500, experience 0; matches in date order ([EventDate],
SGF DT), undated ones after them in input order. Money sessions count games and points, never a
match or a rating.

Examples:
  bgaudit players archive/                       the standings table, best rated first
  bgaudit players archive/ --aliases names.csv --format csv -o standings.csv`,
  );
  return cmd.action(async (paths: string[], opts: PlayersOptions) => {
    let aliases = new Aliases();
    try {
      if (opts.aliases !== undefined) aliases = readAliases(opts.aliases);
    } catch (e) {
      throw e instanceof AliasesError ? new UsageError(e.message) : e;
    }
    const settings = await prepareRun(
      io,
      paths,
      opts,
      [opts.output].filter((p) => p !== undefined),
    );
    const file = opts.output ? openOutput(opts.output, { timeoutMs: opts.outputTimeout }) : null;
    const standings = new Standings(aliases, opts.ratingStart);
    let result: RunResult;
    try {
      result = await runPaths(paths, {
        ...settings,
        audit: { ...settings.audit, matchSummary: true, gameStats: true },
        outputs: file ? [file.identity] : [],
        sinks: standingsSinks(standings),
      });
      const table = standings.result();
      const out = coalesce(file ? file.write : io.stdout);
      out.write(
        opts.format === 'csv'
          ? standingsCsv(table)
          : opts.format === 'json'
            ? standingsJson(table)
            : standingsText(table),
      );
      out.flush();
    } finally {
      file?.close();
    }
    // The standings are the output: an archive with errors is not a failed run (they are left out).
    const code = finishRun(io, result);
    setExit(code === EXIT.findings ? EXIT.clean : code);
  });
}
