// The results cache as a user meets it: a run again over the same files writes what a run without
// the cache writes, in every output, and audits nothing again; a file changed is audited again, a
// file moved or renamed is not and is reported under its new name; an entry flipped, cut, another
// file's or written by two runs at once is never believed; a cache folder that cannot be written
// costs one warning; and the cache holds no path of the archive.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { CORPUS, FIXTURES, ROOT, cli, tempDir } from '../helpers.js';

const MATS = readdirSync(join(FIXTURES, 'mat')).filter((f) => f.endsWith('.mat'));
const SGFS = readdirSync(join(FIXTURES, 'sgf')).filter((f) => f.endsWith('.sgf'));
const XG = readdirSync(join(CORPUS, 'xg')).find((f) => f.endsWith('.xg')) ?? '';
/** A file whose first result is "Wins 1 point": one result's points to change. */
const CHANGED = 'galaxy-names-with-spaces.mat';

let archive = '';
let cache = '';
beforeEach(() => {
  const dir = tempDir('bgaudit-results-cache-');
  archive = join(dir, 'archive');
  cache = join(dir, 'cache');
  mkdirSync(join(archive, 'sgf'), { recursive: true });
  for (const f of MATS) copyFileSync(join(FIXTURES, 'mat', f), join(archive, f));
  for (const f of SGFS) copyFileSync(join(FIXTURES, 'sgf', f), join(archive, 'sgf', f));
  copyFileSync(join(CORPUS, 'xg', XG), join(archive, 'match.xg'));
});

/** The packs the cache holds, by their paths in it: a run that audits a file anew writes its entry into one. */
const packs = () => {
  const root = join(cache, 'results');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.pack'))
    .sort();
};

async function verify(...args: string[]) {
  return cli('verify', archive, '--format', 'ndjson', '-q', '--cache-dir', cache, ...args);
}

describe('the results cache', () => {
  it.each([
    ['verify --format ndjson', ['verify', '--format', 'ndjson', '-q']],
    ['verify --format json --info', ['verify', '--format', 'json', '--min-severity', 'info', '-q']],
    ['verify (text)', ['verify', '--color', 'never', '--info', '-q']],
    ['verify --format concise', ['verify', '--format', 'concise', '-q']],
    ['verify --no-duplicates', ['verify', '--format', 'ndjson', '--no-duplicates', '-q']],
    ['csv', ['csv']],
    ['csv --per match', ['csv', '--per', 'match']],
    ['players --format json', ['players', '--format', 'json']],
    ['dice --by player --format json', ['dice', '--by', 'player', '--format', 'json', '-q']],
    ['dice --by file', ['dice', '--by', 'file', '-q']],
  ])(
    '%s: a run again writes what an uncached run writes, and audits no file again',
    async (_, [command = '', ...rest]) => {
      const uncached = await cli(command, archive, '--no-cache', ...rest);
      expect(existsSync(cache)).toBe(false);
      const first = await cli(command, archive, '--cache-dir', cache, ...rest);
      const written = packs();
      expect(written.length).toBeGreaterThan(0);
      const again = await cli(command, archive, '--cache-dir', cache, ...rest);
      expect(packs()).toEqual(written); // every file from the cache: nothing written
      for (const run of [first, again]) {
        expect(run.stdout).toBe(uncached.stdout);
        expect(run.stderr).toBe(uncached.stderr);
        expect(run.code).toBe(uncached.code);
      }
    },
  );

  it('the HTML report and the per-game CSV written beside a report are the same from the cache', async () => {
    const out = tempDir('bgaudit-results-cache-out-');
    const files = (tag: string) => ['--html', join(out, `${tag}.html`), '--csv', join(out, `${tag}.csv`)];
    await cli('verify', archive, '-q', '--no-cache', ...files('uncached'));
    await verify(...files('first'));
    const written = packs();
    await verify(...files('again'));
    expect(packs()).toEqual(written);
    for (const ext of ['html', 'csv']) {
      const uncached = readFileSync(join(out, `uncached.${ext}`));
      expect(readFileSync(join(out, `first.${ext}`)).equals(uncached)).toBe(true);
      expect(readFileSync(join(out, `again.${ext}`)).equals(uncached)).toBe(true);
    }
  });

  it("a file changed between runs is audited again: one result's points give their finding", async () => {
    await verify();
    const path = join(archive, CHANGED);
    const text = readFileSync(path, 'latin1');
    expect(text).toContain('Wins 1 point');
    writeFileSync(path, text.replace('Wins 1 point', 'Wins 2 points'), 'latin1'); // a refused double's
    const before = packs();
    const run = await verify();
    expect(packs().length).toBe(before.length + 1); // that file alone audited again
    expect(run.stdout).toBe((await cli('verify', archive, '--format', 'ndjson', '-q', '--no-cache')).stdout);
    const changed = run.stdout.split('\n').filter((l) => l.includes(CHANGED));
    expect(changed.join('\n')).toContain('"code":"gammon-on-drop"');
  });

  it('a file moved or renamed is read from the cache, and reported under its new name', async () => {
    await verify();
    const written = packs();
    mkdirSync(join(archive, 'moved'));
    renameSync(join(archive, CHANGED), join(archive, 'moved', 'renamed.mat'));
    renameSync(join(archive, 'match.xg'), join(archive, 'moved', 'other name.xg'));
    const run = await verify();
    expect(packs()).toEqual(written);
    expect(run.stdout).toBe((await cli('verify', archive, '--format', 'ndjson', '-q', '--no-cache')).stdout);
    expect(run.stdout).toContain(JSON.stringify(join(archive, 'moved', 'renamed.mat')));
    expect(run.stdout).toContain(JSON.stringify(join(archive, 'moved', 'other name.xg')));
    expect(run.stdout).not.toContain(CHANGED);
  });

  it("a name's ending a reader goes by is part of the key: an .xg file's bytes named .xgp are a position", async () => {
    await verify();
    const position = join(archive, 'same bytes.xgp');
    copyFileSync(join(archive, 'match.xg'), position);
    const uncached = await cli('verify', position, '--format', 'ndjson', '-q', '--no-cache');
    expect(uncached.stdout).toContain('position file (.xgp), not a match');
    expect((await cli('verify', position, '--format', 'ndjson', '-q', '--cache-dir', cache)).stdout).toBe(
      uncached.stdout,
    );
  });

  it('a file named .xgp, and nothing else, is a position: not served the entry of the same bytes unnamed', async () => {
    const dir = tempDir('bgaudit-results-cache-');
    const [plain, dot] = [join(dir, 'plain'), join(dir, '.xgp')];
    copyFileSync(join(archive, 'match.xg'), plain);
    copyFileSync(join(archive, 'match.xg'), dot);
    await cli('verify', plain, '-q', '--cache-dir', cache);
    const uncached = await cli('verify', dot, '--format', 'ndjson', '-q', '--no-cache');
    expect(uncached.stdout).toContain('position file (.xgp), not a match');
    expect((await cli('verify', dot, '--format', 'ndjson', '-q', '--cache-dir', cache)).stdout).toBe(uncached.stdout);
  });

  it('a cache folder inside the archive is passed by: every run reports the same files', async () => {
    const inside = join(archive, 'cache');
    const run = () => cli('verify', archive, '--color', 'never', '--info', '-q', '--cache-dir', inside);
    const [first, again] = [await run(), await run()];
    const uncached = await cli('verify', archive, '--color', 'never', '--info', '-q', '--no-cache');
    expect(existsSync(join(inside, 'CACHEDIR.TAG'))).toBe(true);
    for (const r of [first, again]) {
      expect(r.stdout).toBe(uncached.stdout);
      expect(r.stderr).toBe(uncached.stderr);
    }
  });

  it('--cache-dir with no folder is a usage error, not the current folder', async () => {
    const r = await cli('verify', archive, '-q', '--cache-dir', '');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--cache-dir needs a folder');
  });

  it("a file whose reports name it is not kept (the cache holds no file's name)", async () => {
    // A match whose player is called as its file is: its reports hold the file's name.
    const dir = tempDir('bgaudit-results-cache-');
    const text = readFileSync(join(FIXTURES, 'mat', CHANGED), 'latin1');
    const player = 'lasse';
    expect(text).toContain(`${player} : 0`);
    const named = join(dir, player);
    writeFileSync(named, text, 'latin1');
    const uncached = await cli('verify', named, '--format', 'ndjson', '-q', '--no-cache');
    expect(uncached.stdout).toContain(`"${player}"`);
    expect((await cli('verify', named, '--format', 'ndjson', '-q', '--cache-dir', cache)).stdout).toBe(uncached.stdout);
    expect(packs()).toEqual([]);
  });

  it('another setting that decides an audit is another entry', async () => {
    await verify();
    const written = packs();
    const run = await verify('--no-crawford');
    expect(packs().length).toBeGreaterThan(written.length);
    expect(run.stdout).toBe(
      (await cli('verify', archive, '--format', 'ndjson', '-q', '--no-cache', '--no-crawford')).stdout,
    );
  });

  /** Spoils the cache's files with `spoil`; the run after it writes what an uncached run writes, and the one after reads it all. */
  async function spoiled(spoil: (pack: string, index: string) => void): Promise<void> {
    const uncached = (await cli('verify', archive, '--format', 'ndjson', '-q', '--no-cache')).stdout;
    await verify();
    const dir = join(cache, 'results');
    for (const pack of packs()) spoil(join(dir, pack), join(dir, pack.replace(/\.pack$/, '.idx')));
    expect((await verify()).stdout).toBe(uncached);
    // What was passed over was written again, and is found: a third run audits nothing.
    const written = packs();
    expect((await verify()).stdout).toBe(uncached);
    expect(packs()).toEqual(written);
  }

  it('an entry with a flipped byte is passed over and written again', async () => {
    await spoiled((pack) => {
      const bytes = readFileSync(pack);
      for (let at = 100; at < bytes.length; at += 997) bytes[at] = (bytes[at] ?? 0) ^ 0x20;
      writeFileSync(pack, bytes);
    });
  });

  it('a pack cut short is passed over where it is cut', async () => {
    await spoiled((pack) => writeFileSync(pack, readFileSync(pack).subarray(0, 3000)));
  });

  it('an index cut short, or emptied, loses only the entries it no longer names', async () => {
    await spoiled((_, index) => writeFileSync(index, readFileSync(index).subarray(0, 48 * 3 + 7)));
  });

  it("an index that names another file's entry under a key is never believed", async () => {
    await spoiled((_, index) => {
      // Each record's key swapped with the next one's: every key points at another file's entry.
      const bytes = readFileSync(index);
      const records = Math.floor(bytes.length / 48);
      const out = Buffer.from(bytes);
      for (let k = 0; k + 1 < records; k += 2) {
        bytes.copy(out, k * 48, (k + 1) * 48, (k + 1) * 48 + 32);
        bytes.copy(out, (k + 1) * 48, k * 48, k * 48 + 32);
      }
      writeFileSync(index, out);
    });
  });

  it('an index of records with a bad CRC is passed over', async () => {
    await spoiled((_, index) => writeFileSync(index, Buffer.alloc(readFileSync(index).length, 0xab)));
  });

  it('two runs at once on one cache both write what an uncached run writes', async () => {
    const uncached = (await cli('verify', archive, '--format', 'ndjson', '-q', '--no-cache')).stdout;
    const bin = join(ROOT, 'dist', 'bin', 'bgaudit.js');
    const once = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, [
          bin,
          'verify',
          archive,
          '--format',
          'ndjson',
          '-q',
          '--cache-dir',
          cache,
        ]);
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.on('error', reject);
        child.on('close', () => resolve(out));
      });
    const [a, b] = await Promise.all([once(), once()]);
    expect(a).toBe(uncached);
    expect(b).toBe(uncached);
    const written = packs();
    expect((await verify()).stdout).toBe(uncached);
    expect(packs()).toEqual(written);
  });

  it('a cache folder that cannot be written: the run completes, uncached, with one warning', async () => {
    const uncached = await cli('verify', archive, '--format', 'ndjson', '-q', '--no-cache');
    const blocker = join(tempDir('bgaudit-results-cache-'), 'a file');
    writeFileSync(blocker, 'not a folder');
    const run = await cli('verify', archive, '--format', 'ndjson', '-q', '--cache-dir', join(blocker, 'cache'));
    expect(run.stdout).toBe(uncached.stdout);
    expect(run.code).toBe(uncached.code);
    const extra = run.stderr.replace(uncached.stderr, '').trim().split('\n');
    expect(extra).toHaveLength(1);
    expect(extra[0]).toMatch(/^bgaudit: the results cache in .* cannot be written \(.*\): this run is not cached$/);
  });

  it("holds no path of the archive: not the folder's, not a file's name", async () => {
    await verify();
    await cli('csv', archive, '--cache-dir', cache, '--per', 'match');
    await cli('players', archive, '--cache-dir', cache);
    await cli('dice', archive, '-q', '--cache-dir', cache, '--by', 'file');
    const root = join(cache, 'results');
    const all = Buffer.concat(
      readdirSync(root, { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.(pack|idx)$/.test(f))
        .map((f) => readFileSync(join(root, f))),
    );
    const names = [archive, ...MATS, ...SGFS, 'match.xg'];
    for (const name of names) {
      expect(all.includes(Buffer.from(name, 'latin1')), name).toBe(false);
      expect(all.includes(Buffer.from(name, 'utf16le')), name).toBe(false);
    }
  });
});
