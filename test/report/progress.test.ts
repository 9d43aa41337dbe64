import { describe, expect, it } from 'vitest';
import { progressLine } from '../../src/report/progress.js';

describe('progress line', () => {
  it('shows files done of total, games, findings, rate and ETA, and clears itself', () => {
    let out = '';
    let t = 0;
    const p = progressLine((s) => void (out += s), 4, 8, () => t);
    p.report({ file: 'a', match: 1, format: 'mat', players: null, length: 1, rules: null, games: [{} as never, {} as never], findings: [{ code: 'x', severity: 'error', message: '' }] });
    t = 1000;
    p.fileDone();
    expect(out).toBe('\r[##......] 1/4 files, 2 games, 1 findings, 1 files/s, ETA 0:03 ');
    t = 2000;
    p.fileDone();
    p.fileDone();
    p.fileDone();
    expect(out.endsWith('\r[########] 4/4 files, 2 games, 1 findings, 2 files/s, ETA 0:00 ')).toBe(true);
    p.end(null as never);
    expect(out.endsWith('\r\x1b[K')).toBe(true);
  });
});
