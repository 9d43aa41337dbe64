// The hand-written line scanners read exactly what the regexps they replaced read (those
// regexps backtracked for minutes on a few hundred bytes): the regexps are kept here as the
// definition, and compared with the scanners on short strings over the characters that matter.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseHeader, scanScoreLine } from '../../grammars/mat-lines.js';

const EOL = String.raw`[ \t]*(?:\n|$)`;
const SCORE_GAP = new RegExp(
  String.raw`[ \t]*([^\n]*?)[ \t]*:[ \t]*(\d+)[ \t]{2,}([^\n]*?)[ \t]*:[ \t]*(\d+)${EOL}`,
  'y',
);
const SCORE_PASTED = new RegExp(
  String.raw`[ \t]*([^\n:]*?)[ \t]*:[ \t]*(\d+)[ \t]+([^\n]*?)[ \t]*:[ \t]*(\d+)${EOL}`,
  'y',
);
const HEADER = /^[ \t]*\[[ \t]*([^\]"]*?)[ \t]+"(.*)"[ \t]*\][ \t]*$/;

function scoreByRegexp(input: string, i: number): { fields: string[]; end: number } | null {
  for (const re of [SCORE_GAP, SCORE_PASTED]) {
    re.lastIndex = i;
    const m = re.exec(input);
    if (m) return { fields: [m[0], m[1], m[2], m[3], m[4]], end: re.lastIndex };
  }
  return null;
}

function scoreByScanner(input: string, i: number): { fields: string[]; end: number } | null {
  const s = { end: -1 };
  const f = scanScoreLine(s, input, i);
  return f ? { fields: [...f], end: s.end } : null;
}

const text = (chars: string[], max: number) =>
  fc.array(fc.constantFrom(...chars), { maxLength: max }).map((a) => a.join(''));
const RUNS = Number(process.env.FUZZ_RUNS ?? 20_000);

describe('score line scanner', () => {
  it.each([
    ' Anna : 0                       Boris : 0',
    ' Anna : 0                       Boris : 0\n  1) 52: 13/8',
    'Anna : 0 Boris : 0',
    ' a:b : 12   c : 3  \n',
    ' Anna,1650 : 3       Bob,1700 : 5',
    ' : 0     : 0',
    '   :1   :1',
    ' x : 1  y : 2 z : 3',
    ' x : 1 y : 2  z : 3',
    ' Anna : 0\tBoris : 0',
    ' Anna : 0                       Boris : 0x',
    '\n Anna : 0   Boris : 0',
  ])('%j', (line) => {
    expect(scoreByScanner(line, 0)).toEqual(scoreByRegexp(line, 0));
  });

  it('agrees with the regexps on random lines (and at an offset inside a text)', () => {
    const chars = [' ', ' ', ' ', '\t', ':', ':', '1', '2', '0', 'a', 'B', ',', '\n', 'é'];
    fc.assert(
      fc.property(text(chars, 24), text(chars, 4), (line, before) => {
        const input = before + line;
        expect(scoreByScanner(input, before.length)).toEqual(scoreByRegexp(input, before.length));
      }),
      { numRuns: RUNS },
    );
  });
});

describe('header scanner', () => {
  const byRegexp = (t: string) => {
    const m = HEADER.exec(t);
    return m ? { key: m[1], value: m[2] } : null;
  };

  it.each([
    '[Player 1 "Anna"]',
    '[Event "Open \\"final\\""]',
    '[ "v"]',
    '[ "v" ]  ',
    '[k "a"b" ]',
    '[k "]',
    '[k""]',
    '[k ""]',
    '[ k  "v"]x',
    '[k "a\u2028b"]',
    '[k] "v"]',
    '  [ Key  Two  "x"  ]',
  ])('%j', (t) => {
    expect(parseHeader(t)).toEqual(byRegexp(t));
  });

  it('agrees with the regexp on random texts', () => {
    const chars = [' ', ' ', '\t', '[', '[', ']', ']', '"', '"', '"', 'k', 'v', '\u2028', '\r', '\n', 'x'];
    fc.assert(
      fc.property(text(chars, 16), (t) => {
        expect(parseHeader(t)).toEqual(byRegexp(t));
      }),
      { numRuns: RUNS },
    );
  });
});
