// Shared by the tests' temporary folders (test/helpers.ts) and the run's own (test/temp-guard.ts).
import { chmodSync, lstatSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Removes a folder and all it holds. A recursive removal unlinks a symbolic link, never what it
 * points at. A folder a test has made unreadable stops it: then every folder of the tree (found
 * with lstat, so never through a link) is made readable again and the removal tried once more.
 */
export function removeTree(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    unlock(dir);
    rmSync(dir, { recursive: true, force: true });
  }
}

function unlock(path: string): void {
  if (!lstatSync(path, { throwIfNoEntry: false })?.isDirectory()) return;
  chmodSync(path, 0o700);
  for (const name of readdirSync(path)) unlock(join(path, name));
}
