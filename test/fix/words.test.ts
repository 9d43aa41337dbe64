// A fix in words: the one wording `bgaudit fix` lists and the HTML report shows.
import { describe, expect, it } from 'vitest';
import { fixInWords } from '../../src/fix/words.js';

describe('fixInWords', () => {
  it.each([
    [
      'a value replaced',
      { edits: [{ line: 36, column: 12, from: '3 points', to: '4 points' }] },
      "line 36:12: '3 points' becomes '4 points'",
    ],
    [
      'a value replaced, its place past the blanks before it',
      { edits: [{ line: 9, column: 3, from: '  9', to: '  8' }] },
      "line 9:5: '9' becomes '8'",
    ],
    [
      "a result moved to the other column, past the line's move number",
      {
        edits: [
          { line: 25, column: 1, from: ' 17)  Wins 1 point       ', to: ' 17)                      Wins 1 point' },
        ],
      },
      "line 25:7: 'Wins 1 point' moves to column 27",
    ],
    ['one line removed', { edits: [], remove: { line: 30, lines: 1 } }, 'line 30 removed'],
    ['lines removed', { edits: [], remove: { line: 39, lines: 9 } }, 'lines 39-47 removed'],
    [
      'two edits on a line of SGF',
      {
        edits: [
          { line: 1, column: 20, from: 'B+2', to: 'B+1' },
          { line: 1, column: 40, from: '3', to: '2' },
        ],
      },
      "line 1:20: 'B+2' becomes 'B+1'; line 1:40: '3' becomes '2'",
    ],
  ])('%s', (_, fix, words) => {
    expect(fixInWords(fix)).toBe(words);
  });
});
