// Outputs on a disk that fills up: a write to a regular file may take part of its bytes without
// an error, and the next one fails (ENOSPC). Every writer loops until each byte is in, and a
// failure ends the run with one sentence: never a file cut mid-row in silence. The system call
// is injected: a full disk needs a small file system, which a test cannot mount.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { WriteBytes } from '../../src/report/fd-writer.js';
import { openOutput, UsageError } from '../../src/commands/common.js';
import { Spool, SpoolError } from '../../src/batch/spool.js';

const dir = mkdtempSync(join(tmpdir(), 'bgaudit-fd-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The real system call, taking at most `most` bytes a call; past `room` bytes in all, ENOSPC (or 0). */
function disk(most: number, room = Infinity, full: 'ENOSPC' | 'zero' = 'ENOSPC'): WriteBytes {
  let taken = 0;
  return (fd, buffer, offset, length) => {
    const n = Math.min(length, most, room - taken);
    if (n <= 0) {
      if (full === 'zero') return 0;
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    }
    taken += n;
    return writeSync(fd, buffer, offset, n);
  };
}

const text = 'file,match,game\n' + 'é€𝄞 row,1,2\n'.repeat(5000);

describe('writeAll', () => {
  it.each([1, 7, 4096, 1 << 20])('writes every byte when each call takes at most %i', (most) => {
    const path = join(dir, `all-${most}.csv`);
    const out = openOutput(path, { writeBytes: disk(most) });
    out.write(text);
    out.finish();
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it.each(['ENOSPC', 'zero'] as const)(
    'a disk that fills mid-text (then %s) is one sentence, never a silent cut',
    (full) => {
      const path = join(dir, `full-${full}.csv`);
      const out = openOutput(path, { writeBytes: disk(4096, 10_000, full) });
      expect(() => out.write(text)).toThrow(UsageError);
      expect(() => out.write(text)).toThrow(`cannot write ${path}: no space left on the device`);
      out.close();
    },
  );

  it('a spool file on a disk that fills is a SpoolError, not a cut report', () => {
    const folder = join(dir, 'spool');
    mkdirSync(folder);
    const short = new Spool(folder, disk(1000)).writer('json');
    short.write('x'.repeat(3 << 20));
    const path = short.close();
    expect(path && readFileSync(path, 'utf8').length).toBe(3 << 20);
    const full = new Spool(folder, disk(1000, 100_000)).writer('json');
    expect(() => {
      full.write('x'.repeat(3 << 20));
      full.close();
    }).toThrow(SpoolError);
  });
});
