// `bgaudit rules` and `bgaudit rule CODE`: the finding codes, and what one of them means, with the
// same text as docs/rules.md.
import { Command } from 'commander';
import { EXIT, UsageError, type CliIO } from './common.js';
import { isFindingCode, rulePage, rulesList, unknownCode } from '../rules/page.js';

export function rulesCommand(io: CliIO): Command {
  return new Command('rules')
    .description('list every finding code with its severities and what it means')
    .addHelpText('after', '\nExample:\n  bgaudit rules | grep cube      the codes about the doubling cube')
    .action(() => io.stdout(rulesList()));
}

export function ruleCommand(io: CliIO, setExit: (code: number) => void): Command {
  return new Command('rule')
    .description("one finding code's page: what it means, why it matters, and a record that shows it")
    .argument('<code>', 'a finding code, as reports print it (bgaudit rules lists them)')
    .addHelpText('after', '\nExample:\n  bgaudit rule gammon-on-drop')
    .action((code: string) => {
      if (!isFindingCode(code)) throw new UsageError(unknownCode(code));
      io.stdout(rulePage(code));
      setExit(EXIT.clean);
    });
}
