// `npm run bench:batch [-- options]`: the whole process, start to exit, on archives of distinct
// .mat files built from the shared corpus in a temporary folder (100 files a folder), on one or
// more Node binaries; and, when GNU Backgammon is installed, one gnubg process merely importing
// the same files, in the same rounds. The machines' speed drifts by tens of percent within
// minutes, so each round runs every program on every archive back to back (the order of the Node
// binaries turns round by round), and a ratio is the median of the rounds' ratios.
//
// Options:
//   --files 1000,10000,100000  archive sizes (the fixed cost is the intercept of a least-squares
//                              line of wall time against file count, so it needs two sizes or more)
//   --node PATH[,PATH]         Node binaries to run bgaudit with (also BENCH_NODE; default: this one)
//   --build DIR                another build's CLI (DIR/dist/bin/bgaudit.js) in the same rounds
//   --jobs N, --format F       passed to `verify` (default jobs; text)
//   --no-gnubg                 bgaudit alone
//   BENCH_RUNS                 rounds (5)
// Every run of the audit above is --no-cache. With a build that has the results cache, each round
// then runs this build three times more on each archive, with a cache folder new that round: the
// first run (every file audited and kept), the same archive again (every file from the cache), and
// again with 1% of its files changed (a blank line added at the end: audited again, the rest from
// the cache). In the first round the re-run's report is compared with the uncached one's, byte for
// byte. `--no-cache-rows` leaves them out.
// A quick look: `-- --files 1000,10000 --no-gnubg` with BENCH_RUNS=3.
import { itemAt } from '../src/core/at.js';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { corpusFiles, median, uncached, writeArchive, type CorpusFile } from './corpus.js';

const GNUBG = '/usr/games/gnubg';
const args = process.argv.slice(2);
const arg = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const sizes = (arg('--files') ?? '1000,10000,100000').split(',').map((s) => Number(s.replace(/_/g, '')));
const runs = Number(process.env.BENCH_RUNS ?? 5);
const jobsArg = arg('--jobs') !== undefined ? ['--jobs', arg('--jobs') as string] : [];
const format = arg('--format') ?? 'text';
const nodes = (arg('--node') ?? process.env.BENCH_NODE ?? process.execPath).split(',').filter(Boolean);
const otherBuild = arg('--build');
const withGnubg = !args.includes('--no-gnubg') && existsSync(GNUBG);
const cacheRows = !args.includes('--no-cache-rows');

if (sizes.some((n) => !(n > 0))) throw new Error(`--files: counts such as 1000,10000: ${arg('--files')}`);

interface Timed {
  seconds: number;
  cpu: number;
  maxRssKb: number;
}

/** Runs a command under /usr/bin/time; wall and CPU seconds and peak RSS. */
function timed(cmd: string, argv: string[], env: NodeJS.ProcessEnv = process.env): Timed {
  const out = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', cmd, ...argv], {
    env,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const last = out.stderr.trim().split('\n').pop() ?? '';
  const [seconds = NaN, user = NaN, sys = NaN, rss = NaN] = last.split(' ').map(Number);
  if (!Number.isFinite(seconds) || (out.status !== 0 && out.status !== 1))
    throw new Error(`${cmd} ${argv.join(' ')} failed: ${out.stderr}`);
  return { seconds, cpu: user + sys, maxRssKb: rss };
}

function nodeVersion(node: string): string {
  return spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
}

/** Least squares y = a + b·x: the intercept a and slope b. */
function fit(xs: number[], ys: number[]): { a: number; b: number } {
  const n = xs.length;
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  const my = ys.reduce((s, y) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let k = 0; k < n; k++) {
    const dx = itemAt(xs, k) - mx;
    sxy += dx * (itemAt(ys, k) - my);
    sxx += dx ** 2;
  }
  const b = sxx === 0 ? 0 : sxy / sxx;
  return { a: my - b * mx, b };
}

/** Games of each corpus file, from one NDJSON run over them (a renamed copy has the same games). */
function gamesPerFile(dir: string, files: CorpusFile[], cli: string): number[] {
  const once = join(dir, 'once');
  mkdirSync(once);
  files.forEach((f, k) => writeFileSync(join(once, `${String(k).padStart(6, '0')}.mat`), f.bytes));
  const r = spawnSync(process.execPath, [cli, 'verify', once, '--format', 'ndjson', '--quiet', '--no-duplicates'], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const games = new Array<number>(files.length).fill(0);
  for (const line of r.stdout.trim().split('\n')) {
    const o = JSON.parse(line) as { file?: string; games?: unknown[] };
    if (o.file !== undefined) games[Number(basename(o.file, '.mat'))] = o.games?.length ?? 0;
  }
  rmSync(once, { recursive: true, force: true });
  return games;
}

/** One gnubg process importing every file of an archive (its file list written once). */
function gnubgImport(dir: string, paths: string[]): () => Timed {
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

/** The rows of the results cache's runs, in the order `cacheRounds` times them. */
const CACHE_ROWS = [
  'this build, results cache new (every file audited and kept)',
  'this build, the same archive again (every file from the cache)',
  'this build, 1% of the files changed',
];

/** This build's three runs on an archive with a results cache new this round (CACHE_ROWS). */
function cacheRounds(a: { root: string; archive: string; paths: string[] }, round: number): Timed[] {
  const cli = resolve('dist/bin/bgaudit.js');
  const cacheDir = join(a.root, `cache-${round}`);
  const run = () =>
    timed(process.execPath, [
      cli,
      'verify',
      a.archive,
      '--format',
      format,
      '--quiet',
      ...jobsArg,
      '--cache-dir',
      cacheDir,
    ]);
  const first = run();
  const again = run();
  if (round === 0) sameReport(cli, a.archive, cacheDir);
  const changed = a.paths.filter((_, k) => k % 100 === 50);
  const originals = changed.map((p) => readFileSync(p));
  changed.forEach((p, k) => writeFileSync(p, Buffer.concat([itemAt(originals, k), Buffer.from('\n')])));
  try {
    return [first, again, run()];
  } finally {
    changed.forEach((p, k) => writeFileSync(p, itemAt(originals, k)));
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

/** The report from the cache is the uncached one, byte for byte; else the benchmark stops. */
function sameReport(cli: string, archive: string, cacheDir: string): void {
  const report = (extra: string[]) =>
    spawnSync(process.execPath, [cli, 'verify', archive, '--format', format, '--quiet', ...jobsArg, ...extra], {
      maxBuffer: 1 << 30,
    }).stdout;
  const fromCache = report(['--cache-dir', cacheDir]);
  const without = report(['--no-cache']);
  if (!fromCache.equals(without))
    throw new Error(`${archive}: the report from the cache differs from the uncached one`);
  console.log(`${archive}: the report from the cache is the uncached one (${without.length} bytes)`);
}

// gnubg 1.07 aborts on a score line with an empty left name (docs/dialects.md):
// those files are left out so that both programs read the same archive.
const usable = corpusFiles().filter((f) => !/^\s*:\s*\d+/m.test(Buffer.from(f.bytes).toString('utf8')));
const dir = mkdtempSync(join(tmpdir(), 'bgaudit-bench-'));
try {
  const cli = resolve('dist/bin/bgaudit.js');
  const perFile = gamesPerFile(dir, usable, cli);
  const perRound = perFile.reduce((s, g) => s + g, 0);
  const archives = sizes.map((count) => {
    const root = join(dir, `a${count}`);
    const { paths, bytes } = writeArchive(join(root, 'archive'), count, usable);
    const rest = perFile.slice(0, count % usable.length).reduce((s, g) => s + g, 0);
    const games = Math.floor(count / usable.length) * perRound + rest;
    return {
      count,
      root,
      archive: join(root, 'archive'),
      paths,
      bytes,
      games,
      gnubg: withGnubg ? gnubgImport(root, paths) : null,
    };
  });

  // Each program: a label and the command that runs it on an archive.
  const programs = nodes.map((node) => ({ label: `bgaudit, node ${nodeVersion(node)}`, node, cli }));
  if (otherBuild !== undefined)
    programs.push({
      label: `${otherBuild}, node ${nodeVersion(itemAt(nodes, 0))}`,
      node: itemAt(nodes, 0),
      cli: resolve(otherBuild, 'dist/bin/bgaudit.js'),
    });
  const ours = programs.map(() => archives.map((): Timed[] => []));
  const theirs = archives.map((): Timed[] => []);
  const withCache = cacheRows && uncached(cli).length > 0;
  const cached = CACHE_ROWS.map(() => archives.map((): Timed[] => []));
  for (let round = 0; round < runs; round++)
    archives.forEach((a, s) => {
      for (let k = 0; k < programs.length; k++) {
        const p = (k + round) % programs.length;
        const { node, cli: script } = itemAt(programs, p);
        itemAt(itemAt(ours, p), s).push(
          timed(node, [script, 'verify', a.archive, '--format', format, '--quiet', ...jobsArg, ...uncached(script)]),
        );
      }
      if (a.gnubg) itemAt(theirs, s).push(a.gnubg());
      if (withCache) cacheRounds(a, round).forEach((t, k) => itemAt(itemAt(cached, k), s).push(t));
    });

  const s2 = (x: number) => x.toFixed(2);
  const range = (xs: number[]) => `${s2(Math.min(...xs))}-${s2(Math.max(...xs))}`;
  console.log(
    `bgaudit verify --format ${format}${jobsArg.length ? ` --jobs ${jobsArg[1]}` : ''}, ${runs} rounds; archives of distinct matches from ${usable.length} corpus files`,
  );
  archives.forEach((a, s) => {
    console.log(`\n${a.count} files, ${(a.bytes / 1e6).toFixed(1)} MB, ${a.games} games`);
    const g = itemAt(theirs, s);
    if (g.length > 0)
      console.log(
        `  gnubg import: wall ${s2(median(g.map((t) => t.seconds)))} s (${range(g.map((t) => t.seconds))}), CPU ${s2(median(g.map((t) => t.cpu)))} s, ${((median(g.map((t) => t.cpu)) / a.games) * 1e6).toFixed(0)} µs CPU/game, peak ${(Math.max(...g.map((t) => t.maxRssKb)) / 1024).toFixed(0)} MB`,
      );
    const rows = [
      ...programs.map((p, i) => ({ label: p.label, t: itemAt(itemAt(ours, i), s), vsFirst: i > 0 })),
      ...(withCache ? CACHE_ROWS.map((label, k) => ({ label, t: itemAt(itemAt(cached, k), s), vsFirst: false })) : []),
    ];
    rows.forEach(({ label, t, vsFirst }) => {
      const wall = median(t.map((x) => x.seconds));
      const cpu = median(t.map((x) => x.cpu));
      let line = `  ${label}: wall ${s2(wall)} s (${range(t.map((x) => x.seconds))}), CPU ${s2(cpu)} s, ${((cpu / a.games) * 1e6).toFixed(0)} µs CPU/game, peak ${(Math.max(...t.map((x) => x.maxRssKb)) / 1024).toFixed(0)} MB`;
      if (g.length > 0) {
        const ratios = t.map((x, r) => x.seconds / itemAt(g, r).seconds);
        const cpuRatios = t.map((x, r) => x.cpu / itemAt(g, r).cpu);
        line += `; / gnubg: wall ${s2(median(ratios))} (${range(ratios)}), CPU ${s2(median(cpuRatios))}`;
      }
      if (vsFirst) {
        const vs = t.map((x, r) => x.seconds / itemAt(itemAt(itemAt(ours, 0), s), r).seconds);
        line += `; / ${itemAt(programs, 0).label}: ${s2(median(vs))} (${range(vs)})`;
      }
      console.log(line);
    });
  });
  if (archives.length >= 2) {
    console.log('\nfixed cost (intercept) and cost per file (slope) of median wall time against file count:');
    const xs = archives.map((a) => a.count);
    const line = (label: string, ys: number[]) => {
      const { a, b } = fit(xs, ys);
      console.log(`  ${label}: ${s2(a)} s + ${(b * 1e6).toFixed(0)} µs/file`);
    };
    programs.forEach((p, i) =>
      line(
        p.label,
        itemAt(ours, i).map((t) => median(t.map((x) => x.seconds))),
      ),
    );
    if (itemAt(theirs, 0).length > 0)
      line(
        'gnubg import',
        theirs.map((t) => median(t.map((x) => x.seconds))),
      );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
