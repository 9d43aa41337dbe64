// Paths and readers shared by the tests.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const FIXTURES = join(ROOT, 'fixtures');
/** The shared corpus sits beside the repository root, as in CI. */
export const CORPUS = join(ROOT, '..', 'shared', 'corpus');
export const HAVE_CORPUS = existsSync(CORPUS);

export function fixture(...parts: string[]): Uint8Array {
  return readFileSync(join(FIXTURES, ...parts));
}

export function fixtureText(...parts: string[]): string {
  return readFileSync(join(FIXTURES, ...parts), 'utf8');
}
