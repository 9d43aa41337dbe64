// Hostile inputs that must not hang a run, abort it, touch another input or reach the terminal
// raw, for `bench/trust.ts`: each builds its inputs in its own folder and says how bgaudit is run
// on them, which reports must come out (in which order), and what to note. Sizes are those of the
// reports the cases reproduce (bench/README.md), overridable with `--size key=value`.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { CORPUS } from './corpus.js';
import type { Outcome, Run } from './trust-run.js';
import { itemAt } from '../src/core/at.js';

export const SIZES = {
  redosSmall: 100, // spaces on each side of the score line's ':'
  redosLarge: 200,
  headerSpaces: 4000,
  poolGood: 70, // good corpus files beside the large score-line file
  bigBytes: 16_000_000, // the 16 MB shapes (under the 16 MiB --max-file-size)
  sgfNodes: 8_000_000,
  badLines: 1_000_000,
  manyJobs: 1000,
  someJobs: 64,
  copyBytes: 670_000, // the file copied: corpus .mat files concatenated
  copiesFew: 100,
  copiesMany: 300,
  lengthDigits: 10_000,
  doublings: 1100,
  gameLines: 100_000,
  sgfGames: 40_000,
  pairs: 40_000,
  showMemMb: 4096, // show /dev/zero is killed past this
  diceGroups: 5524, // distinct matches for dice --by file --html (the groups of the report reproduced)
  renderTakesHtmlBytes: 8_000_000, // ` 1) Takes  Takes` lines, --html --max-file-size 8M
  renderTakesDefaultBytes: 14_000_000, // the same under the default limits
  renderTakesBytes: 12_200_000, // each format's memory per byte
};
export type Sizes = typeof SIZES;

export interface Prepared {
  run: Run;
  /** What the input is, for the table. */
  input: string;
  /** NDJSON runs: the files whose reports must come out, in this order (others are counted apart). */
  expect?: string[];
  /** When the names cannot be spelled beforehand: how many files must be reported. */
  expectCount?: number;
  watch?: string[];
  needles?: string[];
  notes?: (o: Outcome) => string[];
}

export interface Case {
  name: string;
  prepare(dir: string, s: Sizes): Prepared;
}

const corpusDir = join(CORPUS, 'mat');
const corpusNames = (): string[] =>
  readdirSync(corpusDir)
    .filter((n) => n.endsWith('.mat'))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
const goodBytes = (): Buffer => readFileSync(join(corpusDir, itemAt(corpusNames(), 0)));

const mb = (n: number) =>
  n >= 1e6 ? `${(n / 1e6).toFixed(n >= 1e7 ? 1 : 2)} MB` : n >= 1e4 ? `${(n / 1e3).toFixed(0)} KB` : `${n} B`;
const firstLine = (s: string) => JSON.stringify(itemAt(s.split('\n'), 0).slice(0, 90));
const ndjson = (...argv: string[]) => [...argv, '--format', 'ndjson', '-q'];

/** A small match: Boris opens, Anna rolls, Boris doubles, Anna drops (names and length replaceable). */
function smallMat(o: { p0?: string; p1?: string; length?: string; tail?: string[] } = {}): string {
  return [
    ` ${o.length ?? '7'} point match`,
    '',
    ' Game 1',
    ` ${o.p0 ?? 'Anna'} : 0                       ${o.p1 ?? 'Boris'} : 0`,
    '  1)                             41: 13/9 24/23',
    '  2) 65: 24/18 18/13              Doubles => 2',
    '  3)  Drops                       Wins 1 point',
    ...(o.tail ?? []),
    '',
  ].join('\n');
}

function write(dir: string, name: string, content: string | Buffer): string {
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
  return path;
}

/** The finding codes of a file's reports, for a note. */
export function codesOf(o: Outcome, file: string | undefined): string {
  const codes = file === undefined ? undefined : o.out.codes.get(file);
  return codes === undefined ? 'no report' : codes.length ? codes.join(',') : 'no finding';
}

/** The codes of the files watched, and the first line of stderr when the run failed. */
function basic(o: Outcome, watch: string[] = []): string[] {
  const notes = watch.map((f) => `${f}: ${codesOf(o, f)}`);
  if (!['0', '1'].includes(o.exit) && !o.killed && o.stderr.trim()) notes.push(`stderr ${firstLine(o.stderr)}`);
  return notes;
}

/** An output pointed at an input: the input's bytes must be as they were. */
function outputIsInput(name: string, setup: (dir: string) => { argv: string[]; input: string }): Case {
  return {
    name,
    prepare(dir) {
      const { argv, input } = setup(dir);
      const before = readFileSync(join(dir, input));
      return {
        run: { argv, cwd: dir },
        input: `${mb(before.length)} .mat`,
        expect: [],
        notes: (o) => {
          const after = existsSync(join(dir, input)) ? readFileSync(join(dir, input)) : Buffer.alloc(0);
          return [
            `stderr ${firstLine(o.stderr)}`,
            after.equals(before) ? 'input unchanged' : `INPUT CHANGED (${before.length} → ${after.length} bytes)`,
          ];
        },
      };
    },
  };
}

// Without a match line first, these shapes are one parse error at line 1.
const MATCH_HEAD = ' 7 point match\n\n';
const GAME_HEAD = `${MATCH_HEAD} Game 1\n`;

function scoreLine(n: number): string {
  return `7 point match\n\nGame 1\n${' '.repeat(n)}:1${' '.repeat(n)}:1x\n`;
}

/** A hostile file alone (--jobs 1), and after a good file in a folder (default jobs). */
function bigShape(name: string, file: string, make: (s: Sizes) => Buffer | string): Case[] {
  return [
    {
      name: `${name}-alone`,
      prepare(dir, s) {
        const content = make(s);
        write(dir, file, content);
        return {
          run: { argv: ndjson('verify', file, '--jobs', '1'), cwd: dir },
          input: mb(content.length),
          expect: [file],
          watch: [file],
          notes: (o) => basic(o, [file]),
        };
      },
    },
    {
      name: `${name}-after-good`,
      prepare(dir, s) {
        const content = make(s);
        write(dir, 'd/a.mat', goodBytes());
        write(dir, `d/${file}`, content);
        const expect = ['d/a.mat', `d/${file}`];
        return {
          run: { argv: ndjson('verify', 'd'), cwd: dir },
          input: `good + ${mb(content.length)}`,
          expect,
          watch: expect,
          notes: (o) => basic(o, expect),
        };
      },
    },
  ];
}

function numbered(lines: number, line: (k: number) => string, maxBytes = Infinity): string {
  const parts: string[] = [];
  let bytes = 0;
  for (let k = 1; k <= lines; k++) {
    const l = line(k);
    if (bytes + l.length > maxBytes) break;
    parts.push(l);
    bytes += l.length;
  }
  return parts.join('');
}

function doubledAway(n: number): string {
  const lines: string[] = [];
  for (let k = 1; k <= n; k++) {
    const value = (2n ** BigInt(k)).toString();
    if (k % 2 === 1) lines.push(`      Doubles => ${value}`.padEnd(34) + '  Takes');
    else lines.push(`${' '.repeat(34)}Doubles => ${value}`, '      Takes');
  }
  return [
    ' 0 point match',
    '',
    ' Game 1',
    ' Anna : 0                       Boris : 0',
    ...lines,
    '      Doubles => 2                Drops',
    '      Wins 1 point',
    '',
  ].join('\n');
}

/** A hostile file named on the command line, NDJSON. */
function single(
  name: string,
  file: string,
  make: (s: Sizes) => string | Buffer,
  extra: (o: Outcome) => string[] = () => [],
  needles: string[] = [],
): Case {
  return {
    name,
    prepare(dir, s) {
      const content = make(s);
      write(dir, file, content);
      return {
        run: { argv: ndjson('verify', file), cwd: dir },
        input: mb(content.length),
        expect: [file],
        watch: [file],
        needles,
        notes: (o) => [...basic(o, [file]), ...extra(o)],
      };
    },
  };
}

const ESC = '\x1b';
const BEL = '\x07';
const rawControls = (o: Outcome) =>
  o.out.esc + o.out.bel ? `raw ESC ×${o.out.esc}, BEL ×${o.out.bel} on stdout` : 'no raw ESC/BEL on stdout';
const found = (o: Outcome, needle: string, label = needle) =>
  `${label} ${o.out.found.has(needle) ? 'IN' : 'not in'} stdout`;

/** The fields of one CSV line as written (quotes kept). */
function rawFields(line: string): string[] {
  const fields: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    if (ch === ',' && !quoted) {
      fields.push(cur);
      cur = '';
    } else cur += ch;
  }
  fields.push(cur);
  return fields;
}

/**
 * Many copies of one large file with a lot of output (the report reproduced used symbolic links to one
 * file; a file named twice is now audited once, so copies). A folder walk, NDJSON.
 */
function copiesCase(name: string, count: (s: Sizes) => number, jobs: string[]): Case {
  return {
    name,
    prepare(dir, s) {
      const parts: Buffer[] = [];
      let bytes = 0;
      for (const n of corpusNames()) {
        if (bytes >= s.copyBytes) break;
        const b = readFileSync(join(corpusDir, n));
        parts.push(b, Buffer.from('\n'));
        bytes += b.length + 1;
      }
      const big = Buffer.concat(parts);
      const copies = Array.from({ length: count(s) }, (_, k) => `d/c${String(k).padStart(4, '0')}.mat`);
      for (const c of copies) write(dir, c, big);
      return {
        run: { argv: ndjson('verify', 'd', ...jobs), cwd: dir },
        input: `${copies.length} copies of ${mb(bytes)}`,
        expect: copies,
        notes: (o) => [...basic(o), `stdout ${mb(o.out.bytes)}`],
      };
    },
  };
}

function fifoFolder(name: string, special: (dir: string) => void, stdin: Run['stdin'] = 'null'): Case {
  return {
    name,
    prepare(dir) {
      write(dir, 'd/a.mat', goodBytes());
      special(join(dir, 'd'));
      return {
        run: { argv: ndjson('verify', 'd'), cwd: dir, hang: true, stdin },
        input: 'good + special',
        expect: ['d/a.mat'],
        notes: (o) => [...basic(o), ...(o.stderr.trim() ? [`stderr ${firstLine(o.stderr)}`] : [])],
      };
    },
  };
}

export const CASES: Case[] = [
  // 1. An output that is one of the inputs.
  outputIsInput('1-verify-csv-same', (dir) => {
    write(dir, 'same.mat', goodBytes());
    return { argv: ndjson('verify', 'same.mat', '--csv', 'same.mat'), input: 'same.mat' };
  }),
  outputIsInput('1-csv-o-same', (dir) => {
    write(dir, 'x.mat', goodBytes());
    return { argv: ['csv', 'x.mat', '-o', 'x.mat'], input: 'x.mat' };
  }),
  outputIsInput('1-csv-o-hardlink', (dir) => {
    write(dir, 'a.mat', goodBytes());
    linkSync(join(dir, 'a.mat'), join(dir, 'out.csv'));
    return { argv: ['csv', 'a.mat', '-o', 'out.csv'], input: 'a.mat' };
  }),
  outputIsInput('1-csv-glob-meets-o', (dir) => {
    write(dir, 'd/a.mat', goodBytes());
    write(dir, 'd/b.mat', goodBytes());
    return { argv: ['csv', 'd/*.mat', '-o', 'd/b.mat'], input: 'd/b.mat' };
  }),
  // 2. Patterns that backtrack.
  single('2-score-line-small', 'f.mat', (s) => scoreLine(s.redosSmall)),
  single('2-score-line-large', 'f.mat', (s) => scoreLine(s.redosLarge)),
  single('2-header', 'f.mat', (s) => `; [${' '.repeat(s.headerSpaces)}x\n`),
  {
    name: '2-pool-good-and-score-line',
    prepare(dir, s) {
      const names = corpusNames().slice(0, s.poolGood);
      for (const n of names) write(dir, `d/${n}`, readFileSync(join(corpusDir, n)));
      write(dir, 'd/zz-score-line.mat', scoreLine(s.redosLarge));
      const expect = [...names, 'zz-score-line.mat'].map((n) => `d/${n}`);
      return {
        run: { argv: ndjson('verify', 'd'), cwd: dir },
        input: `${names.length} good + ${scoreLine(s.redosLarge).length} B`,
        expect,
        watch: ['d/zz-score-line.mat'],
        notes: (o) => [
          `good reports out: ${o.out.files.filter((f) => f !== 'd/zz-score-line.mat').length}/${names.length}`,
          ...basic(o, ['d/zz-score-line.mat']),
        ],
      };
    },
  },
  // 3. One file under the size limit, shapes that took gigabytes.
  // `x` lines in a match's first game, as in the abort reproduced (without the match line first the
  // file is one parse error at line 1: 35-40 s and 1.5 GB in both builds, no abort).
  ...bigShape('3-x-lines', 'x.mat', (s) => {
    const head = Buffer.from(`${GAME_HEAD} A : 0                B : 0\n`);
    return Buffer.concat([head, Buffer.alloc(s.bigBytes - head.length, 'x\n')]);
  }),
  ...bigShape('3-sgf-nodes', 'n.sgf', (s) =>
    Buffer.concat([Buffer.from('('), Buffer.alloc(2 * s.sgfNodes, ';1'), Buffer.from(')')]),
  ),
  // 1 M of them in 2 MB.
  ...bigShape('3-bad-lines', 'b.mat', (s) =>
    Buffer.concat([Buffer.from(`${GAME_HEAD} A : 0                B : 0\n`), Buffer.alloc(2 * s.badLines, 'x\n')]),
  ),
  ...bigShape(
    '3-empty-games',
    'g.mat',
    (s) => MATCH_HEAD + numbered(Infinity, (k) => `Game ${k}\n A : 0   B : 0\n`, s.bigBytes - MATCH_HEAD.length),
  ),
  ...bigShape('3-match-lines', 'm.mat', (s) => Buffer.alloc(s.bigBytes - (s.bigBytes % 14), '1 point match\n')),
  // 4. FIFOs and devices. stdin is /dev/null unless said: a FIFO's open blocks whatever stdin is.
  fifoFolder('4-fifo-in-folder', (d) => execFileSync('mkfifo', [join(d, 'b.mat')])),
  {
    name: '4-fifo-named',
    prepare(dir) {
      execFileSync('mkfifo', [join(dir, 'f.mat')]);
      return {
        run: { argv: ndjson('verify', 'f.mat'), cwd: dir, hang: true },
        input: 'FIFO',
        expect: ['f.mat'],
        watch: ['f.mat'],
        notes: (o) => basic(o, ['f.mat']),
      };
    },
  },
  fifoFolder('4-fifo-txt-in-folder', (d) => execFileSync('mkfifo', [join(d, 'x.txt')])),
  // Read from /dev/null the link would end at once; a pipe nobody closes (a terminal, a pipe
  // from a process still running) is what makes it hang. (On a socket, as spawn's 'pipe', the
  // link cannot be opened at all: an io-error.)
  fifoFolder('4-stdin-link-in-folder', (d) => symlinkSync('/dev/stdin', join(d, 'in')), 'held-pipe'),
  {
    name: '4-show-fifo',
    prepare(dir) {
      execFileSync('mkfifo', [join(dir, 'f.mat')]);
      return {
        run: { argv: ['show', 'f.mat'], cwd: dir, hang: true },
        input: 'FIFO',
        notes: (o) => [`stdout ${firstLine(o.out.head)}`, ...basic(o)],
      };
    },
  },
  {
    name: '4-dev-kmsg',
    prepare() {
      return existsSync('/dev/kmsg')
        ? {
            run: { argv: ndjson('verify', '/dev/kmsg'), cwd: '/', hang: true },
            input: 'char device',
            expect: ['/dev/kmsg'],
            watch: ['/dev/kmsg'],
            notes: (o) => basic(o, ['/dev/kmsg']),
          }
        : { run: { argv: ['--version'], cwd: '/' }, input: 'absent', notes: () => ['no /dev/kmsg here: not run'] };
    },
  },
  // 5. Walks that leave the archive (in their own PID namespace: a walk into /proc sees this run only).
  {
    name: '5-link-to-proc',
    prepare(dir) {
      write(dir, 'd/a.mat', goodBytes());
      symlinkSync('/proc', join(dir, 'd', 'proc'));
      return {
        run: { argv: ndjson('verify', 'd'), cwd: dir, hang: true, isolate: true },
        input: 'good + link to /proc',
        expect: ['d/a.mat'],
        notes: (o) => [...basic(o), `stdout ${mb(o.out.bytes)}`],
      };
    },
  },
  {
    name: '5-glob-root-link',
    prepare(dir) {
      write(dir, 'd/a.mat', goodBytes());
      symlinkSync('/', join(dir, 'd', 'root'));
      return {
        run: { argv: ndjson('verify', 'd/**/*.mat'), cwd: dir, hang: true, isolate: true },
        input: "good + root -> /, 'd/**/*.mat'",
        expect: ['d/a.mat'],
        notes: (o) => [...basic(o), `stdout ${mb(o.out.bytes)}`],
      };
    },
  },
  {
    name: '5-link-to-secret',
    prepare(dir) {
      write(dir, 'd/a.mat', goodBytes());
      write(dir, 'secret', 'SECRET_API_KEY=sk-test\n');
      symlinkSync('../secret', join(dir, 'd', 'x.mat'));
      return {
        run: { argv: ndjson('verify', 'd'), cwd: dir },
        input: 'good + x.mat -> ../secret',
        expect: ['d/a.mat'],
        needles: ['SECRET'],
        notes: (o) => [...basic(o), found(o, 'SECRET')],
      };
    },
  },
  // 6. Control characters from a file, on the terminal.
  {
    name: '6-verify-text-controls',
    prepare(dir) {
      const p0 = `Anna${ESC}[2J`;
      const p1 = `Boris${ESC}]0;title${BEL}`;
      write(dir, 'd/ctl.mat', smallMat({ p0, p1, tail: [`  4) ${ESC}]8;;http://x/${BEL}link${ESC}]8;;${BEL}`] }));
      write(dir, 'd/new\nline.mat', 'x\n');
      return {
        run: { argv: ['verify', 'd', '--info'], cwd: dir },
        input: 'names, OSC 8, name with \\n',
        needles: ['new\nline'],
        notes: (o) => [rawControls(o), found(o, 'new\nline', 'raw newline in file name')],
      };
    },
  },
  {
    name: '6-show-controls',
    prepare(dir) {
      write(
        dir,
        'ctl.mat',
        smallMat({
          p0: `Anna${ESC}[2J`,
          p1: `Boris${ESC}]0;title${BEL}`,
          tail: [`  4) ${ESC}]8;;http://x/${BEL}link${ESC}]8;;${BEL}`],
        }),
      );
      return { run: { argv: ['show', 'ctl.mat'], cwd: dir }, input: 'names, OSC 8', notes: (o) => [rawControls(o)] };
    },
  },
  // 7. A formula in a CSV cell.
  {
    name: '7-csv-formula',
    prepare(dir) {
      write(dir, 'f.mat', smallMat({ p0: '=HYPERLINK("http://x")' }));
      return {
        run: { argv: ['csv', 'f.mat'], cwd: dir },
        input: 'player =HYPERLINK(...)',
        notes: (o) => {
          const [header, row] = o.out.head.split(/\r?\n/);
          const cell = row && header ? rawFields(row)[rawFields(header).indexOf('player0')] : undefined;
          return [`player0 cell: ${cell ?? 'none'}`];
        },
      };
    },
  },
  // 8. Memory against --jobs and output in flight.
  ...(
    [
      ['8-corpus-jobs-many', 'manyJobs'],
      ['8-corpus-jobs-some', 'someJobs'],
    ] as const
  ).map(([name, key]): Case => ({
    name,
    prepare(_dir, s) {
      const names = corpusNames();
      const bytes = names.reduce((n, f) => n + readFileSync(join(corpusDir, f)).length, 0);
      return {
        run: { argv: ndjson('verify', corpusDir, '--jobs', String(s[key as 'manyJobs'])), cwd: CORPUS },
        input: `${names.length} files, ${mb(bytes)}, --jobs ${s[key as 'manyJobs']}`,
        expect: names.map((n) => join(corpusDir, n)),
        notes: (o) => [o.stderr.trim() ? `stderr ${firstLine(o.stderr)}` : 'no warning'],
      };
    },
  })),
  copiesCase('8-copies-few', (s) => s.copiesFew, []),
  copiesCase('8-copies-many', (s) => s.copiesMany, []),
  copiesCase('8-copies-few-jobs-1', (s) => s.copiesFew, ['--jobs', '1']),
  copiesCase('8-copies-many-jobs-1', (s) => s.copiesMany, ['--jobs', '1']),
  // 9. Smaller, same spirit.
  {
    name: '9-stdout-dev-full',
    prepare(dir) {
      write(dir, 'a.mat', goodBytes());
      return {
        run: { argv: ['verify', 'a.mat'], cwd: dir, stdout: 'full' },
        input: '> /dev/full',
        notes: (o) => [`stderr ${firstLine(o.stderr)}`],
      };
    },
  },
  {
    name: '9-csv-o-dev-full',
    prepare(dir) {
      write(dir, 'a.mat', goodBytes());
      return {
        run: { argv: ['csv', 'a.mat', '-o', '/dev/full'], cwd: dir },
        input: '-o /dev/full',
        notes: (o) => [`stderr ${firstLine(o.stderr)}`],
      };
    },
  },
  {
    name: '9-invalid-glob',
    prepare(dir) {
      return {
        run: { argv: ['verify', 'x/[z-a]*.mat'], cwd: dir },
        input: "'x/[z-a]*.mat'",
        notes: (o) => [`stderr ${firstLine(o.stderr)}`],
      };
    },
  },
  {
    name: '9-non-utf8-name',
    prepare(dir) {
      mkdirSync(join(dir, 'd'));
      writeFileSync(
        Buffer.concat([Buffer.from(`${dir}/d/caf`), Buffer.from([0xe9]), Buffer.from('.mat')]),
        goodBytes(),
      );
      return {
        run: { argv: ndjson('verify', 'd'), cwd: dir },
        input: 'caf\\xe9.mat',
        expectCount: 1,
        notes: (o) => [`file ${JSON.stringify(o.out.files[0] ?? null)}: ${codesOf(o, o.out.files[0])}`, ...basic(o)],
      };
    },
  },
  single(
    '9-length-digits',
    'f.mat',
    (s) => smallMat({ length: '9'.repeat(s.lengthDigits) }),
    (o) => [found(o, 'Infinity'), found(o, 'NaN')],
    ['Infinity', 'NaN'],
  ),
  single(
    '9-cube-doubled',
    'f.mat',
    (s) => doubledAway(s.doublings),
    (o) => [found(o, 'Infinity'), found(o, 'NaN')],
    ['Infinity', 'NaN'],
  ),
  single('9-game-lines', 'f.mat', (s) => MATCH_HEAD + numbered(s.gameLines, (k) => ` Game ${k}\n\n`)),
  single('9-sgf-games-bad-move', 'f.sgf', (s) =>
    '(;FF[4]GM[6]MI[length:0][game:0][ws:0][bs:0]PW[A]PB[B]\n;B[41zz])\n'.repeat(s.sgfGames),
  ),
  single('9-x-match-pairs', 'f.mat', (s) => 'x\n1 point match\n'.repeat(s.pairs)),
  {
    // Issue 28 item 7: a page of a chart per test of every group ran past what one string holds.
    name: '28-7-dice-by-file-html',
    prepare(dir, s) {
      const names = corpusNames();
      for (let i = 0; i < s.diceGroups; i++) {
        const text = readFileSync(join(corpusDir, itemAt(names, i % names.length)), 'latin1');
        // A copy past the first of each file: its first player renamed, so that no match repeats another.
        const name = / (\S[^:\n]*?) : \d+ /.exec(text)?.[1];
        const made = i < names.length || name === undefined ? text : text.split(name).join(`${name}${i}`);
        write(dir, `a/${String(i).padStart(5, '0')}.mat`, Buffer.from(made, 'latin1'));
      }
      return {
        run: { argv: ['dice', 'a', '--by', 'file', '--html', 'x.html', '--format', 'csv', '-q'], cwd: dir },
        input: `${s.diceGroups} distinct matches, --by file --html --format csv`,
        notes: (o) => {
          const page = join(dir, 'x.html');
          const bytes = existsSync(page) ? statSync(page).size : 0;
          const whole = bytes > 0 && readFileSync(page, 'latin1').endsWith('</html>\n');
          return [`page ${mb(bytes)}${whole ? ', whole' : ', cut'}`, `CSV ${mb(o.out.bytes)}`, ...basic(o)];
        },
      };
    },
  },
  {
    name: '9-show-dev-zero',
    prepare(_dir, s) {
      return {
        run: { argv: ['show', '/dev/zero'], cwd: '/', memCapMb: s.showMemMb },
        input: `memory cap ${s.showMemMb} MB`,
        notes: (o) => [`stdout ${firstLine(o.out.head)}`, ...basic(o)],
      };
    },
  },
];
