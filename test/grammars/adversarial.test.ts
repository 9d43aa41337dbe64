// Every pattern of the readers runs in time linear in its input: each rule of the table gets
// lines of ~100 KB built to make a backtracking regexp try every way to split them (long runs of
// blanks, colons, digits, brackets, quotes, slashes, stars and alternations of them), followed
// by a character that makes the match fail. The score-line and header regexps these replaced
// took 21 s on 240 bytes and 18 s on 4 KB; every case here must finish well under a second.
// Each case goes through everything a file goes through: decoding, format detection, the
// grammar, the importer, the audit, and the folder walk's content sniffing.
import { describe, expect, it } from 'vitest';
import { looksLikeMatchContent } from '../../src/batch/discover.js';
import { auditFile } from '../../src/read/file.js';

const N = 100_000;
/** A run of `unit` about N characters long, then a character that fails the match. */
const run = (unit: string, end = 'x') => unit.repeat(Math.ceil(N / unit.length)) + end;

const PAYLOADS: [string, string][] = [
  ...[' ', '\t', ':', '1', '[', ']', '"', '/', '*', ',', '\\', ';', '(', ')', 'a', 'W'].map((c): [string, string] => [
    `run of ${JSON.stringify(c)}`,
    run(c),
  ]),
  ...[
    ' :',
    ': ',
    ' :1',
    ':1 ',
    '1 ',
    ' 1',
    ' [',
    '[ ',
    '" ',
    ' "',
    '["',
    '/1',
    '1/',
    '*/',
    '/*',
    '1/*',
    ', 1',
    ',1',
    'a:',
    '\\]',
    '[]',
    ';1',
    'W[',
    '[a]',
    ' ;',
    '13/8 ',
    '52: ',
    'bar/',
    '(2)',
    'Doubles ',
    'Wins 1 ',
    '1 point ',
    'Game ',
    'a-',
  ].map((u): [string, string] => [`run of ${JSON.stringify(u)}`, run(u)]),
  ['spaces, :1, spaces, :1x (the score-line reproducer)', `${' '.repeat(N / 2)}:1${' '.repeat(N / 2)}:1x`],
  ['[, spaces, x (the header reproducer)', `[${' '.repeat(N)}x`],
  ['[k, spaces, quotes', `[k ${' "'.repeat(N / 2)}x`],
  ['name : digits, spaces, no second score', ` a : ${'1'.repeat(N / 2)}${' '.repeat(N / 2)}b : x`],
  ['an unclosed value', `[${'a'.repeat(N)}`],
  ['escapes', `[${'\\]'.repeat(N / 2)}`],
  ['line breaks', run('\n')],
  ['carriage returns', run('\r')],
];

const GAME = ' 7 point match\n\n Game 1\n Anna : 0                       Boris : 0\n';

/** Where a payload goes: a file around it, named for the rule that reads it. */
const CONTEXTS: [string, (p: string) => string][] = [
  ['.mat line before a match (Preamble)', (p) => `${p}\n 7 point match\n`],
  ['.mat comment and header', (p) => `; ${p}\n 7 point match\n`],
  ['.mat header value', (p) => `; [Player 1 "${p}"]\n 7 point match\n`],
  ['.mat header key', (p) => `; [${p} "v"]\n 7 point match\n`],
  ['.mat match-length line', (p) => ` 7 ${p} match\n`],
  ['.mat Game N line', (p) => ` 7 point match\n Game ${p}\n`],
  ['.mat score line', (p) => ` 7 point match\n Game 1\n${p}\n`],
  ['.mat score line names', (p) => ` 7 point match\n Game 1\n ${p} : 1     ${p} : 2x\n`],
  ['.mat score line rating', (p) => ` 7 point match\n Game 1\n a,${p} : 1     b,${p} : 2\n`],
  ['.mat move line', (p) => `${GAME}  1) ${p}\n`],
  ['.mat roll cell', (p) => `${GAME}  1) 52: ${p}\n`],
  ['.mat right column', (p) => `${GAME}  1) 52: 13/8 13/10                  ${p}\n`],
  ['.mat cube and result cells', (p) => `${GAME}  1) Doubles => ${p}\n  2) Wins ${p}\n  3) Losses ${p}\n`],
  ['.mat comment in a game', (p) => `${GAME}; ${p}\n  1) 52: 13/8 13/10\n`],
  ['.mat after the last match (Leftover)', (p) => `${GAME}  1) 52: 13/8 13/10\n\n${p}\n`],
  ['SGF collection junk', (p) => `${p}(;GM[6])`],
  ['SGF game tree junk', (p) => `(${p})`],
  ['SGF node junk', (p) => `(;GM[6];${p})`],
  ['SGF root junk', (p) => `(;GM[6]${p})`],
  ['SGF value', (p) => `(;GM[6]PW[${p}])`],
  ['SGF values', (p) => `(;GM[6]C[a]${p}[b])`],
  ['SGF match info (MI)', (p) => `(;GM[6]MI[${p}][length:7])`],
  ['SGF result (RE)', (p) => `(;GM[6]RE[${p}])`],
  ['SGF rules (RU) and date (DT)', (p) => `(;GM[6]RU[${p}]DT[${p}])`],
  ['SGF application (AP)', (p) => `(;GM[6]AP[${p}]MI[game:0])`],
  ['SGF set-up (AE, AW, PL, CV)', (p) => `(;GM[6]AE[${p}]AW[${p}];PL[${p}]CV[${p}])`],
  ['SGF move', (p) => `(;GM[6];W[${p}];B[52${p}])`],
];

describe('every rule runs in linear time on adversarial lines', () => {
  it.each(CONTEXTS)('%s', (_, file) => {
    const slow: string[] = [];
    let worst = 0;
    for (const [name, payload] of PAYLOADS) {
      const bytes = new TextEncoder().encode(file(payload));
      // CPU time, this process's: the clock's time grows with what else the machine runs.
      const t0 = process.cpuUsage();
      const reports = auditFile(bytes, 'adversarial');
      looksLikeMatchContent(bytes);
      const used = process.cpuUsage(t0);
      const ms = (used.user + used.system) / 1000;
      worst = Math.max(worst, ms);
      expect(reports.length).toBeGreaterThan(0);
      if (ms > 1000) slow.push(`${name}: ${Math.round(ms)} ms`);
    }
    expect(slow).toEqual([]);
  });
});
