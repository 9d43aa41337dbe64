// `bgaudit show`: each game's final position as a board, with its IDs and how it ended.
import { Command } from 'commander';
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
import type { RuleFlags } from '../scoring/rules.js';

interface ShowOptions extends RuleFlags {
  game?: number;
  match?: number;
  maxFileSize: number;
  fileTimeout: number;
}

export function showCommand(io: CliIO, setExit: (code: number) => void): Command {
  const cmd = new Command('show')
    .description(
      "each game's final position as a board, with its Position ID, Match ID and XGID, the cube and how the game ended",
    )
    .argument('<file>', 'one match file, or - for standard input')
    .option('-g, --game <n>', 'only this game (numbered from 1 within its match)', positiveInt('--game'))
    .option('-m, --match <n>', 'only this match of a file that holds several', positiveInt('--match'))
    .addOption(maxFileSizeFlag())
    .addOption(fileTimeoutFlag());
  for (const o of flagsForRules()) cmd.addOption(o);
  return cmd.action(async (file: string, opts: ShowOptions) => {
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
        audit: auditOptionsOf(opts),
        maxFileSize: opts.maxFileSize,
        render: { formats: ['show'], showInfo: true, show: { match: opts.match, game: opts.game } },
      },
      onOutcome: (o) => void (outcome = o),
    });
    const done = outcome as FileOutcome | null;
    if (done === null || done.skipped) throw new Error('show: the file was not audited');
    const { counts, out } = done.rendered;
    const text = out.show ?? '';
    if (text === '') {
      const what =
        opts.game !== undefined
          ? `game ${opts.game}${opts.match !== undefined ? ` in match ${opts.match}` : ''}`
          : `match ${opts.match}`;
      throw new UsageError(`${task.path}: there is no ${what}`);
    }
    io.stdout(text);
    setExit(counts.bySeverity.error > 0 ? EXIT.findings : EXIT.clean);
  });
}
