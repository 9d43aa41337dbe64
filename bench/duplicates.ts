// `npm run build && node dist/bench/duplicates.js [-- --format ndjson] [-- --build DIR] [-- --files N]`:
// what the duplicate check costs on an archive where every match appears twice: the corpus's
// `.mat` files copied into two folders, and GNU Backgammon's `.mat` exports beside their `.sgf`;
// with `--files N`, on an archive of N distinct `.mat` files instead (built as `bench:batch`
// builds it: no duplicate, the check's cost alone). The whole `verify` process, with and without
// `--no-duplicates`, in interleaved rounds (BENCH_RUNS, 7; which runs first alternates): median
// wall and CPU times (user and system, all threads) and the medians of the rounds' ratios, with
// their range. `--build DIR` runs that build's CLI (DIR/dist/bin/bgaudit.js) in the same rounds,
// with the check on and off (the build before a change).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { corpusFiles, median, uncached, writeArchive } from './corpus.js';

const args = process.argv.slice(2);
const arg = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const format = arg('--format') ?? 'text';
const other = arg('--build');
const runs = Number(process.env.BENCH_RUNS ?? 7);
const files = Number(arg('--files') ?? 0);
const root = resolve('corpus');

interface Timed {
  wall: number;
  cpu: number;
}

const dir = mkdtempSync(join(tmpdir(), 'bgaudit-bench-dup-'));
try {
  if (files > 0) writeArchive(join(dir, 'archive'), files, corpusFiles());
  else {
    for (const copy of ['a', 'b']) {
      mkdirSync(join(dir, copy));
      for (const f of readdirSync(join(root, 'mat')).filter((f) => f.endsWith('.mat')))
        copyFileSync(join(root, 'mat', f), join(dir, copy, f));
    }
    mkdirSync(join(dir, 'g'));
    for (const f of readdirSync(join(root, 'gnubg-generated')).filter((f) => /\.(mat|sgf)$/.test(f)))
      copyFileSync(join(root, 'gnubg-generated', f), join(dir, 'g', f));
  }

  /** One whole process under /usr/bin/time, its output thrown away: wall and CPU seconds. */
  const time = (cli: string, extra: string[]): Timed => {
    const r = spawnSync(
      '/usr/bin/time',
      ['-f', '%e %U %S', process.execPath, cli, 'verify', dir, '-q', '--format', format, ...extra, ...uncached(cli)],
      { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
    );
    if (r.status !== 0 && r.status !== 1) throw new Error(`${cli} exited ${r.status}: ${r.stderr}`);
    const [wall = NaN, user = NaN, system = NaN] = (r.stderr.trim().split('\n').pop() ?? '').split(' ').map(Number);
    return { wall, cpu: user + system };
  };
  const builds = [{ name: 'this build', cli: resolve('dist/bin/bgaudit.js') }];
  if (other !== undefined) builds.push({ name: other, cli: resolve(other, 'dist/bin/bgaudit.js') });
  const results = builds.map(() => ({ on: [] as Timed[], off: [] as Timed[] }));
  for (let k = 0; k < runs; k++) {
    const line: string[] = [];
    for (const [b, build] of builds.entries()) {
      const res = results[b];
      if (res === undefined) continue;
      const on = () => res.on.push(time(build.cli, []));
      const off = () => res.off.push(time(build.cli, ['--no-duplicates']));
      // Alternate which goes first, so that neither always runs on the cooler machine.
      if ((k + b) % 2 === 0) {
        on();
        off();
      } else {
        off();
        on();
      }
      const a = res.on[k];
      const z = res.off[k];
      if (a && z) line.push(`${build.name} ${(a.wall / z.wall).toFixed(3)} (CPU ${(a.cpu / z.cpu).toFixed(3)})`);
    }
    console.log(`round ${k + 1}: on / off ${line.join(', ')}`);
  }
  const s = (x: number) => `${x.toFixed(2)} s`;
  const range = (xs: number[]) => `${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)}`;
  console.log(`format ${format}, ${files > 0 ? `${files} distinct files` : 'every match twice'}, ${runs} rounds`);
  for (const [b, build] of builds.entries()) {
    const res = results[b];
    if (res === undefined) continue;
    const wall = res.on.map((a, k) => a.wall / (res.off[k]?.wall ?? NaN));
    const cpu = res.on.map((a, k) => a.cpu / (res.off[k]?.cpu ?? NaN));
    console.log(
      `${build.name}: check on ${s(median(res.on.map((t) => t.wall)))} (CPU ${s(median(res.on.map((t) => t.cpu)))}), ` +
        `--no-duplicates ${s(median(res.off.map((t) => t.wall)))} (CPU ${s(median(res.off.map((t) => t.cpu)))}); ` +
        `on / off wall ${median(wall).toFixed(3)}× [${range(wall)}], CPU ${median(cpu).toFixed(3)}× [${range(cpu)}]`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
