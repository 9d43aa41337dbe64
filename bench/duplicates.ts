// `npm run build && node dist/bench/duplicates.js [-- --format ndjson] [-- --build DIR]`: what the
// duplicate check costs on an archive where every match appears twice: the corpus's `.mat` files
// copied into two folders, and GNU Backgammon's `.mat` exports beside their `.sgf`. The whole
// `verify` process, with and without `--no-duplicates`, in interleaved rounds (BENCH_RUNS, 7):
// median wall times and the median of the rounds' ratios. `--build DIR` runs that build's CLI
// (DIR/dist/bin/bgaudit.js) with the check on in the same rounds (the build before a change).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { median } from './corpus.js';

const args = process.argv.slice(2);
const arg = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const format = arg('--format') ?? 'text';
const other = arg('--build');
const runs = Number(process.env.BENCH_RUNS ?? 7);
const root = resolve('corpus');

const dir = mkdtempSync(join(tmpdir(), 'bgaudit-bench-dup-'));
try {
  for (const copy of ['a', 'b']) {
    mkdirSync(join(dir, copy));
    for (const f of readdirSync(join(root, 'mat')).filter((f) => f.endsWith('.mat')))
      copyFileSync(join(root, 'mat', f), join(dir, copy, f));
  }
  mkdirSync(join(dir, 'g'));
  for (const f of readdirSync(join(root, 'gnubg-generated')).filter((f) => /\.(mat|sgf)$/.test(f)))
    copyFileSync(join(root, 'gnubg-generated', f), join(dir, 'g', f));

  const time = (cli: string, extra: string[]): number => {
    const start = process.hrtime.bigint();
    const r = spawnSync(process.execPath, [cli, 'verify', dir, '-q', '--format', format, ...extra], {
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    if (r.status !== 0 && r.status !== 1) throw new Error(`${cli} exited ${r.status}`);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const ours = resolve('dist/bin/bgaudit.js');
  const on: number[] = [];
  const off: number[] = [];
  const before: number[] = [];
  const ratios: number[] = [];
  const beforeRatios: number[] = [];
  for (let k = 0; k < runs; k++) {
    const a = time(ours, []);
    const b = time(ours, ['--no-duplicates']);
    on.push(a);
    off.push(b);
    ratios.push(a / b);
    if (other !== undefined) {
      const c = time(resolve(other, 'dist/bin/bgaudit.js'), []);
      before.push(c);
      beforeRatios.push(c / b);
    }
  }
  const ms = (x: number) => `${Math.round(x)} ms`;
  console.log(`format ${format}, ${runs} rounds`);
  console.log(`duplicate check on:  ${ms(median(on))}`);
  console.log(`--no-duplicates:     ${ms(median(off))}`);
  console.log(`ratio on / off (median of rounds): ${median(ratios).toFixed(2)}×`);
  if (other !== undefined) {
    console.log(`${other}, check on: ${ms(median(before))}`);
    console.log(`its ratio to --no-duplicates: ${median(beforeRatios).toFixed(2)}×`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
