// What the commands share: the I/O they write to, exit codes, option parsers.
import { InvalidArgumentError, Option } from 'commander';
import { availableParallelism } from 'node:os';
import { closeSync, openSync, writeSync } from 'node:fs';
import type { Summary, Write } from '../report/reporter.js';
import { DEFAULT_MAX_FILE_SIZE } from '../batch/task.js';
import type { RuleFlags } from '../scoring/rules.js';

export interface CliIO {
  stdout: Write;
  stderr: Write;
  /** stderr is a terminal: a progress line may be drawn there. */
  stderrIsTTY?: boolean;
  /**
   * When stdout holds more than it can take at once (a pipe to a slow reader), a promise of the
   * moment it has written it out; otherwise null. The run waits on it: output is not held in
   * memory without bound.
   */
  stdoutDrained?: () => Promise<void> | null;
}

export const EXIT = { clean: 0, findings: 1, usage: 2 } as const;

export class UsageError extends Error {}

export function positiveInt(what: string) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${what}: a whole number from 1`);
    return n;
  };
}

/** `64M`, `2G`, `500k` or plain bytes. */
export function byteSize(v: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*([kmg]?)i?b?$/i.exec(v.trim());
  if (!m) throw new InvalidArgumentError('a size such as 64M, 500k or 1048576');
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2].toLowerCase() as '' | 'k' | 'm' | 'g'];
  return Math.round(Number(m[1]) * unit);
}

export function runOptions() {
  return [
    new Option('-j, --jobs <n>', 'worker threads (1 = audit in this process)').argParser(positiveInt('--jobs')).default(availableParallelism(), 'the number of cores'),
    new Option('--max-file-size <size>', 'refuse larger files with an io-error (auditing a file takes about 50 times its size in memory)').argParser(byteSize).default(DEFAULT_MAX_FILE_SIZE, '16M'),
  ];
}

/**
 * An output file, opened before the run so that a path that cannot be written fails at once
 * (a usage/I-O error, exit 2) rather than after an hour of auditing. Written synchronously.
 */
export function openOutput(path: string): { write: Write; close: () => void } {
  let fd: number;
  try {
    fd = openSync(path, 'w');
  } catch (e) {
    throw new UsageError(`cannot write ${path}: ${(e as Error).message}`);
  }
  return { write: (s) => void writeSync(fd, s), close: () => closeSync(fd) };
}

/** The rule options of verify and csv: they win over the record's headers and what it shows. */
export function ruleOptions(): Option[] {
  return [
    new Option('--rules <set>', 'rule set: backgammon (match, or money when the length is 0), nardy (Georgian), tavla').choices(['backgammon', 'nardy', 'tavla']),
    new Option('--crawford', 'apply the Crawford rule (the default in match play)'),
    new Option('--no-crawford', 'no Crawford game'),
    new Option('--jacoby', 'money: gammons count single unless the cube was turned'),
    new Option('--no-jacoby', 'money: no Jacoby rule'),
    new Option('--beavers', 'money: beavers and raccoons allowed'),
    new Option('--no-beavers', 'money: beavers and raccoons not allowed'),
    new Option('--cube-limit <n>', 'highest cube value allowed').argParser(positiveInt('--cube-limit')),
  ];
}

/** What commander gives verify and csv for `runOptions()` and `ruleOptions()`. */
export interface RunOptionValues extends RuleFlags {
  jobs: number;
  maxFileSize: number;
}

/** The settings every run of verify and csv shares: workers, size limit, stdout backpressure, rules. */
export function runSettings(io: CliIO, o: RunOptionValues) {
  return {
    jobs: o.jobs,
    maxFileSize: o.maxFileSize,
    outputDrained: io.stdoutDrained,
    audit: { rules: { rules: o.rules, crawford: o.crawford, jacoby: o.jacoby, beavers: o.beavers, cubeLimit: o.cubeLimit } },
  };
}

/** Says which named paths were missing, and gives the run's exit code: 2, else 1 on errors, else 0. */
export function finishRun(io: CliIO, missing: { path: string; reason: string }[], summary: Summary): number {
  for (const m of missing) io.stderr(`bgaudit: ${m.path}: ${m.reason}\n`);
  return missing.length > 0 ? EXIT.usage : summary.bySeverity.error > 0 ? EXIT.findings : EXIT.clean;
}
