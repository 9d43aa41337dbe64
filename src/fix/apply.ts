// A file's fixes applied to its bytes: every other byte as it was. The audit's lines and columns
// count the decoded text (a CRLF, a lone CR, an LF each end a line), so the bytes are split the
// same way. A line is edited where its text comes back to the same bytes: a line of pure ASCII
// (a column is a byte, in UTF-8 and Windows-1252 alike), or a line of a UTF-8 file, decoded and
// encoded again (a BOM before the first line kept as it is); a Windows-1252 line that is not
// ASCII is not edited. The file keeps its encoding and its line ends. Whole lines removed go with
// their line ends.
import type { FindingFix, TextEdit } from '../core/findings.js';
import type { Encoding } from '../read/decode.js';

/** One line of the bytes: where its text starts and ends, and where its line end ends. */
export interface ByteLine {
  start: number;
  end: number;
  next: number;
}

/** What changed at a line of the original, for a diff: its new text, or removed (null). */
export interface LineChange {
  line: number;
  to: string | null;
}

export type Applied = { ok: true; bytes: Uint8Array; changes: LineChange[] } | { ok: false; reason: string };

/** The encodings whose ASCII lines are ASCII bytes, one a character (and UTF-8's other lines round-trip). */
const EDITABLE: ReadonlySet<Encoding> = new Set(['utf-8', 'utf-8-bom', 'windows-1252']);

/** The lines of `bytes` as the audit numbers them: each ends at a LF, a CRLF or a lone CR. */
export function byteLines(bytes: Uint8Array): ByteLine[] {
  const lines: ByteLine[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b !== 0x0a && b !== 0x0d) continue;
    const next = b === 0x0d && bytes[i + 1] === 0x0a ? i + 2 : i + 1;
    lines.push({ start, end: i, next });
    start = next;
    i = next - 1;
  }
  lines.push({ start, end: bytes.length, next: bytes.length });
  return lines;
}

function asciiText(bytes: Uint8Array, from: number, to: number): string | null {
  let s = '';
  for (let i = from; i < to; i++) {
    const b = bytes[i] ?? 0;
    if (b === 0 || b >= 0x80) return null;
    s += String.fromCharCode(b);
  }
  return s;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const utf8Out = new TextEncoder();
const BOM = [0xef, 0xbb, 0xbf];

/** A line's text as the audit read it, and how its edited text becomes bytes again; null: it cannot be edited. */
function editable(
  bytes: Uint8Array,
  line: ByteLine,
  encoding: Encoding,
): { text: string; encode: (s: string) => Uint8Array } | null {
  const ascii = asciiText(bytes, line.start, line.end);
  if (ascii !== null) return { text: ascii, encode: (s) => Uint8Array.from(s, (c) => c.charCodeAt(0)) };
  if (encoding !== 'utf-8' && encoding !== 'utf-8-bom') return null;
  const bom = line.start === 0 && encoding === 'utf-8-bom' && BOM.every((b, k) => bytes[k] === b);
  const from = bom ? 3 : line.start;
  let text: string;
  try {
    text = utf8.decode(bytes.subarray(from, line.end));
  } catch {
    return null;
  }
  if (text.includes('\0')) return null;
  const encode = (s: string) => {
    const body = utf8Out.encode(s);
    if (!bom) return body;
    const out = new Uint8Array(3 + body.length);
    out.set(BOM);
    out.set(body, 3);
    return out;
  };
  return { text, encode };
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0 || c >= 0x80) return false;
  }
  return true;
}

/** A line's edits applied to its text, right to left; a reason when they overlap or do not match the text. */
function editLine(text: string, edits: TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.column - b.column);
  let out = text;
  for (let k = sorted.length - 1; k >= 0; k--) {
    const e = sorted[k];
    if (e === undefined) continue;
    const at = e.column - 1;
    const following = sorted[k + 1];
    if (following !== undefined && at + e.from.length > following.column - 1)
      throw new Error(`two fixes overlap on line ${e.line}`);
    if (text.slice(at, at + e.from.length) !== e.from)
      throw new Error(`line ${e.line}, column ${e.column} does not read '${e.from}'`);
    if (!isAscii(e.to)) throw new Error(`a fix on line ${e.line} is not ASCII`);
    out = out.slice(0, at) + e.to + out.slice(at + e.from.length);
  }
  return out;
}

/**
 * `fixes` applied to `bytes` (decoded as `encoding`). Edits within a removed line go with it (the
 * game they are in is gone); removals must not overlap. Never a partial result: a reason instead.
 */
export function applyFixes(bytes: Uint8Array, encoding: Encoding, fixes: readonly FindingFix[]): Applied {
  if (!EDITABLE.has(encoding))
    return { ok: false, reason: `it is ${encoding}: only ASCII lines of an 8-bit text are edited` };
  const lines = byteLines(bytes);
  const removed = new Set<number>();
  for (const f of fixes)
    if (f.remove)
      for (let n = f.remove.line; n < f.remove.line + f.remove.lines; n++) {
        if (n < 1 || n > lines.length)
          return { ok: false, reason: `a fix removes line ${n}, past the end of the file` };
        if (removed.has(n)) return { ok: false, reason: `two fixes remove line ${n}` };
        removed.add(n);
      }
  const byLine = new Map<number, TextEdit[]>();
  for (const f of fixes)
    for (const e of f.edits)
      if (!removed.has(e.line)) {
        const list = byLine.get(e.line);
        if (list) list.push(e);
        else byLine.set(e.line, [e]);
      }
  const changes: LineChange[] = [];
  const newBytes = new Map<number, Uint8Array>();
  try {
    for (const [n, edits] of [...byLine].sort((a, b) => a[0] - b[0])) {
      const line = lines[n - 1];
      if (line === undefined) return { ok: false, reason: `a fix edits line ${n}, past the end of the file` };
      const found = editable(bytes, line, encoding);
      if (found === null)
        return { ok: false, reason: `line ${n} is not ASCII in a ${encoding} file, and such a line is not edited` };
      const to = editLine(found.text, edits);
      newBytes.set(n, found.encode(to));
      changes.push({ line: n, to });
    }
  } catch (e) {
    return { ok: false, reason: (e as Error).message };
  }
  for (const n of removed) changes.push({ line: n, to: null });
  changes.sort((a, b) => a.line - b.line);
  // A file that ends without a line end keeps ending so when its last lines go: the line left
  // last loses its line end.
  let lastKept = lines.length;
  while (lastKept > 0 && removed.has(lastKept)) lastKept--;
  const final = lines[lines.length - 1];
  const endless = lastKept < lines.length && final !== undefined && final.next === final.end;
  const parts: Uint8Array[] = [];
  for (const [k, line] of lines.entries()) {
    const n = k + 1;
    if (removed.has(n)) continue;
    const to = newBytes.get(n);
    const lineEnd = endless && n === lastKept ? line.end : line.next;
    if (to === undefined) parts.push(bytes.subarray(line.start, lineEnd));
    else {
      parts.push(to);
      parts.push(bytes.subarray(line.end, lineEnd));
    }
  }
  return { ok: true, bytes: concat(parts), changes };
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let size = 0;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
