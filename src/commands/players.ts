// `bgaudit players`: standings and FIBS ratings from the matches of a run that passed the audit.
import { Command, Option } from 'commander';
import { runPaths, type RunResult } from '../batch/run.js';
import { coalesce } from '../report/reporter.js';
import { Aliases } from '../standings/names.js';
import { AliasesError, readAliases } from '../results/aliases.js';
import { CHARTED, standingsHtmlParts } from '../standings/html.js';
import { standingsSink } from '../standings/lines.js';
import { standingsCsv, standingsJson, standingsText, type StandingsShown } from '../standings/render.js';
import { VERSION } from '../version.js';
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
  reportStdout,
} from './common.js';

interface PlayersOptions extends RunFlagValues {
  format: 'text' | 'csv' | 'json' | 'html';
  output?: string;
  byLength?: boolean;
  headToHead?: boolean;
  aliases?: string;
  ratingStart: number;
}

/** The standings in the format asked for, in pieces (the page of a million players is no one string). */
function rendered(standings: Standings, opts: PlayersOptions, paths: string[]): Iterable<string> {
  const table = standings.result(opts.format === 'html' ? CHARTED : 0);
  // The tables shown are the ones the standings kept.
  const shown: StandingsShown = standings.parts;
  if (opts.format === 'csv') return [standingsCsv(table, shown)];
  if (opts.format === 'json') return [standingsJson(table, shown)];
  if (opts.format === 'html')
    return standingsHtmlParts(table, { version: VERSION, paths, ratingStart: opts.ratingStart }, shown);
  return [standingsText(table, shown)];
}

/** `--rating-start`: digits only ('' would be 0, 1e308 a rating of Infinity, 0x5DC 1500). */
function ratingStart(v: string): number {
  const n = /^\d{1,5}(\.\d{1,2})?$/.test(v) ? Number(v) : NaN;
  if (!(n >= 1 && n <= 10_000))
    throw new UsageError(`--rating-start: a rating from 1 to 10000, such as 1500 or 1500.5, not ${JSON.stringify(v)}`);
  return n;
}

/** The alias list named (a usage error when it cannot be read), else none. */
function aliasesOf(path: string | undefined): Aliases {
  try {
    return path === undefined ? new Aliases() : readAliases(path);
  } catch (e) {
    throw e instanceof AliasesError ? new UsageError(e.message) : e;
  }
}

export function playersCommand(io: CliIO, setExit: (code: number) => void): Command {
  const cmd = new Command('players')
    .description(
      'standings and FIBS ratings from the matches that passed the audit: one row per player (matches, games, ' +
        'points, gammons, cube actions, forfeits, rating); matches with an error finding, duplicates, unfinished ' +
        'matches and a player against themself (one name, or two the alias list makes one) are left out and counted',
    )
    .argument('<paths...>', 'match files, folders, quoted globs, or - for standard input')
    .addOption(
      new Option('-f, --format <format>', 'output format').choices(['text', 'csv', 'json', 'html']).default('text'),
    )
    .option('-o, --output <file>', 'write to this file instead of stdout (never one of the inputs)')
    .option(
      '--by-length',
      'split each player\'s matches, won and lost by match length (text: a last column "5pt 2-1"; ' +
        'csv: matches_N, won_N, lost_N for each length N; json: by_length)',
    )
    .option(
      '--head-to-head',
      "each pair's matches won and lost: a second table (text, html), head_to_head (json); " +
        "csv writes this table instead of the players'",
    )
    .option('--aliases <file>', "CSV of 'alias,name' rows: other names a player goes by, counted as that player")
    .addOption(
      new Option('--rating-start <rating>', 'the rating every player starts at, from 1 to 10000')
        .default(1500)
        .argParser(ratingStart),
    );
  for (const o of [...flagsForRun(), ...flagsForRules()]) cmd.addOption(o);
  cmd.addHelpText(
    'after',
    `
Names are matched as people write them (Unicode NFKC, case and runs of spaces ignored: "Joe  Black"
is "joe black", never "JoeBlack"); an --aliases list makes other names one player. Ratings follow the
FIBS formula (FIBS's "help formula"): start 1500, experience 0; matches in date order ([EventDate],
[EventTime], SGF DT; 2023.10.18 and 2023-10-18 are one date), undated ones after them in input
order; the output says which order it used. Money sessions count games and points, never a match
or a rating. --format html writes one self-contained page: the table sorts by any column, and the
${CHARTED} best rated players' ratings are drawn over their matches.

Examples:
  bgaudit players archive/                       the standings table, best rated first
  bgaudit players archive/ --aliases names.csv --format csv -o standings.csv
  bgaudit players archive/ --by-length --head-to-head
  bgaudit players archive/ --format html -o standings.html`,
  );
  return cmd.action(async (paths: string[], opts: PlayersOptions) => {
    const settings = await prepareRun(
      io,
      paths,
      opts,
      [opts.output].filter((p) => p !== undefined),
      opts.aliases === undefined ? [] : [{ what: 'aliases', path: opts.aliases }],
    );
    // Read once it is known not to be an output.
    const aliases = aliasesOf(opts.aliases);
    const file = opts.output ? openOutput(opts.output, { timeoutMs: opts.outputTimeout }) : null;
    const parts = { byLength: opts.byLength === true, headToHead: opts.headToHead === true };
    const standings = new Standings(aliases, opts.ratingStart, parts);
    let result: RunResult;
    try {
      result = await runPaths(paths, {
        ...settings,
        audit: { ...settings.audit, matchSummary: true, cubeActions: true },
        outputs: file ? [file.identity] : [],
        sinks: [standingsSink(standings)],
      });
      const out = coalesce(file ? file.write : reportStdout(io, opts.format));
      for (const piece of rendered(standings, opts, paths)) out.write(piece);
      out.flush();
      file?.finish();
    } finally {
      file?.close();
    }
    // The standings are the output: an archive with errors is not a failed run (they are left out).
    const code = finishRun(io, result);
    setExit(code === EXIT.findings ? EXIT.clean : code);
  });
}
