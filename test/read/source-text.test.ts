import { describe, expect, it } from 'vitest';
import { SourceText } from '../../src/read/source-text.js';

describe('SourceText: a line and columns of a decoded text', () => {
  const text = new SourceText('first line\n  1) 64: 24/18 13/9      31: 8/5 6/5\nlast, no newline');
  it.each([
    ['a whole line', 1, 1, undefined, 'first line'],
    ['from a column to the next action', 2, 6, 26, '64: 24/18 13/9'],
    ['from a column to the end', 2, 26, undefined, '31: 8/5 6/5'],
    ['the last line, with no newline', 3, 1, undefined, 'last, no newline'],
    ['past the text', 4, 1, undefined, ''],
    ['before the text', 0, 1, undefined, ''],
    ['a column past the line', 1, 50, undefined, ''],
  ])('%s', (_, line, column, end, want) => {
    expect(text.excerpt(line, column, end)).toBe(want);
  });

  it('counts lines, the last one with or without a newline', () => {
    expect(text.lineCount).toBe(3);
    expect(new SourceText('a\n').lineCount).toBe(2);
    expect(new SourceText('').lineCount).toBe(1);
  });

  it('cuts a long line (a one-line SGF holds a whole match) with an ellipsis', () => {
    const long = new SourceText(`(;FF[4]${'x'.repeat(100_000)})`);
    const got = long.excerpt(1, 1, undefined, 50);
    expect(got).toHaveLength(51);
    expect(got.endsWith('…')).toBe(true);
  });

  it('indexes a text of 200,000 lines', () => {
    const many = new SourceText(Array.from({ length: 200_000 }, (_, k) => `line ${k + 1}`).join('\n'));
    expect(many.excerpt(199_999)).toBe('line 199999');
  });
});
