// Files that are not match records but are often mistaken for them: other programs' formats and
// GNU Backgammon's other exports. Named explicitly, such a file gets a parse-error that says what
// it is, rather than the reader's complaint about its first word.

const READS = 'bgaudit reads Jellyfish .mat, GNU Backgammon .sgf and eXtreme Gammon .xg match records';

/** What a binary file is, from its first bytes, when it is a format people have beside .mat files. */
export function otherFormatOfBytes(head: Uint8Array): string | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x1f, 0x8b)) return `gzip-compressed data; decompress it first (${READS})`;
  if (starts(0x50, 0x4b, 0x03, 0x04)) return `a ZIP archive; extract it first (${READS})`;
  // A text head over binary data: BGBlitz's JSON line before its compressed match.
  return otherFormatOfText(String.fromCharCode(...head.subarray(0, 4096)));
}

/** What a text file is, from its first lines, when it is another format and not a match record. */
export function otherFormatOfText(text: string): string | null {
  const head = text.slice(0, 4096).replace(/^\uFEFF/, '');
  const first = head.trimStart();
  if (/^The score \(after \d+ games?\) is: /.test(first))
    return `GNU Backgammon's text export of a match ("export match text"); save the match as .sgf or export it as .mat instead (${READS})`;
  if (/^<(!DOCTYPE html|html)/i.test(first))
    return /GNU Backgammon/.test(head)
      ? `GNU Backgammon's HTML export of a match; save the match as .sgf or export it as .mat instead (${READS})`
      : `an HTML page (${READS})`;
  // BGBlitz's .bgf: a line of JSON, then the match as (usually compressed) JSON.
  if (/^\{[^\n]*\}\s*(\n|$)/.test(first))
    return /"(compress|smile)"/i.test(first.slice(0, first.indexOf('\n') >>> 0))
      ? `a BGBlitz .bgf match file; export it from BGBlitz as a .mat text file (${READS})`
      : `JSON data (${READS})`;
  // Snowie's text position: one line of ';'-separated numbers with the two names.
  if (/^\d+;\d+;\d+;\d+;\d+;[^;\n]*;[^;\n]*;(-?\d+;){20,}/.test(first))
    return `a Snowie text position, not a match (${READS})`;
  return null;
}
