// `npm run bench:trust [-- --build DIR] [-- --only NAME] [-- --cap SECONDS]`: every hostile input
// (none may hang a run, abort it, touch another input, or reach the terminal raw), built in a
// temporary folder and run one at a time on a bgaudit build as a user runs it
// (`node <build>/dist/src/cli-main.js ...`, a child process). One markdown table row per case:
// wall time, peak RSS, exit code, the reports on stdout (NDJSON runs: the files expected, in
// input order) and notes. Inputs and cases: bench/trust-cases.ts; the runs: bench/trust-run.ts.
//
// Options: --build DIR (default: this repository) · --only NAME (a case, or the cases whose name
// starts with it: `--only 3`) · --cap SECONDS (70, past the default 60 s --file-timeout: a run
// still going then is killed and recorded as such) · --hang-cap SECONDS (10, for the cases where
// the build before the work blocks forever: FIFOs, devices, walks into /proc and /) · --mem-cap
// GB (8: a run past it is killed) · --size key=value (the inputs' sizes, see SIZES). A whole run
// takes several minutes a build (bench/README.md).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASES as TRUST_CASES, SIZES, codesOf, type Case } from './trust-cases.js';
import { RENDER_CASES } from './trust-cases-render.js';
import { StdoutScan, measure, type Outcome } from './trust-run.js';
import { WALK_CASES } from './trust-cases-walk.js';
import { itemAt } from '../src/core/at.js';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const build = resolve(opt('--build') ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..'));
const cli = join(build, 'dist', 'src', 'cli-main.js');
const caps = {
  seconds: Number(opt('--cap') ?? 70),
  hangSeconds: Number(opt('--hang-cap') ?? 10),
  mb: Number(opt('--mem-cap') ?? 8) * 1024,
};
const sizes = { ...SIZES };
args.forEach((a, i) => {
  if (a !== '--size') return;
  const [key = '', value] = itemAt(args, i + 1).split('=');
  if (!(key in sizes)) throw new Error(`--size ${key}: not one of ${Object.keys(sizes).join(', ')}`);
  sizes[key as keyof typeof SIZES] = Number(value);
});
const CASES = [...TRUST_CASES, ...RENDER_CASES];
const only = opt('--only');
const ALL: Case[] = [...CASES, ...WALK_CASES];
const chosen: Case[] = only
  ? ALL.some((c) => c.name === only)
    ? ALL.filter((c) => c.name === only)
    : ALL.filter((c) => c.name.startsWith(only))
  : ALL;
if (!existsSync(cli)) throw new Error(`${cli}: no build there (npm run build)`);
if (chosen.length === 0) throw new Error(`--only ${only}: no such case (${ALL.map((c) => c.name).join(', ')})`);

const commit = (() => {
  try {
    return execFileSync('git', ['-C', build, 'log', '--oneline', '-1', '--format=%h'], { encoding: 'utf8' }).trim();
  } catch {
    return 'no git';
  }
})();

const seconds = (o: Outcome) =>
  o.killed === 'time' ? `killed at ${o.capSeconds} s` : `${o.seconds.toFixed(o.seconds < 10 ? 2 : 1)} s`;
const memory = (o: Outcome) =>
  `${o.maxRssKb >= 1024 * 1024 ? `${(o.maxRssKb / 1024 / 1024).toFixed(2)} GB` : `${Math.round(o.maxRssKb / 1024)} MB`}${o.killed === 'memory' ? ` (killed past ${(o.capMb / 1024).toFixed(0)} GB)` : ''}`;
const cell = (s: string) =>
  // eslint-disable-next-line no-control-regex -- control characters are what a cell escapes
  s.replace(/\|/g, '\\|').replace(/[\x00-\x1f\x7f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);

/** The reports column: files expected that came out, in order or not, and other files reported. */
function reports(o: Outcome, expect: string[] | undefined, expectCount: number | undefined): string {
  const { files, objects } = o.out;
  if (expectCount !== undefined) return `${files.length}/${expectCount} files (${objects} reports)`;
  if (!expect) return '—';
  if (expect.length === 0) return `${objects} reports (none expected)`;
  const wanted = new Set(expect);
  const got = files.filter((f) => wanted.has(f));
  const inOrder = got.every((f, k) => f === expect[k]);
  const others = files.length - got.length;
  const parts = [
    `${got.length}/${expect.length} files${got.length ? (inOrder ? ', in order' : ', OUT OF ORDER') : ''}`,
    `${objects} reports`,
  ];
  if (others) parts.push(`+${others} other files`);
  return parts.join(', ');
}

const root = mkdtempSync(join(tmpdir(), 'bgaudit-trust-'));
const started = performance.now();
console.log(
  `bgaudit build ${build} (${commit}), node ${process.version}, ${new Date().toISOString().slice(0, 10)}; caps: ${caps.seconds} s, ${caps.hangSeconds} s for the hangs, ${caps.mb / 1024} GB`,
);
console.log('');
console.log('| case | input | time | peak RSS | exit | reports (got/expected) | notes |');
console.log('|---|---|---|---|---|---|---|');
try {
  for (const c of chosen) {
    const dir = join(root, c.name);
    mkdirSync(dir);
    process.stderr.write(`${c.name}... `);
    const p = c.prepare(dir, sizes);
    const ndjson = p.run.argv.includes('ndjson');
    // The codes of the files named, and of the first few files met that were not expected.
    const watch = new Set(p.watch ?? []);
    const expected = new Set(p.expect ?? []);
    const watched = (f: string): boolean => {
      if (watch.has(f)) return true;
      if (expected.has(f) || watch.size >= (p.watch?.length ?? 0) + 3) return false;
      watch.add(f);
      return true;
    };
    const scan = new StdoutScan(ndjson, p.needles, watched);
    const o = await measure(cli, p.run, scan, caps, join(root, 'time.out'));
    const notes = p.notes?.(o) ?? [];
    const others = p.expect?.length ? o.out.files.filter((f) => !expected.has(f)) : [];
    if (others.length)
      notes.push(
        `other files: ${others
          .slice(0, 2)
          .map((f) => `${f.length > 48 ? `${f.slice(0, 24)}…${f.slice(-23)}` : f} (${codesOf(o, f)})`)
          .join(', ')}${others.length > 2 ? ', …' : ''}`,
      );
    const exit = o.killed ? '—' : o.exit;
    console.log(
      `| ${c.name} | ${cell(p.input)} | ${seconds(o)} | ${memory(o)} | ${exit} | ${ndjson ? reports(o, p.expect, p.expectCount) : '—'} | ${cell(notes.join('; '))} |`,
    );
    process.stderr.write(`${seconds(o)}\n`);
    rmSync(dir, { recursive: true, force: true });
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
console.log('');
console.log(`${chosen.length} cases in ${((performance.now() - started) / 60000).toFixed(1)} min`);
