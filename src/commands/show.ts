// `bgaudit show`: each game's final position as a board, with its IDs and how it ended.
import { Command } from 'commander';
import { readFile } from 'node:fs/promises';
import { checkFile } from '../check.js';
import { showMatch } from '../report/show.js';
import { EXIT, positiveInt, type CliIO } from './common.js';

export function showCommand(io: CliIO, setExit: (code: number) => void): Command {
  return new Command('show')
    .description("each game's final position as a board, with its Position ID, Match ID and XGID, the cube and how the game ended")
    .argument('<file>', 'one match file')
    .option('-g, --game <n>', 'only this game (numbered from 1 within its match)', positiveInt('--game'))
    .option('-m, --match <n>', 'only this match of a file that holds several', positiveInt('--match'))
    .action(async (file: string, opts: { game?: number; match?: number }) => {
      let bytes: Uint8Array;
      try {
        bytes = await readFile(file);
      } catch (e) {
        io.stderr(`bgaudit: ${file}: ${(e as Error).message}\n`);
        setExit(EXIT.usage);
        return;
      }
      const reports = checkFile(bytes, file);
      let errors = false;
      for (const r of reports) {
        if (opts.match !== undefined && r.match !== opts.match) continue;
        if (r.match === null) {
          for (const f of r.findings) io.stdout(`${file}:${f.line ?? 1}:${f.column ?? 1}: ${f.message}\n`);
          errors = true;
          continue;
        }
        io.stdout(`${file}${reports.length > 1 ? `, match ${r.match}` : ''}: ${r.players?.join(' - ')}\n\n`);
        io.stdout(showMatch(r, opts.game));
        errors ||= r.findings.some((f) => f.severity === 'error');
      }
      setExit(errors ? EXIT.findings : EXIT.clean);
    });
}
