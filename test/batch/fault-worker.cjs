// A test-only pool worker: the real one (as bundled in dist/bin/), and faults on the files whose
// path contains a name given in the environment: the worker dies (BGAUDIT_TEST_CRASH_ON), the
// file never ends (BGAUDIT_TEST_HANG_ON) or takes all the memory it can (BGAUDIT_TEST_HOG_ON).
// The tests have the pool start it in place of the real worker (`faultOn` in test/helpers.ts).
// CommonJS, as the real worker file is: piscina require()s it (scripts/bundle.mjs says why).
const process = require('node:process');
const runBatch = require('../../dist/bin/worker.cjs').default;

const crashOn = process.env.BGAUDIT_TEST_CRASH_ON;
const hangOn = process.env.BGAUDIT_TEST_HANG_ON;
const hogOn = process.env.BGAUDIT_TEST_HOG_ON;

function fault(path) {
  if (crashOn && path.includes(crashOn)) process.exit(70);
  if (hangOn && path.includes(hangOn)) for (;;);
  if (hogOn && path.includes(hogOn)) for (const hog = []; ;) hog.push(new Array(1e5).fill(1.5));
}

// The real worker runs the batch, its progress slots and its questions to the duplicate check
// as always; a faulty file's fault strikes when the worker first reads the file's path, which it
// does once it has said it is on that file: the pool knows the file a fault was on.
module.exports = function runFaultyBatch(batch) {
  for (const task of batch.tasks) {
    const { path } = task;
    if ([crashOn, hangOn, hogOn].some((name) => name && path.includes(name)))
      Object.defineProperty(task, 'path', {
        enumerable: true,
        get() {
          fault(path);
          return path;
        },
      });
  }
  return runBatch(batch);
};
