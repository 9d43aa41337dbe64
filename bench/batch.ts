// `npm run bench:batch [-- --files 100000] [-- --jobs N] [-- --format ndjson]`: the whole
// process, start to exit, on an archive of 10,000 (or 100,000) .mat files built from the shared
// corpus in a temporary folder; and, when GNU Backgammon is installed, one gnubg process merely
// importing the same files. Figures: wall time, files/s, games/s, peak RSS, and the ratio to
// gnubg. The machines' speed drifts by tens of percent within minutes, so each round runs
// bgaudit then gnubg back to back, and the ratio is the median of the rounds' ratios.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { corpusFiles, median, writeArchive } from './corpus.js';
import { itemAt } from '../src/at.js';

const GNUBG = '/usr/games/gnubg';
const args = process.argv.slice(2);
const count = Number(args[args.indexOf('--files') + 1] || 0) || 10_000;
const runs = Number(process.env.BENCH_RUNS ?? 3);
const jobsArg = args.includes('--jobs') ? ['--jobs', itemAt(args, args.indexOf('--jobs') + 1)] : [];
const format = args.includes('--format') ? itemAt(args, args.indexOf('--format') + 1) : 'text';

// gnubg 1.07 aborts on a score line with an empty left name (docs/dialects.md):
// those files are left out so that both programs read the same archive.
const usable = corpusFiles().filter((f) => !/^\s*:\s*\d+/m.test(Buffer.from(f.bytes).toString('utf8')));
const dir = mkdtempSync(join(tmpdir(), 'bgaudit-bench-'));
const archive = join(dir, 'archive');
const { paths, bytes } = writeArchive(archive, count, usable);

interface Timed {
  seconds: number;
  maxRssKb: number;
}

/** Runs a command under /usr/bin/time; wall seconds and peak RSS. */
function timed(cmd: string, argv: string[], env: NodeJS.ProcessEnv = process.env): Timed {
  const out = spawnSync('/usr/bin/time', ['-f', '%e %M', cmd, ...argv], {
    env,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const last = out.stderr.trim().split('\n').pop() ?? '';
  const [seconds = NaN, rss = NaN] = last.split(' ').map(Number);
  if (!Number.isFinite(seconds)) throw new Error(`${cmd} failed: ${out.stderr}`);
  return { seconds, maxRssKb: rss };
}

const cli = resolve('dist/bin/bgaudit.js');
const verifyArgs = [cli, 'verify', archive, '--format', format, '--quiet', ...jobsArg];

/** Runs one gnubg process importing every file of the archive, when gnubg is installed. */
function gnubgImport(): (() => Timed) | null {
  if (!existsSync(GNUBG)) return null;
  const list = join(dir, 'files.txt');
  writeFileSync(list, paths.join('\n') + '\n');
  const script = join(dir, 'import.py');
  writeFileSync(
    script,
    [
      'import gnubg',
      `for f in open(${JSON.stringify(list)}).read().split():`,
      '    gnubg.command(\'import mat "%s"\' % f)',
      '',
    ].join('\n'),
  );
  return () => {
    const home = mkdtempSync(join(tmpdir(), 'gnubg-home-'));
    try {
      return timed(GNUBG, ['-t', '-q', '-r', '-p', script], { ...process.env, HOME: home });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  };
}

const theirsRun = gnubgImport();
const ours: Timed[] = [];
const theirs: Timed[] = [];
for (let k = 0; k < runs; k++) {
  ours.push(timed(process.execPath, verifyArgs));
  if (theirsRun) theirs.push(theirsRun());
}
// Exit code 1 is expected: the corpus has error findings.
const summary = spawnSync(process.execPath, [cli, 'verify', archive, '--format', 'ndjson', '--quiet', ...jobsArg], {
  encoding: 'utf8',
  maxBuffer: 1 << 30,
});
const games = summary.stdout
  .trim()
  .split('\n')
  .reduce((n, l) => n + ((JSON.parse(l) as { games?: unknown[] }).games?.length ?? 0), 0); // the run record has no games
const wall = median(ours.map((t) => t.seconds));
const rss = Math.max(...ours.map((t) => t.maxRssKb));
const spread = (ts: Timed[]) =>
  `${Math.min(...ts.map((t) => t.seconds)).toFixed(2)}-${Math.max(...ts.map((t) => t.seconds)).toFixed(2)} s`;
console.log(
  `archive: ${count} .mat files, ${(bytes / 1e6).toFixed(1)} MB, ${games} games (from ${usable.length} corpus files)`,
);
console.log(
  `bgaudit verify --format ${format} (whole process${jobsArg.length ? `, --jobs ${jobsArg[1]}` : ', default jobs'}): ${wall.toFixed(2)} s median of ${runs} ` +
    `(${spread(ours)}), ${Math.round(count / wall)} files/s, ${Math.round(games / wall)} games/s, peak RSS ${(rss / 1024).toFixed(0)} MB`,
);
if (theirsRun) {
  const gnubgWall = median(theirs.map((t) => t.seconds));
  const ratio = median(ours.map((t, k) => t.seconds / itemAt(theirs, k).seconds));
  console.log(
    `gnubg 1.07 import (one process): ${gnubgWall.toFixed(2)} s median of ${runs} (${spread(theirs)}), peak RSS ${(Math.max(...theirs.map((t) => t.maxRssKb)) / 1024).toFixed(0)} MB`,
  );
  console.log(
    `ratio bgaudit / gnubg wall time, median of the rounds: ${ratio.toFixed(2)} (issue 18: ≤ ${count >= 100_000 ? '0.5 at 100,000 files' : '1.0 at 10,000 files'})`,
  );
} else console.log(`(${GNUBG} not installed: no comparison)`);
rmSync(dir, { recursive: true, force: true });
