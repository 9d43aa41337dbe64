// Mutations of real match files, as fast-check arbitraries: what truncated downloads, bad
// copies and other programs do to a file.
import fc from 'fast-check';

export type Mutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'delete-line'; line: number }
  | { kind: 'duplicate-line'; line: number }
  | { kind: 'swap-lines'; a: number; b: number }
  | { kind: 'flip-byte'; at: number; bit: number }
  | { kind: 'insert-bytes'; at: number; bytes: Uint8Array }
  | { kind: 'insert-long-line'; line: number; length: number; char: number }
  | { kind: 'change-number'; nth: number; value: number };

const fraction = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fraction.map((at) => ({ kind: 'truncate' as const, at })),
  fraction.map((line) => ({ kind: 'delete-line' as const, line })),
  fraction.map((line) => ({ kind: 'duplicate-line' as const, line })),
  fc.tuple(fraction, fraction).map(([a, b]) => ({ kind: 'swap-lines' as const, a, b })),
  fc.tuple(fraction, fc.integer({ min: 0, max: 7 })).map(([at, bit]) => ({ kind: 'flip-byte' as const, at, bit })),
  fc
    .tuple(fraction, fc.uint8Array({ minLength: 1, maxLength: 64 }))
    .map(([at, bytes]) => ({ kind: 'insert-bytes' as const, at, bytes })),
  fc
    .tuple(fraction, fc.integer({ min: 1000, max: 200_000 }), fc.integer({ min: 32, max: 126 }))
    .map(([line, length, char]) => ({
      kind: 'insert-long-line' as const,
      line,
      length,
      char,
    })),
  fc
    .tuple(fraction, fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 99_999_999 })))
    .map(([nth, value]) => ({
      kind: 'change-number' as const,
      nth,
      value,
    })),
);

function lines(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 10) {
      out.push(bytes.subarray(start, i + 1));
      start = i + 1;
    }
  }
  if (start < bytes.length) out.push(bytes.subarray(start));
  return out;
}

const join = (parts: Uint8Array[]) => Uint8Array.from(Buffer.concat(parts));
const index = (f: number, n: number) => Math.min(n - 1, Math.floor(f * n));

export function apply(bytes: Uint8Array, m: Mutation): Uint8Array {
  const ls = lines(bytes);
  switch (m.kind) {
    case 'truncate':
      return bytes.subarray(0, Math.floor(m.at * bytes.length));
    case 'delete-line':
      if (ls.length === 0) return bytes;
      ls.splice(index(m.line, ls.length), 1);
      return join(ls);
    case 'duplicate-line': {
      if (ls.length === 0) return bytes;
      const k = index(m.line, ls.length);
      ls.splice(k, 0, ls[k]);
      return join(ls);
    }
    case 'swap-lines': {
      if (ls.length === 0) return bytes;
      const a = index(m.a, ls.length);
      const b = index(m.b, ls.length);
      [ls[a], ls[b]] = [ls[b], ls[a]];
      return join(ls);
    }
    case 'flip-byte': {
      if (bytes.length === 0) return bytes;
      const out = Uint8Array.from(bytes);
      out[index(m.at, out.length)] ^= 1 << m.bit;
      return out;
    }
    case 'insert-bytes': {
      const at = Math.floor(m.at * bytes.length);
      return join([bytes.subarray(0, at), m.bytes, bytes.subarray(at)]);
    }
    case 'insert-long-line': {
      const k = ls.length === 0 ? 0 : index(m.line, ls.length);
      ls.splice(k, 0, new Uint8Array(m.length + 1).fill(m.char).fill(10, m.length));
      return join(ls);
    }
    case 'change-number': {
      const text = Buffer.from(bytes).toString('latin1');
      const numbers = [...text.matchAll(/\d+/g)];
      if (numbers.length === 0) return bytes;
      const hit = numbers[index(m.nth, numbers.length)];
      return Uint8Array.from(
        Buffer.from(text.slice(0, hit.index) + String(m.value) + text.slice(hit.index! + hit[0].length), 'latin1'),
      );
    }
  }
}
