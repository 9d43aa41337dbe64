// `verify --results` end to end on the tournament of fixtures/results: each finding where it is
// expected, carried by every output (JSON against the schema, CSV, HTML), --select/--ignore and
// the baseline; and the usage errors (a missing column, a results file that cannot be read).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, reportsIn, ROOT, tempDir } from '../helpers.js';

const DIR = 'fixtures/results';
const SHEET = `${DIR}/results.csv`;
const WITH = ['--results', SHEET, '--aliases', `${DIR}/aliases.csv`, '-q'];

let tmp = '';
beforeAll(() => {
  tmp = tempDir('bgaudit-results-');
});

/** The results report's findings as code@line. */
function resultFindings(stdout: string): string[] {
  const reports = reportsIn(stdout);
  const mine = reports.filter((r) => r.file === SHEET);
  expect(mine).toHaveLength(1);
  expect(reports.at(-1)?.file).toBe(SHEET); // after every match file
  return mine[0].findings.map((f) => `${f.code}@${f.line ?? '-'}`);
}

describe('verify --results on the fixtures tournament', () => {
  it('finds the missing file, the unlisted file, the wrong winner, score and length; the alias pairs', async () => {
    const { code, stdout } = await cli('verify', DIR, ...WITH, '--format', 'json');
    expect(code).toBe(1);
    expect(resultFindings(stdout)).toEqual([
      'result-winner@4',
      'result-score@5',
      'result-length@8',
      'result-no-file@18',
      'result-not-listed@-',
    ]);
    const schema: unknown = JSON.parse(readFileSync(join(ROOT, 'docs', 'report.schema.json'), 'utf8'));
    const validate = new Ajv2020({ strict: true, strictTuples: false }).compile(schema as object);
    expect(validate(JSON.parse(stdout)), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  });

  it('without the aliases the row written LeoC pairs with nothing', async () => {
    const { stdout } = await cli('verify', DIR, '--results', SHEET, '-q', '--format', 'json');
    const found = resultFindings(stdout);
    expect(found).toContain('result-no-file@2');
    expect(found.filter((f) => f === 'result-not-listed@-')).toHaveLength(2);
  });

  it('--select and --ignore take the result codes as any other', async () => {
    const selected = await cli('verify', DIR, ...WITH, '--format', 'json', '--select', 'result-winner');
    expect(resultFindings(selected.stdout)).toEqual(['result-winner@4']);
    const ignored = await cli('verify', DIR, ...WITH, '--format', 'json', '--ignore', 'result-no-file,result-winner');
    expect(resultFindings(ignored.stdout)).toEqual(['result-score@5', 'result-length@8', 'result-not-listed@-']);
    const warningOnly = await cli('verify', DIR, ...WITH, '--select', 'result-not-listed');
    expect(warningOnly.code).toBe(0);
  });

  it('a baseline accepts them, and reports them again once they change', async () => {
    const baseline = join(tmp, 'accepted.json');
    expect((await cli('verify', DIR, ...WITH, '--write-baseline', baseline)).code).toBe(1);
    const again = await cli('verify', DIR, ...WITH, '--baseline', baseline);
    expect(again.code).toBe(0);
    expect(again.stdout).not.toContain('result-');
    const sheet = join(tmp, 'results.csv');
    writeFileSync(sheet, readFileSync(join(ROOT, SHEET), 'utf8'));
    const elsewhere = await cli(
      'verify',
      DIR,
      '--results',
      sheet,
      '--aliases',
      `${DIR}/aliases.csv`,
      '--baseline',
      baseline,
    );
    expect(elsewhere.stdout).toContain('result-winner'); // findings are the results file's: another file, not accepted
  });

  it('the CSV and the HTML page carry them on the results file', async () => {
    const csv = join(tmp, 'm.csv');
    const html = join(tmp, 'r.html');
    await cli('verify', DIR, ...WITH, '--csv', csv, '--per', 'match', '--html', html);
    const last = readFileSync(csv, 'utf8').trim().split('\r\n').at(-1) ?? '';
    expect(last).toMatch(/^fixtures\/results\/results\.csv,,results,/);
    expect(last).toContain(',mismatch,result-winner;result-score;result-length;result-no-file;result-not-listed,');
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('data-code="result-winner"');
    expect(page).not.toContain('Files that could not be read');
    expect(page).toContain('"4":"1,3,Llabba,karmen48,Llabba,,,9,2023.09.06,Club ladder"'); // the row's line, shown
    const games = join(tmp, 'g.csv');
    await cli('verify', DIR, ...WITH, '--csv', games);
    expect(readFileSync(games, 'utf8')).toMatch(/\r\nfixtures\/results\/results\.csv,[^\r]*,mismatch,/);
  });
});

describe('verify --results: a match with errors of its own', () => {
  it('is still paired, and the finding says so', async () => {
    const sheet = join(tmp, 'own-errors.csv');
    writeFileSync(sheet, 'player1,player2,winner,score1,score2\nBoris,Anna,Boris,7,2\n');
    const { stdout } = await cli(
      'verify',
      'fixtures/scoring/points-mismatch.mat',
      '--results',
      sheet,
      '-q',
      '-f',
      'json',
    );
    const [report] = reportsIn(stdout).filter((r) => r.file === sheet);
    expect(report.findings.map((f) => f.code)).toEqual(['result-winner', 'result-score']);
    for (const f of report.findings) expect(f.message).toContain("the match's own audit has 1 error");
  });
});

describe('verify --results: usage errors (exit 2, nothing audited)', () => {
  const bad = (name: string, text: string) => {
    const path = join(tmp, name);
    writeFileSync(path, text);
    return path;
  };

  it.each([
    ['a missing column', () => bad('no-winner.csv', 'player1,player2,score1,score2\nA,B,1,2\n'), 'no winner column'],
    ['no such file', () => join(tmp, 'none.csv'), 'cannot be read (no such file or folder)'],
    [
      'a folder',
      () => {
        mkdirSync(join(tmp, 'folder'), { recursive: true });
        return join(tmp, 'folder');
      },
      'cannot be read (not a regular file',
    ],
    [
      'a bad score',
      () => bad('bad-score.csv', 'player1,player2,winner,score1,score2\nA,B,A,x,2\n'),
      'line 2: score1 "x"',
    ],
  ])('%s', async (_what, path, message) => {
    const { code, stdout, stderr } = await cli('verify', DIR, '--results', path(), '--format', 'json');
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(message);
  });

  it('--aliases without --results, and an alias list that is not one', async () => {
    const alone = await cli('verify', DIR, '--aliases', `${DIR}/aliases.csv`);
    expect([alone.code, alone.stderr]).toEqual([2, expect.stringContaining('--aliases goes with --results') as string]);
    const list = bad('aliases.csv', 'a,b,c\n');
    const refused = await cli('verify', DIR, '--results', SHEET, '--aliases', list);
    expect([refused.code, refused.stderr]).toEqual([2, expect.stringContaining('row 1 is not "alias,name"') as string]);
  });

  it('the results file is never one of the outputs', async () => {
    const sheet = bad('out.csv', readFileSync(join(ROOT, SHEET), 'utf8'));
    const { code, stderr } = await cli('verify', DIR, '--results', sheet, '--csv', sheet);
    expect(code).toBe(2);
    expect(stderr).toContain('is also an output');
    expect(readFileSync(sheet, 'utf8')).toBe(readFileSync(join(ROOT, SHEET), 'utf8'));
  });
});
