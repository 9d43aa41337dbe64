import { describe, expect, it } from 'vitest';
import { LineCursor, LineIndex } from '../../grammars/primitives.js';

const text = 'ab\n\ncde\nf';

describe('offsets to lines', () => {
  it('LineCursor agrees with LineIndex on every offset met in order', () => {
    const index = new LineIndex(text);
    const cursor = new LineCursor(text);
    for (let offset = 0; offset <= text.length; offset++) {
      expect([cursor.line(offset), cursor.column(offset)]).toEqual([index.line(offset), index.column(offset)]);
    }
    expect(cursor.lineCount()).toBe(index.lineCount);
  });

  it('LineCursor: a newline belongs to its line; an offset may fall back within the line', () => {
    const cursor = new LineCursor(text);
    expect(cursor.column(6)).toBe(3); // 'e' on line 3
    expect(cursor.line(4)).toBe(3); // 'c', the same line
    expect(cursor.column(7)).toBe(4); // the newline after 'cde'
    expect(cursor.line(8)).toBe(4); // 'f'
    expect(new LineCursor('a\n').lineCount()).toBe(2);
    expect(new LineCursor('').lineCount()).toBe(1);
  });
});
