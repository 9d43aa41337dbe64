// `bgaudit dice`: are the dice in an archive fair? Each file's rolls are counted in the pool's
// workers (read and replayed, not audited); the main thread adds the counts in input order and
// runs the tests.
import { Command, Option } from 'commander';
import { countInputs, runPaths, type RunResult } from '../batch/run.js';
import type { FileOutcome } from '../batch/outcome.js';
import { renderDiceCsv, renderDiceJson } from '../report/dice-data.js';
import { renderDiceHtml } from '../report/dice-html.js';
import { anyRolls, renderDiceText } from '../report/dice-text.js';
import { progressLine, type Progress } from '../report/progress.js';
import type { GroupBy } from '../stats/count.js';
import type { DiceResult } from '../stats/tally.js';
import { VERSION } from '../version.js';
import {
  EXIT,
  finishRun,
  flagsForRun,
  openOutput,
  prepareRun,
  reportStdout,
  type CliIO,
  type RunFlagValues,
} from './common.js';
import { itemAt } from '../core/at.js';

interface DiceOptions extends RunFlagValues {
  by: GroupBy;
  format: 'text' | 'json' | 'csv';
  html?: string;
  quiet?: boolean;
  keepDuplicates?: boolean;
}

const HELP_AFTER =
  '\nExamples:\n  bgaudit dice archive/\n  bgaudit dice archive/ --by player --format csv > dice.csv\n  bgaudit dice "archive/**/*.mat" --by site --format json\n\n' +
  "Every roll played in the records is counted, but each game's opening roll (re-rolled until it is\n" +
  'not a double: tested apart) and rolls past a move the replay cannot check. A match that repeats\n' +
  "an earlier one of the run (verify's duplicate check) is left out, and said so; --keep-duplicates\n" +
  'counts it. Tests per group: doubles (exact binomial), rolls (chi-square; pooled classes below 180\n' +
  'rolls), faces (chi-square), pips (exact below 400 rolls, then z), bar entry by open points\n' +
  '(chi-square over k = 1..5, exact on the total entries when a k expects fewer than 5), sequence\n' +
  '(chi-square of independence of consecutive rolls), opening (chi-square). A chi-square is made only\n' +
  'where fair dice expect 5 in every cell; a test that could not reach p < 0.05 whatever it saw is\n' +
  '"too few to test". The whole run\'s tests are held together by Holm\'s step-down at a family-wise\n' +
  '0.05, over the tests that could reach its threshold (Tarone): fair dice see any of them rejected in\n' +
  "at most 1 run in 20, and their verdicts are the same whatever --by asks. The groups' tests (--by)\n" +
  'are a family of their own, held together the same way however many groups; the text report gives\n' +
  'one line per group, and the full table of each group with a test rejected.\n' +
  'Exit code: 0 when no test is rejected, 1 when one is, 2 on usage or I/O failure or when there is no\n' +
  'roll to test. A file that cannot be read is named, and counts nothing.';

/** A file that was not counted: its first error finding, from the report rendered as NDJSON. */
function unreadableOf(o: Extract<FileOutcome, { skipped: false }>): { file: string; code: string; message: string } {
  const line = itemAt((o.rendered.out.ndjson ?? '').split('\n'), 0);
  try {
    const report = JSON.parse(line) as { findings?: { code: string; message: string; severity: string }[] };
    const f = report.findings?.find((x) => x.severity === 'error') ?? report.findings?.[0];
    if (f) return { file: o.path, code: f.code, message: f.message };
  } catch {
    // fall through
  }
  return { file: o.path, code: 'parse-error', message: 'no match could be read' };
}

function render(format: DiceOptions['format'], r: DiceResult, paths: string[]): Iterable<string> {
  if (format === 'json') return renderDiceJson(r, { version: VERSION, paths });
  if (format === 'csv') return renderDiceCsv(r);
  return renderDiceText(r);
}

/** Writes a report a piece at a time, waiting for the output to take each (a pipe to a slow reader). */
async function writeOut(io: CliIO, format: DiceOptions['format'], pieces: Iterable<string>): Promise<void> {
  const write = reportStdout(io, format);
  for (const piece of pieces) {
    write(piece);
    const wait = io.stdoutDrained?.();
    if (wait) await wait;
  }
}

/** The run: every file counted, the tallies added in input order. */
async function countRun(io: CliIO, paths: string[], opts: DiceOptions) {
  const settings = await prepareRun(
    io,
    paths,
    { ...opts, duplicates: opts.keepDuplicates !== true },
    opts.html ? [opts.html] : [],
  );
  // Opened before the run: a path that cannot be written fails at once (exit 2).
  const htmlFile = opts.html ? openOutput(opts.html, { timeoutMs: opts.outputTimeout }) : null;
  // Loaded here, not with the CLI: the tests' p-values come from @stdlib, hundreds of modules whose
  // start-up every other command would otherwise pay.
  const { DiceTally } = await import('../stats/tally.js');
  const tally = new DiceTally(opts.by);
  const progress: Progress | null =
    io.stderrIsTTY && !opts.quiet ? progressLine(io.stderr, countInputs(paths, settings)) : null;
  let result: RunResult;
  try {
    result = await runPaths(paths, {
      ...settings,
      // Only a file that cannot be counted is rendered (its report says why), as NDJSON.
      sinks: [{ format: 'ndjson', sink: { add: () => {}, piece: () => {}, pieced: () => {}, end: () => {} } }],
      dice: opts.by,
      onFileDone: (counts) => progress?.fileDone(counts),
      onOutcome: (o) => {
        if (o.skipped) return;
        if (o.dice) tally.add(o.dice);
        else tally.addUnreadable(unreadableOf(o));
      },
    });
  } catch (e) {
    htmlFile?.close();
    throw e;
  } finally {
    progress?.clear();
  }
  const dice = tally.result();
  dice.duplicatesLeftOut = result.duplicateMatches;
  return { result, dice, htmlFile };
}

export function diceCommand(io: CliIO, setExit: (code: number) => void): Command {
  const cmd = new Command('dice')
    .description(
      'are the dice fair? count every roll of the records and test them; exit 0 when no test rejects fair dice, 1 when one does, 2 on usage or I/O failure',
    )
    .argument('<paths...>', 'match files, folders (walked recursively), quoted globs, or - for standard input')
    .addOption(
      new Option('--by <group>', "test each group apart too: the roller, the record's site, or each file")
        .choices(['archive', 'player', 'site', 'file'])
        .default('archive'),
    )
    .addOption(new Option('-f, --format <format>', 'report format').choices(['text', 'json', 'csv']).default('text'))
    .option(
      '--html <file>',
      'also write one self-contained page: per group, each test with its chart of how far each count is from what fair dice give; past 50 groups, charts for the flagged groups and a table of all (never one of the inputs)',
    )
    .option('-q, --quiet', 'no progress line on stderr')
    .option(
      '--keep-duplicates',
      'count a match that repeats an earlier one of the run (by default it is left out: the same rolls counted twice would weigh twice)',
    );
  for (const o of flagsForRun()) if (o.long !== '--no-duplicates') cmd.addOption(o);
  return cmd.addHelpText('after', HELP_AFTER).action(async (paths: string[], opts: DiceOptions) => {
    const { result, dice, htmlFile } = await countRun(io, paths, opts);
    // The duplicates are said here, in dice's words: they are left out, not warned about.
    const code = finishRun(io, { ...result, duplicateMatches: 0 });
    if (htmlFile) {
      try {
        if (code !== EXIT.usage) {
          for (const piece of renderDiceHtml(dice, { version: VERSION, paths })) htmlFile.write(piece);
          htmlFile.finish();
        }
      } finally {
        htmlFile.close();
      }
    }
    if (code === EXIT.usage) {
      setExit(code);
      return;
    }
    if (dice.duplicatesLeftOut > 0) {
      const n = dice.duplicatesLeftOut;
      io.stderr(
        `bgaudit: ${n} match${n === 1 ? '' : 'es'} left out: ${n === 1 ? 'it repeats' : 'each repeats'} an earlier one of the run (--keep-duplicates counts them)\n`,
      );
    }
    await writeOut(io, opts.format, render(opts.format, dice, paths));
    if (!anyRolls(dice)) {
      io.stderr('bgaudit: no rolls to test: no file here holds a roll that could be counted\n');
      setExit(EXIT.usage);
      return;
    }
    setExit(dice.rejected > 0 ? EXIT.findings : EXIT.clean);
  });
}
