// Findings selected as a linter's users expect, and a baseline that leaves only what
// is new. The exit code follows what is reported.
import { readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { FIXTURES, cli, reportsIn, tempDir } from '../helpers.js';

const scoring = (name: string) => join(FIXTURES, 'scoring', name);

function codes(stdout: string): string[] {
  return reportsIn(stdout).flatMap((r) => r.findings.map((f) => `${f.severity} ${f.code}`));
}

describe('--ignore, --select, --min-severity', () => {
  const files = [scoring('cube-value.mat'), scoring('hit-marker.mat'), scoring('money-jacoby-inferred.mat')];

  it('without them: every finding', async () => {
    const all = codes((await cli('verify', ...files, '--format', 'ndjson')).stdout);
    expect(all).toEqual(expect.arrayContaining(['error cube-value', 'warning hit-marker', 'info rules-inferred']));
  });

  it.each([
    [['--ignore', 'cube-value'], (c: string) => !c.endsWith(' cube-value')],
    [['--ignore', 'cube-value,hit-marker'], (c: string) => !/ (cube-value|hit-marker)$/.test(c)],
    [['--select', 'hit-marker', '--select', 'rules-inferred'], (c: string) => / (hit-marker|rules-inferred)$/.test(c)],
    [['--min-severity', 'warning'], (c: string) => !c.startsWith('info ')],
    [['--min-severity', 'error'], (c: string) => c.startsWith('error ')],
  ])('%j: only what passes, in JSON, text and CSV, and the exit code follows', async (flags, passes) => {
    const all = codes((await cli('verify', ...files, '--format', 'ndjson')).stdout);
    const r = await cli('verify', ...files, '--format', 'ndjson', ...flags);
    expect(codes(r.stdout)).toEqual(all.filter(passes));
    expect(r.code).toBe(codes(r.stdout).some((c) => c.startsWith('error ')) ? 1 : 0);
    const text = await cli('verify', ...files, ...flags);
    expect(text.code).toBe(r.code);
    const csv = Papa.parse<Record<string, string>>((await cli('csv', ...files, ...flags)).stdout, {
      header: true,
      skipEmptyLines: true,
    });
    const inCsv = csv.data.flatMap((row) => row.findings.split(';').filter((c) => c !== ''));
    for (const c of all.filter((x) => !passes(x)).map((x) => x.split(' ')[1])) expect(inCsv).not.toContain(c);
  });

  it('--select hit-marker on a file whose only error is a cube-value: exit 0', async () => {
    const r = await cli('verify', scoring('cube-value.mat'), '--select', 'hit-marker');
    expect(r.code).toBe(0);
  });
});

describe('--baseline', () => {
  it('a run on the same archive reports nothing again; a new finding is reported alone', async () => {
    const dir = tempDir('bgaudit-baseline-');
    copyFileSync(scoring('cube-value.mat'), join(dir, 'a.mat'));
    copyFileSync(scoring('hit-marker.mat'), join(dir, 'b.mat'));
    copyFileSync(scoring('crawford-post-crawford.mat'), join(dir, 'c.mat'));
    const inputs = ['a.mat', 'b.mat', 'c.mat'].map((f) => join(dir, f));
    const baseline = join(dir, 'accepted.json');
    const first = await cli('verify', ...inputs, '--write-baseline', baseline);
    expect(first.code).toBe(1);
    expect(JSON.parse(readFileSync(baseline, 'utf8'))).toMatchObject({
      'bgaudit-baseline': 1,
      files: [{ file: join(dir, 'a.mat') }, { file: join(dir, 'b.mat') }],
    });

    const again = await cli('verify', ...inputs, '--baseline', baseline, '--format', 'ndjson');
    expect(codes(again.stdout)).toEqual([]);
    expect(again.code).toBe(0);

    // A new error in c.mat (the score line of its second game made wrong), with the lines of
    // a.mat moved by a comment added at its top: only the new one is reported.
    writeFileSync(join(dir, 'a.mat'), '; a comment added since\n' + readFileSync(join(dir, 'a.mat'), 'utf8'));
    const lines = readFileSync(join(dir, 'c.mat'), 'utf8').split('\n');
    const second = lines.findIndex((l, k) => k > lines.findIndex((x) => /^\s*Game 1/.test(x)) && /^\s*Game 2/.test(l));
    expect(second).toBeGreaterThan(0);
    lines[second + 1] = lines[second + 1].replace(/:\s*(\d+)(\s+)/, (m, n: string, gap: string) =>
      m.replace(`${n}${gap}`, `${Number(n) + 5}${gap}`),
    );
    writeFileSync(join(dir, 'c.mat'), lines.join('\n'));
    const later = await cli('verify', ...inputs, '--baseline', baseline, '--format', 'ndjson');
    // One wrong score line is one finding: game 3's line follows the results, not it.
    expect(codes(later.stdout)).toEqual(['error score-mismatch']);
    expect(later.code).toBe(1);
  });

  it('a file that is not a baseline is a usage error', async () => {
    const dir = tempDir('bgaudit-baseline-');
    writeFileSync(join(dir, 'x.json'), '{"files": 3}');
    const r = await cli('verify', scoring('cube-value.mat'), '--baseline', join(dir, 'x.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is not a baseline file written by --write-baseline');
  });
});

describe('--version', () => {
  it('prints the version of package.json', async () => {
    const pkg = JSON.parse(readFileSync(join(FIXTURES, '..', 'package.json'), 'utf8')) as { version: string };
    const r = await cli('--version');
    expect([r.code, r.stdout]).toEqual([0, `${pkg.version}\n`]);
  });
});

describe('codes are checked', () => {
  it('a code bgaudit does not make is a usage error, not a filter that silently matches nothing', async () => {
    const r = await cli('verify', scoring('cube-value.mat'), '--ignore', 'cube-value,cube-valu');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('not a finding code: cube-valu');
  });
});
