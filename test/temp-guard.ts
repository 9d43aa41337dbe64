// vitest's globalSetup: the run gets a temporary folder of its own, inside the user's, and the
// tests and the processes they start make theirs in it. What is still in it once the run ends
// was left behind: the run fails and names it, and the folder is removed either way. A folder
// of its own makes the check blind to other processes that use the temporary folder meanwhile.
// A run stopped by a signal removes its folder as it exits; one killed outright leaves it, and
// the next run removes it (the folder's name carries the process id that made it).
//
// The runs the tests make keep their results cache in a folder of the run's own too, beside it
// (BGAUDIT_CACHE_DIR): never the user's, and shared by every test, so that a file audited twice
// with the same settings comes from the cache the second time, as it would for a user.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeTree } from './remove-tree.js';
import { removeLeftBy } from '../src/batch/process-end.js';

// os.tmpdir() reads TMPDIR on POSIX systems, TEMP and TMP on Windows.
const NAMES = ['TMPDIR', 'TEMP', 'TMP'] as const;
const PREFIX = 'bgaudit-test-run-';

/** The folders of earlier runs whose process is gone (killed before it could remove them). */
function removeOrphans(parent: string): void {
  removeLeftBy(parent, /^bgaudit-test-(run|cache)-(?<pid>\d+)-/, (path) => removeTree(path));
}

export default function setup(): () => void {
  const parent = tmpdir();
  removeOrphans(parent);
  const saved = NAMES.map((name) => process.env[name]);
  const own = mkdtempSync(join(parent, `${PREFIX}${process.pid}-`));
  const cache = mkdtempSync(join(parent, `bgaudit-test-cache-${process.pid}-`));
  const savedCache = process.env.BGAUDIT_CACHE_DIR;
  for (const name of NAMES) process.env[name] = own;
  process.env.BGAUDIT_CACHE_DIR = cache;
  // vitest exits on SIGINT and SIGTERM without its teardown: the folder goes as the process ends.
  const onExit = () => {
    removeTree(own);
    removeTree(cache);
  };
  process.once('exit', onExit);
  return () => {
    process.off('exit', onExit);
    if (savedCache === undefined) delete process.env.BGAUDIT_CACHE_DIR;
    else process.env.BGAUDIT_CACHE_DIR = savedCache;
    removeTree(cache);
    NAMES.forEach((name, k) => {
      if (saved[k] === undefined) delete process.env[name];
      else process.env[name] = saved[k];
    });
    const left = readdirSync(own).sort();
    // vitest reports an error thrown here but does not fail the run for it: the exit code does.
    if (left.length > 0) process.exitCode = 1;
    let removal = '';
    try {
      removeTree(own);
    } catch (e) {
      process.exitCode = 1;
      removal = ` The run's temporary folder ${own} could not be removed: ${(e as Error).message}.`;
    }
    if (left.length === 0 && removal === '') return;
    const named = left.length === 0 ? '' : `Something the tests ran left in the temporary folder: ${left.join(', ')}.`;
    throw new Error(
      `${named}${removal} A test's folders are removed for it when it makes them with tempDir (test/helpers.ts).`,
    );
  };
}
