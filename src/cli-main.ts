#!/usr/bin/env node
// The installed `bgaudit` command: the only place that touches the process's exit code.
import { fstatSync } from 'node:fs';
import { run } from './cli.js';
import { writeReason } from './commands/common.js';
import { writeAll } from './report/fd-writer.js';

/** The exit code of a run whose reader closed the pipe: a process ended by SIGPIPE (128 + 13), as `yes | head` ends. */
const EXIT_PIPE_CLOSED = 141;

/** A write to stdout or stderr failed: one sentence (stderr permitting), exit 2. The spool folder goes on exit. */
function cannotWrite(name: string, e: unknown): never {
  if (name !== 'standard error')
    try {
      process.stderr.write(`bgaudit: cannot write to ${name}: ${writeReason(e)}\n`);
    } catch {
      // stderr is gone too: the exit code says it
    }
  process.exit(2);
}

// A reader that stops early (`bgaudit verify archive | head`) closes the pipe: the run ends at
// once, quietly, and never as a success (a script must not read a cut report as a clean one).
// Any other failure to write (a full disk: `> /dev/full`) is one sentence and exit 2, not a
// stack trace.
for (const [stream, name] of [
  [process.stdout, 'standard output'],
  [process.stderr, 'standard error'],
] as const) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(EXIT_PIPE_CLOSED);
    cannotWrite(name, e);
  });
}

// Node opens its inspector (a debugger port on 127.0.0.1) on SIGUSR1 unless the process listens
// for it: a signal anyone who may signal the process can send must not let them into it. bgaudit
// has no use for SIGUSR1, so it is taken and ignored.
process.on('SIGUSR1', () => {});

/** Whether stdout is a regular file (`> out.txt`). */
function stdoutIsFile(): boolean {
  try {
    return fstatSync(1).isFile();
  } catch {
    return false;
  }
}

// Node writes to a file on stdout with one `writeSync` a chunk and drops what a full disk did not
// take: a regular file is written here, every byte or a failure.
const out = stdoutIsFile()
  ? (s: string | Uint8Array) => {
      try {
        writeAll(1, s);
      } catch (e) {
        cannotWrite('standard output', e);
      }
    }
  : (s: string | Uint8Array) => void process.stdout.write(s);
const err = (s: string) => void process.stderr.write(s);

// Writes to a pipe are asynchronous on POSIX: past the stream's high-water mark, wait for 'drain'.
const stdoutDrained = () =>
  process.stdout.writableNeedDrain ? new Promise<void>((resolve) => process.stdout.once('drain', resolve)) : null;

/** Standard input whole, or null as soon as it holds more than `limit` bytes. */
async function readStdin(limit: number): Promise<Uint8Array | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      process.stdin.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

run(process.argv.slice(2), {
  stdout: out,
  stdoutBytes: out,
  stderr: err,
  stderrIsTTY: process.stderr.isTTY === true,
  stdoutIsTTY: process.stdout.isTTY === true,
  stdoutDrained,
  readStdin,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    err(`bgaudit: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 2;
  },
);
