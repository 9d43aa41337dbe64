// `npm run bench:profile [-- --files N] [-- --format F]`: where a worker's time goes. One
// `verify --jobs 1` of an archive of N .mat files (10,000; built as bench/batch.ts builds it)
// under V8's sampling profiler, run from tsc's unbundled build (dist/src) so that each sample
// names its source file; the worker's self time is then added up by stage (the grammar, the
// import, the replay, the audit, rendering, the pool's messages, file reads, garbage collection)
// and its top functions listed. A profile slows everything by about the same factor: the shares
// are the figures, not the milliseconds. BENCH_KEEP=1 keeps the profiles (their folder is printed).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { corpusFiles, writeArchive } from './corpus.js';
import { itemAt } from '../src/core/at.js';

const args = process.argv.slice(2);
const count = Number(args[args.indexOf('--files') + 1] || 0) || 10_000;
const format = args.includes('--format') ? itemAt(args, args.indexOf('--format') + 1) : 'text';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The stage a sample's function belongs to, from its source file (or, for V8's own, its name). */
function stageOf(url: string, name: string): string {
  if (name === '(garbage collector)') return 'garbage collection';
  if (name === '(idle)' || name === 'atomicsWaitLoop') return 'waiting for work';
  if (/\/grammars\/|\/parsimmon\//.test(url)) return 'grammar (text → syntax tree)';
  if (url.includes('/src/import/')) return 'import (syntax tree → records)';
  if (url.includes('/src/read/decode.')) return 'decoding bytes to text';
  if (/\/src\/(scoring\/|engine\/ids\.|core\/|read\/)/.test(url)) return 'audit';
  if (url.includes('/src/engine/')) return 'replay and move search';
  if (url.includes('/src/report/')) return 'rendering';
  if (url === '' && ['open', 'read', 'close', 'fstat'].includes(name)) return 'reading files';
  if (/\/src\/batch\/|\/piscina\/|node:internal\/worker|node:internal\/per_context\/messageport/.test(url))
    return 'pool and messages';
  if (url === '' && ['postMessage', 'receiveMessageOnPort'].includes(name)) return 'pool and messages';
  return 'start-up and other';
}

function summarise(p: Profile): { stages: Map<string, number>; functions: Map<string, number>; total: number } {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const stages = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const node = byId.get(itemAt(p.samples, i));
    if (!node) continue;
    const dt = p.timeDeltas[i] ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    const stage = stageOf(url, functionName || '(anonymous)');
    stages.set(stage, (stages.get(stage) ?? 0) + dt);
    const where = url.replace(/^.*\/(dist|node_modules)\//, '').replace(/^file:\/\//, '');
    const key = `${functionName || '(anonymous)'} ${where ? `${where}:${lineNumber + 1}` : '(native)'}`;
    functions.set(key, (functions.get(key) ?? 0) + dt);
    total += dt;
  }
  return { stages, functions, total };
}

const dir = mkdtempSync(join(tmpdir(), 'bgaudit-profile-'));
const archive = join(dir, 'archive');
const profiles = join(dir, 'profiles');
writeArchive(archive, count, corpusFiles());
const cli = resolve('dist/src/cli-main.js');
const run = spawnSync(
  process.execPath,
  ['--cpu-prof', '--cpu-prof-dir', profiles, cli, 'verify', archive, '--quiet', '--jobs', '1', '--format', format],
  { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' },
);
if (run.status !== 0 && run.status !== 1) throw new Error(`verify failed: ${run.stderr}`);
// The worker's profile is the one whose samples include the batch function.
const worker = readdirSync(profiles)
  .map((f) => JSON.parse(readFileSync(join(profiles, f), 'utf8')) as Profile)
  .find((p) => p.nodes.some((n) => n.callFrame.functionName === 'runBatch'));
if (!worker) throw new Error('no worker profile');
const { stages, functions, total } = summarise(worker);
const ms = (t: number) => `${(t / 1000).toFixed(0).padStart(6)} ms`;
const share = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)}%`;
console.log(`verify --jobs 1 --format ${format}, ${count} files: the worker's self time by stage (sampled)`);
for (const [stage, t] of [...stages].sort((a, b) => b[1] - a[1])) console.log(`${ms(t)} ${share(t)}  ${stage}`);
console.log('\ntop functions:');
for (const [fn, t] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`${ms(t)} ${share(t)}  ${fn}`);
if (process.env.BENCH_KEEP) console.log(`\nprofiles kept in ${profiles}`);
else rmSync(dir, { recursive: true, force: true });
