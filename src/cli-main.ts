#!/usr/bin/env node
// The installed `bgaudit` command: the only place that touches the process's exit code.
import { run } from './cli.js';

const out = (s: string) => void process.stdout.write(s);
const err = (s: string) => void process.stderr.write(s);

run(process.argv.slice(2), { stdout: out, stderr: err, stderrIsTTY: process.stderr.isTTY === true }).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    err(`bgaudit: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 2;
  },
);
