// A large file's rendered text spooled to disk: written a block at a time, read back
// in pieces of whole characters, the run's folder private and removed.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Spool, SpoolError, makeSpoolDir, spooledPieces } from '../../src/batch/spool.js';

const dir = mkdtempSync(join(tmpdir(), 'bgaudit-spool-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Spool', () => {
  it('writes a block once 1 M characters are held, and holds no more than a block', () => {
    const spool = new Spool(dir);
    const w = spool.writer('json');
    const line = 'x'.repeat(1000);
    for (let i = 0; i < 1048; i++) w.write(line); // 1,048,000 characters: under a block
    expect(readdirSync(dir)).toEqual([]);
    for (let i = 0; i < 100; i++) w.write(line);
    const [name] = readdirSync(dir);
    expect(statSync(join(dir, name)).size).toBe(1_049_000); // written at the first block's end, the rest held
    const path = w.close();
    expect(path).toBe(join(dir, name));
    expect(readFileSync(join(dir, name), 'utf8')).toBe(line.repeat(1148));
    expect(statSync(join(dir, name)).mode & 0o777).toBe(0o600);
    rmSync(join(dir, name));
  });

  it('a format with nothing written has no file', () => {
    const w = new Spool(dir).writer('txt');
    w.write('');
    expect(w.close()).toBeNull();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a spool folder that cannot be written is a SpoolError', () => {
    const gone = join(dir, 'gone');
    const w = new Spool(gone).writer('csv');
    w.write('a');
    expect(() => w.close()).toThrow(SpoolError);
  });
});

describe('spooledPieces', () => {
  it('reads whole characters, a character cut by a piece boundary kept for the next', () => {
    const text = 'ab€cdé😀\n'.repeat(50);
    const path = join(dir, 'chars');
    writeFileSync(path, text);
    for (const size of [1, 2, 3, 5, 64]) {
      const pieces = [...spooledPieces(path, size)];
      expect(pieces.join('')).toBe(text);
      expect(pieces.every((p) => p.length > 0)).toBe(true);
      expect(pieces.length).toBeGreaterThan(Buffer.byteLength(text) / size / 4 - 1);
    }
  });
});

describe('makeSpoolDir', () => {
  it('makes a folder only its owner can enter, and removes it with what it holds', () => {
    const s = makeSpoolDir();
    if (s === null) throw new Error('no spool folder');
    expect(statSync(s.dir).mode & 0o777).toBe(0o700);
    writeFileSync(join(s.dir, 'left.json'), 'x');
    s.remove();
    expect(existsSync(s.dir)).toBe(false);
  });

  it('is null when the temporary folder cannot be written (the output is then held)', () => {
    const before = process.env.TMPDIR;
    process.env.TMPDIR = join(dir, 'no-such-folder');
    try {
      expect(makeSpoolDir()).toBeNull();
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
    }
  });
});
