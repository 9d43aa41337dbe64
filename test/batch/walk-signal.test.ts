// Ctrl-C during a long walk: a tree of empty folders gives the run no file for as long as it is
// walked, and the signal must still be acted on at once (the spool folder removed, the process
// ended by the signal), not after the walk.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';

const BIN = join(ROOT, 'dist', 'bin', 'bgaudit.js');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(process.platform === 'win32')('a signal during a long walk', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bgaudit-walk-signal-'));
    // 10,000 empty folders: a walk of a second or so, with no file in it.
    for (let i = 0; i < 100; i++) {
      const d = join(dir, 'tree', `d${i}`);
      mkdirSync(d, { recursive: true });
      for (let j = 0; j < 100; j++) mkdirSync(join(d, `e${j}`));
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('SIGINT is acted on while the walk goes on: ended by the signal at once, no spool left', async () => {
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp);
    const child = spawn(process.execPath, [BIN, 'verify', join(dir, 'tree'), '--format', 'ndjson', '--jobs', '1'], {
      stdio: ['ignore', 'ignore', 'ignore'],
      env: { ...process.env, TMPDIR: tmp },
    });
    let endedAt = 0;
    const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
      child.on('exit', (code, signal) => {
        endedAt = Date.now();
        done({ code, signal });
      }),
    );
    // The spool folder is made just before the walk begins.
    for (let k = 0; k < 400 && readdirSync(tmp).length === 0; k++) await sleep(10);
    expect(readdirSync(tmp)).toHaveLength(1);
    await sleep(30);
    // Still walking: otherwise this test says nothing.
    expect(child.exitCode).toBeNull();
    const sentAt = Date.now();
    child.kill('SIGINT');
    // Ended as Ctrl-C ends a process (a shell shows 130), not once the walk is over (exit 2,
    // "no match file to read"), and promptly: the walk lets the event loop turn every few ms.
    expect(await ended).toEqual({ code: null, signal: 'SIGINT' });
    expect(endedAt - sentAt).toBeLessThan(1500);
    expect(readdirSync(tmp)).toEqual([]);
  });
});
