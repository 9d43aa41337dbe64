// What the pool is set up with: the worker file it starts, and the size of run from which it
// starts more than one worker. The choices stand in a module of their own, apart from the pool's
// workings, so that the tests can replace them (vi.mock): a worker that fails on purpose, or
// several workers on a few files.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The compiled worker: beside this file when running from dist; when running the sources (tests),
 * the bundled one the installed command runs, which a worker loads in a fraction of the time the
 * module graph of dist/src takes (scripts/bundle.mjs), and every run of the tests starts one.
 */
export function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  const beside = resolve(dirname(here), 'worker.cjs');
  if (!here.endsWith('.ts') && existsSync(beside)) return beside;
  const built = resolve(dirname(here), '..', '..', 'dist', 'bin', 'worker.cjs');
  if (!existsSync(built)) throw new Error(`the compiled worker ${built} is missing: run npm run build`);
  return built;
}

/**
 * A run smaller than this, in files and in bytes, is audited by one worker: on a run this small
 * a second worker's start and warm-up cost more than it gives (bench/README.md has the figures).
 */
export function poolFrom(): { files: number; bytes: number } {
  return { files: 4000, bytes: 16 * 1024 * 1024 };
}
