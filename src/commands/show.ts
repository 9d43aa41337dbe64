// `bgaudit show`: each game's final position as a board, with its IDs and how it ended.
import { Command, InvalidArgumentError } from 'commander';
import { runTasks } from '../batch/pool.js';
import { stdinTask } from '../batch/run.js';
import { ioReason, type FileOutcome, type FileTask } from '../batch/outcome.js';
import { statSync } from 'node:fs';
import {
  EXIT,
  UsageError,
  auditOptionsOf,
  fileTimeoutFlag,
  maxFileSizeFlag,
  positiveInt,
  flagsForRules,
  type CliIO,
} from './common.js';
import type { AuditRequest } from '../read/attach.js';
import type { RuleFlags } from '../scoring/rules.js';

/** `--line L` or `--line L:C` (a finding's place as findings print it). */
interface LinePlace {
  line: number;
  column?: number;
}

function linePlace(v: string): LinePlace {
  const [l = '', c, ...rest] = v.split(':');
  const line = positiveInt('--line')(l);
  if (rest.length > 0) throw new InvalidArgumentError('--line: a line L, or L:C as findings print it');
  return c === undefined ? { line } : { line, column: positiveInt('--line column')(c) };
}

interface ShowOptions extends RuleFlags {
  game?: number;
  match?: number;
  line?: LinePlace;
  move?: number;
  svg?: boolean;
  maxFileSize: number;
  fileTimeout: number;
}

export function showCommand(io: CliIO, setExit: (code: number) => void): Command {
  const cmd = new Command('show')
    .description(
      "each game's final position as a board, with its Position ID, Match ID and XGID, the cube and how the game ended; " +
        'or, with --line, the board before each action written at one line of the record (or before the one its column names) ' +
        "and the findings made at it; a board of a move is drawn from the mover's side, its points numbered as the messages number them",
    )
    .argument('<file>', 'one match file, or - for standard input')
    .option('-g, --game <n>', 'only this game (numbered from 1 within its match)', positiveInt('--game'))
    .option('-m, --match <n>', 'only this match of a file that holds several', positiveInt('--match'))
    .option(
      '-l, --line <L[:C]>',
      'the boards at this line of the file, before each move or cube action written there; with :C (as findings print ' +
        'their place, e.g. 46:41) only the one before the action at that column',
      linePlace,
    )
    .option(
      '--move <n>',
      "with --game: the board before that game's move N (its Nth roll, both players' counted), as findings in an " +
        '.xg file print their place (game 3, move 12)',
      positiveInt('--move'),
    )
    .option(
      '--svg',
      'print one board as an SVG image instead: the --line position (the first of the line when no column names one), ' +
        'or the final position of --game',
    )
    .addOption(maxFileSizeFlag())
    .addOption(fileTimeoutFlag());
  for (const o of flagsForRules()) cmd.addOption(o);
  cmd.addHelpText(
    'after',
    `
Examples:
  bgaudit show match.mat --game 3            game 3's final position, IDs and result
  bgaudit show match.mat --line 57           the boards before line 57's moves (both players'), and its findings
  bgaudit show match.mat --line 57:34        only the board before the move at column 34, as a finding prints it
  bgaudit show match.mat --line 57:34 --svg > position.svg
  bgaudit show match.xg --game 3 --move 12     the board before game 3's 12th roll`,
  );
  return cmd.action((file: string, opts: ShowOptions) => showFile(io, setExit, file, opts));
}

/** One file shown as `opts` ask, audited in a worker the time limit can stop. */
async function showFile(io: CliIO, setExit: (code: number) => void, file: string, opts: ShowOptions): Promise<void> {
  if (opts.line !== undefined && opts.game !== undefined)
    throw new UsageError('--line names a game by itself: give --line or --game, not both');
  if (opts.move !== undefined && opts.game === undefined)
    throw new UsageError('--move counts the rolls of one game: name it with --game');
  // Read as verify reads (a regular file, under the size limit) and audited in a worker that
  // the time limit can stop.
  let task: FileTask = { path: file, sniff: false };
  if (file === '-')
    task = stdinTask(io.readStdin ? await io.readStdin(opts.maxFileSize) : new Uint8Array(0), opts.maxFileSize);
  else {
    try {
      statSync(file);
    } catch (e) {
      throw new UsageError(`${file}: ${ioReason(e)}`);
    }
  }
  let outcome: FileOutcome | null = null;
  await runTasks([task], {
    jobs: 1,
    fileTimeoutMs: opts.fileTimeout,
    run: {
      // The capture of --line's moment is attached to the audit in the worker (read/attach.ts).
      audit: { ...auditOptionsOf(opts), ...atOf(opts) },
      maxFileSize: opts.maxFileSize,
      render: {
        formats: ['show'],
        showInfo: true,
        show: {
          match: opts.match,
          game: opts.game,
          line: opts.line?.line,
          column: opts.line?.column,
          move: opts.move,
          svg: opts.svg,
        },
      },
    },
    onOutcome: (o) => void (outcome = o),
  });
  const done = outcome as FileOutcome | null;
  if (done === null || done.skipped) throw new Error('show: the file was not audited');
  const { counts, out } = done.rendered;
  const text = out.show ?? '';
  if (text === '') throw new UsageError(`${task.path}: ${nothingShown(opts)}`);
  io.stdout(text);
  setExit(counts.bySeverity.error > 0 ? EXIT.findings : EXIT.clean);
}

/** The moment asked of the audit: a line's (`--line`) or a game's move's (`--game --move`); none otherwise. */
function atOf(opts: ShowOptions): { at?: AuditRequest['at'] } {
  if (opts.line !== undefined) return { at: opts.line };
  return opts.move !== undefined && opts.game !== undefined ? { at: { game: opts.game, move: opts.move } } : {};
}

/** Why `show` printed nothing: what was asked for is not in the file. */
function nothingShown(opts: ShowOptions): string {
  const inMatch = opts.match !== undefined ? ` in match ${opts.match}` : '';
  if (opts.move !== undefined)
    return `game ${opts.game}${inMatch} has no move ${opts.move}, or the replay stopped before it`;
  if (opts.line !== undefined)
    return opts.svg
      ? `there is no board at line ${opts.line.line}${inMatch} (not inside a game, or past where the replay stopped)`
      : `line ${opts.line.line} is not inside a game${inMatch}`;
  if (opts.svg && opts.game === undefined)
    return '--svg draws one board: name it with --game N (a file of several games) or --line L';
  if (opts.svg) return `game ${opts.game}${inMatch} has no final position to draw (a value past its bound)`;
  return opts.game !== undefined ? `there is no game ${opts.game}${inMatch}` : `there is no match ${opts.match}`;
}
