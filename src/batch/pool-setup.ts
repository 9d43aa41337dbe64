// What the pool is set up with: the worker file it starts, and the size of run from which it
// starts more than one worker. The choices stand in a module of their own, apart from the pool's
// workings, so that the tests can replace them (vi.mock): a worker that fails on purpose, or
// several workers on a few files.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The bundled worker (scripts/bundle.mjs), which a worker loads in a fraction of the time the
 * module graph of dist/src takes: beside this file in the installed command (dist/bin); from the
 * library's modules (dist/src/batch), in dist/bin; from the sources (the tests), in the build.
 */
export function workerFile(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const places = [here, resolve(here, '..', '..', 'bin'), resolve(here, '..', '..', 'dist', 'bin')];
  for (const dir of places) {
    const file = resolve(dir, 'worker.cjs');
    if (existsSync(file)) return file;
  }
  throw new Error(`the compiled worker worker.cjs is missing from ${places.join(', ')}: run npm run build`);
}

/**
 * A run smaller than this, in files and in bytes, is audited by one worker: on a run this small
 * a second worker's start and warm-up cost more than it gives (bench/README.md has the figures).
 */
export function poolFrom(): { files: number; bytes: number } {
  return { files: 4000, bytes: 16 * 1024 * 1024 };
}
