// `fix --diff`'s bytes (byteDiff) applied by GNU patch with no fuzz give the fixed copy byte for
// byte: files of every line end (LF, CRLF, lone CR, mixed), with and without a final newline and
// a byte-order mark, Windows-1252 bytes, lines edited and lines removed anywhere, the last ones
// included.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyFixes } from '../../src/fix/apply.js';
import { byteDiff } from '../../src/fix/diff.js';
import type { FindingFix } from '../../src/core/findings.js';
import { tempDir } from '../helpers.js';

const latin1 = (s: string) => Buffer.from(s, 'latin1');

/** `original` with `fixes` applied, and its diff. */
function diffOf(original: Buffer, fixes: FindingFix[]): { fixed: Uint8Array; diff: Buffer } {
  const applied = applyFixes(original, 'windows-1252', fixes);
  if (!applied.ok) throw new Error(applied.reason);
  return { fixed: applied.bytes, diff: Buffer.from(byteDiff('f.mat', original, applied.bytes, applied.changes)) };
}

const edit = (line: number, from: string, to: string): FindingFix => ({ edits: [{ line, column: 1, from, to }] });
const remove = (line: number, lines: number): FindingFix => ({ edits: [], remove: { line, lines } });

describe('byteDiff: the cases a line-by-line pairing got wrong', () => {
  it('a file with no final newline whose last lines are removed: the line left last loses its end', () => {
    const { diff } = diffOf(latin1('a\nb\nc\nd'), [remove(3, 2)]);
    expect(diff.toString('latin1')).toBe(
      '--- f.mat\n+++ f.mat\n@@ -1,4 +1,2 @@\n a\n-b\n-c\n-d\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n',
    );
  });

  it('the line left last edited too', () => {
    const { diff } = diffOf(latin1('abc\nd\nghi'), [edit(2, 'd', 'D'), remove(3, 1)]);
    expect(diff.toString('latin1')).toBe(
      '--- f.mat\n+++ f.mat\n@@ -1,3 +1,2 @@\n abc\n-d\n-ghi\n\\ No newline at end of file\n+D\n\\ No newline at end of file\n',
    );
  });

  it("lone CRs are inside patch's lines, which end at a LF", () => {
    const { diff } = diffOf(latin1('a\rb\rc\r'), [edit(2, 'b', 'B')]);
    expect(diff.toString('latin1')).toBe(
      '--- f.mat\n+++ f.mat\n@@ -1,1 +1,1 @@\n-a\rb\rc\r\n\\ No newline at end of file\n+a\rB\rc\r\n\\ No newline at end of file\n',
    );
  });
});

const hasPatch = spawnSync('patch', ['--version']).status === 0;

describe.skipIf(!hasPatch)('byteDiff: GNU patch --fuzz=0 makes the fixed copy of 400 random files', () => {
  it('every one', () => {
    // A small deterministic generator: the same files every run.
    let seed = 12345;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const ENDS = ['\n', '\r\n', '\r'];
    const dir = tempDir('bgaudit-byte-diff-');
    const file = join(dir, 'f.mat');
    for (let round = 0; round < 400; round++) {
      const count = 1 + random(20);
      const style = random(4); // LF, CRLF, lone CR, or mixed
      const lines: string[] = [];
      let text = random(5) === 0 ? '\xef\xbb\xbf' : '';
      for (let n = 0; n < count; n++) {
        const body = `l${n}${random(6) === 0 ? ' caf\xe9' : ''}${random(4) === 0 ? ' same' : ''}`;
        lines.push(body);
        const end = style === 3 ? (ENDS[random(3)] ?? '\n') : (ENDS[style] ?? '\n');
        text += body + (n === count - 1 && random(3) === 0 ? '' : end);
      }
      const fixes: FindingFix[] = [];
      let n = 1;
      while (n <= count) {
        const what = random(5);
        if (what === 0) {
          const k = 1 + random(Math.min(3, count - n + 1));
          fixes.push(remove(n, k));
          n += k;
        } else {
          if (what === 1 && !(lines[n - 1] ?? '').includes('\xe9') && !(n === 1 && text.startsWith('\xef')))
            fixes.push(edit(n, 'l', 'L'));
          n++;
        }
      }
      if (fixes.length === 0) continue;
      const original = latin1(text);
      const { fixed, diff } = diffOf(original, fixes);
      writeFileSync(file, original);
      const patched = spawnSync('patch', ['--fuzz=0', '--no-backup-if-mismatch', '-s', 'f.mat'], {
        cwd: dir,
        input: diff,
      });
      const context = `round ${round}: ${JSON.stringify(text)} ${JSON.stringify(fixes)}`;
      expect(patched.status, `${context}\n${patched.stdout.toString()}${patched.stderr.toString()}`).toBe(0);
      expect(Buffer.from(readFileSync(file)).equals(Buffer.from(fixed)), context).toBe(true);
    }
  });
});
