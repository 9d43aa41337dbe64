#!/usr/bin/env node
// The installed `bgaudit` command: the only place that touches the process's exit code.
import { run } from './cli.js';

// A reader that stops early (`bgaudit verify archive | head`) closes the pipe: stop quietly then,
// as command-line tools do, instead of dying on the unhandled EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}

const out = (s: string) => void process.stdout.write(s);
const err = (s: string) => void process.stderr.write(s);

// Writes to a pipe are asynchronous on POSIX: past the stream's high-water mark, wait for 'drain'.
const stdoutDrained = () => (process.stdout.writableNeedDrain ? new Promise<void>((resolve) => process.stdout.once('drain', resolve)) : null);

run(process.argv.slice(2), { stdout: out, stderr: err, stderrIsTTY: process.stderr.isTTY === true, stdoutDrained }).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    err(`bgaudit: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 2;
  },
);
