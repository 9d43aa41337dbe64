// A file of any size: its bytes read and decoded piece by piece (read-pieces.ts) give
// decode()'s text of the whole file and its encoding, or its failure, wherever the pieces cut:
// in a UTF-8 sequence, between CR and LF, in a UTF-16 pair.
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TextPieces, scanEncoding } from '../../src/batch/read-pieces.js';
import { decode } from '../../src/read/decode.js';
import { CORPUS, FIXTURES, filesUnder } from '../helpers.js';

/** decode() of the file, from pieces of `size` bytes. */
function inPieces(path: string, size: number): ReturnType<typeof decode> {
  const fd = openSync(path, 'r');
  try {
    const how = scanEncoding(fd, size);
    if ('ok' in how) return how;
    const pieces = new TextPieces(fd, how, 1 << 30, size);
    const parts: string[] = [];
    for (let p = pieces.next(); p !== null; p = pieces.next()) parts.push(p);
    expect(
      parts.slice(0, -1).every((p) => p.endsWith('\n')),
      'each piece but the last ends at a line end',
    ).toBe(true);
    return { ok: true, text: parts.join(''), encoding: how.encoding };
  } finally {
    closeSync(fd);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'bgaudit-pieces-'));

function file(name: string, bytes: Uint8Array | string): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

describe('a file decoded in pieces = decoded whole', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('every file of the fixtures and the corpus, in pieces of 61 and 4096 bytes', () => {
    const all = [...filesUnder(FIXTURES), ...filesUnder(CORPUS)];
    for (const path of all) {
      const whole = decode(readFileSync(path));
      for (const size of [61, 4096]) expect(inPieces(path, size), `${path} ${size}`).toEqual(whole);
    }
  });

  it('the cuts that matter, in pieces of 1 to 9 bytes', () => {
    const utf16 = (le: boolean, s: string) => {
      const b = Buffer.from(s, 'utf16le');
      if (!le) b.swap16();
      return Buffer.concat([Buffer.from(le ? [0xff, 0xfe] : [0xfe, 0xff]), b]);
    };
    const cases: [string, Uint8Array | string][] = [
      ['crlf', '7 point match\r\n\r\n Game 1\r\r\nx\r'],
      ['utf8', 'Zoë : 0   Ærøskøbing 🎲 : 0\r\nend'],
      ['bom', '\ufeff\ufeff7 point match\n'],
      ['cut-sequence', Buffer.concat([Buffer.from('abc\n'), Buffer.from([0xe2, 0x82])])],
      ['late-1252', Buffer.concat([Buffer.from('caf\u00e9 ok\n'.repeat(20)), Buffer.from([0x93, 0x41, 0x94, 0x0a])])],
      ['late-nul', Buffer.concat([Buffer.from('line\n'.repeat(30)), Buffer.from([0x00, 0x41])])],
      ['bom-1252', Buffer.from([0xef, 0xbb, 0xbf, 0x41, 0x92, 0x0d, 0x0a, 0x42])],
      ['utf16le', utf16(true, '\ufeff7 point match\r\nZoë 🎲\r\n')],
      ['utf16be', utf16(false, '7 point match\r\nZoë 🎲\r')],
      ['utf16-odd', Buffer.concat([utf16(true, 'ab\n'), Buffer.from([0x41])])],
      ['empty', ''],
    ];
    for (const [name, bytes] of cases) {
      const path = file(name, bytes);
      const whole = decode(readFileSync(path));
      for (let size = 1; size <= 9; size++) expect(inPieces(path, size), `${name} ${size}`).toEqual(whole);
    }
  });
});
