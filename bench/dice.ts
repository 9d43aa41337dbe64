// `node dist/bench/dice.js [paths...]` (after `npm run build`): `bgaudit dice` against
// `bgaudit verify` on the same files, both with their duplicate check (dice audits each match for
// its key), and `dice --keep-duplicates` against `verify --no-duplicates`; whole process from
// start to exit (default: the corpus, corpus/). Each round runs them back to
// back, as the machine's speed drifts within minutes; the figures are the medians of the rounds'
// ratios. BENCH_RUNS rounds (default 5); BENCH_JOBS passes --jobs.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { median, uncached } from './corpus.js';

const BIN = resolve('dist/bin/bgaudit.js');
const paths = process.argv.slice(2);
if (paths.length === 0) paths.push('corpus');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const jobs = process.env.BENCH_JOBS ? ['--jobs', process.env.BENCH_JOBS] : [];

/** Wall seconds and peak RSS of one whole process. */
function timed(argv: string[]): { seconds: number; maxRssKb: number } {
  const out = spawnSync('/usr/bin/time', ['-f', '%e %M', process.execPath, BIN, ...argv, ...uncached(BIN)], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const last = out.stderr.trim().split('\n').pop() ?? '';
  const [seconds = NaN, rss = NaN] = last.split(' ').map(Number);
  return { seconds, maxRssKb: rss };
}

const rounds: { verify: number; dice: number; ratio: number; keptRatio: number; rssVerify: number; rssDice: number }[] =
  [];
for (let i = 0; i < runs; i++) {
  const v = timed(['verify', ...paths, '--format', 'ndjson', '--quiet', ...jobs]);
  const d = timed(['dice', ...paths, '--format', 'json', '--quiet', ...jobs]);
  const vn = timed(['verify', ...paths, '--format', 'ndjson', '--quiet', '--no-duplicates', ...jobs]);
  const dk = timed(['dice', ...paths, '--format', 'json', '--quiet', '--keep-duplicates', ...jobs]);
  rounds.push({
    verify: v.seconds,
    dice: d.seconds,
    ratio: d.seconds / v.seconds,
    keptRatio: dk.seconds / vn.seconds,
    rssVerify: v.maxRssKb,
    rssDice: d.maxRssKb,
  });
  console.log(
    `round ${i + 1}: verify ${v.seconds.toFixed(2)} s, dice ${d.seconds.toFixed(2)} s (${(d.seconds / v.seconds).toFixed(2)}x); ` +
      `--no-duplicates ${vn.seconds.toFixed(2)} s, --keep-duplicates ${dk.seconds.toFixed(2)} s (${(dk.seconds / vn.seconds).toFixed(2)}x)`,
  );
}
const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;
console.log(
  `median of ${runs}: verify ${median(rounds.map((r) => r.verify)).toFixed(2)} s (${mb(median(rounds.map((r) => r.rssVerify)))}), ` +
    `dice ${median(rounds.map((r) => r.dice)).toFixed(2)} s (${mb(median(rounds.map((r) => r.rssDice)))}); ` +
    `dice / verify ${median(rounds.map((r) => r.ratio)).toFixed(2)}, without the duplicate check ${median(rounds.map((r) => r.keptRatio)).toFixed(2)}`,
);
