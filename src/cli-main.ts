#!/usr/bin/env node
// The installed `bgaudit` command: the only place that touches the process's exit code.
import { run } from './cli.js';
import { writeReason } from './commands/common.js';

// A reader that stops early (`bgaudit verify archive | head`) closes the pipe: stop quietly then,
// as command-line tools do, instead of dying on the unhandled EPIPE. Any other failure to write
// (a full disk: `> /dev/full`) is one sentence and exit 2, not a stack trace.
for (const [stream, name] of [
  [process.stdout, 'standard output'],
  [process.stderr, 'standard error'],
] as const) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    if (stream !== process.stderr) process.stderr.write(`bgaudit: cannot write to ${name}: ${writeReason(e)}\n`);
    process.exit(2);
  });
}

const out = (s: string) => void process.stdout.write(s);
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
