// A deep chain of folders is walked in time linear in its folders: no path is resolved whole per
// folder, and the folder whose path passes the system's limit is reported at once, by name.
import { mkdirSync, mkdtempSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discover } from '../../src/batch/discover.js';

/**
 * `top/a/a/…/a`, `levels` deep, with x.mat at the top and at the bottom. Built from the bottom up
 * with short paths only (the deepest path is past what the system lets a call name).
 */
function chain(levels: number): string {
  const top = mkdtempSync(join(tmpdir(), 'bgaudit-deep-'));
  mkdirSync(join(top, 'a'));
  writeFileSync(join(top, 'a', 'x.mat'), '');
  for (let k = 1; k < levels; k++) {
    mkdirSync(join(top, 'n'));
    renameSync(join(top, 'a'), join(top, 'n', 'a'));
    renameSync(join(top, 'n'), join(top, 'a'));
  }
  writeFileSync(join(top, 'x.mat'), '');
  return top;
}

/** Removes the chain the way it was built (a recursive removal would have to name the deepest path). */
function unchain(top: string): void {
  rmSync(join(top, 'x.mat'));
  for (;;) {
    try {
      renameSync(join(top, 'a', 'a'), join(top, 'n'));
    } catch {
      break;
    }
    rmdirSync(join(top, 'a'));
    renameSync(join(top, 'n'), join(top, 'a'));
  }
  rmSync(top, { recursive: true, force: true });
}

describe('a deep chain of folders', () => {
  const tops: string[] = [];
  // Building and removing 3,000 folders takes seconds on a loaded machine: the walk is what is tested.
  afterAll(() => {
    for (const t of tops) unchain(t);
  }, 120_000);

  it('of 3,000 levels is walked to the system limit, and the folder past it is reported', () => {
    const top = chain(3000);
    tops.push(top);
    const found = [...discover([top])].map((d) => [d.kind, d.path.slice(top.length + 1)] as const);
    // One report for the chain past the limit, at the first folder the system cannot name; then the top's file.
    expect(found.map(([kind]) => kind)).toEqual(['unreadable', 'file']);
    expect(found[1]).toEqual(['file', 'x.mat']);
    const [, deepest] = found[0];
    expect(Buffer.byteLength(join(top, deepest))).toBeGreaterThanOrEqual(4096);
    expect(Buffer.byteLength(join(top, deepest))).toBeLessThan(4096 + 2);
  }, 120_000);
});
