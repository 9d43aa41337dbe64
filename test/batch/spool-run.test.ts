// A file read in pieces has its rendered text spooled to disk and copied to the output
// in its turn. Every format the run writes is byte for byte the one of the same file read whole
// (the run record aside, which names the size limit), its duplicate findings included (asked about
// a piece at a time, in its turn), and the run's spool folder is gone at the end.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaths } from '../../src/batch/run.js';
import { ndjsonSink } from '../../src/report/json.js';
import { cli, FIXTURES, filesUnder } from '../helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'bgaudit-spool-run-'));
const spoolParent = join(dir, 'tmp');
const before = process.env.TMPDIR;
const big = join(dir, 'big.mat');
// UTF-8 fixtures only: one encoding for the whole file. Four times: the later copies repeat the first.
const parts = filesUnder(join(FIXTURES, 'mat'))
  .filter((p) => p.endsWith('.mat'))
  .map((p) => readFileSync(p))
  .filter((b) => !b.includes(0) && b[0] < 0x80 && Buffer.from(b.toString('utf8')).equals(b));
const bytes = Buffer.concat([...parts, ...parts, ...parts, ...parts].flatMap((b) => [b, Buffer.from('\n')]));
const LIMIT = '32k';

beforeAll(() => {
  writeFileSync(big, bytes);
  mkdirSync(spoolParent);
  process.env.TMPDIR = spoolParent; // where the run makes its spool folder
});
afterAll(() => {
  if (before === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = before;
  rmSync(dir, { recursive: true, force: true });
});

/** The output with the run record's size limit taken out. */
const unlimited = (s: string) => s.replace(/"maxFileSize":\d+/, '"maxFileSize":0');

describe('a file read in pieces, its output spooled', () => {
  it.each([
    'verify --format text',
    'verify --format ndjson',
    'verify --format json',
    'verify --format json --no-duplicates',
    'csv',
    'csv --per match',
    'players --format json',
  ])('%s: the same as read whole', async (command) => {
    const args = command.split(' ');
    expect(bytes.length).toBeGreaterThan(4 * 32 * 1024);
    const spooled = await cli(...args, big, '--max-file-size', LIMIT);
    const whole = await cli(...args, big, '--max-file-size', '64M');
    expect(unlimited(spooled.stdout)).toBe(unlimited(whole.stdout));
    expect(spooled.code).toBe(whole.code);
    expect(spooled.stdout.length).toBeGreaterThan(1000);
    expect(readdirSync(spoolParent)).toEqual([]); // the spool folder is gone
  });

  it('is spooled: its outcome names spool files, gone once copied', async () => {
    let out = '';
    const spooled: string[] = [];
    await runPaths([big], {
      jobs: 1,
      maxFileSize: 32 * 1024,
      fileTimeoutMs: 0,
      audit: { contentKey: true },
      sinks: [{ format: 'ndjson', sink: ndjsonSink((s) => void (out += s)) }],
      onOutcome: (o) => {
        if (!o.skipped) spooled.push(...Object.values(o.rendered.spooled ?? {}));
      },
    });
    expect(spooled).toHaveLength(1);
    expect(spooled[0].startsWith(spoolParent)).toBe(true);
    expect(existsSync(spooled[0])).toBe(false);
    expect(out.split('\n').length).toBeGreaterThan(50);
  });

  it('is copied a piece at a time, each once the output has taken the one before', async () => {
    const many = join(dir, 'many.mat');
    writeFileSync(many, Buffer.concat(Array.from({ length: 20 }, () => bytes)));
    let waits = 0;
    let waiting = false;
    let writtenWhileWaiting = 0;
    let out = 0;
    const write = (s: string) => {
      out += s.length;
      if (waiting) writtenWhileWaiting++;
    };
    await runPaths([many], {
      jobs: 1,
      maxFileSize: 32 * 1024,
      fileTimeoutMs: 0,
      audit: {},
      sinks: [{ format: 'ndjson', sink: ndjsonSink(write) }],
      // The output is full after every write, for a millisecond.
      outputDrained: () => {
        waits++;
        waiting = true;
        return new Promise((resolve) =>
          setTimeout(() => {
            waiting = false;
            resolve();
          }, 1),
        );
      },
    });
    // Pieces of 1 M characters: more than two, none written while the output was full.
    expect(out).toBeGreaterThan(2.5 * (1 << 20));
    expect(waits).toBeGreaterThan(2);
    expect(writtenWhileWaiting).toBe(0);
  });

  it('an SGF collection above the limit: read game tree by game tree, the same as read whole', async () => {
    const sgf = join(dir, 'collection.sgf');
    const files = filesUnder(join(FIXTURES, 'sgf')).filter((p) => p.endsWith('.sgf') && !p.includes('broken'));
    const one = Buffer.concat(files.flatMap((p) => [readFileSync(p), Buffer.from('\n')]));
    writeFileSync(sgf, Buffer.concat([one, one, one]));
    for (const format of ['text', 'ndjson']) {
      const pieces = await cli('verify', '--format', format, sgf, '--max-file-size', '64k');
      const whole = await cli('verify', '--format', format, sgf, '--max-file-size', '64M');
      expect(unlimited(pieces.stdout)).toBe(unlimited(whole.stdout));
      expect(pieces.stdout).not.toContain('io-error');
    }
    // A syntax error: refused, as before, since where its errors are listed depends on all of it.
    const broken = join(dir, 'broken.sgf');
    writeFileSync(
      broken,
      Buffer.concat([one, one, readFileSync(join(FIXTURES, 'sgf', 'broken', 'junk-between-nodes.sgf'))]),
    );
    const r = await cli('verify', '--format', 'ndjson', broken, '--max-file-size', '64k');
    expect(r.stdout).toContain('an SGF collection with a syntax error');
  });

  it('a file whose first match counts its unlisted parse errors (audited last): the same as read whole', async () => {
    const junk = join(dir, 'junk.mat');
    const first = readFileSync(join(FIXTURES, 'mat', 'gnubg-7p-hits-and-dances.mat'), 'utf8').replace(
      ' Game 2',
      `${'zz not a line of a match\n'.repeat(150)} Game 2`,
    );
    writeFileSync(junk, Buffer.concat([Buffer.from(first + '\n'), bytes]));
    for (const format of ['text', 'ndjson', 'json']) {
      const pieces = await cli('verify', '--format', format, junk, '--max-file-size', LIMIT);
      const whole = await cli('verify', '--format', format, junk, '--max-file-size', '64M');
      expect(unlimited(pieces.stdout)).toBe(unlimited(whole.stdout));
      expect(pieces.stdout).toMatch(/\d+ more parse errors/);
    }
    expect(readdirSync(spoolParent)).toEqual([]);
  });

  it('the duplicate check met the second copy', async () => {
    const r = await cli('verify', '--format', 'ndjson', big, '--max-file-size', LIMIT);
    expect(r.stdout).toContain('"code":"duplicate-match"');
    expect(r.stderr).toMatch(/matches repeat an earlier one/);
  });
});
