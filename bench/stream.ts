// `npm run build && node dist/bench/stream.js [-- --mb 40] [-- --format ndjson] [-- --build DIR]
// [-- --whole] [-- --one-only] [-- --sgf]`: a file's memory. Builds one .mat file by concatenating
// the corpus's UTF-8 .mat files until it holds `--mb` MB (BBGT and database exports hold many
// matches per file), and the same files as separate files (100 a folder); runs `verify --jobs 1
// --no-duplicates --file-timeout 0` on both, in interleaved rounds (BENCH_RUNS, 3), whole process
// under /usr/bin/time. Figures: wall time and peak RSS of each, and the ratio one file / separate
// files (median of the rounds' ratios). The one file is above the default --max-file-size, so it
// is read in pieces; `--whole` raises the limit above it (read whole, as before pieces).
// `--build DIR` runs that build's dist/src/cli-main.js too (the build before a change), in the
// same rounds, on the one file (with the limit above it: that build refuses it otherwise).
// `--one-only` leaves the separate files out (a 400 MB run). `--sgf`: the corpus's SGF files
// instead (`sgf` and `gnubg-generated`), one SGF collection of them, read game tree by game tree.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { corpusFiles, median, uncached } from './corpus.js';
import { itemAt } from '../src/core/at.js';

const args = process.argv.slice(2);
const arg = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const mb = Number(arg('--mb') ?? 40);
const format = arg('--format') ?? 'text';
const other = arg('--build');
const whole = args.includes('--whole');
const oneOnly = args.includes('--one-only');
const sgf = args.includes('--sgf');
const ext = sgf ? '.sgf' : '.mat';
const runs = Number(process.env.BENCH_RUNS ?? 3);

const utf8 = new TextDecoder('utf-8', { fatal: true });
function isPlainUtf8(b: Uint8Array): boolean {
  if (b.includes(0) || (b[0] === 0xef && b[1] === 0xbb) || b[0] === 0xff || b[0] === 0xfe) return false;
  try {
    utf8.decode(b);
    return true;
  } catch {
    return false;
  }
}

// One encoding for the whole file: a Windows-1252 or UTF-16 file among them would change how all
// of it is read.
const usable = (sgf ? corpusFiles(['sgf', 'gnubg-generated'], '.sgf') : corpusFiles(['mat']))
  .map((f) => f.bytes)
  .filter(isPlainUtf8)
  .map((b) => (b[b.length - 1] === 10 ? b : Buffer.concat([b, Buffer.from('\n')])));
const dir = mkdtempSync(join(tmpdir(), 'bgaudit-stream-'));
const separate = join(dir, 'separate');
mkdirSync(separate);
const parts: Uint8Array[] = [];
let bytes = 0;
for (let i = 0; bytes < mb * 1e6; i++) {
  const b = itemAt(usable, i % usable.length);
  if (!oneOnly) {
    const sub = join(separate, String(Math.floor(i / 100)).padStart(4, '0'));
    if (i % 100 === 0) mkdirSync(sub);
    writeFileSync(join(sub, `${String(i).padStart(6, '0')}${ext}`), b);
  }
  parts.push(b);
  bytes += b.length;
}
const one = join(dir, `one${ext}`);
// A match's first line (an SGF collection: a game tree's).
const matchLine = sgf ? /^\s*\(\s*;/ : /^\s*(?:\d+\s+points?\s+match|unlimited\s+game)\s*$/i;
let matchLines = 0;
for (let k = 0, at = 0; k < parts.length; k += 1000) {
  const chunk = Buffer.concat(parts.slice(k, k + 1000));
  writeFileSync(one, chunk, { flag: at === 0 ? 'w' : 'a' });
  at += chunk.length;
  matchLines += chunk
    .toString('utf8')
    .split('\n')
    .filter((l) => matchLine.test(l)).length;
}

interface Timed {
  seconds: number;
  maxRssKb: number;
}

/** Runs a command under /usr/bin/time; wall seconds and peak RSS. */
function timed(argv: string[]): Timed {
  const out = spawnSync('/usr/bin/time', ['-f', '%e %M', process.execPath, ...argv], {
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const last = out.stderr.trim().split('\n').pop() ?? '';
  const [seconds = NaN, rss = NaN] = last.split(' ').map(Number);
  if (!Number.isFinite(seconds)) throw new Error(`run failed: ${out.stderr}`);
  return { seconds, maxRssKb: rss };
}

const verify = (cli: string, path: string, limit = whole) => [
  cli,
  'verify',
  path,
  '--jobs',
  '1',
  '--no-duplicates',
  '--quiet',
  '--file-timeout',
  '0',
  '--format',
  format,
  ...(limit ? ['--max-file-size', String(bytes + 1)] : []),
  ...uncached(cli),
];
const ours = resolve('dist/src/cli-main.js');
const rounds: { one: Timed; separate?: Timed; other?: Timed }[] = [];
for (let k = 0; k < runs; k++) {
  const round = { one: timed(verify(ours, one)), ...(oneOnly ? {} : { separate: timed(verify(ours, separate)) }) };
  rounds.push(other ? { ...round, other: timed(verify(join(other, 'dist/src/cli-main.js'), one, true)) } : round);
}
const show = (what: string, ts: Timed[]) =>
  console.log(
    `${what}: ${median(ts.map((t) => t.seconds)).toFixed(2)} s median of ${runs} ` +
      `(${Math.min(...ts.map((t) => t.seconds)).toFixed(2)}-${Math.max(...ts.map((t) => t.seconds)).toFixed(2)}), ` +
      `peak RSS ${(Math.max(...ts.map((t) => t.maxRssKb)) / 1024).toFixed(0)} MB`,
  );
console.log(
  `${(bytes / 1e6).toFixed(1)} MB, ${parts.length} corpus files, ${matchLines} ${sgf ? 'game trees' : 'match-length lines'}; verify --jobs 1 --format ${format}` +
    (whole ? ' (read whole)' : ''),
);
show(
  'one file',
  rounds.map((r) => r.one),
);
if (!oneOnly) {
  show(
    `${parts.length} separate files`,
    rounds.map((r) => r.separate ?? r.one),
  );
  const ratio = median(rounds.map((r) => r.one.seconds / (r.separate ?? r.one).seconds));
  console.log(`time one file / separate files, median of the rounds: ${ratio.toFixed(2)} (target ≤ 1.3)`);
}
if (other)
  show(
    `one file, ${other}`,
    rounds.map((r) => r.other ?? r.one),
  );
rmSync(dir, { recursive: true, force: true });
