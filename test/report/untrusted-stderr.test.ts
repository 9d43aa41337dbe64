// What the command line writes on stderr holds paths and arguments the user typed (or a glob or
// a script passed on): their control characters are printed escaped there too.
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers.js';

const RAW_CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('stderr', () => {
  it('paths and arguments with control characters are printed escaped', async () => {
    const missing = await cli('verify', '/nonexistent/a\x1b[2J.mat');
    expect(missing.stderr).toContain('bgaudit: /nonexistent/a\\x1b[2J.mat: ');
    const show = await cli('show', '/nonexistent/b\x1b]0;t\x07.mat');
    expect(show.stderr).toContain('bgaudit: /nonexistent/b\\x1b]0;t\\x07.mat: ');
    const output = await cli('csv', '/nonexistent', '-o', '/nonexistent/c\u202e.csv');
    expect(output.stderr).toContain('/nonexistent/c\\u202e.csv');
    const option = await cli('verify', '--x\x1b[2J', 'a.mat');
    expect(option.stderr).toContain("unknown option '--x\\x1b[2J'");
    for (const r of [missing, show, output, option]) {
      expect(r.code).toBe(2);
      expect(r.stderr).not.toMatch(RAW_CONTROL);
    }
  });
});
