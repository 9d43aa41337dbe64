// The installed command as a process: exit codes, and a reader that stops early.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIXTURES, ROOT, tempDir } from './helpers.js';

const BIN = join(ROOT, 'dist', 'bin', 'bgaudit.js');

describe('the bgaudit command', () => {
  it('exits 0 on a clean file, 1 on findings, 2 on usage errors', () => {
    const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' }).status;
    expect(run('verify', join(FIXTURES, 'scoring', 'match-winning-gammon-credited.mat'))).toBe(0);
    expect(run('verify', join(FIXTURES, 'scoring', 'gammon-on-drop.mat'))).toBe(1);
    expect(run('verify')).toBe(2);
  });

  // The library's modules (what bench:trust runs; `main` is their bundle, dist/lib) start the same
  // bundled worker as the command: from dist/src they find it in dist/bin.
  it('runs from the library modules in dist/src as from the bundle', () => {
    const lib = join(ROOT, 'dist', 'src', 'cli-main.js');
    const out = spawnSync(process.execPath, [lib, 'verify', join(FIXTURES, 'scoring', 'gammon-on-drop.mat')], {
      encoding: 'utf8',
    });
    expect(out.stderr).toBe('');
    expect(out.status).toBe(1);
    expect(out.stdout).toContain('gammon-on-drop');
  });

  // The package's `main`: the library bundled with its dependencies, its runs' worker from dist/bin.
  it('runs from the library bundle (dist/lib), the package main', () => {
    const lib = pathToFileURL(join(ROOT, 'dist', 'lib', 'index.js')).href;
    const file = join(FIXTURES, 'scoring', 'gammon-on-drop.mat');
    const script =
      `const m = await import(${JSON.stringify(lib)});` +
      `const code = await m.run(['verify', ${JSON.stringify(file)}], { stdout: (s) => process.stdout.write(s), stderr: (s) => process.stderr.write(s) });` +
      'process.exitCode = code;';
    const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(out.stderr).toBe('');
    expect(out.status).toBe(1);
    expect(out.stdout).toContain('gammon-on-drop');
  });

  // `npx bgaudit` runs the bin file itself: a fresh `npm ci` must leave it executable (tsc does
  // not set the mode; the build does).
  it.skipIf(process.platform === 'win32')('runs as an executable file, as npx runs it', () => {
    const out = spawnSync(BIN, ['verify', join(FIXTURES, 'scoring', 'gammon-on-drop.mat')], { encoding: 'utf8' });
    expect(out.error).toBeUndefined();
    expect(out.status).toBe(1);
    expect(out.stdout).toContain('gammon-on-drop');
  });

  // A reader that stops early: the run ends at once, quietly, never as a success (141, as a
  // process ended by SIGPIPE), and a file read in pieces leaves no spool folder behind.
  it.each([
    ['the fixtures', (_dir: string) => [FIXTURES]],
    [
      'a file read in pieces',
      (dir: string) => {
        const one = readFileSync(join(FIXTURES, 'mat', 'gnubg-money-beavers.mat'));
        writeFileSync(join(dir, 'big.mat'), Buffer.concat(Array.from({ length: 300 }, () => one)));
        return [join(dir, 'big.mat'), '--max-file-size', '64k'];
      },
    ],
  ])('stops quietly, exit 141, when the reader closes the pipe (`| head`): %s', async (_, args) => {
    const dir = tempDir('bgaudit-pipe-');
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp);
    const child = spawn(process.execPath, [BIN, 'verify', ...args(dir), '--format', 'ndjson', '--jobs', '1'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TMPDIR: tmp },
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(stderr).not.toContain('EPIPE');
    expect(code).toBe(141);
    expect(readdirSync(tmp)).toEqual([]);
  });

  // A file read in pieces spools its report to a folder of its own: an interrupted run
  // removes it, and still ends as interrupted.
  it.skipIf(process.platform === 'win32').each(['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGALRM'] as const)(
    'removes its spool folder when stopped by %s',
    async (signal) => {
      const dir = tempDir('bgaudit-signal-');
      const tmp = join(dir, 'tmp');
      mkdirSync(tmp);
      const one = readFileSync(join(FIXTURES, 'mat', 'gnubg-money-beavers.mat'));
      writeFileSync(join(dir, 'big.mat'), Buffer.concat(Array.from({ length: 3000 }, () => one)));
      const child = spawn(
        process.execPath,
        [BIN, 'verify', join(dir, 'big.mat'), '--format', 'ndjson', '--jobs', '1', '--max-file-size', '64k'],
        { stdio: ['ignore', 'ignore', 'ignore'], env: { ...process.env, TMPDIR: tmp } },
      );
      const ended = new Promise<NodeJS.Signals | null>((done) => child.on('close', (_, s) => done(s)));
      // Once the run has written to its spool folder.
      for (let k = 0; k < 200 && !readdirSync(tmp).some((d) => readdirSync(join(tmp, d)).length > 0); k++)
        await new Promise((r) => setTimeout(r, 50));
      expect(readdirSync(tmp)).toHaveLength(1);
      child.kill(signal);
      expect(await ended).toBe(signal);
      expect(readdirSync(tmp)).toEqual([]);
    },
  );

  // Nothing of a process runs after SIGKILL, nor after V8 aborts it (a single allocation past a
  // worker's heap limit, which the limit does not catch): the spool folder such a run leaves is
  // removed by the next run (a folder whose process is gone), not left in the temporary folder
  // for good.
  it.skipIf(process.platform === 'win32')(
    'the spool folder of a run ended by SIGKILL is removed by the next run',
    async () => {
      const dir = tempDir('bgaudit-killed-');
      const tmp = join(dir, 'tmp');
      mkdirSync(tmp);
      const one = readFileSync(join(FIXTURES, 'mat', 'gnubg-money-beavers.mat'));
      writeFileSync(join(dir, 'big.mat'), Buffer.concat(Array.from({ length: 3000 }, () => one)));
      const env = { ...process.env, TMPDIR: tmp };
      const child = spawn(
        process.execPath,
        [BIN, 'verify', join(dir, 'big.mat'), '--format', 'ndjson', '--jobs', '1', '--max-file-size', '64k'],
        { cwd: dir, stdio: 'ignore', env },
      );
      const ended = new Promise<NodeJS.Signals | null>((done) => child.on('close', (_, s) => done(s)));
      // Once the run has written to its spool folder.
      for (let k = 0; k < 200 && !readdirSync(tmp).some((d) => readdirSync(join(tmp, d)).length > 0); k++)
        await new Promise((r) => setTimeout(r, 50));
      child.kill('SIGKILL');
      expect(await ended).toBe('SIGKILL');
      expect(readdirSync(tmp).filter((n) => n.startsWith('bgaudit-spool-'))).toHaveLength(1);
      const small = join(FIXTURES, 'scoring', 'match-winning-gammon-credited.mat');
      const next = spawnSync(process.execPath, [BIN, 'verify', small, '--format', 'ndjson'], {
        cwd: dir,
        env,
        stdio: 'ignore',
      });
      expect(next.status).toBe(0);
      expect(readdirSync(tmp)).toEqual([]);
    },
    60_000,
  );

  // Node opens its inspector on SIGUSR1 (and says so on stderr) unless the process listens for it.
  // The signal is sent once the run has written its first reports: the command is loaded by then.
  it.skipIf(process.platform === 'win32')('SIGUSR1 opens no debugger port, and the run goes on', async () => {
    const dir = tempDir('bgaudit-usr1-');
    const one = readFileSync(join(FIXTURES, 'mat', 'gnubg-money-beavers.mat'));
    for (let k = 0; k < 300; k++) writeFileSync(join(dir, `m${k}.mat`), one);
    const child = spawn(process.execPath, [BIN, 'verify', dir, '--jobs', '1', '--format', 'ndjson'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.once('data', () => child.kill('SIGUSR1'));
    child.stdout.resume();
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(stderr).not.toContain('Debugger listening');
    expect(code).toBe(0);
  });
});
