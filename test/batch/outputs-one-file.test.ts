// Each output needs a file of its own, however it is named, and an output never waits on a pipe
// that nobody reads: both are usage errors (exit 2) before anything is written.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, ROOT } from '../helpers.js';

const BIN = join(ROOT, 'dist', 'bin', 'bgaudit.js');
const good = join(FIXTURES, 'scoring', 'crawford-post-crawford.mat');
const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/** A folder with `old.csv` (kept text), a hard link and a symbolic link to it, a link to a file not yet made, and `sub/`. */
function place(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bgaudit-outputs-'));
  made.push(dir);
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'old.csv'), 'kept\n');
  linkSync(join(dir, 'old.csv'), join(dir, 'hard.csv'));
  symlinkSync('old.csv', join(dir, 'soft.csv'));
  symlinkSync('new.html', join(dir, 'to-new.html'));
  return dir;
}

function run(args: string[], cwd: string) {
  return spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: 30_000 });
}

describe('two outputs on one file', () => {
  it.each([
    ['--csv X --html X', ['verify', good, '--csv', 'x.out', '--html', 'x.out']],
    ['--csv X --write-baseline X', ['verify', good, '--csv', 'x.out', '--write-baseline', 'x.out']],
    ['csv -o X --write-baseline X', ['csv', good, '-o', 'x.out', '--write-baseline', 'x.out']],
    ['the same path written two ways', ['verify', good, '--csv', 'x.out', '--html', 'sub/../x.out']],
    ['an absolute and a relative path', ['verify', good, '--csv', 'x.out', '--html', '$DIR/x.out']],
    ['a hard link', ['verify', good, '--csv', 'old.csv', '--write-baseline', 'hard.csv']],
    ['a symbolic link', ['verify', good, '--csv', 'soft.csv', '--html', 'old.csv']],
    ['a symbolic link to a file not yet made', ['verify', good, '--csv', 'new.html', '--html', 'to-new.html']],
  ])('%s: exit 2, nothing written', (_what, args) => {
    const dir = place();
    const got = run(
      args.map((a) => a.replace('$DIR', dir)),
      dir,
    );
    expect(got.status).toBe(2);
    expect(got.stderr).toContain('two outputs are one file');
    expect(readFileSync(join(dir, 'old.csv'), 'utf8')).toBe('kept\n');
    expect(() => readFileSync(join(dir, 'x.out'))).toThrow();
    expect(() => readFileSync(join(dir, 'new.html'))).toThrow();
  });

  it('outputs on files of their own are written', () => {
    const dir = place();
    const got = run(['verify', good, '--csv', 'x.csv', '--html', 'x.html', '--write-baseline', 'x.json'], dir);
    expect(got.status).not.toBe(2);
    for (const f of ['x.csv', 'x.html', 'x.json']) expect(readFileSync(join(dir, f), 'utf8').length).toBeGreaterThan(0);
  });
});

describe('an output that is a FIFO', () => {
  it('with no reader: exit 2 at once, not a run that waits for one', () => {
    const dir = place();
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    const got = run(['verify', good, '--csv', 'fifo'], dir);
    expect(got.signal).toBeNull();
    expect(got.status).toBe(2);
    expect(got.stderr).toContain('no reader');
  });

  it('with its reader: written whole', async () => {
    const dir = place();
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const reader = spawn('cat', [fifo]);
    let read = '';
    reader.stdout.on('data', (b: Buffer) => (read += b.toString()));
    const ended = new Promise((done) => reader.on('close', done));
    // The reader opens the FIFO first: wait until it has (its open blocks until a writer comes).
    await new Promise((r) => setTimeout(r, 300));
    const got = run(['verify', good, '--csv', fifo], dir);
    await ended;
    expect(got.status).not.toBe(2);
    expect(read.split('\n')[0]).toMatch(/^file,/);
  });
});
