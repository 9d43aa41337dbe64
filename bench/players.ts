// `npm run build && node dist/bench/players.js [-- --files N] [-- --jobs N]`: what `players` costs
// beside `verify` on the same archive of 10,000 .mat files built from the corpus (distinct names,
// as `bench:batch` builds it). Whole processes, start to exit, interleaved in each round (the
// machine's speed drifts within minutes); the figures are the medians of the rounds' ratios, of wall
// time and of CPU time (user and system, all threads: steadier when others share the machine).
import { itemAt } from '../src/core/at.js';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { corpusFiles, median, uncached, writeArchive } from './corpus.js';

const args = process.argv.slice(2);
const count = Number(args[args.indexOf('--files') + 1] || 0) || 10_000;
const runs = Number(process.env.BENCH_RUNS ?? 5);
const jobsArg = args.includes('--jobs') ? ['--jobs', itemAt(args, args.indexOf('--jobs') + 1)] : [];

const dir = mkdtempSync(join(tmpdir(), 'bgaudit-bench-players-'));
const archive = join(dir, 'archive');
const { bytes } = writeArchive(archive, count, corpusFiles());
const cli = resolve('dist/bin/bgaudit.js');

interface Timed {
  wall: number;
  /** User and system CPU seconds, all threads: steadier than wall time on a machine others share. */
  cpu: number;
}

/** One whole process under /usr/bin/time, its output thrown away. */
function seconds(argv: string[]): Timed {
  const out = spawnSync('/usr/bin/time', ['-f', '%e %U %S', process.execPath, cli, ...argv, ...uncached(cli)], {
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (out.status !== 0 && out.status !== 1) throw new Error(`${argv[0]} failed: ${out.stderr}`);
  const [wall = NaN, user = NaN, system = NaN] = (out.stderr.trim().split('\n').pop() ?? '').split(' ').map(Number);
  return { wall, cpu: user + system };
}

const verify: Timed[] = [];
const players: Timed[] = [];
for (let k = 0; k < runs; k++) {
  // Alternate which goes first, so that neither always runs on the cooler machine.
  const runVerify = () => seconds(['verify', archive, '--quiet', ...jobsArg]);
  const runPlayers = () => seconds(['players', archive, ...jobsArg]);
  let v: Timed, p: Timed;
  if (k % 2 === 0) {
    v = runVerify();
    p = runPlayers();
  } else {
    p = runPlayers();
    v = runVerify();
  }
  verify.push(v);
  players.push(p);
  console.log(
    `round ${k + 1}: verify ${v.wall.toFixed(2)} s (CPU ${v.cpu.toFixed(2)} s), players ${p.wall.toFixed(2)} s ` +
      `(CPU ${p.cpu.toFixed(2)} s), ratio ${(p.wall / v.wall).toFixed(2)} (CPU ${(p.cpu / v.cpu).toFixed(2)})`,
  );
}
const ratio = (get: (t: Timed) => number) => median(players.map((p, k) => get(p) / get(itemAt(verify, k)))).toFixed(2);
console.log(
  `archive: ${count} .mat files, ${(bytes / 1e6).toFixed(1)} MB; verify ${median(verify.map((t) => t.wall)).toFixed(2)} s, ` +
    `players ${median(players.map((t) => t.wall)).toFixed(2)} s (medians of ${runs}); players / verify, median of the ` +
    `rounds: wall ${ratio((t) => t.wall)}, CPU ${ratio((t) => t.cpu)}`,
);
rmSync(dir, { recursive: true, force: true });
