// Fixes applied to bytes: every byte not edited kept, line ends and encodings as they are, and
// nothing applied at all when an edit does not fit the text.
import { describe, expect, it } from 'vitest';
import { applyFixes } from '../../src/fix/apply.js';
import { byteDiff, lineEnds, unifiedDiff } from '../../src/fix/diff.js';

const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
const text = (b: Uint8Array) => Buffer.from(b).toString('latin1');

function applied(s: string, ...fixes: Parameters<typeof applyFixes>[2]) {
  const r = applyFixes(bytes(s), 'utf-8', fixes);
  if (!r.ok) throw new Error(r.reason);
  return text(r.bytes);
}

describe('applyFixes', () => {
  it('edits within a line and keeps each line end as it is (LF, CRLF, a lone CR)', () => {
    const s = 'a\r\n  Wins 2 points\rb\nc';
    expect(applied(s, { edits: [{ line: 2, column: 8, from: '2 points', to: '1 point' }] })).toBe(
      'a\r\n  Wins 1 point\rb\nc',
    );
  });

  it('applies two edits on one line from the right, and refuses overlapping ones', () => {
    const fix = {
      edits: [
        { line: 1, column: 4, from: '3', to: '12' },
        { line: 1, column: 11, from: '4', to: '5' },
      ],
    };
    expect(applied(' A:3    B:4\n', fix)).toBe(' A:12    B:5\n');
    const overlap = applyFixes(bytes('abcdef'), 'utf-8', [
      { edits: [{ line: 1, column: 1, from: 'abc', to: 'x' }] },
      { edits: [{ line: 1, column: 2, from: 'b', to: 'y' }] },
    ]);
    expect(overlap).toEqual({ ok: false, reason: 'two fixes overlap on line 1' });
  });

  it('refuses an edit whose text is not there, a line that is not ASCII, and a UTF-16 file', () => {
    expect(applyFixes(bytes('abc'), 'utf-8', [{ edits: [{ line: 1, column: 2, from: 'x', to: 'y' }] }])).toEqual({
      ok: false,
      reason: "line 1, column 2 does not read 'x'",
    });
    const latin = applyFixes(bytes('J\xe9r\xf4me : 1'), 'windows-1252', [
      { edits: [{ line: 1, column: 10, from: '1', to: '2' }] },
    ]);
    expect(latin).toEqual({
      ok: false,
      reason: 'line 1 is not ASCII in a windows-1252 file, and such a line is not edited',
    });
    expect(applyFixes(bytes('ab'), 'utf-16le', [{ edits: [] }]).ok).toBe(false);
  });

  it('edits a UTF-8 line that is not ASCII by its characters, and keeps a BOM before the first line', () => {
    const utf8 = (s: string) => new TextEncoder().encode(s);
    const r = applyFixes(utf8('\ufeff(;PW[Jérôme]RE[W+3])\n'), 'utf-8-bom', [
      { edits: [{ line: 1, column: 18, from: '3', to: '4' }] },
    ]);
    expect(r.ok && new TextDecoder('utf-8', { ignoreBOM: true }).decode(r.bytes)).toBe('\ufeff(;PW[Jérôme]RE[W+4])\n');
  });

  it('edits an ASCII line of a Windows-1252 file and copies the other bytes as they are', () => {
    const r = applyFixes(bytes('J\xe9r\xf4me\nWins 2 points\n'), 'windows-1252', [
      { edits: [{ line: 2, column: 6, from: '2 points', to: '1 point' }] },
    ]);
    expect(r.ok && text(r.bytes)).toBe('J\xe9r\xf4me\nWins 1 point\n');
  });

  it('removes whole lines with their line ends; edits inside them go with them', () => {
    const s = 'a\nb\nc\nd\n';
    expect(
      applied(s, { edits: [], remove: { line: 2, lines: 2 } }, { edits: [{ line: 3, column: 1, from: 'c', to: 'x' }] }),
    ).toBe('a\nd\n');
    expect(
      applyFixes(bytes(s), 'utf-8', [
        { edits: [], remove: { line: 1, lines: 2 } },
        { edits: [], remove: { line: 2, lines: 1 } },
      ]),
    ).toEqual({ ok: false, reason: 'two fixes remove line 2' });
  });

  it('keeps a file that ends without a line end ending so when its last lines go', () => {
    expect(applied('a\n\nb\nc', { edits: [], remove: { line: 2, lines: 3 } })).toBe('a');
    expect(applied('a\n\nb\nc\n', { edits: [], remove: { line: 2, lines: 3 } })).toBe('a\n');
  });
});

describe('unifiedDiff', () => {
  it('prints hunks with three lines of context, numbering the fixed copy after lines removed', () => {
    const lines = Array.from({ length: 20 }, (_, k) => `l${k + 1}`).concat(['']);
    const diff = unifiedDiff(
      'x.mat',
      lines,
      [
        { line: 2, to: null },
        { line: 3, to: null },
        { line: 15, to: 'L15' },
      ],
      (s) => s,
    );
    expect(diff).toBe(
      [
        '--- x.mat',
        '+++ x.mat',
        '@@ -1,6 +1,4 @@',
        ' l1',
        '-l2',
        '-l3',
        ' l4',
        ' l5',
        ' l6',
        '@@ -12,7 +10,7 @@',
        ' l12',
        ' l13',
        ' l14',
        '-l15',
        '+L15',
        ' l16',
        ' l17',
        ' l18',
        '',
      ].join('\n'),
    );
    expect(unifiedDiff('x.mat', lines, [], (s) => s)).toBe('');
  });
});

describe('unifiedDiff: each line as the file writes it, so that patch applies it', () => {
  const text = (ends: string[], lines: string[]) => lines.map((l, k) => l + (ends[k] ?? '')).join('');

  it('keeps CRLF and lone CR line ends on every line it prints', () => {
    const lines = ['a', 'b', 'c', ''];
    const bytes = Buffer.from(text(['\r\n', '\r', '\r\n'], ['a', 'b', 'c']), 'latin1');
    const ends = lineEnds(bytes);
    expect(ends).toEqual(['\r\n', '\r', '\r\n', '']);
    expect(unifiedDiff('x.mat', lines, [{ line: 2, to: 'B' }], (s) => s, ends)).toBe(
      '--- x.mat\n+++ x.mat\n@@ -1,3 +1,3 @@\n a\r\n-b\r+B\r c\r\n',
    );
  });

  it('marks a last line with no line end, on both sides of a change', () => {
    const lines = ['a', 'b'];
    expect(unifiedDiff('x.mat', lines, [{ line: 2, to: 'B' }], (s) => s)).toBe(
      '--- x.mat\n+++ x.mat\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+B\n\\ No newline at end of file\n',
    );
  });

  it('puts a tab after a name with a space, as diff -u does', () => {
    const diff = unifiedDiff('my match.mat', ['a', ''], [{ line: 1, to: 'A' }], (s) => s);
    expect(diff.split('\n').slice(0, 2)).toEqual(['--- my match.mat\t', '+++ my match.mat\t']);
  });

  it('prints a hunk of 200,000 lines removed', () => {
    const lines = Array.from({ length: 200_000 }, (_, k) => `l${k}`).concat(['']);
    const changes = Array.from({ length: 200_000 }, (_, k) => ({ line: k + 1, to: null }));
    const diff = unifiedDiff('x.mat', lines, changes, (s) => s);
    expect(diff.split('\n').length).toBe(200_000 + 4);
  });
});

describe("byteDiff: the file's own bytes, whatever its encoding", () => {
  const latin1 = (s: string) => Buffer.from(s, 'latin1');

  it("prints a Windows-1252 line as its bytes, not as UTF-8, with each line's own end", () => {
    const original = latin1('a\r\nRen\xe9e\r\nx\r\n');
    const fixed = latin1('a\r\nRen\xe9e\r\nX\r\n');
    expect(Buffer.from(byteDiff('f.mat', original, fixed, [{ line: 3, to: 'X' }]))).toEqual(
      latin1('--- f.mat\n+++ f.mat\n@@ -1,3 +1,3 @@\n a\r\n Ren\xe9e\r\n-x\r\n+X\r\n'),
    );
  });

  it('keeps the byte-order mark on the first line', () => {
    const original = latin1('\xef\xbb\xbfa\nb\n');
    const fixed = latin1('\xef\xbb\xbfa\nB\n');
    expect(Buffer.from(byteDiff('f.mat', original, fixed, [{ line: 2, to: 'B' }]))).toEqual(
      latin1('--- f.mat\n+++ f.mat\n@@ -1,2 +1,2 @@\n \xef\xbb\xbfa\n-b\n+B\n'),
    );
  });

  it('takes a replaced line from the fixed copy past lines removed before it; a name in UTF-8', () => {
    const original = latin1('l1\nl2\nl3\nl4\nl5\n');
    const fixed = latin1('l1\nl3\nL\xe94\nl5\n');
    const diff = byteDiff('caf\xe9.mat', original, fixed, [
      { line: 2, to: null },
      { line: 4, to: 'Lé4' },
    ]);
    expect(Buffer.from(diff)).toEqual(
      Buffer.concat([
        latin1('--- '),
        Buffer.from('café.mat', 'utf8'),
        latin1('\n+++ '),
        Buffer.from('café.mat', 'utf8'),
        latin1('\n@@ -1,5 +1,4 @@\n l1\n-l2\n l3\n-l4\n+L\xe94\n l5\n'),
      ]),
    );
  });

  it('marks a last line with no line end', () => {
    expect(Buffer.from(byteDiff('f.mat', latin1('a\nb'), latin1('a\nB'), [{ line: 2, to: 'B' }]))).toEqual(
      latin1(
        '--- f.mat\n+++ f.mat\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+B\n\\ No newline at end of file\n',
      ),
    );
  });
});
