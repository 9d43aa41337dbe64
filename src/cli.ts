// The command line: commander and the commands, nothing else. `run` never exits the process.
import { Command, CommanderError } from 'commander';
import { csvCommand } from './commands/csv.js';
import { diceCommand } from './commands/dice.js';
import { fixCommand } from './commands/fix.js';
import { playersCommand } from './commands/players.js';
import { ruleCommand, rulesCommand } from './commands/rules.js';
import { EXIT, UsageError, type CliIO } from './commands/common.js';
import { showCommand } from './commands/show.js';
import { verifyCommand } from './commands/verify.js';
import { printable, printableLines } from './report/escape.js';
import { VERSION } from './version.js';

export { type CliIO } from './commands/common.js';

export async function run(argv: string[], io: CliIO): Promise<number> {
  let exitCode: number = EXIT.clean;
  const setExit = (code: number) => {
    exitCode = code;
  };
  const program = new Command()
    .name('bgaudit')
    .description(
      'Audits backgammon match records (Jellyfish .mat, GNU Backgammon .sgf, eXtreme Gammon .xg). Replays every game, rebuilds the final position, scores it from the board ' +
        'and the cube, and reports every place where the recorded result disagrees with the rules.',
    )
    .version(VERSION, '-V, --version', 'print the version and exit')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: (text) => io.stderr(printableLines(text)) })
    .showHelpAfterError('(run bgaudit --help for usage)')
    .addHelpText(
      'after',
      '\nExamples:\n  bgaudit verify archive/                  audit every match file under archive/\n' +
        '  bgaudit csv archive/ -o games.csv        one row per game\n  bgaudit rule score-mismatch              what a finding code means',
    );
  for (const make of [
    verifyCommand,
    fixCommand,
    csvCommand,
    showCommand,
    diceCommand,
    playersCommand,
    rulesCommand,
    ruleCommand,
  ]) {
    program.addCommand(
      make(io, setExit)
        .exitOverride()
        .configureOutput({ writeOut: io.stdout, writeErr: (text) => io.stderr(printableLines(text)) }),
    );
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`bgaudit: ${printable(e.message)}\n`);
      return EXIT.usage;
    }
    if (e instanceof CommanderError) {
      return e.exitCode === 0 ? EXIT.clean : EXIT.usage; // --help exits 0
    }
    throw e;
  }
  return exitCode;
}
