// An output file that is a pipe (a FIFO): the run writes what its reader takes, and a reader that
// stops reading ends the run with one sentence and exit 2 after --output-timeout, never a run
// that waits for it for ever.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cli, FIXTURES } from '../helpers.js';
import { openOutput, UsageError } from '../../src/commands/common.js';

const dir = mkdtempSync(join(tmpdir(), 'bgaudit-output-pipe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let reader: ChildProcess | null = null;
afterEach(() => {
  // The reader's shell and what it started (head, sleep): its own process group.
  if (reader?.pid !== undefined)
    try {
      process.kill(-reader.pid, 'SIGKILL');
    } catch {
      // ended already
    }
  reader = null;
});

/**
 * A FIFO and a reader that has opened it (the run's open needs one), then runs `script` on it as
 * fd 3. Opened for reading and writing, so that the open does not wait for a writer; it never
 * sees an end of file, and reads what it was told to.
 */
async function fifoWithReader(name: string, script: string): Promise<string> {
  const fifo = join(dir, name);
  execFileSync('mkfifo', [fifo]);
  const started = join(dir, `${name}.started`);
  reader = spawn('sh', ['-c', `exec 3<>"$1"; : > "$2"; ${script}`, 'sh', fifo, started], {
    stdio: 'ignore',
    cwd: dir,
    detached: true,
  });
  for (let k = 0; k < 500; k++) {
    try {
      readFileSync(started);
      return fifo;
    } catch {
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  throw new Error('the reader did not start');
}

describe.skipIf(process.platform === 'win32')('an output that is a pipe', () => {
  it('a reader that reads a little then stops: exit 2, one sentence, after --output-timeout', async () => {
    // 4 KB read, then nothing, the pipe held open: the HTML page of the fixtures is far more
    // than a pipe holds.
    const fifo = await fifoWithReader('stops', 'head -c 4096 <&3 >/dev/null; sleep 60');
    const started = Date.now();
    const r = await cli('verify', FIXTURES, '-q', '--html', fifo, '--output-timeout', '1');
    const took = Date.now() - started;
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `bgaudit: cannot write ${fifo}: the pipe's reader took nothing for 1 s (--output-timeout); the run was stopped`,
    );
    expect(took).toBeLessThan(20_000);
  }, 60_000);

  it('the timeout is waited once: a later write (the flush timer, then the run) fails at once', async () => {
    const fifo = await fifoWithReader('once', 'head -c 4096 <&3 >/dev/null; sleep 60');
    const out = openOutput(fifo, { timeoutMs: 300 });
    const first = Date.now();
    expect(() => out.write('x'.repeat(200_000))).toThrow(UsageError);
    expect(Date.now() - first).toBeGreaterThanOrEqual(300);
    const second = Date.now();
    expect(() => out.write('y')).toThrow("the pipe's reader took nothing for 0.3 s (--output-timeout)");
    expect(Date.now() - second).toBeLessThan(100);
    out.close();
  }, 60_000);

  it('a reader that reads it all gets every byte, as a file does', async () => {
    const file = await cli('verify', FIXTURES, '-q', '--html', join(dir, 'file.html'));
    expect(file.code).toBe(1);
    const page = readFileSync(join(dir, 'file.html'));
    // It reads slowly, 16 KB at a time, the page's length in all: the run waits for it.
    const pieces = Array.from({ length: Math.ceil(page.length / 16384) }, (_, k) =>
      Math.min(16384, page.length - k * 16384),
    );
    const fifo = await fifoWithReader(
      'reads',
      `{ ${pieces.map((n) => `head -c ${n} <&3; sleep 0.05;`).join(' ')} } > copy.html`,
    );
    const r = await cli('verify', FIXTURES, '-q', '--html', fifo, '--output-timeout', '5');
    expect(r.code).toBe(1);
    await new Promise<void>((done) => (reader?.exitCode !== null ? done() : reader.on('exit', () => done())));
    expect(readFileSync(join(dir, 'copy.html')).equals(page)).toBe(true);
  }, 60_000);
});
