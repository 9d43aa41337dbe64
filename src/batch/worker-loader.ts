// The pool's worker as installed (dist/bin/worker.cjs): the bundled worker (worker-code.cjs) run
// through V8's code cache (cache/code-cache.ts). Every worker is a fresh isolate that would
// otherwise compile the bundle's functions again, lazily, as its first files reach them; a cache
// made once a worker has audited enough files holds them compiled.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Batch, BatchResult } from './batch.js';
import { CachedBundle } from '../cache/code-cache.js';

type RunBatch = (batch: Batch) => BatchResult;

/** Files a worker audits before it writes the cache: enough for the functions a run reaches to be compiled. */
const WRITE_AFTER = 100;

const bundle = new CachedBundle(join(dirname(fileURLToPath(import.meta.url)), 'worker-code.cjs'), 'worker');
const runBatch = bundle.exports.default as RunBatch;

/** Files audited so far, until the cache is written (`bundle.save` writes it only when it had none fit to use). */
let audited = 0;

/** A batch's outcomes. */
export default function run(batch: Batch): BatchResult {
  const result = runBatch(batch);
  if (audited < WRITE_AFTER) {
    audited += result.outcomes.length;
    if (audited >= WRITE_AFTER) bundle.save();
  }
  return result;
}
