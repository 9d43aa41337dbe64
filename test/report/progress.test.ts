import { describe, expect, it } from 'vitest';
import { progressLine } from '../../src/report/progress.js';

const counts = { matches: 1, games: 2, bySeverity: { error: 1, warning: 0, info: 0 }, byCode: { x: 1 } };

describe('progress line', () => {
  it('shows files done of total, games, findings, rate and ETA; clears itself before other output', () => {
    let out = '';
    let t = 0;
    const p = progressLine(
      (s) => void (out += s),
      4,
      8,
      () => t,
    );
    t = 500;
    p.fileDone(null);
    expect(out).toBe('\r[##......] 1/4 files, 0 games, 0 findings, 2 files/s, ETA 0:02 ');
    out = '';
    t = 1000;
    p.fileDone(counts);
    expect(out).toBe('\r[####....] 2/4 files, 2 games, 1 findings, 2 files/s, ETA 0:01 ');
    p.clear();
    expect(out.endsWith('\r\x1b[K')).toBe(true);
    out = '';
    p.clear();
    expect(out).toBe(''); // nothing drawn since: nothing to wipe
    t = 1050; // within 100 ms of the last drawing: not drawn
    p.fileDone(counts);
    expect(out).toBe('');
    p.fileDone(counts); // the last file is always drawn
    expect(out).toBe('\r[########] 4/4 files, 6 games, 3 findings, 4 files/s, ETA 0:00 ');
    p.clear();
    expect(out.endsWith('\r\x1b[K')).toBe(true);
  });

  it('files added after the count never break the bar', () => {
    let out = '';
    let t = 1000;
    const p = progressLine(
      (s) => void (out += s),
      1,
      8,
      () => t,
    );
    p.fileDone(null);
    t = 1200;
    p.fileDone(null);
    expect(out.endsWith('\r[########] 2/2 files, 0 games, 0 findings, 10 files/s, ETA 0:00 ')).toBe(true);
  });
});
