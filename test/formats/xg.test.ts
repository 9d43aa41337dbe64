// eXtreme Gammon .xg files through every command: found in a walk, placed by game, move and
// record, shown by move, one clear report for a damaged file, duplicates across formats.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditFile } from '../../src/read/file.js';
import type { MatchReport } from '../../src/core/model.js';
import { CORPUS, cli, fixture, tempDir } from '../helpers.js';

const XG = join(CORPUS, 'xg');
const ILLEGAL = join(XG, 'kevung__Squire-Jorgensen-Harmand-Unger_7_point_match_18-08-2024.xg');
const findingsOf = (reports: MatchReport[]) => reports.flatMap((r) => r.findings);

describe('.xg files', () => {
  it('a finding has a game, a move and a record, and no line', () => {
    const [f, ...more] = findingsOf(auditFile(readFileSync(ILLEGAL), 'x.xg'));
    expect(more).toEqual([]);
    expect(f).toMatchObject({ code: 'illegal-move', game: 7, move: 26, record: 582 });
    expect(f).not.toHaveProperty('line');
    expect(f).not.toHaveProperty('column');
    // The record's own words: the listing's line.
    expect(f.position?.recorded).toBe('26) Harmand/Unger 43: 14/11 8/5');
  });

  it('text and concise output say the game and the move', async () => {
    const text = await cli('verify', ILLEGAL);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('    error    game 7, move 26: 43: the moves as written use 3 and 3');
    const concise = await cli('verify', ILLEGAL, '--format', 'concise');
    expect(concise.stdout).toContain(`${ILLEGAL}: game 7, move 26: error illegal-move 43: the moves`);
  });

  it('show --game --move draws the board before that roll, with its finding', async () => {
    const { code, stdout } = await cli('show', ILLEGAL, '--game', '7', '--move', '26');
    expect(code).toBe(1);
    expect(stdout).toContain('Record 582, game 7 (before the action written there): 26) Harmand/Unger 43: 14/11 8/5');
    expect(stdout).toContain('(illegal-move, move 26)');
    const none = await cli('show', ILLEGAL, '--game', '7', '--move', '900');
    expect(none).toMatchObject({ code: 2 });
    expect(none.stderr).toContain('game 7 has no move 900');
    expect((await cli('show', ILLEGAL, '--move', '3')).stderr).toContain('name it with --game');
  });

  it('a walk reads .xg files, and a file with no extension when it is one', async () => {
    const dir = tempDir('bgaudit-xg-');
    copyFileSync(join(XG, 'kevung__test.xg'), join(dir, 'a.xg'));
    copyFileSync(join(XG, 'kevung__test.xg'), join(dir, 'no-extension'));
    const { stdout } = await cli('verify', dir, '--no-duplicates');
    expect(stdout).toContain('2 files, 2 matches, 14 games: 0 errors');
  });

  it.each([
    ['kevung__test', join(CORPUS, 'sgf', 'kevung__test.sgf')],
    [
      'kevung__charlot1-charlot2_7p_2025-11-08-2305',
      join(CORPUS, 'sgf', 'kevung_gnubgparser__test_charlot1-charlot2_7p_2025-11-08-2305.sgf'),
    ],
  ])('%s: the .xg, .mat and .sgf of one match are one match', async (name, sgf) => {
    const { stdout } = await cli(
      'verify',
      join(XG, `${name}.xg`),
      join(CORPUS, 'mat', `${name}.mat`),
      sgf,
      '--select',
      'duplicate-match',
      '--format',
      'ndjson',
    );
    const dups = stdout
      .split('\n')
      .filter((l) => l.startsWith('{"file"') && l.includes('"duplicate-match"'))
      .map((l) => JSON.parse(l) as MatchReport);
    expect(dups.map((r) => r.format).sort()).toEqual(['mat', 'sgf']);
    for (const r of dups)
      expect(r.findings.find((f) => f.code === 'duplicate-match')?.expected).toMatchObject({
        file: join(XG, `${name}.xg`),
        match: 1,
      });
  });

  it('an .xg copy met second is the duplicate, placed by record', async () => {
    const { stdout } = await cli(
      'verify',
      join(CORPUS, 'mat', 'kevung__test.mat'),
      join(XG, 'kevung__test.xg'),
      '--format',
      'ndjson',
    );
    const xg = stdout
      .split('\n')
      .filter((l) => l.startsWith('{"file"'))
      .map((l) => JSON.parse(l) as MatchReport)
      .find((r) => r.format === 'xg');
    const f = xg?.findings.find((x) => x.code === 'duplicate-match');
    expect(f).toMatchObject({ record: 2, expected: { file: join(CORPUS, 'mat', 'kevung__test.mat'), match: 1 } });
    expect(f).not.toHaveProperty('line');
  });

  it('a results sheet names an .xg match by its file, not a line', async () => {
    const sheet = join(tempDir('bgaudit-xg-'), 'results.csv');
    writeFileSync(sheet, 'player1,player2,winner\nKévin Unger,Maxence Job,Maxence Job\n');
    const { stdout } = await cli('verify', join(XG, 'kevung__test.xg'), '--results', sheet);
    expect(stdout).toContain(
      `${sheet}:2 and ${join(XG, 'kevung__test.xg')}: the row names the winner Maxence Job; in the file Kévin Unger won the match`,
    );
  });

  describe('a file that cannot be read is one parse-error, with no place', () => {
    const damaged = (bytes: Uint8Array, name = 'x.xg') => {
      const reports = auditFile(bytes, name);
      expect(reports).toHaveLength(1);
      expect(reports[0]).toMatchObject({ match: null, format: 'xg' });
      const [f, ...more] = reports[0].findings;
      expect(more).toEqual([]);
      expect(f).toMatchObject({ code: 'parse-error', severity: 'error' });
      expect(f).not.toHaveProperty('line');
      expect(f).not.toHaveProperty('record');
      return f.message;
    };
    const real = readFileSync(join(XG, 'kevung__test.xg'));

    it.each([
      ['its header alone', fixture('xg', 'header-only.xg'), 'the file is shorter than its headers'],
      ['cut short', real.subarray(0, 50000), 'the file is cut short or damaged'],
      [
        'a header of another version',
        Uint8Array.from(real, (b, i) => (i === 4 ? 2 : b)),
        'its header is of version 2, not 1',
      ],
      // Past the thumbnail: in the compressed records.
      [
        'a byte of its archive changed',
        Uint8Array.from(real, (b, i) => (i === real.length - 5000 ? b ^ 1 : b)),
        'checksum',
      ],
    ])('%s', (_, bytes, says) => {
      expect(damaged(bytes)).toContain(says);
    });

    it('an .xgp is a position, not a match', () => {
      expect(damaged(real, 'p.xgp')).toBe(
        'cannot read this .xg file: it is an eXtreme Gammon position file (.xgp), not a match',
      );
    });
  });

  it('a file above --max-file-size is an io-error; its records may not inflate past it', async () => {
    const big = await cli('verify', join(XG, 'kevung__test.xg'), '--max-file-size', '100000');
    expect(big.stdout).toContain(
      '155909 bytes is more than the 100000-byte limit (--max-file-size): an .xg file is read whole',
    );
    const inflated = await cli('verify', join(XG, 'kevung__test.xg'), '--max-file-size', '1M');
    expect(inflated.stdout).toContain('its game file is 1758720 bytes once inflated, more than the 1048576-byte limit');
  });

  it('the HTML report shows the game as a move list around the finding', async () => {
    const page = join(tempDir('bgaudit-xg-'), 'r.html');
    await cli('verify', ILLEGAL, '--html', page);
    const html = readFileSync(page, 'utf8');
    expect(html).toContain('26) Harmand/Unger 43: 14/11 8/5');
    expect(html).toContain('<td>move 26</td>');
  });
});
