import { describe, expect, it } from 'vitest';
import { decode, normaliseNewlines } from '../../src/read/decode.js';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'utf8')] : p)));

describe('decode', () => {
  it.each([
    ['UTF-8', bytes('Kévin Unger'), 'Kévin Unger', 'utf-8'],
    ['UTF-8 with BOM', bytes([0xef, 0xbb, 0xbf], 'Kévin'), 'Kévin', 'utf-8-bom'],
    [
      'Windows-1252 (not valid UTF-8)',
      Uint8Array.from([0x4a, 0xf8, 0x72, 0x6e, 0x20, 0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]),
      'Jørn Müller',
      'windows-1252',
    ],
    ['Windows-1252 curly quote (0x93)', Uint8Array.from([0x93, 0x61, 0x94]), '\u201ca\u201d', 'windows-1252'],
    ['UTF-16LE with BOM', Uint8Array.from([0xff, 0xfe, ...Buffer.from('Jørn', 'utf16le')]), 'Jørn', 'utf-16le'],
    ['UTF-16BE with BOM', Uint8Array.from([0xfe, 0xff, ...Buffer.from('Jø', 'utf16le').swap16()]), 'Jø', 'utf-16be'],
  ])('%s', (_name, input, text, encoding) => {
    expect(decode(input)).toEqual({ ok: true, text, encoding });
  });

  it('turns CRLF and lone CR into LF', () => {
    expect(normaliseNewlines('a\r\nb\rc\n')).toBe('a\nb\nc\n');
    const d = decode(bytes([0xef, 0xbb, 0xbf], ' 7 point match\r\n\r\n Game 1\r\n'));
    expect(d.ok && d.text).toBe(' 7 point match\n\n Game 1\n');
  });

  it('refuses binary data with the offset of the first NUL byte', () => {
    expect(decode(Uint8Array.from([0x37, 0x20, 0x00, 0x01]))).toEqual({
      ok: false,
      reason: expect.stringContaining('NUL'),
      offset: 2,
    });
  });

  it('reads an empty file as empty text', () => {
    expect(decode(new Uint8Array(0))).toEqual({ ok: true, text: '', encoding: 'utf-8' });
  });
});
