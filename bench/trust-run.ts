// One bgaudit process run as a user runs it, for `bench/trust.ts`: spawned under /usr/bin/time
// (wall time and peak RSS, also of a process that was killed), its memory polled in /proc every
// 100 ms so that a run past the memory cap is killed, killed at the time cap, its stdout scanned
// as it streams (never held whole: some runs write gigabytes).
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { itemAt } from '../src/core/at.js';

export interface Run {
  /** Arguments after `node <build>/dist/src/cli-main.js`. */
  argv: string[];
  cwd: string;
  /**
   * 'null' (default): stdin is /dev/null. 'held-pipe': a named pipe opened for reading and writing,
   * which nobody writes to and which never ends (as a terminal or a pipe from a process still
   * running). Not spawn's 'pipe': that is a socket, which /dev/stdin cannot open.
   */
  stdin?: 'null' | 'held-pipe';
  /** 'full': stdout is /dev/full. */
  stdout?: 'pipe' | 'full';
  /** In its own PID and mount namespace (`unshare --pid --fork --mount-proc`): a walk into /proc then sees this run's processes only, never the machine's. */
  isolate?: boolean;
  /** The build before the work blocks forever here: capped at --hang-cap instead of --cap. */
  hang?: boolean;
  /** A memory cap (MB) below --mem-cap for this run. */
  memCapMb?: number;
  /** Added to the environment (TMPDIR: a spool folder to look into). */
  env?: Record<string, string>;
  /** stdout is a terminal: run under `script`, whose output is scanned. */
  tty?: boolean;
  /** The reader stops after the first line (`| head -1`): stdout is closed then. */
  headOne?: boolean;
  /** This signal is sent to bgaudit once `when` says so (asked every 100 ms). */
  signal?: { name: NodeJS.Signals; when: () => boolean };
}

export interface Outcome {
  seconds: number;
  maxRssKb: number;
  /** 'time' or 'memory' when this script killed the run at a cap. */
  killed: null | 'time' | 'memory';
  capSeconds: number;
  capMb: number;
  /** The exit code, or 'SIGABRT' etc. for a run ended by a signal it did not get from here. */
  exit: string;
  stderr: string;
  out: StdoutScan;
}

const SIGNALS: Record<number, string> = {
  1: 'SIGHUP',
  2: 'SIGINT',
  3: 'SIGQUIT',
  6: 'SIGABRT',
  9: 'SIGKILL',
  11: 'SIGSEGV',
  14: 'SIGALRM',
  15: 'SIGTERM',
};

/** Counts and checks what a run writes to stdout, chunk by chunk. */
export class StdoutScan {
  bytes = 0;
  esc = 0;
  bel = 0;
  /** Report objects (NDJSON lines that are objects). */
  objects = 0;
  /** The `file` of each report, consecutive repeats collapsed (a file with several matches). */
  files: string[] = [];
  /** Finding codes, in order of first appearance, of the files watched. */
  codes = new Map<string, string[]>();
  /** The needles met anywhere in stdout. */
  found = new Set<string>();
  head = '';
  private carry: string[] = [];
  private carryLength = 0;
  private readonly decoder = new StringDecoder('utf8');
  private needleTail = '';

  constructor(
    private readonly ndjson: boolean,
    private readonly needles: string[] = [],
    private readonly watch: (file: string) => boolean = () => false,
  ) {}

  push(chunk: Buffer): void {
    this.bytes += chunk.length;
    this.esc += countByte(chunk, 0x1b);
    this.bel += countByte(chunk, 0x07);
    if (this.head.length < 65536) this.head += chunk.subarray(0, 65536).toString('utf8');
    if (this.needles.length) {
      const text = this.needleTail + chunk.toString('latin1');
      for (const n of this.needles) if (text.includes(n)) this.found.add(n);
      this.needleTail = text.slice(-64);
    }
    if (this.ndjson) this.lines(this.decoder.write(chunk));
  }

  end(): void {
    if (this.ndjson) this.lines(this.decoder.end() + '\n');
  }

  private lines(text: string): void {
    let start = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      const piece = text.slice(start, nl);
      start = nl + 1;
      const line = this.carry.length ? this.carry.join('') + piece : piece;
      this.carry = [];
      this.carryLength = 0;
      if (line.length) this.line(line);
    }
    const rest = text.slice(start);
    // A line longer than 64 MB keeps its first 64 MB: enough for its file and first findings.
    if (rest.length && this.carryLength < 64 << 20) {
      this.carry.push(rest);
      this.carryLength += rest.length;
    }
  }

  private line(line: string): void {
    const file = fileOf(line);
    if (file === null) return;
    this.objects++;
    if (this.files[this.files.length - 1] !== file) this.files.push(file);
    if (!this.watch(file)) return;
    const codes = this.codes.get(file) ?? [];
    for (const m of line.slice(0, 1 << 20).matchAll(/"code":"([a-z-]+)"/g))
      if (!codes.includes(itemAt(m, 1))) codes.push(itemAt(m, 1));
    this.codes.set(file, codes);
  }
}

function countByte(buf: Buffer, byte: number): number {
  let n = 0;
  for (let i = buf.indexOf(byte); i >= 0; i = buf.indexOf(byte, i + 1)) n++;
  return n;
}

/** The `file` of an NDJSON report line (the first field), without parsing the whole line. */
function fileOf(line: string): string | null {
  if (line.startsWith('{"file":"')) {
    let i = 9;
    while (i < line.length && line.charCodeAt(i) !== 34) i += line.charCodeAt(i) === 92 ? 2 : 1;
    return JSON.parse(line.slice(8, i + 1)) as string;
  }
  try {
    const v = JSON.parse(line) as { file?: unknown };
    return typeof v?.file === 'string' ? v.file : null;
  } catch {
    return null;
  }
}

/** Every process under `pid` (children of each of its threads), deepest first. */
function descendants(pid: number): number[] {
  const out: number[] = [];
  let tasks: string[] = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tasks) {
    let children = '';
    try {
      children = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const c of children.trim().split(/\s+/).filter(Boolean).map(Number)) out.push(...descendants(c), c);
  }
  return out;
}

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** Runs `node <cli> ...run.argv` under /usr/bin/time with the caps; resolves when it has ended and its output is read. */
export async function measure(
  cli: string,
  run: Run,
  scan: StdoutScan,
  caps: { seconds: number; hangSeconds: number; mb: number },
  timeFile: string,
): Promise<Outcome> {
  const capSeconds = run.hang ? Math.min(caps.seconds, caps.hangSeconds) : caps.seconds;
  const capMb = Math.min(caps.mb, run.memCapMb ?? Infinity);
  const node = [process.execPath, cli, ...run.argv];
  const quoted = node.map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  const cmd = [
    ...(run.isolate ? ['unshare', '--pid', '--fork', '--mount-proc'] : []),
    ...(run.tty ? ['script', '-qefc', quoted, '/dev/null'] : node),
  ];
  const stdoutFd = run.stdout === 'full' ? openSync('/dev/full', 'w') : 'pipe';
  let stdinFd: number | 'ignore' = 'ignore';
  if (run.stdin === 'held-pipe') {
    const fifo = join(dirname(timeFile), 'stdin.fifo');
    rmSync(fifo, { force: true });
    execFileSync('mkfifo', [fifo]);
    stdinFd = openSync(fifo, 'r+');
  }
  rmSync(timeFile, { force: true });
  const child = spawn('/usr/bin/time', ['-f', '%e %M', '-o', timeFile, ...cmd], {
    cwd: run.cwd,
    env: { ...process.env, ...run.env },
    stdio: [stdinFd, stdoutFd, 'pipe'],
  });
  for (const fd of [stdinFd, stdoutFd]) if (typeof fd === 'number') closeSync(fd);
  const outDone = new Promise<void>((res) => {
    if (!child.stdout) return res();
    child.stdout.on('data', (c: Buffer) => {
      scan.push(c);
      if (run.headOne && c.includes(10)) child.stdout?.destroy();
    });
    child.stdout.on('close', () => res());
  });
  let stderr = '';
  const errDone = new Promise<void>((res) => {
    child.stderr?.on('data', (c: Buffer) => {
      if (stderr.length < 65536) stderr += c.toString('utf8');
    });
    child.stderr?.on('close', () => res());
  });
  const t0 = performance.now();
  let killed: Outcome['killed'] = null;
  let polledKb = 0;
  let signalled = false;
  const poll = setInterval(() => {
    const pids = descendants(child.pid ?? 0);
    const rss = pids.reduce((n, p) => n + rssKb(p), 0);
    polledKb = Math.max(polledKb, rss);
    if (pids.length === 0) return;
    if (run.signal && !signalled && run.signal.when()) {
      signalled = true;
      try {
        process.kill(itemAt(pids, 0), run.signal.name);
      } catch {
        /* already gone */
      }
    }
    const why = (performance.now() - t0) / 1000 > capSeconds ? 'time' : rss > capMb * 1024 ? 'memory' : null;
    if (!why || killed) return;
    killed = why;
    // bgaudit only, by its id (the last process of the chain time → [unshare →] node): unshare
    // then reaps it and time reports its figures.
    try {
      process.kill(itemAt(pids, 0), 'SIGKILL');
    } catch {
      /* already gone */
    }
  }, 100);
  const status = await new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
  clearInterval(poll);
  await Promise.all([outDone, errDone]);
  scan.end();
  const timeOut = readFileSync(timeFile, 'utf8').trim().split('\n');
  const [seconds = NaN, maxRssKb = NaN] = (timeOut[timeOut.length - 1] ?? '').split(' ').map(Number);
  const signal = /terminated by signal (\d+)/.exec(timeOut.join('\n'));
  const exit = signal ? (SIGNALS[Number(signal[1])] ?? `signal ${signal[1]}`) : String(status);
  return { seconds, maxRssKb: Math.max(maxRssKb, polledKb), killed, capSeconds, capMb, exit, stderr, out: scan };
}
