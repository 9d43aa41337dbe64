import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printable, printableLines } from '../../src/report/escape.js';

/** Every character that must never reach a terminal raw. */
const RAW_CONTROL = /[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/** The escapes read back (for text that held no backslash of its own). */
function unescape(s: string): string {
  return s.replace(
    /\\(?:([nrt])|x([0-9a-f]{2})|u([0-9a-f]{4})|u\{([0-9a-f]+)\})/g,
    (_, short: string, x: string, u: string, astral: string) =>
      short ? { n: '\n', r: '\r', t: '\t' }[short]! : String.fromCodePoint(parseInt(x ?? u ?? astral, 16)),
  );
}

describe('printable', () => {
  it('escapes ESC, OSC, BEL, DEL, C1, the line separators and the bidi controls', () => {
    expect(printable('Anna\x1b[2J\x1b]0;title\x07')).toBe('Anna\\x1b[2J\\x1b]0;title\\x07');
    expect(printable('\x1b]8;;http://x/\x07link\x1b]8;;\x07')).toBe('\\x1b]8;;http://x/\\x07link\\x1b]8;;\\x07');
    expect(printable('\x9b31m\x85\x7f\x00')).toBe('\\x9b31m\\x85\\x7f\\x00');
    expect(printable('a\nb\rc\td')).toBe('a\\nb\\rc\\td');
    expect(printable('\u202aa\u202eb\u2066c\u2069d\u2028e\u2029')).toBe(
      '\\u202aa\\u202eb\\u2066c\\u2069d\\u2028e\\u2029',
    );
  });

  it('leaves ordinary text, non-ASCII letters and backslashes as they are', () => {
    for (const s of [
      'Anna',
      'Jørn Müller',
      '日本 – “quotes” ★',
      'C:\\archive\\new\\a.mat',
      '\\\\server',
      'caf\\xe9.mat',
      'end\\',
      '\u00a0\u00ff\u202f',
      'Дмитрий Ωμέγα',
      'Ἀλέξανδρος',
    ]) {
      expect(printable(s)).toBe(s);
    }
  });

  it('escapes what prints as nothing, and the look-alike letters of a word that mixes scripts', () => {
    expect(printable('Lla\u200bbba')).toBe('Lla\\u200bbba');
    expect(printable('\ufeffAnna\u00ad\u2060\u200d\u200e\u061c')).toBe('\\ufeffAnna\\xad\\u2060\\u200d\\u200e\\u061c');
    // A Cyrillic а (U+0430) and ο (Greek U+03BF) inside Latin words: each named.
    expect(printable('Llаbba vs Bοb')).toBe('Ll\\u0430bba vs B\\u03bfb');
    // A word all Cyrillic beside a Latin one is two names, each in one script.
    expect(printable('Иван Smith')).toBe('Иван Smith');
    // Look-alikes outside the main blocks, and past U+FFFF; blanks and tags a name could hide behind.
    expect(printable('Llᴩbba')).toBe('Ll\\u1d29bba');
    expect(printable('Ll\u{1e030}bba')).toBe('Ll\\u{1e030}bba');
    expect(printable('Anna\u{e0041}\u2800\u3164\ufe0f\u034f')).toBe('Anna\\u{e0041}\\u2800\\u3164\\ufe0f\\u034f');
  });

  it('printableLines keeps the line breaks and escapes the rest', () => {
    expect(printableLines("error: unknown option '--x\x1b[2J\r'\n(Did you mean --info?)\n")).toBe(
      "error: unknown option '--x\\x1b[2J\\r'\n(Did you mean --info?)\n",
    );
  });

  it('any string: no raw control character out; without a backslash in, the escapes read back to the input', () => {
    const chars = fc.constantFrom(...'\\nrtxu0a1b2ef \x1b\x07\n\r\t\x00\x7f\x9b\x85\u202e\u2066\u2028é');
    fc.assert(
      fc.property(fc.string({ unit: chars, maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }), (a, b) => {
        for (const s of [a, b, a + b]) {
          const out = printable(s);
          expect(out).not.toMatch(RAW_CONTROL);
          expect(out.length).toBeGreaterThanOrEqual(s.length);
          if (!s.includes('\\')) expect(unescape(out)).toBe(s);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
