// vitest's globalSetup: the run gets a temporary folder of its own, inside the user's, and the
// tests and the processes they start make theirs in it. What is still in it once the run ends
// was left by a test: the run fails and names it, and the folder is removed either way. A folder
// of its own makes the check blind to other processes that use the temporary folder meanwhile.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeTree } from './remove-tree.js';

// os.tmpdir() reads TMPDIR on POSIX systems, TEMP and TMP on Windows.
const NAMES = ['TMPDIR', 'TEMP', 'TMP'] as const;

export default function setup(): () => void {
  const saved = NAMES.map((name) => process.env[name]);
  const own = mkdtempSync(join(tmpdir(), 'bgaudit-test-run-'));
  for (const name of NAMES) process.env[name] = own;
  return () => {
    NAMES.forEach((name, k) => {
      if (saved[k] === undefined) delete process.env[name];
      else process.env[name] = saved[k];
    });
    const left = readdirSync(own).sort();
    removeTree(own);
    if (left.length === 0) return;
    // vitest reports an error thrown here but does not fail the run for it.
    process.exitCode = 1;
    throw new Error(
      `the tests left in the temporary folder: ${left.join(', ')} (make such folders with tempDir, test/helpers.ts)`,
    );
  };
}
