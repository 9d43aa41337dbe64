// `bgaudit show`: each game's final position as a board, with its IDs and how it ended.
import { Command, Option } from 'commander';
import { runTasks } from '../batch/pool.js';
import { STDIN_NAME } from '../batch/run.js';
import { ioReason, type FileOutcome } from '../batch/outcome.js';
import { statSync } from 'node:fs';
import { DEFAULT_MAX_FILE_SIZE, EXIT, UsageError, byteSize, fileTimeout, positiveInt, ruleOptions, type CliIO } from './common.js';
import type { RuleFlags } from '../scoring/rules.js';

interface ShowOptions extends RuleFlags {
  game?: number;
  match?: number;
  maxFileSize: number;
  fileTimeout: number;
}

export function showCommand(io: CliIO, setExit: (code: number) => void): Command {
  const cmd = new Command('show')
    .description("each game's final position as a board, with its Position ID, Match ID and XGID, the cube and how the game ended")
    .argument('<file>', 'one match file, or - for standard input')
    .option('-g, --game <n>', 'only this game (numbered from 1 within its match)', positiveInt('--game'))
    .option('-m, --match <n>', 'only this match of a file that holds several', positiveInt('--match'))
    .addOption(new Option('--max-file-size <size>', 'refuse a larger file').argParser(byteSize).default(DEFAULT_MAX_FILE_SIZE, '16M'))
    .addOption(fileTimeout());
  for (const o of ruleOptions()) cmd.addOption(o);
  return cmd.action(async (file: string, opts: ShowOptions) => {
    // Read as verify reads (a regular file, under the size limit) and audited in a worker that
    // the time limit can stop.
    let stdin: Uint8Array | null | undefined;
    if (file === '-') stdin = io.readStdin ? await io.readStdin(opts.maxFileSize) : new Uint8Array(0);
    else {
      try {
        statSync(file);
      } catch (e) {
        throw new UsageError(`${file}: ${ioReason(e)}`);
      }
    }
    const task =
      stdin === undefined
        ? { path: file, sniff: false }
        : stdin === null
          ? { path: STDIN_NAME, sniff: false, unreadable: `more than the ${opts.maxFileSize}-byte limit (--max-file-size)` }
          : { path: STDIN_NAME, sniff: false, bytes: stdin };
    let outcome: FileOutcome | null = null;
    await runTasks([task], {
      jobs: 1,
      fileTimeoutMs: opts.fileTimeout,
      run: {
        audit: { rules: { rules: opts.rules, crawford: opts.crawford, jacoby: opts.jacoby, beavers: opts.beavers, cubeLimit: opts.cubeLimit } },
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
      const what = opts.game !== undefined ? `game ${opts.game}${opts.match !== undefined ? ` in match ${opts.match}` : ''}` : `match ${opts.match}`;
      throw new UsageError(`${task.path}: there is no ${what}`);
    }
    io.stdout(text);
    setExit(counts.bySeverity.error > 0 ? EXIT.findings : EXIT.clean);
  });
}
