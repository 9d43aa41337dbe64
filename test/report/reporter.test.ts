import { describe, expect, it } from 'vitest';
import { coalesce } from '../../src/report/reporter.js';

describe('coalesce', () => {
  it('joins small writes into blocks, writes on the delay, and flushes what is left', () => {
    const out: string[] = [];
    let clock = 0;
    const c = coalesce(
      (s) => out.push(s),
      10,
      200,
      () => clock,
    );
    c.write('abc');
    c.write('');
    c.write('defg');
    expect(out).toEqual([]);
    c.write('hijk'); // 11 characters held: one block
    expect(out).toEqual(['abcdefghijk']);
    c.write('x');
    clock = 150;
    c.write('y');
    expect(out).toHaveLength(1);
    clock = 200; // the first held write is 200 ms old
    c.write('z');
    expect(out).toEqual(['abcdefghijk', 'xyz']);
    c.write('end');
    c.flush();
    c.flush();
    expect(out).toEqual(['abcdefghijk', 'xyz', 'end']);
  });
});
